package resume

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCheckpointFewerEventsThanDeltas checks that a checkpoint whose
// event count is below its delta count, which no call writes, is refused
// when read: the call derives its other events from the two.
func TestCheckpointFewerEventsThanDeltas(t *testing.T) {
	c := NewCall("k", Options{})
	for _, d := range []string{`{"a":`, `1`} {
		require.NoError(t, c.Delta([]byte(d), -1, -1))
	}
	require.Equal(t, int64(2), c.eventCount())

	c.others = -1 // one event fewer than the deltas
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	bin, err := cp.MarshalBinary()
	require.NoError(t, err)
	var back Checkpoint
	require.ErrorIs(t, back.UnmarshalBinary(bin), ErrCheckpoint)

	c.others = 0
	cp, err = c.Checkpoint()
	require.NoError(t, err)
	bin, err = cp.MarshalBinary()
	require.NoError(t, err)
	require.NoError(t, back.UnmarshalBinary(bin))
	r, err := Restore(back, c.Arguments(), Options{})
	require.NoError(t, err)
	require.Equal(t, int64(2), r.eventCount())
	require.Equal(t, 2, r.Result().Deltas)
}
