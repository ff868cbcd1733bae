package jsonwire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The tests compare each fast function with a slow reference written here
// from the grammar (byte loops, regexp, strconv, unicode/utf8,
// encoding/json), over table cases and over generated inputs.

// newRand returns a deterministic source, so a failure reproduces.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6a736f6e)) }

// ---------------------------------------------------------------------------
// Tables

func TestTables(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		wantPlain := c >= 0x20 && c < 0x80 && c != '"' && c != '\\'
		if Plain[b] != wantPlain {
			t.Errorf("Plain[%#02x] = %v, want %v", c, Plain[b], wantPlain)
		}
		wantSpace := c == ' ' || c == '\t' || c == '\n' || c == '\r'
		if Space[b] != wantSpace {
			t.Errorf("Space[%#02x] = %v, want %v", c, Space[b], wantSpace)
		}
		wantHex := int8(-1)
		if v, err := strconv.ParseUint(string(rune(c)), 16, 8); err == nil && c < 0x80 {
			wantHex = int8(v)
		}
		if HexValue[b] != wantHex {
			t.Errorf("HexValue[%#02x] = %d, want %d", c, HexValue[b], wantHex)
		}
		wantDigit := c >= '0' && c <= '9'
		if IsDigit(b) != wantDigit {
			t.Errorf("IsDigit(%#02x) = %v, want %v", c, IsDigit(b), wantDigit)
		}
		// A simple escape is one that encoding/json accepts as "\c" and
		// that is not the start of \uXXXX.
		wantSimple := c != 'u' && json.Valid([]byte{'"', '\\', b, '"'})
		if SimpleEscape[b] != wantSimple {
			t.Errorf("SimpleEscape[%#02x] = %v, want %v", c, SimpleEscape[b], wantSimple)
		}
	}
}

// ---------------------------------------------------------------------------
// SkipSpace and SkipPlain

func refSkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

func refSkipPlain(b []byte, i int) int {
	for i < len(b) && b[i] >= 0x20 && b[i] < 0x80 && b[i] != '"' && b[i] != '\\' {
		i++
	}
	return i
}

// skipCorpus generates byte strings of length 0..40 made of background
// bytes with other bytes placed among them: one at every position, two at
// every pair of positions within the first words, and random mixes.
func skipCorpus(rng *rand.Rand, background, others []byte) [][]byte {
	var out [][]byte
	fill := func(n int) []byte {
		b := make([]byte, n)
		for k := range b {
			b[k] = background[(k*7+n)%len(background)]
		}
		return b
	}
	// Only background bytes, and a single background byte repeated.
	for n := 0; n <= 40; n++ {
		out = append(out, fill(n))
		out = append(out, bytes.Repeat(background[:1], n))
	}
	// One other byte at every position.
	for n := 1; n <= 26; n++ {
		for p := 0; p < n; p++ {
			for _, c := range others {
				b := fill(n)
				b[p] = c
				out = append(out, b)
			}
		}
	}
	// Two other bytes at every pair of positions, so that one word holds
	// several of them, in both orders.
	for _, n := range []int{8, 11, 16} {
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				for _, c1 := range others {
					for _, c2 := range others {
						b := fill(n)
						b[p], b[q] = c1, c2
						out = append(out, b)
					}
				}
			}
		}
	}
	// A run of other bytes after a background run of every length.
	for pre := 0; pre <= 17; pre++ {
		for _, c := range others {
			out = append(out, append(fill(pre), bytes.Repeat([]byte{c}, 9)...))
		}
	}
	// Random mixes: mostly background, some others, some any byte.
	for range 20000 {
		n := rng.IntN(41)
		b := make([]byte, n)
		for k := range b {
			switch r := rng.IntN(10); {
			case r < 6:
				b[k] = background[rng.IntN(len(background))]
			case r < 9:
				b[k] = others[rng.IntN(len(others))]
			default:
				b[k] = byte(rng.IntN(256))
			}
		}
		out = append(out, b)
	}
	return out
}

// checkAllStarts compares fn and ref at every start index of b, the end
// of b included, and reports the first difference.
func checkAllStarts(t *testing.T, name string, fn, ref func([]byte, int) int, b []byte) bool {
	t.Helper()
	for i := 0; i <= len(b); i++ {
		if got, want := fn(b, i), ref(b, i); got != want {
			t.Errorf("%s(%q, %d) = %d, want %d", name, b, i, got, want)
			return false
		}
	}
	return true
}

func TestSkipSpace(t *testing.T) {
	tests := []struct {
		in   string
		i    int
		want int
	}{
		{"", 0, 0},
		{"x", 0, 0},
		{" ", 0, 1},
		{"        ", 0, 8},
		{"        x", 0, 8},
		{"       \nx", 0, 8},
		{" \t\n\r \t\n\rx", 0, 8},
		{" \t\n\r \t\n\r \t\n\r \t\n\r", 0, 16},
		{"   x    ", 0, 3},
		{"\n\n\n\n\n\n\n\n\n", 0, 9},
		{"x       y", 1, 8},
		{"        \x00", 0, 8},
		{"       \xa0 ", 0, 7}, // 0xa0 differs from ' ' only in the high bit
		{"       \x00 ", 0, 7},
		{"       !  ", 0, 7},
		{"       \x0c  ", 0, 7}, // form feed is not JSON whitespace
		{"\v", 0, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q@%d", tt.in, tt.i), func(t *testing.T) {
			if got := SkipSpace([]byte(tt.in), tt.i); got != tt.want {
				t.Errorf("SkipSpace(%q, %d) = %d, want %d", tt.in, tt.i, got, tt.want)
			}
		})
	}

	t.Run("generated", func(t *testing.T) {
		rng := newRand(1)
		spaces := []byte(" \t\n\r")
		others := []byte{'\t', '\n', '\r', 'a', '"', '\\', '0', ',', '}', 0x00, 0x01, 0x0c, 0x1f, 0x21, 0x60, 0x7f, 0x80, 0xa0, 0xff}
		for _, bg := range [][]byte{{' '}, spaces, {'\n', ' ', ' ', ' '}} {
			for _, b := range skipCorpus(rng, bg, others) {
				if !checkAllStarts(t, "SkipSpace", SkipSpace, refSkipSpace, b) {
					return
				}
			}
		}
	})
}

