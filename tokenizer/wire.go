package tokenizer

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
