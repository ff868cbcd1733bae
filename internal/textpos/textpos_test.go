package textpos

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestForward(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int
	}{
		{"", 1, 1},
		{"ab", 1, 3},
		{"a\n", 2, 1},
		{"a\nb東😀", 2, 4},
		{"\n\n\t", 3, 2},
		{"[\"\xe6\x97", 1, 4}, // a character cut short counts once
	} {
		line, col := Forward(1, 1, []byte(tc.in))
		assert.Equal(t, [2]int{tc.line, tc.col}, [2]int{line, col}, "%q", tc.in)
	}
	// Split anywhere, two walks give what one does.
	in := []byte("ab\n東京\n😀 x\n\né")
	line, col := Forward(1, 1, in)
	for cut := range in {
		l, c := Forward(1, 1, in[:cut])
		l, c = Forward(l, c, in[cut:])
		assert.Equal(t, [2]int{line, col}, [2]int{l, c}, "cut at %d", cut)
	}
}

// TestHeadTail cuts texts of one- to four-byte characters at every length:
// what is kept is whole characters only, the most that fit.
func TestHeadTail(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "é", "東", "😀"}
	for range 200 {
		var chars []string
		for range r.IntN(12) {
			chars = append(chars, alphabet[r.IntN(len(alphabet))])
		}
		s := strings.Join(chars, "")
		for n := 0; n <= len(s)+1; n++ {
			// The reference: whole characters from each end while they fit.
			want, k := "", 0
			for ; k < len(chars) && len(want)+len(chars[k]) <= n; k++ {
				want += chars[k]
			}
			assert.Equal(t, want, Head(s, n), "Head(%q, %d)", s, n)
			assert.Equal(t, want, string(Head([]byte(s), n)), "Head(%q, %d) as bytes", s, n)
			want, k = "", len(chars)-1
			for ; k >= 0 && len(want)+len(chars[k]) <= n; k-- {
				want = chars[k] + want
			}
			assert.Equal(t, want, Tail(s, n), "Tail(%q, %d)", s, n)
			assert.Equal(t, want, string(Tail([]byte(s), n)), "Tail(%q, %d) as bytes", s, n)
		}
	}
	// Bytes that are not UTF-8 are cut where n says, and never beyond it.
	bad := strings.Repeat("\x80", 10)
	assert.Equal(t, bad[:4], Head(bad, 4))
	assert.Equal(t, bad[:4], Tail(bad, 4))
	assert.True(t, utf8.ValidString(Head("a😀", 3)))
}
