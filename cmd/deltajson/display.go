package main

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// The text a stream carries (tool names, keys, argument text, error
// messages that quote a member name) reaches a terminal only through
// these, so that a control character in it can neither break a line of
// output in two nor move the cursor or recolor the terminal.

// printable returns s as it is when every character of it prints, and
// otherwise quoted, with Go's escapes.
func printable(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// appendOneLine appends v, a valid JSON text or the tail of one, to dst
// on one line: tabs, line feeds and carriage returns, which valid JSON
// has only between tokens, become spaces, and any other character that
// does not print (only possible inside a string) becomes its \u escape,
// so that the line still reads as the same JSON.
func appendOneLine(dst, v []byte) []byte {
	for len(v) > 0 {
		r, n := utf8.DecodeRune(v)
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			dst = append(dst, ' ')
		case r == utf8.RuneError && n == 1:
			dst = append(dst, `\ufffd`...)
		case r < utf8.RuneSelf && (r < ' ' || r == 0x7f), r >= utf8.RuneSelf && !unicode.IsPrint(r):
			dst = appendUEscape(dst, r)
		default:
			dst = append(dst, v[:n]...)
		}
		v = v[n:]
	}
	return dst
}

// appendUEscape appends r as JSON escapes: one \uXXXX, or a surrogate
// pair for a rune past the Basic Multilingual Plane.
func appendUEscape(dst []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	u := func(dst []byte, x rune) []byte {
		return append(dst, '\\', 'u', hex[x>>12&15], hex[x>>8&15], hex[x>>4&15], hex[x&15])
	}
	if r > 0xFFFF {
		r -= 0x10000
		return u(u(dst, 0xD800+r>>10), 0xDC00+r&0x3FF)
	}
	return u(dst, r)
}
