package resume_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// A literal Event with its Seq and Offset left out gives neither: its
// deltas are never taken for replays.
func TestEventLiteralMeansNotGiven(t *testing.T) {
	ev := resume.Event{Kind: resume.EventDelta, Key: "0"}
	set := resume.NewSet(resume.Options{})
	for _, piece := range []string{`{"a"`, `:1`, `}`} {
		ev.Data = []byte(piece)
		_, err := set.Apply(ev)
		require.NoError(t, err, piece)
	}
	assert.Equal(t, `{"a":1}`, string(set.Call("0").Arguments()))
}

func TestEndAll(t *testing.T) {
	set := resume.NewSet(resume.Options{})
	for key, args := range map[string]string{"0": `{"city":"Paris"}`, "1": `{"tz":"Eur`} {
		ev := resume.Event{Kind: resume.EventDelta, Key: key}
		ev.Data = []byte(args)
		_, err := set.Apply(ev)
		require.NoError(t, err)
	}
	_, err := set.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"})
	require.NoError(t, err)
	ev := resume.Event{Kind: resume.EventDelta, Key: "2"}
	ev.Data = []byte(`{}`)
	_, err = set.Apply(ev)
	require.NoError(t, err)

	ended := set.EndAll()
	require.Len(t, ended, 2, "only the calls that had not ended")
	assert.Equal(t, "1", ended[0].Key())
	assert.Equal(t, resume.StatusIncomplete, ended[0].Status())
	assert.Equal(t, "2", ended[1].Key())
	assert.Equal(t, resume.StatusReady, ended[1].Status())
	assert.Empty(t, set.Pending())
	assert.Empty(t, set.EndAll(), "a second EndAll ends nothing")
}

func TestUnknownKindMakesNoCall(t *testing.T) {
	set := resume.NewSet(resume.Options{})
	c, err := set.Apply(resume.Event{Key: "ghost"})
	require.Error(t, err)
	assert.Nil(t, c)
	assert.Zero(t, len(set.Calls()))
	assert.Empty(t, set.EndAll(), "no call to end, so none becomes ready")
}

func TestSeqOutOfOrder(t *testing.T) {
	c := resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Delta([]byte(`{"a":`), 1<<62, -1))
	err := c.Delta([]byte(`1}`), 5, -1)
	require.ErrorIs(t, err, resume.ErrOutOfOrder, "a number never seen is not a replay")
	assert.Equal(t, `{"a":`, string(c.Arguments()), "and it changed nothing")

	c = resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Delta([]byte(`[1,`), 3, -1))
	require.NoError(t, c.Delta([]byte(`2`), 7, -1))
	require.ErrorIs(t, c.Delta([]byte(`[1,`), 3, -1), resume.ErrDuplicate, "a remembered number is a replay")
	require.ErrorIs(t, c.Delta([]byte(`2`), 5, -1), resume.ErrOutOfOrder)
	require.NoError(t, c.Delta([]byte(`]`), 9, -1))
	assert.Equal(t, `[1,2]`, string(c.Arguments()))

	// After the end signal, as Delta documents: a number at or below the
	// largest seen is a replay, even one never seen; a larger one is late.
	require.NoError(t, c.End(nil))
	require.ErrorIs(t, c.Delta([]byte(`x`), 5, -1), resume.ErrDuplicate)
	require.ErrorIs(t, c.Delta([]byte(`x`), 10, -1), resume.ErrEnded)
	assert.Equal(t, `[1,2]`, string(c.Arguments()))
}
