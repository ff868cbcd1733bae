package binfmt

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	errCorrupt = errors.New("corrupt")
	errVersion = errors.New("version")
)

func sample() []byte {
	b := Begin(nil, "TEST", 3)
	b = binary.AppendUvarint(b, 300)
	b = binary.AppendVarint(b, -7)
	b = append(b, 9)
	b = AppendFlag(b, true)
	b = binary.LittleEndian.AppendUint32(b, 0xdeadbeef)
	b = AppendBytes(b, []byte("hello"))
	return Seal(b, 0)
}

func TestRoundTrip(t *testing.T) {
	r, err := Open(sample(), "TEST", 3, errCorrupt, errVersion)
	require.NoError(t, err)
	assert.Equal(t, uint64(300), r.Uint(1000))
	assert.Equal(t, int64(-7), r.Int(-10, 10))
	assert.Equal(t, byte(9), r.Byte(9))
	assert.True(t, r.Flag())
	assert.Equal(t, uint32(0xdeadbeef), r.Uint32())
	assert.Equal(t, "hello", string(r.Bytes(5)))
	assert.False(t, r.Err())
}

func TestBounds(t *testing.T) {
	for name, read := range map[string]func(r *Reader){
		"uint over max": func(r *Reader) { r.Uint(299) },
		"int below min": func(r *Reader) { r.Uint(1000); r.Int(-6, 10) },
		"byte over max": func(r *Reader) { r.Uint(1000); r.Int(-10, 10); r.Byte(8) },
		"bytes over max": func(r *Reader) {
			r.Uint(1000)
			r.Int(-10, 10)
			r.Byte(9)
			r.Flag()
			r.Uint32()
			r.Bytes(4)
		},
		"left over": func(r *Reader) { r.Uint(1000) },
	} {
		r, err := Open(sample(), "TEST", 3, errCorrupt, errVersion)
		require.NoError(t, err)
		read(&r)
		assert.True(t, r.Err(), name)
	}
}

func TestOpen(t *testing.T) {
	good := sample()
	_, err := Open(good, "TSET", 3, errCorrupt, errVersion)
	assert.ErrorIs(t, err, errCorrupt)
	_, err = Open(good, "TEST", 4, errCorrupt, errVersion)
	assert.ErrorIs(t, err, errVersion)
	for n := range len(good) {
		_, err = Open(good[:n], "TEST", 3, errCorrupt, errVersion)
		assert.Error(t, err, "cut to %d bytes", n)
	}
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x10
		_, err = Open(bad, "TEST", 3, errCorrupt, errVersion)
		assert.Error(t, err, "byte %d flipped", i)
	}
}
