package resume_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

func TestTextCall(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	steps := []resume.Event{
		{Kind: resume.EventStart, Key: "ct_1", ID: "call_1", Name: "write_sql", Text: true},
		{Kind: resume.EventDelta, Key: "ct_1", Data: []byte(`SELECT "a", {b} FROM t`)},
		{Kind: resume.EventDelta, Key: "ct_1", Data: []byte(` WHERE x = '[';`)},
	}
	var c *resume.Call
	for _, ev := range steps {
		var err error
		c, err = s.Apply(ev)
		require.NoError(t, err)
		assert.Equal(t, resume.StatusReceiving, c.Status(), "never parsed, so never complete or invalid")
	}
	assert.True(t, c.Result().Text)
	text := `SELECT "a", {b} FROM t WHERE x = '[';`
	assert.Equal(t, text, string(c.AppendPartial(nil)), "the view is the text")
	assert.Equal(t, text, string(c.Shown()))
	assert.Nil(t, c.Value(), "not before the end")
	_, err := c.Checkpoint()
	require.ErrorIs(t, err, resume.ErrTextCheckpoint)

	c, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: "ct_1"})
	require.NoError(t, err)
	assert.Equal(t, resume.StatusReady, c.Status(), "free text passes the gate's JSON rules")
	assert.Equal(t, text, string(c.Value()))
}

func TestTextCallFinal(t *testing.T) {
	c := resume.NewCall("k", resume.Options{})
	require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "k", Text: true, Data: []byte("ls -l")}))
	require.NoError(t, c.Apply(resume.Event{Kind: resume.EventEnd, Key: "k", Final: []byte("ls -la")}))
	assert.Equal(t, resume.StatusReady, c.Status())
	assert.Equal(t, "ls -la", string(c.Value()))
	r := c.Result()
	assert.True(t, r.Mismatch)
	assert.Equal(t, int64(5), r.MismatchOffset)
	assert.Equal(t, "ls -la", string(c.AppendPartial(nil)))

	empty := resume.NewCall("e", resume.Options{})
	require.NoError(t, empty.Apply(resume.Event{Kind: resume.EventEnd, Key: "e", Text: true}))
	assert.Equal(t, resume.StatusReady, empty.Status())
	assert.Empty(t, empty.Value(), "empty text is not taken for {}")
}

func TestTextCallRules(t *testing.T) {
	t.Run("hosted", func(t *testing.T) {
		c := resume.NewCall("k", resume.Options{})
		require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "k", Text: true, Hosted: true, Data: []byte("x")}))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusRejected, c.Status())
		assert.ErrorIs(t, c.Err(), resume.ErrHosted)
	})
	t.Run("cap", func(t *testing.T) {
		c := resume.NewCall("k", resume.Options{MaxBytes: 4})
		require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "k", Text: true, Data: []byte("abc")}))
		require.ErrorIs(t, c.Delta([]byte("de"), -1, -1), resume.ErrTooLarge)
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusTooLarge, c.Status())
		assert.Nil(t, c.Value())
	})
	t.Run("too late", func(t *testing.T) {
		// The first byte was read as JSON: the flag cannot change that.
		c := resume.NewCall("k", resume.Options{})
		require.NoError(t, c.Delta([]byte(`{"a"`), -1, -1))
		require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "k", Text: true, Data: []byte(`:1}`)}))
		assert.False(t, c.Result().Text)
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusReady, c.Status())
	})
	t.Run("no end", func(t *testing.T) {
		c := resume.NewCall("k", resume.Options{})
		require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "k", Text: true, Data: []byte("x")}))
		c.Abandon()
		assert.Equal(t, resume.StatusIncomplete, c.Status())
		assert.ErrorIs(t, c.Err(), resume.ErrNoEnd)
	})
}

// TestEventLiteral: an Event literal that leaves Seq, Offset and Index
// out claims none of them.
func TestEventLiteral(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	for _, d := range []string{`{"a":`, `1,`, `"b":2}`} {
		c, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(d)})
		require.NoError(t, err, "no delta is taken for a replay")
		assert.Equal(t, -1, c.Index())
	}
	c, err := s.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"})
	require.NoError(t, err)
	assert.Equal(t, `{"a":1,"b":2}`, string(c.Value()))

	// Given, offset 0 is a claim: the same bytes again are a replay.
	o := resume.NewCall("o", resume.Options{})
	first := resume.Event{Kind: resume.EventDelta, Key: "o", Data: []byte(`{"x"`), HasOffset: true, Index: 0, HasIndex: true}
	require.NoError(t, o.Apply(first))
	require.ErrorIs(t, o.Apply(first), resume.ErrDuplicate)
	assert.Equal(t, 0, o.Index())
}