func refSkipDigits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// TestSkipDigits holds both digit scans to the byte loop. The bytes next
// to the digits in value ('/' and ':') and those at the edges of what the
// eight-byte test adds and subtracts (0xAF, 0xB0, 0xB9, 0xBA) are the
// ones a wrong eight-byte test would let through; TestSkipManyDigitsEveryByte
// tries every byte.
func TestSkipDigits(t *testing.T) {
	others := []byte{'/', ':', ';', '<', '?', '.', 'e', '-', ',', ']', ' ', 0x00, 0x20, 0x29, 0x3f, 0x40, 0x70, 0x7f, 0x80, 0xaf, 0xb0, 0xb9, 0xba, 0xc6, 0xf0, 0xfa, 0xff}
	for _, fn := range []struct {
		name string
		f    func([]byte, int) int
	}{{"SkipDigits", SkipDigits}, {"SkipManyDigits", SkipManyDigits}} {
		t.Run(fn.name, func(t *testing.T) {
			for _, b := range skipCorpus(newRand(7), []byte("0123456789"), others) {
				if !checkAllStarts(t, fn.name, fn.f, refSkipDigits, b) {
					return
				}
			}
		})
	}
}

// TestSkipManyDigitsEveryByte puts every byte that is not a digit at every
// place of an eight-byte word after digits, with bytes after it that carry
// or borrow the most, and wants the scan to stop at it.
func TestSkipManyDigitsEveryByte(t *testing.T) {
	for pos := range 8 {
		for c := range 256 {
			if IsDigit(byte(c)) {
				continue
			}
			for _, tail := range []byte{'0', '9', 0x00, 0x7f, 0xff} {
				b := append(bytes.Repeat([]byte("7"), pos), byte(c))
				b = append(b, bytes.Repeat([]byte{tail}, 16)...)
				if got := SkipManyDigits(b, 0); got != pos {
					t.Fatalf("SkipManyDigits(%q, 0) = %d, want %d", b, got, pos)
				}
			}
		}
	}
}

func TestSkipPlain(t *testing.T) {
	tests := []struct {
		in   string
		i    int
		want int
	}{
		{"", 0, 0},
		{"a", 0, 1},
		{`"`, 0, 0},
		{`\`, 0, 0},
		{"abcdefgh", 0, 8},
		{"abcdefgh\"", 0, 8},
		{"abcdefg\"", 0, 7},
		{"abc\"efg\\", 0, 3},
		{"abc\\efg\"", 0, 3},
		{"\x1f\x20\x20\x20\x20\x20\x20\x20", 0, 0}, // a borrow out of 0x1f must not hide it
		{"a\x00 #]!!!!", 0, 1},
		{"a\x00\"\\\x80", 0, 1},
		{"abcdefg\x7f", 0, 8}, // DEL is plain
		{"abcdefg\x80", 0, 7},
		{"abcdefg\xff", 0, 7},
		{"abcdefg\xa2", 0, 7}, // '"' | 0x80
		{"abcdefg\xdc", 0, 7}, // '\\' | 0x80
		{"abcdefg\x02", 0, 7}, // '"' &^ 0x20
		{"abcdefghijklmnop\x1f", 0, 16},
		{"abcdefghijklmnop\x1f", 3, 16},
		{"abcdefghijk", 11, 11},
		{" !#$%&'()*+,-./0123456789:;<=>?@[]^_`{|}~\x7f", 0, 42},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q@%d", tt.in, tt.i), func(t *testing.T) {
			if got := SkipPlain([]byte(tt.in), tt.i); got != tt.want {
				t.Errorf("SkipPlain(%q, %d) = %d, want %d", tt.in, tt.i, got, tt.want)
			}
		})
	}

	t.Run("generated", func(t *testing.T) {
		rng := newRand(2)
		// Plain bytes at the edges of the SWAR tests: next to 0x20, '"',
		// '\\' and 0x80, and bytes a borrow can turn into a false match.
		plain := []byte{'a', ' ', '!', '#', '[', ']', '~', 0x7f, '0', 'A'}
		others := []byte{'"', '\\', 0x00, 0x01, 0x02, 0x1f, 0x80, 0xa2, 0xdc, 0xff, 0xc3, ' ', '#', ']', 0x7f}
		for _, bg := range [][]byte{{'a'}, plain, {' '}, {'#', ']', '!'}} {
			for _, b := range skipCorpus(rng, bg, others) {
				if !checkAllStarts(t, "SkipPlain", SkipPlain, refSkipPlain, b) {
					return
				}
			}
		}
	})
}

// ---------------------------------------------------------------------------
// Numbers

// numberRE is RFC 8259's number; numberFull reports a whole match.
var numberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func numberFull(p []byte) bool { return numberRE.Match(p) }

// numberViable reports whether p is a prefix of some valid number. Every
// such prefix either is a number or becomes one with a "0" appended
// ("", "-", "1.", "1e", "1e+"), and nothing else does.
func numberViable(p []byte) bool {
	return numberFull(p) || numberFull(append(p[:len(p):len(p)], '0'))
}

