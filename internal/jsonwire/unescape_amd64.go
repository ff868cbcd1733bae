//go:build amd64 && !purego

package jsonwire

import "golang.org/x/sys/cpu"

// denseOK says that the CPU has what unescapeDenseVector needs besides
// AVX2: POPCNT.
var denseOK = cpu.X86.HasPOPCNT

// unescapeDenseVector decodes src into dst, as AppendUnescaped does, 32
// bytes a step while 32 are left in src, however many escapes a step
// holds, and returns the bytes written and read; src[ns] is not escaped.
// It stops early at a step with a \u escape or a bad one. It stores
// eight bytes at a time, up to eight past what it decodes: len(dst) must
// be at least len(src)+8.
//
//go:noescape
func unescapeDenseVector(dst, src []byte) (nd, ns int)

// scanUnescapeVector reads the contents of a string that begin at
// src[i] as ScanString does, and decodes them into dst as
// unescapeDenseVector does, 32 bytes a step; fewer than 32 left, it
// reads the last 32 bytes of src. With done true, the string ended in
// src and was valid: src[ns-1] is its closing quote, and dst[:nd] its
// contents, decoded. Otherwise it stopped at a step it does not decide (a
// control byte, UTF-8 that is not valid, a \u or bad escape) or at the
// end of src: dst[:nd] is src[i:ns] decoded, valid but for the first
// bytes of a UTF-8 sequence that ns may cut, and src[ns] is not escaped.
// It reads the three bytes before src[i] and before the last 32 of src
// as the end of what comes before a step: they must be ASCII. len(src)
// must be at least 35, i at least 3 and at most len(src), and len(dst)
// at least len(src)-i+8.
//
//go:noescape
func scanUnescapeVector(dst, src []byte, i int) (nd, ns int, done bool)
