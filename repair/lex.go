package repair

// This file holds the stateless byte-level helpers of the lenient lexer.
// They look at bytes and report; they never touch the parser or the log.

import (
	"bytes"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Byte classes, looked up through the [256] table below.
const (
	clsSpace = 1 << iota // JSON whitespace
	clsPlain             // a byte copied as is inside a double-quoted string
	clsAlt               // the same inside a single- or smart-quoted string
	clsWord              // a byte that can continue a number or a bare word
	clsIdent             // a byte that can start a bare word
	clsDigit             // 0-9
	clsStart             // a byte that can start a value in strict JSON
	clsBare              // a byte that a bare value copies with no look
)

var class = func() (t [256]uint8) {
	for c := 0x20; c < 0x80; c++ {
		if c != '"' && c != '\\' {
			t[c] |= clsPlain
			if c != '\'' && c != '`' {
				t[c] |= clsAlt
			}
		}
	}
	for _, c := range " \t\n\r" {
		t[c] |= clsSpace
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= clsWord | clsIdent
		t[c-'a'+'A'] |= clsWord | clsIdent
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= clsWord | clsDigit | clsStart
	}
	for _, c := range "_$" {
		t[c] |= clsWord | clsIdent
	}
	for _, c := range ".+-" {
		t[c] |= clsWord
	}
	for _, c := range `{["-tfn` {
		t[c] |= clsStart
	}
	for c := 0x21; c < 0x7f; c++ {
		if !bytes.ContainsRune([]byte(",]}[{\"\\)#/`"), rune(c)) {
			t[c] |= clsBare
		}
	}
	return t
}()

func isSpace(c byte) bool { return class[c]&clsSpace != 0 }
func isWord(c byte) bool  { return class[c]&clsWord != 0 }
func isDigit(c byte) bool { return class[c]&clsDigit != 0 }
func isIdent(c byte) bool { return class[c]&clsIdent != 0 }

// isNameByte reports whether c can continue an unquoted object name.
// A dash is allowed so that {content-type: 1} works; a dot is not.
func isNameByte(c byte) bool { return nameBytes[c] }

// nameBytes marks the bytes of a bare name (isNameByte): word bytes
// but '.' and '+'. wordBytes marks those of a bare word (wordEnd): word
// bytes but '.', '+' and '-'. A table each costs a load where the tests
// cost three and four.
var nameBytes, wordBytes = func() (n, w [256]bool) {
	for c := range 256 {
		n[c] = class[c]&clsWord != 0 && c != '.' && c != '+'
		w[c] = n[c] && c != '-'
	}
	return n, w
}()

// scanNumber returns the end of the strict JSON number starting at b[i],
// and whether a complete number was read. An incomplete number with end
// == len(b) was cut off by the end of the input.
func scanNumber(b []byte, i int) (end int, ok bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i == len(b):
		return i, false
	case b[i] == '0':
		i++
	case isDigit(b[i]):
		for i++; i < len(b) && isDigit(b[i]); i++ {
		}
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i == len(b) || !isDigit(b[i]) {
			return i, false
		}
		for i++; i < len(b) && isDigit(b[i]); i++ {
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i == len(b) || !isDigit(b[i]) {
			return i, false
		}
		for i++; i < len(b) && isDigit(b[i]); i++ {
		}
	}
	return i, true
}

// Escape status, from scanEscape.
const (
	escOK        = iota // a valid JSON escape
	escInvalid          // an escape JSON does not define
	escPartial          // the input ends inside the escape
	escSurrogate        // a \u escape of half a surrogate pair, alone
)

// scanEscape looks at the escape whose backslash is b[i] and returns its
// length and status. A surrogate pair, two \u escapes, is one escape of
// 12 bytes, and its first half alone at the end of the input is partial;
// half a pair anywhere else is a 6-byte escSurrogate, which the tokenizer
// rejects (see the tokenizer's package doc).
func scanEscape(b []byte, i int) (n int, status int) {
	if i+1 >= len(b) {
		return len(b) - i, escPartial
	}
	switch b[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, escOK
	case 'u':
		r, n, st := scanHex4(b, i)
		switch {
		case st != escOK:
			return n, st
		case r >= 0xDC00 && r <= 0xDFFF:
			return 6, escSurrogate
		case r < 0xD800 || r > 0xDFFF:
			return 6, escOK
		}
		if i+6 == len(b) || b[i+6] != '\\' {
			return scanLow(b, i, i+6)
		}
		if i+7 == len(b) || b[i+7] != 'u' {
			return scanLow(b, i, i+7)
		}
		r, n, st = scanHex4(b, i+6)
		switch {
		case st == escPartial:
			return 6 + n, st
		case st == escOK && r >= 0xDC00 && r <= 0xDFFF:
			return 12, escOK
		}
		return 6, escSurrogate
	}
	return 2, escInvalid
}

// scanLow is scanEscape's answer for the high surrogate at b[i] when the
// low one's escape does not go on at b[k]: the input may end there, or
// the high surrogate is alone.
func scanLow(b []byte, i, k int) (int, int) {
	if k == len(b) {
		return k - i, escPartial
	}
	return 6, escSurrogate
}

// scanHex4 reads the four hex digits of the \u escape at b[i] and
// returns their value, with scanEscape's length and status.
func scanHex4(b []byte, i int) (r rune, n int, status int) {
	for k := i + 2; k < min(i+6, len(b)); k++ {
		if !isHex(b[k]) {
			return 0, 2, escInvalid
		}
	}
	if i+6 > len(b) {
		return 0, len(b) - i, escPartial
	}
	r, _ = jsonwire.Hex4(b[i+2:])
	return r, 6, escOK
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Smart quotes are the three-byte UTF-8 sequences E2 80 xx.
const (
	smartLeftSingle  = 0x98 // ‘
	smartRightSingle = 0x99 // ’
	smartLeftDouble  = 0x9C // “
	smartRightDouble = 0x9D // ”
)

// smartQuote returns the last byte of the smart quote at b[i], or 0.
func smartQuote(b []byte, i int) byte {
	if i+2 < len(b) && b[i] == 0xE2 && b[i+1] == 0x80 {
		switch c := b[i+2]; c {
		case smartLeftSingle, smartRightSingle, smartLeftDouble, smartRightDouble:
			return c
		}
	}
	return 0
}

// endsQuote reports whether b ends with a quote: double, single or smart.
func endsQuote(b []byte) bool {
	n := len(b)
	return n > 0 && (b[n-1] == '"' || b[n-1] == '\'') || n >= 3 && smartQuote(b, n-3) != 0
}

// startsQuote reports whether b begins with a quote: double, single or
// smart.
func startsQuote(b []byte) bool {
	return len(b) > 0 && (b[0] == '"' || b[0] == '\'') || smartQuote(b, 0) != 0
}

// ctrlEscape maps a control character to its shortest JSON escape. The
// texts are constants (see constTexts).
var ctrlEscape = [0x20]string{
	`\u0000`, `\u0001`, `\u0002`, `\u0003`, `\u0004`, `\u0005`, `\u0006`, `\u0007`,
	`\b`, `\t`, `\n`, `\u000b`, `\f`, `\r`, `\u000e`, `\u000f`,
	`\u0010`, `\u0011`, `\u0012`, `\u0013`, `\u0014`, `\u0015`, `\u0016`, `\u0017`,
	`\u0018`, `\u0019`, `\u001a`, `\u001b`, `\u001c`, `\u001d`, `\u001e`, `\u001f`,
}

// fenceLen returns the length of a Markdown fence opening at b[i]: three
// or more backticks, an optional language tag, spaces and one line end.
// It returns 0 if b[i:] does not start with a fence.
func fenceLen(b []byte, i int, opening bool) int {
	j := i
	for j < len(b) && b[j] == '`' {
		j++
	}
	if j-i < 3 {
		return 0
	}
	if !opening {
		return j - i
	}
	for j < len(b) && (isWord(b[j]) || b[j] == '-') {
		j++
	}
	for j < len(b) && (b[j] == ' ' || b[j] == '\t') {
		j++
	}
	if j < len(b) && b[j] == '\r' {
		j++
	}
	if j < len(b) && b[j] == '\n' {
		j++
	}
	return j - i
}

// nextOpen returns the index of the first '{' or '[' at or after i, or -1.
func nextOpen(b []byte, i int) int {
	for ; i < len(b); i++ {
		if b[i] == '{' || b[i] == '[' {
			return i
		}
	}
	return -1
}

// indexClose returns the offset just past the first "*/" at or after i,
// or -1.
func indexClose(b []byte, i int) int {
	if k := bytes.Index(b[i:], []byte("*/")); k >= 0 {
		return i + k + 2
	}
	return -1
}