// refScanNumber reads the longest prefix of b[i:] that can still begin a
// number. The number ends there, at j, when that prefix is a whole number,
// b[j] exists, and b[j] is not a digit (a digit there follows a leading
// zero, which is an error the steps leave to the caller). Otherwise 0.
func refScanNumber(b []byte, i int) int {
	j := i
	for j < len(b) && numberViable(b[i:j+1]) {
		j++
	}
	if j == len(b) || !numberFull(b[i:j]) || b[j] >= '0' && b[j] <= '9' {
		return 0
	}
	return j
}

// numberCorpus returns every string of up to five bytes over a small
// alphabet, and random longer strings over a larger one.
func numberCorpus(rng *rand.Rand) [][]byte {
	var out [][]byte
	small := []byte("01-+.eEx")
	var gen func(prefix []byte, n int)
	gen = func(prefix []byte, n int) {
		out = append(out, prefix)
		if n == 0 {
			return
		}
		for _, c := range small {
			gen(append(prefix[:len(prefix):len(prefix)], c), n-1)
		}
	}
	gen(nil, 5)
	large := []byte("0123456789-+.eE ,]}x\"")
	digits := []byte("0123456789")
	for range 20000 {
		n := 1 + rng.IntN(16)
		b := make([]byte, n)
		for k := range b {
			if rng.IntN(2) == 0 {
				b[k] = digits[rng.IntN(len(digits))]
			} else {
				b[k] = large[rng.IntN(len(large))]
			}
		}
		out = append(out, b)
	}
	return out
}

// scanNumber reads a number in the steps of ScanInt's doc, as
// tokenizer.Next does.
func scanNumber(b []byte, i int) int {
	j := ScanInt(b, i)
	if j != 0 && b[j] == '.' { // the fraction
		k := j + 1
		if j = SkipManyDigits(b, k); j == k || j == len(b) {
			j = 0
		}
	}
	if j != 0 && b[j]|0x20 == 'e' {
		j = ScanExponent(b, j)
	}
	return j
}

func TestScanNumber(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"0,", 1},
		{"0 ", 1},
		{"0", 0}, // runs to the end
		{"00", 0},
		{"01,", 0}, // leading zero
		{"-01,", 0},
		{"0x", 1},
		{"1,", 1},
		{"123]", 3},
		{"123", 0},
		{"-", 0},
		{"-,", 0},
		{"-x", 0},
		{"--1,", 0},
		{"+1,", 0},
		{".5,", 0},
		{"-0,", 2},
		{"-0.5,", 4},
		{"1.", 0},
		{"1.,", 0},
		{"1.5,", 3},
		{"1.5", 0},
		{"1.5.", 3},
		{"1.50}", 4},
		{"0.0001 ", 6},
		{"1e", 0},
		{"1e,", 0},
		{"1e+", 0},
		{"1e+,", 0},
		{"1e-,", 0},
		{"1e5,", 3},
		{"1E5,", 3},
		{"1e+5,", 4},
		{"1e-05,", 5},
		{"1e5", 0},
		{"1e5e", 3},
		{"1e5.", 3},
		{"1e5-", 3},
		{"1.5e3 ", 5},
		{"1.e3 ", 0},
		{"1.5E+10]", 7},
		{"0e0,", 3},
		{"0.e0,", 0},
		{"1-", 1},
		{"1+", 1},
		{"0-", 1},
		{"1.5-", 3},
		{"1ee", 0},
		{"1e+-1,", 0},
		{"x", 0},
		{"e1,", 0},
		{"12345678901234567890123,", 23},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			b := []byte(tt.in)
			if want := refScanNumber(b, 0); want != tt.want {
				t.Fatalf("reference(%q) = %d, table says %d", tt.in, want, tt.want)
			}
			if got := scanNumber(b, 0); got != tt.want {
				t.Errorf("scanNumber(%q, 0) = %d, want %d", tt.in, got, tt.want)
			}
			// The same number after other bytes.
			pre := append([]byte("[1,"), b...)
			want := 0
			if tt.want > 0 {
				want = tt.want + 3
			}
			if got := scanNumber(pre, 3); got != want {
				t.Errorf("scanNumber(%q, 3) = %d, want %d", pre, got, want)
			}
		})
	}

	t.Run("generated", func(t *testing.T) {
		for _, b := range numberCorpus(newRand(3)) {
			for i := range b {
				if got, want := scanNumber(b, i), refScanNumber(b, i); got != want {
					t.Fatalf("scanNumber(%q, %d) = %d, want %d", b, i, got, want)
				}
			}
		}
	})
}

// TestNumberStep runs the state machine, from NumberFirst, over every
// prefix and checks each step against the regexp: a byte is accepted iff
// the prefix so far is still the start of a number, and NumberCanEnd iff
// it is a whole number.
func TestNumberStep(t *testing.T) {
	check := func(t *testing.T, b []byte) bool {
		t.Helper()
		s, ok := NumberFirst(b[0]), b[0] == '-' || IsDigit(b[0])
		if ok != numberViable(b[:1]) {
			t.Errorf("%q: first byte accepted = %v, regexp says %v", b[:1], ok, !ok)
			return false
		}
		if !ok {
			return true
		}
		if NumberCanEnd(s) != numberFull(b[:1]) {
			t.Errorf("%q: NumberCanEnd = %v, regexp says %v", b[:1], !numberFull(b[:1]), numberFull(b[:1]))
			return false
		}
		for k := 1; k < len(b); k++ {
			next, ok := NumberStep(s, b[k])
			if want := numberViable(b[:k+1]); ok != want {
				t.Errorf("%q: NumberStep(state after %q, %q) ok = %v, want %v", b[:k+1], b[:k], b[k], ok, want)
				return false
			}
			if !ok {
				return true
			}
			s = next
			if got, want := NumberCanEnd(s), numberFull(b[:k+1]); got != want {
				t.Errorf("%q: NumberCanEnd = %v, want %v", b[:k+1], got, want)
				return false
			}
		}
		return true
	}

	for _, in := range []string{"-0.5e+3", "0.0", "00", "-", "-.", "1e5", "1E-0", "1.e", "1e+-", "0e", "9.9.9", "-01"} {
		t.Run(in, func(t *testing.T) { check(t, []byte(in)) })
	}
	t.Run("generated", func(t *testing.T) {
		for _, b := range numberCorpus(newRand(4)) {
			if len(b) > 0 && !check(t, b) {
				return
			}
		}
	})
	t.Run("NumberCanEnd", func(t *testing.T) {
		canEnd := map[uint8]bool{NumZero: true, NumInt: true, NumFrac: true, NumExpDigit: true}
		for s := uint8(NumMinus); s <= NumExpDigit; s++ {
			if NumberCanEnd(s) != canEnd[s] {
				t.Errorf("NumberCanEnd(%d) = %v, want %v", s, NumberCanEnd(s), canEnd[s])
			}
		}
	})
}

