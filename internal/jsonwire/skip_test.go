package jsonwire

import (
	"bytes"
	"testing"
)

// refSkipIndent is SkipIndent a byte at a time: sixteen-byte steps
// while sixteen bytes remain, each ending at its first byte that is not
// a space.
func refSkipIndent(b []byte, i int) int {
	for ; i+16 <= len(b); i += 16 {
		for k := i; k < i+16; k++ {
			if b[k] != ' ' {
				return k
			}
		}
	}
	return i
}

// TestSkipIndent puts every byte at every place from 0 to 64 of a run of
// spaces, and at the end of the input, and skips from the first few
// starts.
func TestSkipIndent(t *testing.T) {
	for c := range 256 {
		for p := 0; p <= 64; p++ {
			b := append(bytes.Repeat([]byte(" "), p), byte(c))
			for _, tail := range []int{0, 1, 15, 16, 40} {
				b := append(b[:p+1:p+1], bytes.Repeat([]byte(" "), tail)...)
				for i := 0; i <= min(p, 33); i++ {
					if got, want := SkipIndent(b, i), refSkipIndent(b, i); got != want {
						t.Fatalf("SkipIndent(%q, %d) = %d, want %d", b, i, got, want)
					}
				}
			}
		}
	}
}
