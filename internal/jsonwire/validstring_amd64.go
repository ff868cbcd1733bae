//go:build amd64 && !purego

package jsonwire

// skipValidVector reads the contents of a valid string, 32 bytes a step
// while 32 are left, up to the first quote that no backslash escapes.
// b[0] must not be escaped. With quote true, b[n] is that quote;
// otherwise fewer than 32 bytes are left at b[n], and b[n] is not
// escaped.
//
//go:noescape
func skipValidVector(b []byte) (n int, quote bool)
