package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// indexLineEndSWAR is IndexLineEnd eight bytes at a time.
//
//lint:ignore U1000 on amd64 only the assembly of IndexLineEnd jumps to it
func indexLineEndSWAR(b []byte) int {
	const lfs, crs = '\n' * ones8, '\r' * ones8
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		x, y := w^lfs, w^crs
		// A zero byte in x or y is a line end; the lowest flagged byte is
		// a true one (see SkipPlain).
		if z := ((x-ones8)&^x | (y-ones8)&^y) & highs8; z != 0 {
			return i + bits.TrailingZeros64(z)>>3
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '\n' || b[i] == '\r' {
			return i
		}
	}
	return -1
}