// ---------------------------------------------------------------------------
// Hex4

func TestHex4(t *testing.T) {
	tests := []struct {
		in     string
		want   rune
		wantOK bool
	}{
		{"0000", 0, true},
		{"0041", 0x41, true},
		{"ffff", 0xffff, true},
		{"FFFF", 0xffff, true},
		{"D83D", 0xd83d, true},
		{"dE0a", 0xde0a, true},
		{"12345", 0x1234, true}, // reads four bytes only
		{"", 0, false},
		{"1", 0, false},
		{"12", 0, false},
		{"123", 0, false},
		{"123g", 0, false},
		{"g123", 0, false},
		{"12 3", 0, false},
		{"+123", 0, false},
		{"-123", 0, false},
		{"0x12", 0, false},
		{"12\x0034", 0, false},
		{"\xff123", 0, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.in), func(t *testing.T) {
			got, ok := Hex4([]byte(tt.in))
			if ok != tt.wantOK || ok && got != tt.want {
				t.Errorf("Hex4(%q) = %#x, %v, want %#x, %v", tt.in, got, ok, tt.want, tt.wantOK)
			}
		})
	}

	t.Run("generated", func(t *testing.T) {
		rng := newRand(5)
		alphabet := []byte("0123456789abcdefABCDEFgG/:@`x +-_\x00\xff")
		for range 50000 {
			b := make([]byte, rng.IntN(7))
			for k := range b {
				b[k] = alphabet[rng.IntN(len(alphabet))]
			}
			want, err := rune(0), error(nil)
			if len(b) < 4 {
				err = strconv.ErrSyntax
			} else {
				var v uint64
				v, err = strconv.ParseUint(string(b[:4]), 16, 32)
				want = rune(v)
			}
			got, ok := Hex4(b)
			if ok != (err == nil) || ok && got != want {
				t.Fatalf("Hex4(%q) = %#x, %v, want %#x, %v", b, got, ok, want, err == nil)
			}
		}
	})
}

// ---------------------------------------------------------------------------
// String pieces: escapes and UTF-8

// loneSurrogateFree reports whether the \u escapes of a string body pair
// up: each of \uD800-\uDBFF directly followed by one of \uDC00-\uDFFF, and
// no \uDC00-\uDFFF otherwise. Malformed escapes are left to json.Valid.
func loneSurrogateFree(s []byte) bool {
	hex := func(k int) (rune, bool) { // the \uXXXX at s[k], if any
		if k+6 > len(s) || s[k] != '\\' || s[k+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(s[k+2:k+6]), 16, 32)
		return rune(v), err == nil
	}
	for k := 0; k < len(s); k++ {
		if s[k] != '\\' {
			continue
		}
		r, ok := hex(k)
		switch {
		case !ok:
			k++ // a simple or malformed escape: skip the byte after '\\'
		case r >= 0xDC00 && r <= 0xDFFF:
			return false
		case r >= 0xD800 && r <= 0xDBFF:
			r2, ok := hex(k + 6)
			if !ok || r2 < 0xDC00 || r2 > 0xDFFF {
				return false
			}
			k += 11
		default:
			k += 5
		}
	}
	return true
}

// validBody reports whether s is the inside of a valid JSON string.
func validBody(s []byte) bool {
	q := make([]byte, 0, len(s)+2)
	q = append(append(append(q, '"'), s...), '"')
	return json.Valid(q) && utf8.Valid(s) && loneSurrogateFree(s)
}

// refEscapeLen: the shortest of 2, 6 and 12 bytes from b[i] that is, by
// itself, a valid string body; 0 if none is.
func refEscapeLen(b []byte, i int) int {
	for _, n := range []int{2, 6, 12} {
		if i+n <= len(b) && validBody(b[i:i+n]) {
			return n
		}
	}
	return 0
}

