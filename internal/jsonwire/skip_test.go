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

// TestWordScansEveryPlace puts a byte that stops each word-at-a-time
// scan at every place from 0 to 64 of a run that the scan skips, with
// the input ending right after it or running on, and with no stop at all
// (the scan must end at the end of the input); each scan starts at every
// index up to the stop. Their loops run while i <= len(b)-8 and load
// from b[i:], so the last word of the input is where a wrong bound shows.
func TestWordScansEveryPlace(t *testing.T) {
	scans := []struct {
		name     string
		fn, ref  func([]byte, int) int
		run      byte
		stops    []byte
		tailByte byte // what follows the stop, when something does
	}{
		{"SkipPlain", SkipPlain, refSkipPlain, 'a', []byte{'"', '\\', 0x1f, 0x80, 0xff}, '"'},
		{"SkipManyDigits", SkipManyDigits, refSkipDigits, '7', []byte{'.', 'e', ',', '/', ':', 0xb0}, '9'},
		{"skipSpaceSWAR", skipSpaceSWAR, refSkipSpace, ' ', []byte{'x', 0x0c, 0xa0}, ' '},
		{"SkipSpace", SkipSpace, refSkipSpace, '\n', []byte{'x', '"', 0x00}, ' '},
	}
	for _, sc := range scans {
		t.Run(sc.name, func(t *testing.T) {
			for p := 0; p <= 64; p++ {
				run := bytes.Repeat([]byte{sc.run}, p)
				if !checkAllStarts(t, sc.name, sc.fn, sc.ref, run) {
					return
				}
				for _, stop := range sc.stops {
					for _, tail := range []int{0, 1, 7, 8, 9, 16, 40} {
						b := append(append(bytes.Clone(run), stop), bytes.Repeat([]byte{sc.tailByte}, tail)...)
						for i := 0; i <= p; i++ {
							if got, want := sc.fn(b, i), sc.ref(b, i); got != want {
								t.Fatalf("%s(%q, %d) = %d, want %d", sc.name, b, i, got, want)
							}
						}
					}
				}
			}
		})
	}
}
