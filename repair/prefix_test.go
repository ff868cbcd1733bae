package repair

import (
	"strings"
	"testing"
)

// TestStartAfterStrictPrefix holds the parser that starts where the
// tokenizer stopped to the one that reads all, on every cut of texts
// with nesting, escaped quotes in names, pieces of long strings across
// the tokenizer's chunks, and a repair at each place: the same output,
// log and error (its offset and pointer too).
func TestStartAfterStrictPrefix(t *testing.T) {
	long := strings.Repeat("x", scanChunk+7)
	docs := []string{
		`{"a\"b\\": {"c": [1, 2, {"d\\\\": true, "e": "f"}], "g": null}, "h": [[], {}, [3]]}`,
		`[{"` + long + `": [1, {"k": "` + long + `"}]}, "tail"]`,
		`{"a": [1, 2,], "b": True, 'c': "x" "y", "d": "24" screen", "e": [1 2], "f": {"g": 1}}`,
		`{"a": {"b": [{"c": 1}, {"d": 2}] "e": 3}, "x": ObjectId("1")} tail`,
		"```json\n{\"a\": [1, 2], \"b\": {\"c\": \"d\"}}\n```\n",
	}
	for _, doc := range docs {
		for cut := 0; cut <= len(doc); cut++ {
			in := []byte(doc[:cut])
			for _, kinds := range []Kind{0, LLM, All} {
				out, log, err := Repair(in, Options{Kinds: kinds})
				checkPathOff(t, &scanFirst, "starting after the strict prefix", in, Options{Kinds: kinds}, out, log, err)
			}
		}
	}
}