func TestEscapeLen(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{`\"`, 2},
		{`\\`, 2},
		{`\/`, 2},
		{`\b`, 2},
		{`\f`, 2},
		{`\n`, 2},
		{`\r`, 2},
		{`\t`, 2},
		{`\nabc`, 2},
		{`\a`, 0},
		{`\x`, 0},
		{`\U0041`, 0},
		{`\'`, 0},
		{"\\\x00", 0},
		{"\\\xc3\xa9", 0},
		{`\`, 0},
		{`\u0041`, 6},
		{`\u00e9`, 6},
		{`\uFFFF`, 6},
		{`\uffff`, 6},
		{`\u0000`, 6},
		{`\uD7FF`, 6},
		{`\uE000`, 6},
		{`\u0041\u0042`, 6},
		{`\u0041\uDC00`, 6},
		{`\u004`, 0},
		{`\u004g`, 0},
		{`\u`, 0},
		{`\u 041`, 0},
		{`\uD83D\uDE00`, 12},
		{`\ud83d\ude00`, 12},
		{`\uD800\uDC00`, 12},
		{`\uDBFF\uDFFF`, 12},
		{`\uD83D\uDE00xyz`, 12},
		{`\uD83D`, 0},         // lone high, at the end
		{`\uD83Dabcdef`, 0},   // lone high
		{`\uD83D\n\u0041`, 0}, // high followed by a simple escape
		{`\uD83D\u0041`, 0},   // high followed by a non-surrogate
		{`\uD83D\uD83D`, 0},   // high followed by high
		{`\uD83D\uE000`, 0},   // just past the lows
		{`\uD83D\uDBFF`, 0},   // just before the lows
		{`\uD83D\UDE00`, 0},   // 'U' is not 'u'
		{`\uD83D/uDE00`, 0},   // '/' is not '\\'
		{`\uD83D\uDE0g`, 0},   // bad hex in the low half
		{`\uDC00`, 0},         // lone low
		{`\uDFFF\uD800`, 0},   // low before high
		{`\uDE00\uD83D\uDE00`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			b := []byte(tt.in)
			if want := refEscapeLen(b, 0); want != tt.want {
				t.Fatalf("reference(%q) = %d, table says %d", tt.in, want, tt.want)
			}
			if got := EscapeLen(b, 0); got != tt.want {
				t.Errorf("EscapeLen(%q, 0) = %d, want %d", tt.in, got, tt.want)
			}
			// Cut short at every length: valid only if the cut keeps it whole.
			for n := 0; n < len(b); n++ {
				want := tt.want
				if n < want {
					want = 0
				}
				if got := EscapeLen(b[:n:n], 0); got != want {
					t.Errorf("EscapeLen(%q, 0) = %d, want %d", b[:n], got, want)
				}
			}
			// After other bytes.
			pre := append([]byte(`ab\n`), b...)
			if got := EscapeLen(pre, 4); got != tt.want {
				t.Errorf("EscapeLen(%q, 4) = %d, want %d", pre, got, tt.want)
			}
		})
	}

	t.Run("generated", func(t *testing.T) {
		rng := newRand(6)
		pieces := []string{`\`, `u`, `U`, `n`, `"`, `/`, `x`, `D83D`, `DE00`, `d800`, `DFFF`, `DBFF`, `DC00`, `0041`, `E000`, `00`, `g`, `\u`, `\uD83D`, `\uDE00`, "\xc3\xa9", " "}
		for range 50000 {
			b := []byte{'\\'}
			for n := rng.IntN(6); n > 0; n-- {
				b = append(b, pieces[rng.IntN(len(pieces))]...)
			}
			for n := 0; n <= len(b); n++ {
				if got, want := EscapeLen(b[:n:n], 0), refEscapeLen(b[:n], 0); got != want {
					t.Fatalf("EscapeLen(%q, 0) = %d, want %d", b[:n], got, want)
				}
			}
		}
	})
}

// refUTF8Len: the size of the multi-byte rune that utf8.DecodeRune finds
// at b[i], or 0 when it finds an error or an ASCII byte.
func refUTF8Len(b []byte, i int) int {
	if _, size := utf8.DecodeRune(b[i:]); size > 1 {
		return size
	}
	return 0
}

func TestUTF8Len(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"a", 0},
		{"\x7f", 0},
		{"\x80\x80", 0}, // continuation byte as lead
		{"\xbf\x80", 0},
		{"\xc0\x80", 0}, // overlong
		{"\xc1\xbf", 0}, // overlong
		{"\xc2\x80", 2}, // U+0080
		{"\xc3\xa9", 2}, // é
		{"\xdf\xbf", 2}, // U+07FF
		{"\xc2\x7f", 0}, // bad continuation
		{"\xc2\xc0", 0},
		{"\xc2", 0},         // cut short
		{"\xe0\x80\x80", 0}, // overlong
		{"\xe0\x9f\xbf", 0}, // overlong
		{"\xe0\xa0\x80", 3}, // U+0800
		{"\xe1\x80\x80", 3},
		{"\xe2\x82\xac", 3}, // €
		{"\xec\xbf\xbf", 3},
		{"\xed\x80\x80", 3}, // U+D000
		{"\xed\x9f\xbf", 3}, // U+D7FF
		{"\xed\xa0\x80", 0}, // surrogate U+D800
		{"\xed\xbf\xbf", 0}, // surrogate U+DFFF
		{"\xee\x80\x80", 3}, // U+E000
		{"\xef\xbf\xbd", 3}, // U+FFFD itself
		{"\xef\xbf\xbf", 3}, // U+FFFF
		{"\xe2\x82", 0},     // cut short
		{"\xe2", 0},
		{"\xe2\x82\x2c", 0},     // bad third byte
		{"\xe2\x02\xac", 0},     // bad second byte
		{"\xf0\x80\x80\x80", 0}, // overlong
		{"\xf0\x8f\xbf\xbf", 0}, // overlong
		{"\xf0\x90\x80\x80", 4}, // U+10000
		{"\xf0\x9f\x98\x80", 4}, // 😀
		{"\xf3\xbf\xbf\xbf", 4},
		{"\xf4\x8f\xbf\xbf", 4}, // U+10FFFF
		{"\xf4\x90\x80\x80", 0}, // past U+10FFFF
		{"\xf4\xbf\xbf\xbf", 0},
		{"\xf0\x9f\x98", 0}, // cut short
		{"\xf0\x9f", 0},
		{"\xf0", 0},
		{"\xf0\x9f\x98\xc0", 0}, // bad fourth byte
		{"\xf0\x9f\x18\x80", 0}, // bad third byte
		{"\xf5\x80\x80\x80", 0}, // never a lead
		{"\xf7\xbf\xbf\xbf", 0},
		{"\xf8\x88\x80\x80\x80", 0},
		{"\xfe\x80", 0},
		{"\xff\x80", 0},
		{"\xc3\xa9xyz", 2}, // bytes after
		{"\xe2\x82\xac\x80", 3},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.in), func(t *testing.T) {
			b := []byte(tt.in)
			if want := refUTF8Len(b, 0); want != tt.want {
				t.Fatalf("reference(%q) = %d, table says %d", tt.in, want, tt.want)
			}
			if got := UTF8Len(b, 0); got != tt.want {
				t.Errorf("UTF8Len(%q, 0) = %d, want %d", tt.in, got, tt.want)
			}
			for n := 1; n < len(b); n++ {
				want := tt.want
				if n < want {
					want = 0
				}
				if got := UTF8Len(b[:n:n], 0); got != want {
					t.Errorf("UTF8Len(%q, 0) = %d, want %d", b[:n], got, want)
				}
			}
			pre := append([]byte("ab"), b...)
			if got := UTF8Len(pre, 2); got != tt.want {
				t.Errorf("UTF8Len(%q, 2) = %d, want %d", pre, got, tt.want)
			}
			if padded := append(b[:len(b):len(b)], "xyz"...); len(padded) >= 4 {
				if got := utf8Len4(padded, 0); got != tt.want {
					t.Errorf("utf8Len4(%q, 0) = %d, want %d", padded, got, tt.want)
				}
			}
		})
	}

	// Every lead byte followed by one to three bytes from a set with the
	// edges of every continuation range, against utf8.DecodeRune.
	t.Run("all sequences", func(t *testing.T) {
		conts := []byte{0x00, 0x41, 0x7f, 0x80, 0x81, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff}
		b := make([]byte, 0, 4)
		var walk func(b []byte)
		walk = func(b []byte) {
			if got, want := UTF8Len(b, 0), refUTF8Len(b, 0); got != want {
				t.Fatalf("UTF8Len(%q, 0) = %d, want %d", b, got, want)
			}
			if len(b) == 4 {
				if got, want := utf8Len4(b, 0), refUTF8Len(b, 0); got != want {
					t.Fatalf("utf8Len4(%q, 0) = %d, want %d", b, got, want)
				}
				return
			}
			for _, c := range conts {
				walk(append(b, c))
			}
		}
		for lead := 0; lead < 256; lead++ {
			walk(append(b[:0], byte(lead)))
		}
	})
}

