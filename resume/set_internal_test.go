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
	_, err := s.Apply(NewEvent(EventStart, "0"))
	assert.NoError(t, err)
	long := strings.Repeat("x", MaxIdentityBytes+1)
	for i := range 10 {
		e := NewEvent(EventStart, "k"+strconv.Itoa(i))
		e.ID = long + strconv.Itoa(i)
		_, err := s.Apply(e)
		assert.Error(t, err)
	}
	assert.Empty(t, s.refusedIDs.m, "no ID too long for a call is kept")
	for i := range maxRemembered + 10 {
		e := NewEvent(EventStart, "k"+strconv.Itoa(i))
		e.ID = "id" + strconv.Itoa(i)
		_, _ = s.Apply(e)
	}
	assert.Len(t, s.refusedIDs.m, maxRemembered)
	assert.Len(t, s.refusedIDs.fifo, maxRemembered)
	assert.Len(t, s.refused.m, maxRemembered)
}
