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