// ---------------------------------------------------------------------------
// ScanString

// refScanString: one past the first unescaped quote of b, when the bytes
// before it are a valid string body; otherwise 0.
func refScanString(b []byte) int {
	for k := 0; k < len(b); k++ {
		switch b[k] {
		case '\\':
			k++
		case '"':
			if validBody(b[:k]) {
				return k + 1
			}
			return 0
		}
	}
	return 0
}

// validPieces and stringPieces build generated string bodies.
var validPieces = []string{
	// plain ASCII, short and past a word
	"a", "xyz", " ", "abcdefghij", "0123456789abcdef!#", "\x7f", "~]",
	// valid escapes
	`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\uFFFF`,
	`\u0022`, `\uD83D\uDE00`, `\udbff\udfff`, `\uD800\uDC00`,
	// valid UTF-8
	"é", "€", "😀", "\uFFFD", "\U0010FFFF", "\xed\x9f\xbf", "\xee\x80\x80",
}

var stringPieces = append(validPieces[:len(validPieces):len(validPieces)],
	// invalid escapes
	`\x`, `\U0041`, `\u12`, `\uGGGG`, `\uD83D`, `\uDE00`, `\uD83Dx`,
	`\uD83D\u0041`, `\uD83D\n`, `\uDE00\uD83D`, `\`,
	// invalid UTF-8
	"\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xed\xa0\x80", "\xf0\x80\x80\x80",
	"\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xbf", "\xff", "\xe2\x82",
	"\xf0\x9f\x98", "\xc3",
	// control bytes
	"\x00", "\x01", "\x1f", "\t", "\n",
	// quotes
	`"`, `"`, `"`,
)

func stringCorpus(rng *rand.Rand) [][]byte {
	var out [][]byte
	// Every piece alone and after a word's worth of plain bytes, then a quote.
	for _, p := range stringPieces {
		for _, pre := range []string{"", "abc", "abcdefg", "abcdefgh"} {
			out = append(out, []byte(pre+p+`"`+"tail"))
		}
	}
	// Random sequences of pieces.
	for range 20000 {
		var b []byte
		for n := rng.IntN(9); n > 0; n-- {
			p := stringPieces[rng.IntN(len(stringPieces))]
			if rng.IntN(2) == 0 { // prefer valid pieces
				p = validPieces[rng.IntN(len(validPieces))]
			}
			b = append(b, p...)
		}
		if rng.IntN(4) != 0 {
			b = append(b, '"')
			for n := rng.IntN(3); n > 0; n-- {
				b = append(b, stringPieces[rng.IntN(len(stringPieces))]...)
			}
		}
		out = append(out, b)
	}
	return out
}

// checkScanString compares ScanString with the reference on b at 0, and on
// b after a few bytes that it must not read.
//
// When the string is not whole and valid in b, ScanString must stop at a
// point between two characters: the bytes it read, closed with a quote,
// make a whole valid string.
func checkScanString(t *testing.T, b []byte) bool {
	t.Helper()
	want := refScanString(b)
	if got := scanClosed(b, 0); got != want {
		t.Errorf("ScanString(%q, 0) = %d, want %d", b, got, want)
		return false
	}
	if j, closed := ScanString(b, 0); !closed {
		read := append(b[:j:j], '"')
		if refScanString(read) != len(read) {
			t.Errorf("ScanString(%q, 0) stopped at %d, inside a sequence or after a bad byte", b, j)
			return false
		}
	}
	pre := append([]byte(`\"`), b...)
	if want > 0 {
		want += 2
	}
	if got := scanClosed(pre, 2); got != want {
		t.Errorf("ScanString(%q, 2) = %d, want %d", pre, got, want)
		return false
	}
	return true
}

