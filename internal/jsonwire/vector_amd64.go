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
// the last 32 bytes of b again. It steps over the two-byte escapes whose
// letter is in the same step as their backslash. len(b) must be at least
// 32, and b[0] a point between two characters. With stop true, b[n] is
// the first quote or control byte of b, or the backslash of an escape it
// does not step over, and b[:n] is whole valid characters and escapes.
// With stop false, b[:n] is valid characters but for one that b[n], or
// the end of b at n = len(b), may cut, and b[n:] was not read: the
// bytes from b[n] on hold bad UTF-8 (or end a character that the bytes
// before began badly).
//
//go:noescape
func scanStringVector(b []byte) (n int, stop bool)

// scanStringTail reads the contents of a string from b[i], where fewer
// than 32 bytes are left, in one 32-byte step: the last 32 bytes of b,
// as if those before b[i] were ASCII. It steps over the two-byte escapes
// in them. len(b) must be at least 32, i an index of b, and b[i] a point
// between two characters. With stop true, b[n] is the first quote,
// control byte, or backslash of a \u, bad or cut escape, and b[i:n] is
// whole valid characters and escapes. With stop false, either n is
// len(b) and b[i:] is valid characters but for one that the end of b may
// cut, or n is i and b[i:] holds bad UTF-8.
//
//go:noescape
func scanStringTail(b []byte, i int) (n int, stop bool)

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
// the vector scans on and 32 bytes in b it reads 64 bytes a step, and 32
// at the end; otherwise it is indexLineEndSWAR.
//
//go:noescape
func IndexLineEnd(b []byte) int
