package jsonwire

import (
	"bytes"
	"testing"
)

// checkIndexLineEnd wants IndexLineEnd, on both paths, to find what
// bytes.IndexAny finds.
func checkIndexLineEnd(t *testing.T, b []byte) bool {
	t.Helper()
	want := bytes.IndexAny(b, "\r\n")
	narrow, wide := bothPaths(t, func() int { return IndexLineEnd(b) })
	if narrow != want || wide != want {
		t.Errorf("IndexLineEnd(%q): vector path %d, pure-Go path %d, want %d", b, wide, narrow, want)
		return false
	}
	return true
}

// TestIndexLineEnd puts a line end, or a byte next to one, at every place
// of three steps, in inputs of every length up to them.
func TestIndexLineEnd(t *testing.T) {
	for _, end := range []string{"\n", "\r", "\r\n", "\x0b", "\x8a", "\x8d", ""} {
		for n := 0; n <= 3*64+8; n++ {
			for p := 0; p <= n; p++ {
				b := bytes.Repeat([]byte("data: {}"), n/8+1)[:n]
				b = append(b[:p:p], end...)
				b = append(b, bytes.Repeat([]byte("x\n"), 3)...)
				if !checkIndexLineEnd(t, b) || !checkIndexLineEnd(t, b[:min(len(b), p+len(end))]) {
					return
				}
			}
		}
	}
}

func FuzzIndexLineEnd(f *testing.F) {
	f.Add([]byte("data: {\"a\":1}\r\n\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) { checkIndexLineEnd(t, b) })
}
