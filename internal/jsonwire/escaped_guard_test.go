//go:build linux

package jsonwire

import (
	"bytes"
	"testing"
)

// TestScanEscapedAtPageEnd runs ScanString, on both paths, over escaped
// contents that end at the last byte of a page with a guard page after
// it, at every length up to four steps.
func TestScanEscapedAtPageEnd(t *testing.T) {
	page := guardedPage(t)
	for _, bg := range escapedBackgrounds {
		for _, stop := range append(escapedStops, "") {
			in := append(fill(bg, 128), stop...)
			for n := 0; n <= len(in); n++ {
				b := atPageEnd(page, in[len(in)-n:])
				if VectorAvailable() {
					if n, quote := scanEscapedVector(b); n > len(b) || quote && b[n] != '"' {
						t.Fatalf("scanEscapedVector(%q) = %d, %v", b, n, quote)
					}
				}
				if !checkScanStringPaths(t, b, 0) {
					return
				}
			}
		}
	}
}

// TestUnescapeAtPageEnd decodes escaped contents that end at the last
// byte of a page with a guard page after it.
func TestUnescapeAtPageEnd(t *testing.T) {
	page := guardedPage(t)
	for _, bg := range escapedBackgrounds {
		in := fill(bg, 160)
		for n := 0; n <= len(in); n++ {
			if !checkUnescapePaths(t, atPageEnd(page, in[len(in)-n:])) {
				return
			}
		}
	}
}

// TestIndexLineEndAtPageEnd scans inputs that end at the last byte of a
// page with a guard page after it.
func TestIndexLineEndAtPageEnd(t *testing.T) {
	page := guardedPage(t)
	in := append(bytes.Repeat([]byte("data: {}"), 20), '\n')
	for n := 0; n <= len(in); n++ {
		if !checkIndexLineEnd(t, atPageEnd(page, in[len(in)-n:])) {
			return
		}
		if n > 0 && !checkIndexLineEnd(t, atPageEnd(page, in[len(in)-n:len(in)-1])) {
			return
		}
	}
}
