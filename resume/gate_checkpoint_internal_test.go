package resume

import (
	"testing"

	"github.com/deltajson/deltajson/internal/binfmt"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRestoreGateKindsCrafted: checkpoint bytes that claim a gate verdict
// (not an object, a duplicate name) for arguments that are not a whole
// valid value give ErrCheckpoint, and do not panic: the arguments are
// checked before the verdict is looked for in them.
func TestRestoreGateKindsCrafted(t *testing.T) {
	for _, tc := range []struct {
		args string
		kind uint8
	}{
		{`}`, errDuplicateName}, // invalid: the tokenizer is replayed
		{`}`, errNotObject},
		{``, errNotObject}, // no bytes at all
		{``, errDuplicateName},
		{`{"a":`, errDuplicateName}, // unfinished
		{`{"a":1}`, errNotObject},   // whole, and an object
		{`{"a":1}`, errDuplicateName},
	} {
		c := NewCall("0", Options{})
		if tc.args != "" {
			_ = c.Delta([]byte(tc.args), -1, -1)
		}
		cp, err := c.Checkpoint()
		require.NoError(t, err)
		cp.c.status, cp.errKind, cp.c.ended = StatusRejected, tc.kind, true
		b, err := cp.MarshalBinary()
		require.NoError(t, err)
		var back Checkpoint
		if back.UnmarshalBinary(b) != nil {
			continue // refused already
		}
		assert.NotPanics(t, func() {
			_, err = Restore(back, []byte(tc.args), Options{})
		}, "%q kind %d", tc.args, tc.kind)
		assert.ErrorIs(t, err, ErrCheckpoint, "%q kind %d", tc.args, tc.kind)
	}
}

// TestCheckpointVersionOfGateKinds: a call rejected for a reason version 1
// has no code for is saved as version 2, which a build that knows only
// version 1 refuses as another version; every other call stays version 1,
// and version 1 bytes with such a code are corrupt.
func TestCheckpointVersionOfGateKinds(t *testing.T) {
	for doc, version := range map[string]byte{`[1]`: 2, `{"a":1,"a":2}`: 2, `{"a":1}`: 1, `{"a":`: 1} {
		c := NewCall("0", Options{})
		_ = c.Delta([]byte(doc), -1, -1)
		_ = c.End(nil)
		cp, err := c.Checkpoint()
		require.NoError(t, err)
		b, err := cp.MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, version, b[len(checkpointMagic)], doc)
		var back Checkpoint
		require.NoError(t, back.UnmarshalBinary(b), doc)
		r, err := Restore(back, c.Arguments(), Options{})
		require.NoError(t, err, doc)
		assert.Equal(t, c.Status(), r.Status(), doc)
		assert.Equal(t, c.Err(), r.Err(), doc)
	}
	c := NewCall("0", Options{})
	_ = c.Delta([]byte(`[1]`), -1, -1)
	_ = c.End(nil)
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	b, err := cp.MarshalBinary()
	require.NoError(t, err)
	b[len(checkpointMagic)] = 1
	b = binfmt.Seal(b[:len(b)-4], 0)
	var back Checkpoint
	assert.ErrorIs(t, back.UnmarshalBinary(b), ErrCheckpoint, "version 1 has no code for it")
}
