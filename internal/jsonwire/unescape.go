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
// bytes a step, until a control or non-ASCII byte, or a \u escape, leaves
// the rest to ScanString and AppendUnescapedDense.
func ScanUnescape(dst, b []byte, i int) ([]byte, int, bool) {
	n := len(dst)
	if vector && denseOK && len(b) >= 32 && i <= len(b) {
		room := len(b) - i + 8
		if cap(dst)-n < room {
			dst = slices.Grow(dst, room)
		}
		nd, ns, done := scanUnescapeVector(dst[n:n+room], b, i)
		if done {
			return dst[:n+nd], ns, true
		}
		dst, i = dst[:n+nd], ns
	}
	j, ok := ScanString(b, i)
	if !ok {
		return dst[:n], j, false
	}
	return AppendUnescapedDense(dst, b[i:j-1]), j, true
}
