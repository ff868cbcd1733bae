package jsonwire

import "math/bits"

// Block is a bitmap index of 64 bytes of input: bit k of each mask is
// about the k-th byte. It tells a reader where a run of whitespace, of
// a string's plain bytes or of digits ends with one shift and one count
// of trailing zeros, however long the run, instead of a scan.
type Block struct {
	Space uint64 // the four whitespace bytes of RFC 8259
	Stop  uint64 // what ends a string's plain bytes: '"', '\\', a control or a non-ASCII byte
	Digit uint64 // the ASCII digits
}

// BlockLen is the number of bytes a Block is about.
const BlockLen = 64

// blockGo is IndexBlock a byte at a time: the reference the tests hold
// the vector build to, and the build where there is none.
func blockGo(x *Block, b []byte) {
	*x = Block{}
	for k, c := range b[:BlockLen] {
		bit := uint64(1) << k
		if Space[c] {
			x.Space |= bit
		}
		if !Plain[c] {
			x.Stop |= bit
		}
		if IsDigit(c) {
			x.Digit |= bit
		}
	}
}

// IndexBlock indexes b[i:i+BlockLen] into x; b must hold that many
// bytes from i. It reads no byte outside them.
func IndexBlock(x *Block, b []byte, i int) {
	_ = b[i+BlockLen-1] // an index is checked against len(b), a slice against cap(b)
	b = b[i : i+BlockLen]
	if vector {
		indexBlockVector(x, &b[0])
		return
	}
	blockGo(x, b)
}

// The methods below return, counted from the Block's first byte, where
// a run that starts at d (below BlockLen) ends: at the first byte that
// is not of the run, or at BlockLen or past it when the run reaches the
// Block's end.

// SpaceEnd is where whitespace from d ends.
func (x *Block) SpaceEnd(d uint) int { return end(^x.Space, d) }

// StopAt is where a string's plain bytes from d end: the first Stop byte.
func (x *Block) StopAt(d uint) int { return end(x.Stop, d) }

// DigitEnd is where digits from d end.
func (x *Block) DigitEnd(d uint) int { return end(^x.Digit, d) }

// end returns the index of m's first set bit at or after d, or d+64.
func end(m uint64, d uint) int {
	return int(d) + bits.TrailingZeros64(m>>(d&63))
}
