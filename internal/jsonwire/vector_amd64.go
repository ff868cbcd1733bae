//go:build amd64 && !purego

package jsonwire

import "golang.org/x/sys/cpu"

// vectorOK says that the CPU (and the OS, which must save the YMM
// registers) has AVX2, which the vector scans are written in.
var vectorOK = cpu.X86.HasAVX2

// vector turns the vector scans on. It is a variable so that tests can
// hold the two paths to the same results (UseVector).
var vector = vectorOK

// UseVector turns the vector scans on or off, and reports whether they
// were on. They stay off on a CPU without AVX2. It is for tests: nothing
// but speed depends on it, and it must not be called while a scan runs.
func UseVector(on bool) (was bool) {
	was, vector = vector, on && vectorOK
	return was
}

// VectorAvailable reports whether this build and CPU have vector scans.
func VectorAvailable() bool { return vectorOK }

// SkipSpace returns the index of the first non-whitespace byte of b at
// or after i. With the vector scans on and 32 bytes left it reads 32
// bytes a step, the last step reading the last 32 bytes of b again
// rather than any past them; otherwise it is skipSpaceSWAR. It is
// written in assembly, so that the vector scan costs one call.
//
//go:noescape
func SkipSpace(b []byte, i int) int

// scanStringVector reads the contents of a string, 32 bytes at a time,
// checking UTF-8 by three table lookups per step; the last step reads
// the last 32 bytes of b again. len(b) must be at least 32, and b[0] a
// point between two characters. With stop true, b[n] is the first quote,
// backslash or control byte of b, and b[:n] is whole valid characters.
// With stop false, b[:n] is valid characters but for one that b[n], or
// the end of b at n = len(b), may cut, and b[n:] was not read: the 32
// bytes at b[n] hold bad UTF-8 (or end a character that the bytes before
// began badly), or more than 29 bytes follow the last whole step.
//
//go:noescape
func scanStringVector(b []byte) (n int, stop bool)
