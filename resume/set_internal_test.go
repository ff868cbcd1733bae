package resume

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
	assert.Empty(t, s.refusedIDs.m, "no ID too long for a call is kept")
	for i := range maxRemembered + 10 {
		e := Event{Kind: EventStart, Key: "k" + strconv.Itoa(i)}
		e.ID = "id" + strconv.Itoa(i)
		_, _ = s.Apply(e)
	}
	assert.Len(t, s.refusedIDs.m, maxRemembered)
	assert.Len(t, s.refusedIDs.fifo, maxRemembered)
	assert.Len(t, s.refused.m, maxRemembered)
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
	assert.Len(t, b.m, 3)
}
