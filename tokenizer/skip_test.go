package tokenizer_test

import (
	"strings"
	"testing"

	"github.com/deltajson/deltajson/tokenizer"
)

var skipCases = []string{
	`[1,2,3,4]`, `[1, 2, 3, 4`, `{"a": [1, 2, {"b": [3, 4, 5]}, 6, 7]}`, `[[1,2],[3,4],[5,6]]`,
	`{"a\\"b": [1, 2, 3, [4, 5, 6], "x", "y"]}`, `[1, 2, 3, 4]]`, `[1, 2, 3, 4} `, `[1, 2, 3, 4,]`,
	`[true, false, null, "s", 1.5e3, -0, 7, 8]x`, `{"k": [{"n": 1}, {"n": 2}, {"n": 3}, {"n"`,
	`[0, 1, 2, 3, "\ud800"]`, `[1, 2, 3, 01]`, `[1, 2, 3, 4, 5`, `[[[[1, 2, 3], 4], 5], 6, 7`,
	// An object read past skipAhead, after a place and with none.
	`{"a": [1, 2, 3], ` + strings.Repeat(`"member": "value", `, 300) + `"z": 1,}`,
	`{` + strings.Repeat(`"member": {"k": 1}, `, 300) + `"z": 1}`,
}

// skipDepths are the MaxDepth values the skip tests run with.
var skipDepths = []int{0, 1, 2, 3, 40}

func TestSkip(t *testing.T) {
	skipped, whole := 0, 0
	eachDoc(t, skipCases, func(t *testing.T, b []byte) {
		for _, d := range skipDepths {
			for _, gap := range []int{0, 64} {
				switch tokenizer.CheckSkip(t, b, d, gap) {
				case 0:
				case len(b):
					whole++
				default:
					skipped++
				}
			}
		}
	})
	if skipped == 0 || whole == 0 {
		t.Fatalf("skip stopped inside a value %d times, and found one whole %d times", skipped, whole)
	}
}

func FuzzSkip(f *testing.F) {
	seedDocs(f, append(skipCases, validCases...))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, d := range skipDepths {
			tokenizer.CheckSkip(t, b, d, 0)
			tokenizer.CheckSkip(t, b, d, 64)
		}
	})
}
