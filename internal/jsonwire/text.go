package jsonwire

// This file holds the text side: decoded string contents, and the words
// and JSON Pointers of errors, which the tokenizer and package repair
// render alike. The scans are in jsonwire.go.

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/deltajson/deltajson/internal/textpos"
)

// BadUTF8 finds the byte of b that makes the UTF-8 sequence at b[i]
// invalid: the first that no valid character can have there. When that
// byte continues the sequence, lo and hi are the range the sequence
// allowed in its place; when it is b[i] itself, which cannot begin a
// character, they are 0. It returns -1 when the sequence is valid or b
// ends before it does. i must be an index of b.
func BadUTF8(b []byte, i int) (at int, lo, hi byte) {
	lead := UTF8First[b[i]]
	if lead.Need == 0 {
		if b[i] < 0x80 {
			return -1, 0, 0
		}
		return i, 0, 0
	}
	lo, hi = lead.Lo, lead.Hi
	for k := 1; k <= int(lead.Need) && i+k < len(b); k++ {
		if c := b[i+k]; c < lo || c > hi {
			return i + k, lo, hi
		}
		lo, hi = 0x80, 0xBF
	}
	return -1, 0, 0
}

// InvalidUTF8 words the reason for an invalid UTF-8 byte c in a string,
// where lo to hi was allowed (0 and 0: c cannot begin a character). The
// tokenizer and the repair parser say it alike.
func InvalidUTF8(c, lo, hi byte) string {
	why := "invalid UTF-8 byte " + HexByte(c) + " in string"
	if hi != 0 {
		why += ", where " + HexByte(lo) + " to " + HexByte(hi) + " must continue the character"
	}
	return why
}

// What is wrong with half a surrogate pair alone in a \u escape. The
// tokenizer and package repair word it alike.
const (
	LoneHigh = "high surrogate not followed by a low surrogate"
	LoneLow  = "low surrogate without a high surrogate before it"
)

// HexByte names a byte by its value, as in "0xc3".
func HexByte(c byte) string {
	const hex = "0123456789abcdef"
	return string([]byte{'0', 'x', hex[c>>4], hex[c&15]})
}

// AppendUnescaped appends the decoded inside of a valid JSON string to
// dst. It trusts its input to have been validated; on anything else it
// copies bytes.
func AppendUnescaped(dst, b []byte) []byte {
	n := len(dst)
	dst = slices.Grow(dst, len(b))[:n+len(b)] // decoded, a string is never longer
	out, w, i := dst[n:], 0, 0
	for i < len(b) {
		if vector && len(b)-i >= 64 {
			nw, ni := unescapeVector(out[w:], b[i:])
			i, w = i+ni, w+nw
		}
		// Plain bytes a word at a time, stored before they are looked at:
		// w <= i, so a whole word of b fits in out, and bytes stored past
		// a backslash are stored again.
		if i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			binary.LittleEndian.PutUint64(out[w:], x)
			x ^= '\\' * ones8
			z := (x - ones8) &^ x & highs8
			if z == 0 {
				i, w = i+8, w+8
				continue
			}
			k := bits.TrailingZeros64(z) >> 3
			i, w = i+k, w+k
		} else {
			for i < len(b) && b[i] != '\\' {
				out[w] = b[i]
				i, w = i+1, w+1
			}
			if i == len(b) {
				break
			}
		}
		j := i             // b[j] is a backslash
		if j+1 == len(b) { // a lone one at the end
			out[w] = '\\'
			w++
			break
		}
		c := b[j+1]
		i = j + 2
		if c != 'u' {
			if d := unescaped[c]; d != 0 {
				out[w] = d
				w++
			} else {
				w += copy(out[w:], b[j:i])
			}
			continue
		}
		r, ok := Hex4(b[i:])
		if !ok {
			w += copy(out[w:], b[j:])
			break
		}
		i += 4
		if utf16.IsSurrogate(r) {
			r2, ok := rune(0), i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u'
			if ok {
				r2, ok = Hex4(b[i+2:])
			}
			if r = utf16.DecodeRune(r, r2); ok && r != utf8.RuneError {
				i += 6
			}
		}
		w += utf8.EncodeRune(out[w:], r) // at most 4 bytes for the 6 or 12 read
	}
	return dst[:n+w]
}

