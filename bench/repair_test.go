package bench

// Benchmarks against the peer, github.com/kaptinlin/jsonrepair, in the same
// run. Run them interleaved and compare per round:
//
//	go test -run '^$' -bench 'Repair' -count 5 ./bench | benchstat -
//
// The fixtures are generated below, not taken from elsewhere: a tool-call
// argument object of about 20 KB (records with strings, numbers, booleans,
// nulls, a URL and a nested array), then broken the way models break it.
// The peer repairs silently and without a log; deltajson is asked for all
// kinds so that both do comparable work.

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kaptinlin/jsonrepair"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/repair"
)

// argsObject returns a strict JSON object of at least n bytes.
func argsObject(n int) []byte {
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

// Broken forms of argsObject, one per benchmark case.
var benchCases = func() []struct {
	name string
	in   []byte
} {
	obj := argsObject(20 << 10)
	trailing := bytes.ReplaceAll(obj, []byte(`"llm"]`), []byte(`"llm",]`))
	trailing = bytes.ReplaceAll(trailing, []byte(`]}`), []byte(`],}`))
	python := bytes.ReplaceAll(obj, []byte(`true`), []byte(`True`))
	python = bytes.ReplaceAll(python, []byte(`false`), []byte(`False`))
	python = bytes.ReplaceAll(python, []byte(`null`), []byte(`None`))
	cut := bytes.LastIndex(obj[:len(obj)/2], []byte(`"title": "Result`)) + len(`"title": "Result`)
	return []struct {
		name string
		in   []byte
	}{
		{"fenced-20KB", append(append([]byte("```json\n"), obj...), "\n```\n"...)},
		{"trailing-commas", trailing},
		{"python-literals", python},
		{"truncated", obj[:cut]},
		{"peer-kinds", peerKinds(obj)},
	}
}()

// peerKinds breaks obj with the repairs that only the peer made before:
// unquoted values and names, missing colons, inner quotes, an ellipsis,
// string concatenation and MongoDB wrappers.
func peerKinds(obj []byte) []byte {
	b := bytes.ReplaceAll(obj, []byte(`"tags": ["go", "json", "llm"]`), []byte(`tags: [go, json, llm, ...]`))
	b = bytes.ReplaceAll(b, []byte(`"parent": null`), []byte(`"parent": ObjectId("5f1")`))
	b = bytes.ReplaceAll(b, []byte(`"score": `), []byte(`"score" `))
	b = bytes.ReplaceAll(b, []byte(`with a \"quote\" and`), []byte(`with a "quote" and`))
	return bytes.ReplaceAll(b, []byte(`"query": "deltajson: streamed tool calls"`), []byte(`"query": "deltajson: " + "streamed tool calls"`))
}

// TestBenchCasesAgree checks that both implementations repair each case,
// and to the same value, before their speed is compared.
func TestBenchCasesAgree(t *testing.T) {
	for _, bc := range benchCases {
		out, _, err := repair.Repair(bc.in, repair.Options{Kinds: repair.All})
		require.NoError(t, err, bc.name)
		peer, err := jsonrepair.Repair(string(bc.in))
		require.NoError(t, err, bc.name)
		var a, b any
		require.NoError(t, repair.Decode(out, &a, repair.DecodeOptions{}), bc.name)
		require.NoError(t, repair.Decode([]byte(peer), &b, repair.DecodeOptions{}), bc.name)
		require.Equal(t, b, a, bc.name)
	}
}

func BenchmarkRepair(b *testing.B) {
	for _, bc := range benchCases {
		b.Run(bc.name+"/deltajson", func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := repair.Repair(bc.in, repair.Options{Kinds: repair.All}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bc.name+"/kaptinlin-jsonrepair", func(b *testing.B) {
			s := string(bc.in)
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := jsonrepair.Repair(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// escapedTuples is obj with its tags written as Python tuples, then
// escaped as the content of a JSON string: the kinds EscapedJSON and
// Literal (tuples) repair it. The peer gives another value for escaped
// text with escapes inside its strings, so it is timed alone.
func escapedTuples(obj []byte) []byte {
	b := bytes.ReplaceAll(obj, []byte(`"tags": ["go", "json", "llm"]`), []byte(`"tags": ("go", "json", "llm")`))
	b = bytes.ReplaceAll(b, []byte(`\`), []byte(`\\`))
	b = bytes.ReplaceAll(b, []byte(`"`), []byte(`\"`))
	return bytes.ReplaceAll(b, []byte("\n"), []byte(`\n`))
}

// BenchmarkRepairScaling checks that the time per byte stays flat from
// 1 KB to 1 MB, on input that needs the older kinds of the LLM preset
// that apply inside a value, on input that needs the kinds added for
// the peer's repairs (peer-kinds), on escaped JSON with tuples, and on
// strings that no quote closes (open-quotes).
func BenchmarkRepairScaling(b *testing.B) {
	for _, size := range []int{1 << 10, 32 << 10, 1 << 20} {
		obj := argsObject(size)
		in := bytes.ReplaceAll(obj, []byte(`"llm"]`), []byte(`'llm',] /* tags */`))
		in = bytes.ReplaceAll(in, []byte(`"ok": true`), []byte(`ok: True`))
		for _, c := range []struct {
			name string
			in   []byte
		}{
			{"peer-kinds/", peerKinds(obj)},
			{"escaped-tuples/", escapedTuples(obj)},
			{"open-quotes/", openQuotes(size)},
			{"", in},
		} {
			b.Run(fmt.Sprintf("%s/%sdeltajson", sizeName(size), c.name), func(b *testing.B) {
				b.SetBytes(int64(len(c.in)))
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := repair.Repair(c.in, repair.Options{Kinds: repair.All}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// openQuotes returns an array of at least n bytes of single- and
// smart-quoted strings that no quote closes, each ended by its comma.
func openQuotes(n int) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	for b.Len() < n {
		b.WriteString("'open quote, “open quote, ")
	}
	b.WriteString("]")
	return b.Bytes()
}

// BenchmarkRepairValid is the cost of the no-repair path: strict input.
func BenchmarkRepairValid(b *testing.B) {
	in := argsObject(1 << 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := repair.Repair(in, repair.Options{Kinds: repair.All}); err != nil {
			b.Fatal(err)
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%dMB", n>>20)
	}
	return fmt.Sprintf("%dKB", n>>10)
}
