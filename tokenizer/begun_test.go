package tokenizer_test

import (
	"testing"

	"github.com/deltajson/deltajson/tokenizer"
)

// TestBegun: Begun turns true at the first byte that is not whitespace,
// whatever that byte starts, and stays so.
func TestBegun(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", false}, {" \n\t\r ", false}, {"{", true}, {"[", true}, {`"`, true}, {`"a`, true},
		{"1", true}, {"-", true}, {"t", true}, {"nul", true}, {"{}", true}, {"  ]", true}, {"x", true},
	} {
		var tk tokenizer.Tokenizer
		tk.Feed([]byte(c.in))
		for {
			if _, err := tk.Next(); err != nil {
				break
			}
		}
		if got := tk.Begun(); got != c.want {
			t.Errorf("Begun after %q = %v, want %v", c.in, got, c.want)
		}
	}
}
