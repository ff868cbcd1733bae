package tokenizer

import "encoding/binary"

// This file holds the stateless byte-level tables and helpers. The
// stateful machine that uses them is in tokenizer.go and lex.go.

// strPlain marks bytes that may stand in a string as they are and need no
// further look: printable ASCII other than '"' and '\\'.
var strPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// isSpace marks the four whitespace bytes of RFC 8259.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// hexValue maps a hex digit to its value and anything else to -1.
var hexValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = int8(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = int8(c - 'a' + 10)
		t[c-'a'+'A'] = int8(c - 'a' + 10)
	}
	return t
}()

// Eight bytes at a time: masks for the SWAR scans below.
const (
	ones8   = 0x0101010101010101
	highs8  = 0x8080808080808080
	spaces8 = 0x2020202020202020
)

// skipSpace returns the index of the first non-whitespace byte of b at
// or after i. Indented JSON has long runs of spaces; it takes them eight
// at a time.
func skipSpace(b []byte, i int) int {
	for {
		for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:]) == spaces8 {
			i += 8
		}
		if i == len(b) || !isSpace[b[i]] {
			return i
		}
		i++
	}
}

// skipPlain returns the index of the first byte of b at or after i that is
// not strPlain: a quote, a backslash, a control or a non-ASCII byte.
func skipPlain(b []byte, i int) int {
	for i+8 <= len(b) {
		w := binary.LittleEndian.Uint64(b[i:])
		quote := w ^ ('"' * ones8)
		slash := w ^ ('\\' * ones8)
		// A zero byte in quote or slash, a byte below 0x20, or a byte with
		// the high bit set. Each test is exact about whether any byte of w
		// matches, which is all the loop needs.
		special := ((quote-ones8)&^quote | (slash-ones8)&^slash | (w-spaces8)&^w | w) & highs8
		if special != 0 {
			break
		}
		i += 8
	}
	for i < len(b) && strPlain[b[i]] {
		i++
	}
	return i
}

// scanNumber returns the end of a number that starts at b[i] and ends
// inside b, or 0 when that is not certain: the number runs to the end of
// b, or something is wrong with it. The state machine in lex.go handles
// those cases, and reports errors.
func scanNumber(b []byte, i int) int {
	j := i
	if b[j] == '-' {
		j++
	}
	switch {
	case j == len(b):
		return 0
	case b[j] == '0':
		j++
	case b[j] >= '1' && b[j] <= '9':
		j++
		for j < len(b) && isDigit(b[j]) {
			j++
		}
	default:
		return 0
	}
	if j < len(b) && b[j] == '.' {
		j++
		k := j
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		if j == k {
			return 0
		}
	}
	if j < len(b) && b[j]|0x20 == 'e' {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		k := j
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		if j == k {
			return 0
		}
	}
	if j == len(b) || isDigit(b[j]) { // cut by the chunk, or a leading zero
		return 0
	}
	return j
}

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return c-'0' < 10 }

// simpleEscape marks the bytes that may follow '\\' other than 'u'.
var simpleEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// utf8First describes a UTF-8 leading byte: how many continuation bytes
// follow and the allowed range of the first of them (RFC 3629 §4).
// need is 0 for ASCII and for bytes that can never lead a sequence.
type utf8Lead struct{ need, lo, hi byte }

var utf8First = func() (t [256]utf8Lead) {
	for c := 0xC2; c <= 0xDF; c++ {
		t[c] = utf8Lead{1, 0x80, 0xBF}
	}
	for c := 0xE0; c <= 0xEF; c++ {
		t[c] = utf8Lead{2, 0x80, 0xBF}
	}
	t[0xE0].lo = 0xA0 // no overlong forms
	t[0xED].hi = 0x9F // no UTF-16 surrogates
	for c := 0xF0; c <= 0xF4; c++ {
		t[c] = utf8Lead{3, 0x80, 0xBF}
	}
	t[0xF0].lo = 0x90 // no overlong forms
	t[0xF4].hi = 0x8F // nothing past U+10FFFF
	return t
}()

var literals = [3]string{"true", "false", "null"}
var literalKinds = [3]Kind{True, False, Null}
