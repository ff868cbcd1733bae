package resume

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/eventhook"
)

// TestRefusedIDsBounded: an ID too long for any call is not kept when its
// event is refused past MaxCalls, and what is kept stays within its bound.
func TestRefusedIDsBounded(t *testing.T) {
	s := NewSet(Options{MaxCalls: 1})
	_, err := s.Apply(Event{Kind: EventStart, Key: "0"})
	assert.NoError(t, err)
	long := strings.Repeat("x", MaxIdentityBytes+1)
	for i := range 10 {
		e := Event{Kind: EventStart, Key: "k" + strconv.Itoa(i)}
		e.ID = long + strconv.Itoa(i)
		_, err := s.Apply(e)
		assert.Error(t, err)
	}
	assert.Zero(t, s.refusedIDs.len(), "no ID too long for a call is kept")
	for i := range maxRemembered + 10 {
		e := Event{Kind: EventStart, Key: "k" + strconv.Itoa(i)}
		e.ID = "id" + strconv.Itoa(i)
		_, _ = s.Apply(e)
	}
	assert.Equal(t, maxRemembered, s.refusedIDs.len())
	assert.Len(t, s.refusedIDs.fifo, maxRemembered)
	assert.Equal(t, maxRemembered, s.refused.len())
}

// TestBoundedForget: a member forgotten and added again stays one when
// its first add is let go: the old entry's eviction must not delete the
// fresh membership, or a removed call without ID could run again.
func TestBoundedForget(t *testing.T) {
	var b bounded
	b.add("item", 3)
	b.forget("item")
	assert.False(t, b.has("item"))
	b.add("x", 3)
	b.add("item", 3) // again
	b.add("y", 3)    // lets the first "item" go
	assert.True(t, b.has("item"), "the second add stands")
	assert.True(t, b.has("x"))
	assert.True(t, b.has("y"))
	b.add("z", 3) // lets "x" go
	assert.False(t, b.has("x"))
	assert.LessOrEqual(t, len(b.fifo), 3)
	assert.Equal(t, 3, b.len())
}

// TestBoundedAgrees holds bounded, with no map while small and with one
// past smallBounded adds, to a plain reference: a map of members and a
// queue of adds, the oldest let go past the bound.
func TestBoundedAgrees(t *testing.T) {
	type add struct {
		v   string
		seq int
	}
	for _, max := range []int{3, smallBounded, smallBounded + 1, 3 * smallBounded} {
		t.Run(strconv.Itoa(max), func(t *testing.T) {
			var b bounded
			ref := map[string]int{} // member -> the seq of the add that made it one
			var adds []add
			rng := rand.New(rand.NewPCG(1, uint64(max)))
			for i := range 3000 {
				v := "v" + strconv.Itoa(rng.IntN(2*max+4))
				if rng.IntN(4) == 0 {
					b.forget(v)
					delete(ref, v)
				} else if _, ok := ref[v]; !ok {
					b.add(v, max)
					if len(adds) >= max {
						if ref[adds[0].v] == adds[0].seq {
							delete(ref, adds[0].v)
						}
						adds = adds[1:]
					}
					adds = append(adds, add{v, i + 1})
					ref[v] = i + 1
				} else {
					b.add(v, max) // a member: nothing changes
				}
				for j := range 2*max + 4 {
					w := "v" + strconv.Itoa(j)
					_, want := ref[w]
					require.Equal(t, want, b.has(w), "step %d: has(%s)", i, w)
				}
				require.Equal(t, len(ref), b.len(), "step %d", i)
			}
		})
	}
}

// TestEventHook: the Set.Apply that internal/eventhook hands package
// provider, by pointer, does what Apply does on a twin Set, and leaves
// the event as it was.
func TestEventHook(t *testing.T) {
	apply, ok := eventhook.Apply.(func(*Set, *Event) (*Call, error))
	require.True(t, ok, "eventhook.Apply is %T", eventhook.Apply)
	byValue, byPointer := NewSet(Options{MaxCalls: 1}), NewSet(Options{MaxCalls: 1})
	for _, ev := range []Event{
		{Kind: EventStart, Key: "0", ID: "a", Name: "f"},
		{Kind: EventDelta, Key: "0", Data: []byte(`{"x":`)},
		{Kind: EventDelta, Key: "0", Data: []byte(`1}`), Seq: 3, HasSeq: true},
		{Kind: EventStart, Key: "1", ID: "b"}, // past MaxCalls
		{Kind: EventEnd, Key: "0"},
		{Kind: EventKind(9), Key: "0"},
	} {
		want, wantErr := byValue.Apply(ev)
		before := ev
		got, err := apply(byPointer, &ev)
		require.Equal(t, before, ev, "the event is left as it was")
		require.Equal(t, wantErr, err)
		require.Equal(t, want == nil, got == nil)
		if got != nil {
			require.Equal(t, want.Result(), got.Result())
		}
	}
}

// len returns the number of members.
func (b *bounded) len() int {
	if b.m != nil {
		return len(b.m)
	}
	n := 0
	for _, e := range b.fifo {
		if e.n != 0 {
			n++
		}
	}
	return n
}
