package jsonwire

import (
	"bytes"
	"testing"
)

// The vector scans must end where the scans a byte or a word at a time
// end, on every input. These tests run both on the same inputs, with a
// byte that stops a scan at every place of the first two 32-byte steps
// and the start of a third, and at the end of the input. Under the
// purego tag, or on a CPU without AVX2, both runs take the one path.

// bothPaths returns f's results with the vector scans off and on.
func bothPaths[T comparable](t *testing.T, f func() T) (narrow, wide T) {
	t.Helper()
	was := UseVector(false)
	defer UseVector(was)
	narrow = f()
	UseVector(true)
	wide = f()
	return narrow, wide
}

func skipNoVector(t *testing.T) {
	if !VectorAvailable() {
		t.Log("no vector scans in this build or on this CPU: both runs take the pure-Go path")
	}
}

type scanEnd struct {
	j      int
	closed bool
}

// checkScanStringPaths compares ScanString's two paths on b from i.
func checkScanStringPaths(t *testing.T, b []byte, i int) bool {
	t.Helper()
	narrow, wide := bothPaths(t, func() scanEnd {
		j, closed := ScanString(b, i)
		return scanEnd{j, closed}
	})
	if narrow != wide {
		t.Errorf("ScanString(%q, %d): vector path %+v, pure-Go path %+v", b, i, wide, narrow)
		return false
	}
	_, rest := bothPaths(t, func() scanEnd {
		j, closed := ScanStringRest(b, i)
		return scanEnd{j, closed}
	})
	if rest != narrow {
		t.Errorf("ScanStringRest(%q, %d): vector path %+v, ScanString's pure-Go path %+v", b, i, rest, narrow)
		return false
	}
	return true
}

func checkSkipSpacePaths(t *testing.T, b []byte, i int) bool {
	t.Helper()
	want := refSkipSpace(b, i)
	narrow, wide := bothPaths(t, func() int { return SkipSpace(b, i) })
	if narrow != want || wide != want {
		t.Errorf("SkipSpace(%q, %d): vector path %d, pure-Go path %d, want %d", b, i, wide, narrow, want)
		return false
	}
	return true
}

// backgrounds fill a string's contents around the byte under test:
// ASCII, two-, three- and four-byte characters, and a mix whose
// characters straddle the steps' edges at every offset.
var backgrounds = []string{
	"abcdefghijklmnopqrstuvwxyz0123456789",
	"é", "€", "😀", "a€bé😀\u0080\u07ff\u0800\uffff\U00010000\U0010ffff",
	"名前:前田あゆみ 第一印象:なんか怖っ",
}

// fill repeats bg to n bytes, then cuts it back to whole characters and
// pads with 'a'.
func fill(bg string, n int) []byte {
	b := []byte(bg)
	for len(b) < n {
		b = append(b, bg...)
	}
	b = b[:n]
	k := charStart(b, 0, n)
	for k < n {
		b[k] = 'a'
		k++
	}
	return b
}

// stops are what ends a scan of string contents: the closing quote, an
// escape (valid or not), a control byte, and bad UTF-8 of every kind the
// vector check tells apart.
var stops = []string{
	`"`, `\n`, `\"`, `\u00e9`, `\uD83D\uDE00`, `\x`, `\uD83D`, `\`,
	"\x00", "\x1f", "\t", "\x7f",
	"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xe0\x80\x80", "\xe0\x9f\xbf",
	"\xed\xa0\x80", "\xed\xbf\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf",
	"\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xe2\x82", "\xf0\x9f\x98",
	"\xe2\x82a", "\xf0\x9f\x98\"", "\xc3\xa9\xa9",
}

// TestVectorScanStringStops puts each stop at every place from 0 to 64
// of a string's contents, and at their end, over every background, and
// scans from the start and from a few bytes in.
func TestVectorScanStringStops(t *testing.T) {
	skipNoVector(t)
	for _, bg := range backgrounds {
		for _, stop := range stops {
			for p := 0; p <= 64+1; p++ {
				for _, tail := range []string{`"` + "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz", ""} {
					n := p
					if p == 64+1 { // at the end of the input
						n = 80
						tail = ""
					}
					b := append(fill(bg, n), stop...)
					b = append(b, fill(bg, 40)...)
					b = append(b, tail...)
					for _, i := range []int{0, 1, 2, 3, 31, 32} {
						if i < len(b) && (i == 0 || charStart(b, 0, i) == i) && !checkScanStringPaths(t, b, i) {
							return
						}
					}
					// The same with the input ending right after the stop.
					if e := n + len(stop); !checkScanStringPaths(t, b[:e:e], 0) {
						return
					}
				}
			}
		}
	}
}

