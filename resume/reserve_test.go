package resume

import (
	"bytes"
	"math/rand/v2"
	"strings"
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
	assert.Equal(t, 24<<10, cap(c.args), "the next of argSizes")
	c.args = c.args[:cap(c.args)] // full
	c.reserve(1)
	assert.Equal(t, 32<<10, cap(c.args), "none past 32 KB before it is needed")

	c = newCall("0", &Options{})
	c.args = make([]byte, 1<<20+4096) // full
	c.reserve(4096)
	assert.LessOrEqual(t, cap(c.args)-len(c.args)-4096, 1<<20+8192, "at most 1 MB of room (and a page)")

	// The same through deltas: up to 32 KB the buffer grows through
	// argSizes from 128 bytes, one size at a time, and a delta that
	// needs more takes the least that holds it; past 32 KB, the rule
	// above.
	c = NewCall("0", Options{})
	delta := func(d []byte) { require.NoError(t, c.Delta(d, -1, -1)) }
	delta([]byte(`{"a":"`))
	for _, want := range []int{128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096} {
		require.Equal(t, want, cap(c.args))
		for len(c.args) < cap(c.args) {
			delta([]byte("x"))
		}
		delta([]byte("x"))
	}
	require.Equal(t, 6144, cap(c.args))
	delta(bytes.Repeat([]byte("y"), 21000)) // 4097 + 21000 bytes: past 24 KB
	require.Equal(t, 32<<10, cap(c.args), "held %d", len(c.args))
	for len(c.args) < cap(c.args) {
		delta([]byte("x"))
	}
	delta([]byte("x"))
	assert.GreaterOrEqual(t, cap(c.args), 64<<10+1, "doubled")
	assert.LessOrEqual(t, cap(c.args), 64<<10+8192, "doubled (and a page)")
}

// TestReservePooled: the buffers a call grows out of go into argPools,
// empty, and the next call that grows takes them, with the bytes it
// held and no others; a call whose per-call cap is below a pool's size
// grows as reserve's rule says, not into the pool's buffer.
func TestReservePooled(t *testing.T) {
	docs := [][]byte{
		[]byte(`{"a":"` + strings.Repeat(`ab\"c\\d `, 2500) + `","b":[1,2]}`),
		[]byte(`{"b":"` + strings.Repeat(`xy\"z\\w `, 2500) + `","a":[3,4]}`),
	}
	doc := docs[0]
	grow := func() *Call {
		c := NewCall("0", Options{})
		for i := 0; i < len(doc); i += 64 {
			require.NoError(t, c.Delta(doc[i:min(i+64, len(doc))], -1, -1))
		}
		require.Equal(t, doc, c.Arguments())
		return c
	}
	first := grow()
	for k := range argPools[:argPoolFor(0, len(doc))] {
		p, _ := argPools[k].Get().(*[]byte)
		if p == nil {
			continue // sync.Pool may drop what it holds (as under -race)
		}
		assert.Len(t, *p, 0)
		assert.Equal(t, argSizes[k], cap(*p))
		argPools[k].Put(p)
	}
	doc = docs[1]
	second := grow()
	assert.Equal(t, docs[0], first.Arguments(), "the first call's bytes kept")
	require.NoError(t, first.End(nil))
	require.NoError(t, second.End(nil))
	assert.Equal(t, StatusReady, first.Status())
	assert.Equal(t, StatusReady, second.Status())

	capped := NewCall("0", Options{MaxBytes: 700})
	require.NoError(t, capped.Delta(bytes.Repeat([]byte(" "), 600), -1, -1))
	assert.LessOrEqual(t, cap(capped.args), 700+64, "the per-call cap (and a size class)")
}

// Calls restored from one checkpoint never share an argument buffer: the
// checkpoint keeps no pool holder of the call's, so none goes into a
// pool twice.
func TestCheckpointSharesNoBuffer(t *testing.T) {
	for try := range 20 {
		// A call grows out of a 128-byte buffer, into the pool.
		p := NewCall("p", Options{Capacity: 128})
		require.NoError(t, p.Delta([]byte(`["`+strings.Repeat("p", 150)), -1, -1))
		// a takes it, and keeps the holder it came in.
		a := NewCall("a", Options{})
		require.NoError(t, a.Delta([]byte(`["aaaaaaaa`), -1, -1))
		cp, err := a.Checkpoint()
		require.NoError(t, err)
		args := bytes.Clone(a.Arguments())
		// a, and r restored from a's checkpoint, each grow out of 128 bytes.
		require.NoError(t, a.Delta(bytes.Repeat([]byte("a"), 150), -1, -1))
		r, err := Restore(cp, args, Options{Capacity: 128})
		require.NoError(t, err)
		require.NoError(t, r.Delta(bytes.Repeat([]byte("r"), 150), -1, -1))
		// x, restored with a capacity of no pool's size, grows too.
		x, err := Restore(cp, args, Options{Capacity: 50})
		require.NoError(t, err)
		require.NoError(t, x.Delta(bytes.Repeat([]byte("x"), 60), -1, -1))
		want := bytes.Clone(x.Arguments())
		// A new call takes buffers from the pool: none of them is x's.
		y := NewCall("y", Options{})
		require.NoError(t, y.Delta([]byte(`{"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy":1}`), -1, -1))
		require.Equal(t, string(want), string(x.Arguments()), "try %d: x's arguments kept", try)
	}
}

// Eight calls grow side by side, each now and then checkpointed and
// replaced by a call restored from its last checkpoint, as a reconnect
// does: after every delta, every call still holds its own bytes.
func TestPooledBuffersWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type live struct {
		c    *Call
		want []byte
	}
	var calls [8]live
	var saved [8]Checkpoint
	var savedFor [8]*Call
	for i := range 20000 {
		j := rng.IntN(len(calls))
		l := &calls[j]
		if l.c == nil || len(l.want) > 3000 {
			l.c, l.want = NewCall("x", Options{}), []byte(`{"k":"`)
			require.NoError(t, l.c.Delta(l.want, -1, -1))
		}
		if i%50 == 0 {
			cp, err := l.c.Checkpoint()
			require.NoError(t, err)
			saved[j], savedFor[j] = cp, l.c
		}
		if i%50 == 49 && savedFor[j] == l.c {
			rc, err := Restore(saved[j], l.c.Arguments(), Options{})
			require.NoError(t, err)
			l.c = rc
		}
		d := bytes.Repeat([]byte{byte('a' + j)}, 1+rng.IntN(100))
		require.NoError(t, l.c.Delta(d, -1, -1))
		l.want = append(l.want, d...)
		for k, o := range calls {
			if o.c != nil && !bytes.Equal(o.c.Arguments(), o.want) {
				t.Fatalf("step %d: call %d holds %.60q", i, k, o.c.Arguments())
			}
		}
	}
}
