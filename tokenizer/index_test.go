package tokenizer_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// checkIndex requires jsonwire.Index, the one-pass reader of a whole
// value, to agree with the tokenizer on b: it accepts only what the
// tokenizer accepts, with the same tokens (a string's pieces as one), and
// refuses only what the tokenizer refuses or what lies beyond its bounds.
func checkIndex(t *testing.T, b []byte) {
	t.Helper()
	toks, _, ok := jsonwire.Index(b, nil, nil)
	want, err := tape(b)
	if err != nil {
		if ok {
			t.Fatalf("Index accepts %q; the tokenizer: %v", b, err)
		}
		return
	}
	if !ok {
		if beyondIndex(want) {
			return
		}
		t.Fatalf("Index refuses %q, which the tokenizer accepts", b)
	}
	if got := fmt.Sprint(toks); got != fmt.Sprint(want) {
		t.Fatalf("%q: Index gives\n%s\nthe tokenizer\n%s", b, got, fmt.Sprint(want))
	}
}

// beyondIndex reports whether a valid value is one that Index leaves to
// the tokenizer: a top-level number, deep nesting, a long number.
func beyondIndex(toks []jsonwire.Tok) bool {
	if len(toks) == 1 && toks[0].Kind == jsonwire.KindNumber {
		return true
	}
	depth := 0
	for _, tk := range toks {
		switch tk.Kind {
		case jsonwire.KindObject, jsonwire.KindArray:
			if depth++; depth > 1000 {
				return true
			}
		case jsonwire.KindEndObject, jsonwire.KindEndArray:
			depth--
		case jsonwire.KindNumber:
			if tk.End-tk.Off > 4096 {
				return true
			}
		}
	}
	return false
}

// tape reads b with a Tokenizer and writes what Index should give.
func tape(b []byte) ([]jsonwire.Tok, error) {
	var tk tokenizer.Tokenizer
	if err := tk.Feed(b); err != nil {
		return nil, err
	}
	tk.Close()
	var toks []jsonwire.Tok
	var stack []int32
	for {
		tok, err := tk.Next()
		if err == io.EOF {
			return toks, nil
		}
		if err != nil {
			return nil, err
		}
		n := int32(len(toks))
		off, end := int32(tok.Offset()), int32(tok.End())
		switch tok.Kind() {
		case tokenizer.KindBeginObject:
			stack = append(stack, n)
			toks = append(toks, jsonwire.Tok{Off: off, Kind: jsonwire.KindObject})
		case tokenizer.KindBeginArray:
			stack = append(stack, n)
			toks = append(toks, jsonwire.Tok{Off: off, Kind: jsonwire.KindArray})
		case tokenizer.KindEndObject, tokenizer.KindEndArray:
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			toks[o].End, toks[o].Next = end, n+1
			toks = append(toks, jsonwire.Tok{Off: off, End: end, Next: n + 1, Kind: toks[o].Kind + 2})
		case tokenizer.KindString, tokenizer.KindName:
			if !tok.First() {
				toks[n-1].End = end
				continue
			}
			k := byte(jsonwire.KindString)
			if tok.Kind() == tokenizer.KindName {
				k = jsonwire.KindName
			}
			toks = append(toks, jsonwire.Tok{Off: off, End: end, Next: n + 1, Kind: k})
		case tokenizer.KindNumber:
			toks = append(toks, jsonwire.Tok{Off: off, End: end, Next: n + 1, Kind: jsonwire.KindNumber})
		default: // a literal
			toks = append(toks, jsonwire.Tok{Off: off, End: end, Next: n + 1, Kind: b[off]})
		}
	}
}

var indexCases = []string{
	`{}`, `[]`, ` { } `, `[ ]`, `{"a":1}`, `{"a" : [1, 2.5e-3, -0, true, false, null, "x"]}`,
	`{"a":{"b":{"c":[[],{}]}}}`, `"\u00e9\n"`, `"é😀"`, `true`, `null`, `[-1.0E+2]`,
	`{"a":1,}`, `[1,]`, `{"a"}`, `{"a":}`, `{,}`, `[01]`, `[1.]`, `[.5]`, `[1e]`, `[-]`, `[tru]`,
	`[truex]`, `[trux]`, `{"a":nulL}`, `[fals3]`, `{"a":1}x`, `{"a":1} {}`, `{"a":1`, `[1 2]`, `{1:2}`, `["a\x"]`, "[\"\x01\"]",
	"[\"\xff\"]", `["\ud800"]`, `["\ud83d\ude00"]`, `{"a":1]`, `[1}`, `]`, ``, ` `, "\ufeff{}",
	strings.Repeat("[", 1001) + strings.Repeat("]", 1001),
	strings.Repeat("[", 999) + strings.Repeat("]", 999),
	"[1" + strings.Repeat("0", 5000) + "]", `1`, `-5`, `[1E5,1e-5,0.0]`,
}

func TestIndexAgrees(t *testing.T) {
	eachDoc(t, indexCases, checkIndex)
}

func FuzzIndex(f *testing.F) {
	seedDocs(f, indexCases)
	f.Fuzz(func(t *testing.T, b []byte) {
		checkIndex(t, b)
	})
}