// tailEscapes are two-byte escapes, alone and in runs, that the tail
// scan steps over, so that the stop after them, or the end, is found in
// the same step.
var tailEscapes = []string{`\"x`, `\\`, `\\\"`, `\/\b\f\n\r\t"`, `\\\\\\\\\\\\\\\\"`}

// TestVectorScanStringTail puts each stop, and each run of escapes that
// the tail scan steps over, at every place from 0 to 64 of inputs of 32
// to 96 bytes, and cut by their end, and scans from every point between
// characters among the last 31 bytes (where the tail scan reads the last
// 32 again), and from the first three (where a 32-byte step comes
// first, and leaves the last step 0 to 2 bytes it has read).
func TestVectorScanStringTail(t *testing.T) {
	skipNoVector(t)
	bgs := []string{backgrounds[0], backgrounds[2], backgrounds[3], backgrounds[4], backgrounds[5], escapedBackgrounds[0], escapedBackgrounds[2]}
	for _, bg := range bgs {
		for _, stop := range append(stops, tailEscapes...) {
			for _, n := range []int{32, 33, 47, 63, 64, 65, 80, 96} {
				for p := 0; p <= n; p++ {
					b := fill(bg, n)
					copy(b[p:], stop) // cut by the end when it runs past it
					for i := range b {
						if i > 2 && i < n-31 || i > p || charStart(b, 0, i) != i {
							continue
						}
						if !checkScanStringPaths(t, b, i) {
							return
						}
					}
				}
			}
		}
	}
}

