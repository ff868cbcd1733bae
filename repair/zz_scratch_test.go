package repair

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

func zzObj(n int) []byte {
	var b bytes.Buffer
	b.WriteString("{\"query\": \"deltajson: streamed tool calls\", \"results\": [\n")
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `  {"id": %d, "title": "Result number %d, with a \"quote\" and a colon: here", "url": "https://example.com/items/%d?ref=a#b", "score": %d.%02d, "ok": %t, "parent": null, "tags": ["go", "json", "llm"]}`,
			i, i, i, i%100, i%97, i%3 == 0)
	}
	b.WriteString("\n]}")
	return b.Bytes()
}

func TestZZValid(t *testing.T) {
	b := zzObj(20 << 10)
	n := 300
	if os.Getenv("ZZN") != "" {
		fmt.Sscan(os.Getenv("ZZN"), &n)
	}
	var toks []jsonwire.Tok
	var st []int32
	for i := 0; i < n; i++ {
		switch os.Getenv("ZZ") {
		case "index":
			var ok bool
			toks, st, ok = jsonwire.Index(b, toks[:0], st[:0])
			if !ok {
				t.Fatal("index")
			}
		case "ahead":
			var tk tokenizer.Tokenizer
			var a tokenizer.Lookahead
			if !a.Start(&tk) || !a.Read(b) || !a.Complete() {
				t.Fatal("ahead")
			}
		case "validate":
			if tokenizer.Validate(b) != nil {
				t.Fatal("v")
			}
		}
	}
	t.Log(len(toks))
}
