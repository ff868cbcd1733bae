//go:build amd64 && !purego

package jsonwire

// scanEscapedVector reads the contents of a string, 32 bytes at a time,
// while they are ASCII, and steps over the two-byte escapes in them.
// b[0] must not be inside an escape. With quote true, b[n] is the quote
// that ends the string. Otherwise b[:n] is whole characters and escapes,
// and the scan stopped at b[n]: a control or non-ASCII byte, the
// backslash of a \u or a bad escape, or of one that the last step cuts,
// or the first of fewer than 32 bytes left.
//
//go:noescape
func scanEscapedVector(b []byte) (n int, quote bool)

// unescapeVector decodes src into dst, 32 bytes a step while 33 are left
// in src, as AppendUnescaped does, and returns the bytes written and
// read. It stops early at a backslash before anything but a two-byte
// escape's letter (a \u escape). len(dst) must be at least len(src).
//
//go:noescape
func unescapeVector(dst, src []byte) (nd, ns int)

// IndexLineEnd returns the index of the first LF or CR in b, or -1. With
// the vector scans on and 32 bytes in b it reads 32 bytes a step;
// otherwise it is indexLineEndSWAR.
//
//go:noescape
func IndexLineEnd(b []byte) int