// TestVectorScanStringTailBefore scans the last bytes of inputs of 32 to
// 64 bytes after bytes that the tail scan reads but must not look at:
// quotes, backslashes, control bytes, and the start of characters that
// b[i] would go on with were they read.
func TestVectorScanStringTailBefore(t *testing.T) {
	skipNoVector(t)
	before := []string{`"`, `\`, `\u00`, "\x00", "\x1f", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xe0", "\xed", "\xf4", "\xff", "\x80\x80"}
	for _, bg := range backgrounds {
		for _, pre := range before {
			for _, stop := range []string{"", `"`, `\n"`, "\x80", "\xa0", "\x00"} {
				for _, n := range []int{32, 48, 64} {
					for k := 1; k < 32; k++ { // the bytes from b[n-k] on are scanned
						b := fill(bg, n)
						copy(b[n-k:], append(fill(stop+bg, k), stop...))
						copy(b[max(0, n-k-len(pre)):n-k], pre)
						if !checkScanStringPaths(t, b, n-k) {
							return
						}
					}
				}
			}
		}
	}
}

// TestVectorScanStringEscapedSteps puts each stop at every place from 2
// to 66 of ASCII contents with escapes close together, so that a step of
// nothing but ASCII and escapes the vector scan steps over follows a
// character cut, or bad UTF-8, at every place of the step before.
func TestVectorScanStringEscapedSteps(t *testing.T) {
	skipNoVector(t)
	for _, bg := range escapedBackgrounds {
		for _, stop := range stops {
			for p := 0; p <= 64; p++ {
				// After "é", which takes the scan from the ASCII scan of
				// escapes to the vector scan of any contents.
				b := append([]byte("é"), fill(bg, p)...)
				b = append(b, stop...)
				b = append(b, fill(bg, 70)...)
				b = append(b, '"')
				for _, i := range []int{0, 2, 3} {
					if !checkScanStringPaths(t, b, i) {
						return
					}
				}
			}
		}
	}
}

// TestVectorScanStringEnds cuts strings of every background at every
// length past 32, so that a vector scan runs out at every place of a
// character, and at every place of an escape.
func TestVectorScanStringEnds(t *testing.T) {
	skipNoVector(t)
	for _, bg := range append(backgrounds, `ab\n\u00e9\uD83D\uDE00é€`) {
		b := append(fill(bg, 200), '"')
		for n := 32; n <= len(b); n++ {
			if !checkScanStringPaths(t, b[:n:n], 0) {
				return
			}
		}
	}
}

// TestVectorUTF8Pairs puts every pair of bytes, followed by continuation
// bytes and others, at each place around the edge of two steps, in ASCII
// and after a character, and wants both paths to agree on where the
// string's valid contents end. Every pair is what the three lookups of
// the vector check read together.
func TestVectorUTF8Pairs(t *testing.T) {
	skipNoVector(t)
	if !VectorAvailable() {
		t.Skip("no vector path")
	}
	base := fill("abcdefghij", 96)
	b := make([]byte, 96+1)
	for _, rest := range [][2]byte{{0x80, 0x80}, {0xBF, 0xBF}, {0x80, 'a'}, {'a', 'a'}, {0x90, 0xA0}} {
		for _, at := range []int{0, 29, 30, 31, 32, 60} {
			for c0 := range 256 {
				for c1 := range 256 {
					copy(b, base)
					b[96] = '"'
					b[at], b[at+1], b[at+2], b[at+3] = byte(c0), byte(c1), rest[0], rest[1]
					if !checkScanStringPaths(t, b, 0) {
						return
					}
				}
			}
		}
	}
}

// TestVectorSkipSpace puts every byte at every place from 0 to 64 of a
// run of whitespace, and at the end of the input, and skips from every
// start.
func TestVectorSkipSpace(t *testing.T) {
	skipNoVector(t)
	for _, bg := range []string{" ", " \t\n\r", "\n        ", "\r\n\t"} {
		for c := range 256 {
			for p := 0; p <= 64+1; p++ {
				n := p
				if p == 64+1 {
					n = 100
				}
				b := bytes.Repeat([]byte(bg), 130/len(bg)+1)
				b = append(b[:n:n], byte(c))
				b = append(b, bytes.Repeat([]byte(bg), 40/len(bg))...)
				for _, i := range []int{0, 1, 5, 31, 32, 33} {
					if i <= len(b) && !checkSkipSpacePaths(t, b, i) {
						return
					}
				}
				if !checkSkipSpacePaths(t, b[:n+1:n+1], 0) {
					return
				}
			}
		}
	}
	// Whitespace to the end, at every length.
	for n := range 130 {
		b := bytes.Repeat([]byte("  \n\t"), 40)[:n:n]
		for i := 0; i <= n; i++ {
			if !checkSkipSpacePaths(t, b, i) {
				return
			}
		}
	}
}

// TestVectorScanStringCorpus runs both paths over the generated strings
// of TestScanString, long ones made of their pieces, at every start.
func TestVectorScanStringCorpus(t *testing.T) {
	skipNoVector(t)
	rng := newRand(11)
	for k := range 3000 {
		var b []byte
		for len(b) < 40+k%120 {
			p := validPieces[rng.IntN(len(validPieces))]
			if rng.IntN(40) == 0 {
				p = stringPieces[rng.IntN(len(stringPieces))]
			}
			b = append(b, p...)
		}
		b = append(b, `"tail`...)
		for i := range b {
			if !checkScanStringPaths(t, b, i) {
				return
			}
		}
	}
}

func FuzzVectorScans(f *testing.F) {
	for _, s := range []string{
		"abcdefghijklmnopqrstuvwxyz0123456789\"",
		"名前:前田あゆみ 第一印象:なんか怖っ！今の印象:とりあえずキモい。\"",
		"                                                  x",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xe2\x82\xacaaaaaaaaaaaaaaaaaaaaaa\"",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\n\xed\xa0\x80\"",
		"é{\\\"path\\\":\\\"a\\\\b\\\"}\\n\\t\\u00e9 東京 \\/ \\\"quoted\\\" \\\\ and more text\\n\"",
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, at uint8) {
		if len(b) > 512 {
			t.Skip()
		}
		i := min(int(at), len(b))
		checkSkipSpacePaths(t, b, i)
		if i == 0 || charStart(b, 0, i) == i {
			checkScanStringPaths(t, b, i)
		}
		// From each of the last 32 bytes of b, where the tail scan
		// reads 32 bytes ending at b's end.
		for k := max(0, len(b)-32); k < len(b); k++ {
			if k >= i && charStart(b, 0, k) == k {
				checkScanStringPaths(t, b, k)
			}
		}
		// After a run long enough for a vector step, whatever b is.
		for _, pre := range []string{"                                 ", "a€bé😀aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"} {
			p := append([]byte(pre), b...)
			checkSkipSpacePaths(t, p, 0)
			checkScanStringPaths(t, p, 0)
		}
	})
}