// scanClosed is ScanString's end when it found the closing quote, else 0.
func scanClosed(b []byte, i int) int {
	if j, closed := ScanString(b, i); closed {
		return j
	}
	return 0
}

// charPrefix reports whether p begins some valid UTF-8 character: the
// utf8 package's reading, independent of UTF8First.
func charPrefix(p []byte) bool {
	if !utf8.FullRune(p) {
		return true // cut short, and not yet wrong
	}
	r, n := utf8.DecodeRune(p)
	return (r != utf8.RuneError || n > 1) && n == len(p)
}

// refBadUTF8 is BadUTF8 by brute force: the first byte after which the
// bytes begin no character, and the bytes that charPrefix allows there.
func refBadUTF8(b []byte, i int) (at int, lo, hi byte) {
	for k := i; k < len(b) && k < i+4; k++ {
		if charPrefix(b[i : k+1]) {
			if r, n := utf8.DecodeRune(b[i : k+1]); n == k+1-i && (r != utf8.RuneError || n > 1) {
				return -1, 0, 0 // a whole character
			}
			continue
		}
		if k == i {
			return i, 0, 0
		}
		lo, hi = 0xFF, 0
		p := append([]byte(nil), b[i:k+1]...)
		for c := 0; c < 256; c++ {
			if p[len(p)-1] = byte(c); charPrefix(p) {
				lo, hi = min(lo, byte(c)), max(hi, byte(c))
			}
		}
		return k, lo, hi
	}
	return -1, 0, 0
}

// TestBadUTF8 compares BadUTF8 with the brute-force reading for every
// lead and second byte, with third and fourth bytes in and out of the
// continuation range, whole and cut short.
func TestBadUTF8(t *testing.T) {
	type res struct {
		at     int
		lo, hi byte
	}
	memo := map[string]res{}
	ref := func(b []byte) res {
		k := string(b)
		if r, ok := memo[k]; ok {
			return r
		}
		at, lo, hi := refBadUTF8(b, 0)
		memo[k] = res{at, lo, hi}
		return memo[k]
	}
	bad := 0
	for c0 := 0; c0 < 256; c0++ {
		for c1 := 0; c1 < 256; c1++ {
			for _, c2 := range []byte{0x80, 0xC0} {
				for _, c3 := range []byte{0x41, 0xBF} {
					full := []byte{byte(c0), byte(c1), c2, c3}
					for n := 1; n <= 4; n++ {
						b := full[:n]
						want := ref(b)
						at, lo, hi := BadUTF8(b, 0)
						if (res{at, lo, hi}) != want && bad < 10 {
							bad++
							t.Errorf("BadUTF8(% x) = %d, %#x..%#x; want %d, %#x..%#x", b, at, lo, hi, want.at, want.lo, want.hi)
						}
					}
				}
			}
		}
	}
	// Sanity of the reference itself, so that a broken reference cannot
	// pass a broken BadUTF8.
	for _, tc := range []struct {
		in     string
		at     int
		lo, hi byte
	}{
		{"a", -1, 0, 0},
		{"\xc3\xa9", -1, 0, 0},
		{"\xe6\x97x", 2, 0x80, 0xBF},
		{"\xe0\x80", 1, 0xA0, 0xBF},
		{"\xed\xa0", 1, 0x80, 0x9F},
		{"\xf4\x90", 1, 0x80, 0x8F},
		{"\xff", 0, 0, 0},
		{"\xf0\x9f\x98", -1, 0, 0},
	} {
		at, lo, hi := refBadUTF8([]byte(tc.in), 0)
		if at != tc.at || lo != tc.lo || hi != tc.hi {
			t.Errorf("refBadUTF8(%q) = %d, %#x..%#x; want %d, %#x..%#x", tc.in, at, lo, hi, tc.at, tc.lo, tc.hi)
		}
	}
}

func TestInvalidUTF8Text(t *testing.T) {
	if got, want := InvalidUTF8(0xff, 0, 0), "invalid UTF-8 byte 0xff in string"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := InvalidUTF8('y', 0x80, 0xbf), "invalid UTF-8 byte 0x79 in string, where 0x80 to 0xbf must continue the character"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestScanString(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{`"`, 1},
		{`",`, 1},
		{`abc"`, 4},
		{`abc"def"`, 4},
		{`abcdefghijklmnop"`, 17},
		{`abc`, 0},
		{``, 0},
		{`\""`, 3},
		{`\\"`, 3},
		{`\\\""`, 5},
		{`\"`, 0},
		{`\n\t\/"`, 7},
		{`\u0041"`, 7},
		{`\uD83D\uDE00"`, 13},
		{`\uD83D"`, 0},
		{`\uDE00"`, 0},
		{`\uD83D\u0041"`, 0},
		{`\x"`, 0},
		{"é€😀\"", 10},
		{"\xed\xa0\x80\"", 0},
		{"\xc0\x80\"", 0},
		{"\xe2\x82\"", 0},
		{"a\x00\"", 0},
		{"a\x1f\"", 0},
		{"a\tb\"", 0},
		{"a\x7fb\"", 4},
		{"abcdefg\x7f\"", 9},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.in), func(t *testing.T) {
			b := []byte(tt.in)
			if want := refScanString(b); want != tt.want {
				t.Fatalf("reference(%q) = %d, table says %d", tt.in, want, tt.want)
			}
			checkScanString(t, b)
		})
	}

	t.Run("generated", func(t *testing.T) {
		for _, b := range stringCorpus(newRand(7)) {
			for n := 0; n <= len(b); n++ { // cut at every length
				if !checkScanString(t, b[:n:n]) {
					return
				}
			}
		}
	})
}

