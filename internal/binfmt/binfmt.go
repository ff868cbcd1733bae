// Package binfmt is the binary form that deltajson's checkpoints share:
// a four-byte magic, a version byte, fields as varints and length-prefixed
// bytes, then a CRC-32 (IEEE) of everything before it. A Reader checks
// each field against the bound its caller gives, so that bytes made by
// anyone else give an error and never a value out of range.
package binfmt

import (
	"encoding/binary"
	"hash/crc32"
)

// Begin appends the header to b. Pass len(b) before the call to Seal.
func Begin(b []byte, magic string, version byte) []byte {
	return append(append(b, magic...), version)
}

// Seal appends the CRC of b[start:], where start is where Begin wrote.
func Seal(b []byte, start int) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// AppendBytes appends p with its length before it.
func AppendBytes(b, p []byte) []byte {
	return append(binary.AppendUvarint(b, uint64(len(p))), p...)
}

// AppendFlag appends a bool as one byte.
func AppendFlag(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// Open checks the header and the CRC of data and returns a Reader of its
// fields. It returns the caller's corrupt error for bytes it did not make,
// and its version error for another version's.
func Open(data []byte, magic string, version byte, corrupt, otherVersion error) (Reader, error) {
	if len(data) < len(magic)+1+4 || string(data[:len(magic)]) != magic {
		return Reader{}, corrupt
	}
	if data[len(magic)] != version {
		return Reader{}, otherVersion
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return Reader{}, corrupt
	}
	return Reader{b: body[len(magic)+1:]}, nil
}

// Reader decodes fields in order. The first field that is missing or out
// of its bounds makes every later read return zero, and Err report it.
type Reader struct {
	b   []byte
	bad bool
}

// Err reports whether a read failed or bytes are left over.
func (r *Reader) Err() bool { return r.bad || len(r.b) != 0 }

func (r *Reader) fail() { r.bad, r.b = true, nil }

// Uint reads a uvarint of at most max.
func (r *Reader) Uint(max uint64) uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > max {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Int reads a varint in [min, max].
func (r *Reader) Int(min, max int64) int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 || v < min || v > max {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Byte reads one byte of at most max.
func (r *Reader) Byte(max byte) byte {
	if len(r.b) == 0 || r.b[0] > max {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// Flag reads a bool written by AppendFlag.
func (r *Reader) Flag() bool { return r.Byte(1) == 1 }

// Uint32 reads four little-endian bytes.
func (r *Reader) Uint32() uint32 {
	p := r.Raw(4)
	if p == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(p)
}

// Raw reads n bytes. The result aliases the data given to Open.
func (r *Reader) Raw(n int) []byte {
	if n < 0 || len(r.b) < n {
		r.fail()
		return nil
	}
	p := r.b[:n:n]
	r.b = r.b[n:]
	return p
}

// Bytes reads bytes written by AppendBytes, at most max of them.
func (r *Reader) Bytes(max int) []byte {
	n := r.Uint(uint64(max))
	if r.bad {
		return nil
	}
	return r.Raw(int(n))
}
