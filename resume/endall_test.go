package resume_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

func TestNewEventMeansNotGiven(t *testing.T) {
	ev := resume.NewEvent(resume.EventDelta, "0")
	assert.Equal(t, resume.Event{Kind: resume.EventDelta, Key: "0", Index: -1, Seq: -1, Offset: -1}, ev)

	// Deltas built with it are never taken for replays.
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
		ev := resume.NewEvent(resume.EventDelta, key)
		ev.Data = []byte(args)
		_, err := set.Apply(ev)
		require.NoError(t, err)
	}
	_, err := set.Apply(resume.NewEvent(resume.EventEnd, "0"))
	require.NoError(t, err)
	ev := resume.NewEvent(resume.EventDelta, "2")
	ev.Data = []byte(`[]`)
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