// unescaped maps the byte after a backslash to the byte it stands for,
// and any other to 0.
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// MaxPointerName is the most raw (still escaped) bytes of a member name
// that a JSON Pointer in this module holds: a longer name is cut to it.
const MaxPointerName = 128

// AppendPointerName appends a member name's reference token to a JSON
// Pointer: '/', then raw, the inside of the name's string, decoded, with
// '~' and '/' escaped per RFC 6901. A name cut for length ends in "…":
// raw longer than MaxPointerName is cut here, and cut says raw was cut
// already (a name kept at its first MaxPointerName bytes). A cut name
// shows its whole characters only (see cutName).
func AppendPointerName(dst, raw []byte, cut bool) []byte {
	if cut || len(raw) > MaxPointerName {
		raw, cut = cutName(raw), true
	}
	var tmp [MaxPointerName * 3]byte
	dst = AppendPointerToken(dst, AppendUnescaped(tmp[:0], raw))
	if cut {
		dst = append(dst, "…"...)
	}
	return dst
}

// AppendPointerToken appends a reference token to a JSON Pointer: '/',
// then name, a member name's decoded text, whole, with '~' and '/'
// escaped per RFC 6901.
func AppendPointerToken(dst, name []byte) []byte {
	dst = append(dst, '/')
	for _, c := range name {
		switch c {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// cutName returns the part of a name's raw bytes that a pointer shows
// when the name is cut: its first MaxPointerName bytes, less a character
// or escape they end inside of. The cut depends on those bytes alone,
// which is all that a name kept for a pointer has, so it is the same
// however the name arrived. (A \u escape of a high surrogate counts with
// the low one that must follow it.)
func cutName(raw []byte) []byte {
	raw = raw[:min(len(raw), MaxPointerName)]
	for i := 0; i < len(raw); {
		n := 1
		switch c := raw[i]; {
		case c == '\\':
			n = 2
			if i+1 < len(raw) && raw[i+1] == 'u' {
				n = 6
				if r, ok := Hex4(raw[i+2:]); ok && r >= 0xD800 && r <= 0xDBFF {
					n = 12
				}
			}
		case c >= 0x80:
			n += int(UTF8First[c].Need)
		}
		if i+n > len(raw) {
			return raw[:i]
		}
		i += n
	}
	return raw
}

// MaxPointerShown is the most bytes of a JSON Pointer that an error
// message quotes. The pointer of a deeply nested value grows with the
// input (10000 levels of '[' make a 20 KB pointer), and messages end up in
// logs; the full pointer stays in the error's Pointer field.
const MaxPointerShown = 128

// AppendPointerShown appends p to b for a message: whole when it has at
// most MaxPointerShown bytes, and otherwise about half of them from each
// end around a note of how many bytes are left out, as in
// "/0/0/0…(19940 bytes)…/0/0/0". Each end is cut before a '/' when it
// has one, and never inside a UTF-8 sequence.
func AppendPointerShown(b []byte, p string) []byte {
	if len(p) <= MaxPointerShown {
		return append(b, p...)
	}
	const half = MaxPointerShown / 2
	head, tail := textpos.Head(p, half), textpos.Tail(p, half)
	if i := strings.LastIndexByte(head, '/'); i > 0 {
		head = head[:i]
	}
	if i := strings.IndexByte(tail, '/'); i >= 0 {
		tail = tail[i:]
	}
	b = append(b, head...)
	b = append(b, "…("...)
	b = strconv.AppendInt(b, int64(len(p)-len(head)-len(tail)), 10)
	b = append(b, " bytes)…"...)
	return append(b, tail...)
}

// IndexBackslash returns the index of b's first backslash, or len(b): a
// word at a time, since in string contents escapes come every few bytes,
// too close for a call to bytes.IndexByte to pay, and names are short.
func IndexBackslash(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:]) ^ '\\'*ones8
		// A zero byte of w, and the lowest one first: a borrow only
		// flags bytes above a true match.
		if z := (w - ones8) &^ w & highs8; z != 0 {
			return i + bits.TrailingZeros64(z)>>3
		}
	}
	for i < len(b) && b[i] != '\\' {
		i++
	}
	return i
}
