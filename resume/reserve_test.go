package resume

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReserveRoom: the room a growing buffer takes past the bytes held is
// at most as much again, 1 MB at most, and never past the per-call cap.
func TestReserveRoom(t *testing.T) {
	opts := Options{MaxBytes: 8 << 20}
	c := newCall("0", &opts)
	piece := make([]byte, 4096)
	for range 1000 { // 4 MB
		if len(c.args)+len(piece) > cap(c.args) {
			c.reserve(len(piece))
			room := cap(c.args) - len(c.args) - len(piece)
			assert.LessOrEqual(t, room, max(len(c.args)+len(piece), 512)+512, "at most as much again (and a size class)")
			assert.LessOrEqual(t, room, 1<<20+8192, "at most 1 MB")
		}
		c.args = append(c.args, piece...)
	}

	capped := Options{MaxBytes: 10_000}
	c = newCall("0", &capped)
	c.args = make([]byte, 6000) // full: reserve must grow it
	c.reserve(100)
	assert.GreaterOrEqual(t, cap(c.args), 6100, "room for the bytes")
	assert.LessOrEqual(t, cap(c.args), 10_000+256, "the per-call cap, not doubling (and a size class)")
}

// TestReserveClamped: where the 32 KB or the 1 MB rule cuts the doubling
// to exactly twice the bytes held, the buffer still keeps to the rule
// (append, asked for exactly twice, grows by its own policy instead: a
// full 16 KB buffer took 48 KB, and room past 1 MB took 1.5 MB).
func TestReserveClamped(t *testing.T) {
	c := newCall("0", &Options{})
	c.args = make([]byte, 16<<10) // full
	c.reserve(1)
	assert.Equal(t, 32<<10, cap(c.args), "none past 32 KB before it is needed")

	c = newCall("0", &Options{})
	c.args = make([]byte, 1<<20+4096) // full
	c.reserve(4096)
	assert.LessOrEqual(t, cap(c.args)-len(c.args)-4096, 1<<20+8192, "at most 1 MB of room (and a page)")

	// The same through deltas: a call grown to 6 KB, then to 16 KB by
	// a delta of 3000 bytes, filled, and one byte more.
	c = NewCall("0", Options{})
	delta := func(d []byte) { require.NoError(t, c.Delta(d, -1, -1)) }
	delta([]byte(`{"a":"`))
	for len(c.args) < cap(c.args) || cap(c.args) < 6144 {
		delta([]byte("x"))
	}
	require.Equal(t, 6144, cap(c.args))
	delta(bytes.Repeat([]byte("y"), 3000))
	require.Equal(t, 16<<10, cap(c.args))
	for len(c.args) < cap(c.args) {
		delta([]byte("x"))
	}
	delta([]byte("x"))
	assert.Equal(t, 32<<10, cap(c.args), "held %d", len(c.args))
}
