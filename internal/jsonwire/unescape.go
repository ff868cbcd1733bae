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
