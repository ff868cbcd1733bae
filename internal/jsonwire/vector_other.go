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

// SkipPlainHead is SkipPlain: with no vector scans, the eight-bytes-at-a-
// time loop is the fastest way through any run.
func SkipPlainHead(b []byte, i int) int { return SkipPlain(b, i) }

// The vector scans' stand-ins, never called: vector is false.
func skipSpaceVector([]byte) int          { panic("jsonwire: no vector scans") }
func scanStringVector([]byte) (int, bool) { panic("jsonwire: no vector scans") }
