package jsonwire

import "slices"

// AppendUnescapedDense is AppendUnescaped for contents whose escapes come
// every few bytes, as JSON text quoted in a string does: with the vector
// scans on, it decodes 32 bytes a step whatever their escapes, where
// AppendUnescaped takes escapes one at a time. It appends the same bytes
// as AppendUnescaped, and trusts its input as that does.
func AppendUnescapedDense(dst, b []byte) []byte {
	if !vector || !denseOK || len(b) < 32 {
		return AppendUnescaped(dst, b)
	}
	n := len(dst)
	if cap(dst)-n < len(b)+8 {
		dst = slices.Grow(dst, len(b)+8)
	}
	nd, ns := unescapeDenseVector(dst[n:n+len(b)+8], b)
	if ns == len(b) {
		return dst[:n+nd]
	}
	return AppendUnescaped(dst[:n+nd], b[ns:])
}

// ScanUnescape reads the contents of a string that begin at b[i], and
// appends them decoded to dst. When ScanString(b, i) finds the string
// whole and valid, it returns dst with the contents appended, the index
// just past the closing quote, and true; otherwise dst as it came, and
// false. With the vector scans on it reads and decodes in one pass, 32
// bytes a step, until a control byte, a \u escape or something wrong
// leaves the rest to ScanString and AppendUnescapedDense.
func ScanUnescape(dst, b []byte, i int) ([]byte, int, bool) {
	n := len(dst)
	// The scan reads the three bytes before b[i], and before the last
	// 32 of b, as those before a sequence: ASCII, they begin none.
	if vector && denseOK && len(b) >= 35 && i >= 3 && i <= len(b) && b[i-1]|b[i-2]|b[i-3] < 0x80 {
		room := len(b) - i + 8
		if cap(dst)-n < room {
			dst = slices.Grow(dst, room)
		}
		nd, ns, done := scanUnescapeVector(dst[n:n+room], b, i)
		if done {
			return dst[:n+nd], ns, true
		}
		k := cutChar(b, i, ns) // bytes that stand for themselves, one each
		dst, i = dst[:n+nd-k], ns-k
	}
	j, ok := ScanString(b, i)
	if !ok {
		return dst[:n], j, false
	}
	return AppendUnescapedDense(dst, b[i:j-1]), j, true
}

// cutChar returns how many bytes of b[from:to] end it with the first
// bytes of a UTF-8 sequence, which b[to] would continue: 0 to 3.
func cutChar(b []byte, from, to int) int {
	switch {
	case to-1 >= from && b[to-1] >= 0xC0:
		return 1
	case to-2 >= from && b[to-2] >= 0xE0:
		return 2
	case to-3 >= from && b[to-3] >= 0xF0:
		return 3
	}
	return 0
}
