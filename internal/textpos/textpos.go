// Package textpos places bytes of a text for a human reader: a line and a
// column counted in characters, and the part of a text that a message
// shows, cut between characters. The CLI's messages and package repair's
// log count and cut alike through it.
package textpos

import (
	"bytes"
	"unicode/utf8"
)

// Forward returns the line and column after b, from line and col before
// it. A line ends at '\n'; the column counts characters (see Chars).
func Forward(line, col int, b []byte) (int, int) {
	if nl := bytes.LastIndexByte(b, '\n'); nl >= 0 {
		line, col, b = line+bytes.Count(b, []byte{'\n'}), 1, b[nl+1:]
	}
	return line, col + Chars(b)
}

// Chars counts the characters of b: its bytes that do not continue a
// UTF-8 sequence, so that a character split between two calls counts
// once. Before an invalid byte this can count fewer than
// utf8.RuneCount, which takes each stray continuation byte as a
// character: "\xe6\x97x" is two characters here, and three there.
func Chars(b []byte) int {
	n := 0
	for _, c := range b {
		if utf8.RuneStart(c) {
			n++
		}
	}
	return n
}

// Head returns at most n bytes from the start of s, less a character
// that the cut after them would split.
func Head[T ~string | ~[]byte](s T, n int) T {
	if len(s) <= n {
		return s
	}
	for k := n; k > n-utf8.UTFMax && k >= 0; k-- {
		if utf8.RuneStart(s[k]) {
			return s[:k]
		}
	}
	return s[:n] // not UTF-8 there: cut anywhere
}

// Tail returns at most n bytes from the end of s, less the rest of a
// character that the cut before them would split.
func Tail[T ~string | ~[]byte](s T, n int) T {
	if len(s) <= n {
		return s
	}
	from := len(s) - n
	for k := from; k < from+utf8.UTFMax && k <= len(s); k++ {
		if k == len(s) || utf8.RuneStart(s[k]) {
			return s[k:]
		}
	}
	return s[from:]
}
