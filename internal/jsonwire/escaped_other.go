//go:build !amd64 || purego

package jsonwire

// scanEscapedVector stands in for the vector scan; it is never called,
// vector being false.
func scanEscapedVector([]byte) (int, bool) { panic("jsonwire: no vector scans") }

// unescapeVector stands in for the vector decoder; it is never called,
// vector being false.
func unescapeVector(dst, src []byte) (int, int) { panic("jsonwire: no vector scans") }

// IndexLineEnd returns the index of the first LF or CR in b, or -1.
func IndexLineEnd(b []byte) int { return indexLineEndSWAR(b) }