func FuzzScanString(f *testing.F) {
	for _, s := range []string{
		``, `"`, `abc"`, `\"abc"`, `\u0041"`, `\uD83D\uDE00"x`, `\uD83D"`, `\uDE00"`,
		"é€😀\"", "\xed\xa0\x80\"", "\xf4\x90\x80\x80\"", "a\x00\"", `abcdefghijklmnop\n"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 256 { // long inputs add nothing but slow minimizing
			t.Skip()
		}
		checkScanString(t, b)
	})
}

func TestNumberBytesAndLiterals(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c >= '0' && c <= '9' || strings.IndexByte(".eE+-", byte(c)) >= 0
		if got := IsNumberByte(byte(c)); got != want {
			t.Errorf("IsNumberByte(%q) = %v, want %v", byte(c), got, want)
		}
	}
	for i, lit := range Literals {
		if got := LiteralIndex(lit[0]); int(got) != i {
			t.Errorf("LiteralIndex(%q) = %d, want %d", lit[0], got, i)
		}
	}
}

func TestAppendPointerShown(t *testing.T) {
	short := "/a/0/" + strings.Repeat("x", MaxPointerShown-5)
	if got := string(AppendPointerShown(nil, short)); got != short {
		t.Errorf("at the limit: %q, want it whole", got)
	}

	deep := strings.Repeat("/0", 10000)
	want := "at " + strings.Repeat("/0", 31) + "…(19874 bytes)…" + strings.Repeat("/0", 32)
	if got := string(AppendPointerShown([]byte("at "), deep)); got != want {
		t.Errorf("10000 levels: %q, want %q", got, want)
	}

	// Names of multi-byte characters, and names longer than the limit:
	// the ends are whole characters, and the count adds up.
	for _, p := range []string{
		strings.Repeat("/名前", 40),
		"/" + strings.Repeat("é", 200),
		"/" + strings.Repeat("😀", 100) + "/x",
		strings.Repeat("/ab~1c", 50),
	} {
		got := string(AppendPointerShown(nil, p))
		head, rest, ok1 := strings.Cut(got, "…(")
		n, tail, ok2 := strings.Cut(rest, " bytes)…")
		switch {
		case !utf8.ValidString(got) || len(got) > MaxPointerShown+32 || !ok1 || !ok2:
			t.Errorf("%q: not a short valid form", got)
		case !strings.HasPrefix(p, head) || !strings.HasSuffix(p, tail):
			t.Errorf("%q: the ends are not the pointer's", got)
		case n != strconv.Itoa(len(p)-len(head)-len(tail)):
			t.Errorf("%q: %s bytes left out, want %d", got, n, len(p)-len(head)-len(tail))
		}
	}
}

func TestAppendPointerName(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		cut  bool
		want string
	}{
		{`a~b/c`, false, "/a~0b~1c"},
		{`\/\u00e9\ud83d\ude00`, false, "/~1é😀"},
		{`ab`, true, "/ab…"},
		{strings.Repeat("x", MaxPointerName), false, "/" + strings.Repeat("x", MaxPointerName)},
		{strings.Repeat("x", MaxPointerName+1), false, "/" + strings.Repeat("x", MaxPointerName) + "…"},
	} {
		if got := string(AppendPointerName(nil, []byte(tc.raw), tc.cut)); got != tc.want {
			t.Errorf("AppendPointerName(%q, %v) = %q, want %q", tc.raw, tc.cut, got, tc.want)
		}
	}
}

// TestPointerNameCutsWholeCharacters puts each kind of character and
// escape across the cut after MaxPointerName bytes, at every place: the
// pointer shows the whole units before the cut and none of the one across
// it, so it stays valid UTF-8. The name is built from units whose
// decoded text is known, and the expected pointer from the units alone.
func TestPointerNameCutsWholeCharacters(t *testing.T) {
	units := []struct{ raw, text string }{
		{"é", "é"}, {"東", "東"}, {"😀", "😀"},
		{`\n`, "\n"}, {`\u00e9`, "é"}, {`\ud83d\ude00`, "😀"}, {`\/`, "~1"},
	}
	for _, u := range units {
		for pad := MaxPointerName - len(u.raw) - 2; pad <= MaxPointerName; pad++ {
			raw := strings.Repeat("x", pad) + u.raw + strings.Repeat("y", 12)
			want := "/" + strings.Repeat("x", min(pad, MaxPointerName))
			if end := pad + len(u.raw); end <= MaxPointerName {
				want += u.text + strings.Repeat("y", MaxPointerName-end)
			}
			want += "…"
			for _, in := range [][]byte{[]byte(raw), []byte(raw)[:MaxPointerName]} {
				got := AppendPointerName(nil, in, len(in) < len(raw))
				if string(got) != want || !utf8.Valid(got) {
					t.Errorf("name %q (%d bytes given): pointer %q, want %q", raw, len(in), got, want)
				}
			}
		}
	}
}

// TestCharStart puts a cut after every byte of valid strings, and wants
// the cut moved back to the start of the character it falls in.
func TestCharStart(t *testing.T) {
	for _, s := range []string{"", "a", "é", "€", "😀", "aé€😀b", "😀😀", "x€\U0010FFFF\u0080"} {
		b := []byte(s)
		for j := 0; j <= len(b); j++ {
			want := j
			for want > 0 && !utf8.RuneStart(b[min(want, len(b)-1)]) {
				want--
			}
			if j == len(b) {
				want = j
			}
			if got := charStart(b, 0, j); got != want {
				t.Errorf("charStart(%q, 0, %d) = %d, want %d", s, j, got, want)
			}
			if j > 0 { // lo is never passed
				if got := charStart(b, j, j); got != j {
					t.Errorf("charStart(%q, %d, %d) = %d, want %d", s, j, j, got, j)
				}
			}
		}
	}
}
