//go:build !amd64 || purego

package jsonwire

const denseOK = false

func unescapeDenseVector(dst, src []byte) (int, int) { panic("jsonwire: no vector scans") }

func scanUnescapeVector(dst, src []byte, i int) (int, int, bool) { panic("jsonwire: no vector scans") }
