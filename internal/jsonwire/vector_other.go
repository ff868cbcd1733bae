//go:build !amd64 || purego

package jsonwire

// vector is false: no vector scans on this architecture, or under the
// purego build tag. Being a constant, it takes the dispatch out of the
// scans, which then inline as before.
const vector = false

// UseVector reports whether the vector scans are on. It is for tests
// that hold the two paths to the same results; here there is only one.
func UseVector(on bool) (was bool) { return false }

// VectorAvailable reports whether this build and CPU have vector scans.
func VectorAvailable() bool { return false }

// SkipSpace returns the index of the first non-whitespace byte of b at
// or after i.
func SkipSpace(b []byte, i int) int { return skipSpaceSWAR(b, i) }

// scanStringVector stands in for the vector scan; it is never called,
// vector being false.
func scanStringVector([]byte) (int, bool) { panic("jsonwire: no vector scans") }

// scanStringTail stands in for the vector scan; it is never called,
// vector being false.
func scanStringTail([]byte, int) (int, bool) { panic("jsonwire: no vector scans") }

// scanEscapedVector stands in for the vector scan; it is never called,
// vector being false.
func scanEscapedVector([]byte) (int, bool) { panic("jsonwire: no vector scans") }

// unescapeVector stands in for the vector decoder; it is never called,
// vector being false.
func unescapeVector(dst, src []byte) (int, int) { panic("jsonwire: no vector scans") }

// IndexLineEnd returns the index of the first LF or CR in b, or -1.
func IndexLineEnd(b []byte) int { return indexLineEndSWAR(b) }
