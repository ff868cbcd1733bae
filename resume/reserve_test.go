package resume

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
