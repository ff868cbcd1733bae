//go:build !amd64 || purego

package jsonwire

func skipValidVector([]byte) (int, bool) { panic("jsonwire: no vector scans") }
