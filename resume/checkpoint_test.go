package resume_test

import (
	"encoding"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

var _ encoding.BinaryAppender = (*resume.Checkpoint)(nil)

// snapshot is what a call shows from outside, for comparing two runs.
type snapshot struct {
	Status  resume.Status
	Err     string
	Args    string
	View    string
	Partial []string
	Result  resume.Result
}

func snap(c *resume.Call) snapshot {
	r := c.Result()
	errText := errString(r.Err)
	r.Err, r.Arguments, r.Value = nil, nil, nil
	return snapshot{c.Status(), errText, string(c.Arguments()), string(c.AppendPartial(nil)), c.Tentative(), r}
}

// TestCheckpointEverywhere saves a call after every byte, moves the
// checkpoint through its binary form, restores it with the bytes held,
// feeds the rest, and checks that the outcome is the one of a run that
// never stopped.
func TestCheckpointEverywhere(t *testing.T) {
	docs := []string{
		`{"a":[1,{"b":"héllo\u00e9 \ud83d\ude00 🀄"},true],"c":-1.5e3,"d":null,"e":{},"f":12345}`,
		`[[[[[["deep"]]]]],"x"]`,
		`{"a":1,,"b":2}`,
		`{"x":"cut`,
		`3.25`,
		``,
	}
	for _, doc := range docs {
		for _, final := range []string{"", `{"final":true}`} {
			opts := resume.Options{Check: func(c *resume.Call, args []byte) error { return nil }}
			want := resume.NewCall("k", opts)
			_ = want.Apply(resume.Event{Kind: resume.EventStart, ID: "call_1", Name: "tool", Index: 3, HasIndex: true})
			feed(want, doc, 1)
			endWith(want, final)
			for cut := 0; cut <= len(doc); cut++ {
				c := resume.NewCall("k", opts)
				_ = c.Apply(resume.Event{Kind: resume.EventStart, ID: "call_1", Name: "tool", Index: 3, HasIndex: true})
				feed(c, doc[:cut], 1)
				cp, err := c.Checkpoint()
				require.NoError(t, err)
				bin, err := cp.MarshalBinary()
				require.NoError(t, err)
				var back resume.Checkpoint
				require.NoError(t, back.UnmarshalBinary(bin), "%q at %d", doc, cut)

				for _, saved := range []resume.Checkpoint{cp, back} {
					r, err := resume.Restore(saved, []byte(doc[:cut]), opts)
					require.NoError(t, err, "%q at %d", doc, cut)
					require.Equal(t, snap(c), snap(r), "%q at %d: restored", doc, cut)
					feed(r, doc[cut:], 1)
					endWith(r, final)
					require.Equal(t, snap(want), snap(r), "%q at %d, final %q", doc, cut, final)
				}
				// Restore with the rest of the bytes given at once.
				r, err := resume.Restore(back, []byte(doc), opts)
				require.NoError(t, err)
				endWith(r, final)
				require.Equal(t, snap(want).View, snap(r).View, "%q at %d", doc, cut)
				require.Equal(t, snap(want).Status, snap(r).Status, "%q at %d", doc, cut)
			}
		}
	}
}

func endWith(c *resume.Call, final string) {
	if final == "" {
		c.End(nil)
		return
	}
	c.End([]byte(final))
}

// TestCheckpointEnded saves calls in every final status.
func TestCheckpointEnded(t *testing.T) {
	tests := []struct {
		name string
		opts resume.Options
		run  func(c *resume.Call)
	}{
		{name: "ready", run: func(c *resume.Call) { feed(c, `{"a":1}`, 0); c.End(nil) }},
		{name: "ready empty", run: func(c *resume.Call) { c.End(nil) }},
		{name: "incomplete", run: func(c *resume.Call) { feed(c, `{"a":`, 0); c.End(nil) }},
		{name: "abandoned", run: func(c *resume.Call) { feed(c, `{"a":[`, 0); c.Abandon() }},
		{name: "abandoned complete", run: func(c *resume.Call) { feed(c, `{}`, 0); c.Abandon() }},
		{name: "abandoned, then ended", run: func(c *resume.Call) { feed(c, `{"a":[`, 0); c.Abandon(); c.End(nil) }},
		{name: "invalid", run: func(c *resume.Call) { feed(c, `{"a" 1}`, 0) }},
		{name: "too large", opts: resume.Options{MaxBytes: 4}, run: func(c *resume.Call) { feed(c, `{"a":1}`, 0) }},
		{name: "rejected", opts: resume.Options{Check: func(*resume.Call, []byte) error { panic("no") }},
			run: func(c *resume.Call) { feed(c, `{}`, 0); c.End(nil) }},
		{name: "mismatch", run: func(c *resume.Call) { feed(c, `{"a":1}`, 0); c.End([]byte(`{"a":2}`)) }},
		{name: "hosted", run: func(c *resume.Call) {
			_ = c.Apply(resume.Event{Kind: resume.EventStart, Hosted: true})
			feed(c, `{"q":1}`, 0)
			c.End(nil)
		}},
		{name: "hosted, open", run: func(c *resume.Call) {
			_ = c.Apply(resume.Event{Kind: resume.EventStart, Hosted: true})
			feed(c, `{"q":`, 0)
		}},
		{name: "seq", run: func(c *resume.Call) { c.Delta([]byte(`{"a"`), 4, -1); c.Delta([]byte(`:1}`), 6, -1) }},
		{name: "deep", run: func(c *resume.Call) {
			feed(c, `[`+string(make([]byte, 0))+repeat("[", 130)+`{"x":`, 0)
		}},
	}
	for _, tt := range tests {
		c := resume.NewCall("k", tt.opts)
		tt.run(c)
		cp, err := c.Checkpoint()
		require.NoError(t, err, tt.name)
		bin, err := cp.MarshalBinary()
		require.NoError(t, err, tt.name)
		var back resume.Checkpoint
		require.NoError(t, back.UnmarshalBinary(bin), tt.name)
		r, err := resume.Restore(back, c.Arguments(), tt.opts)
		require.NoError(t, err, tt.name)
		assert.Equal(t, snap(c), snap(r), tt.name)
		if tt.name == "hosted, open" {
			feed(r, `1}`, 0)
			require.NoError(t, r.End(nil))
			assert.Equal(t, resume.StatusRejected, r.Status(), "hosted survives the checkpoint")
			assert.ErrorIs(t, r.Err(), resume.ErrHosted)
		}
		if tt.name == "seq" {
			require.ErrorIs(t, r.Delta([]byte(`{"a"`), 4, -1), resume.ErrDuplicate)
			require.ErrorIs(t, r.Delta([]byte(`{"b"`), 4, -1), resume.ErrReplay)
		}
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

// TestCheckpointBad checks that corrupt, truncated and foreign
// checkpoints, and arguments that do not belong to one, give errors.
func TestCheckpointBad(t *testing.T) {
	const doc = `{"path":"a.go","content":"pa`
	c := resume.NewCall("k", resume.Options{})
	require.NoError(t, feed(c, doc, 3))
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	bin, err := cp.MarshalBinary()
	require.NoError(t, err)

	for i := range bin {
		for _, flip := range []byte{0x01, 0x80, 0xff} {
			bad := append([]byte(nil), bin...)
			bad[i] ^= flip
			var back resume.Checkpoint
			err := back.UnmarshalBinary(bad)
			require.Error(t, err, "byte %d ^ %#x", i, flip)
		}
	}
	for n := range bin {
		var back resume.Checkpoint
		require.ErrorIs(t, back.UnmarshalBinary(bin[:n]), resume.ErrCheckpoint, "truncated to %d", n)
	}
	future := append([]byte(nil), bin...)
	future[4] = 3 // versions 1 and 2 are known
	var back resume.Checkpoint
	require.ErrorIs(t, back.UnmarshalBinary(future), resume.ErrCheckpointVersion)

	require.NoError(t, back.UnmarshalBinary(bin))
	_, err = resume.Restore(back, []byte(doc[:len(doc)-1]), resume.Options{})
	require.ErrorIs(t, err, resume.ErrCheckpoint, "too few bytes")
	assert.Contains(t, err.Error(), fmt.Sprintf("saved with %d bytes of arguments, and %d were given", back.Len(), len(doc)-1))
	wrong := []byte(doc)
	wrong[3] = 'X'
	_, err = resume.Restore(back, wrong, resume.Options{})
	require.ErrorIs(t, err, resume.ErrCheckpoint, "other bytes")
	assert.Contains(t, err.Error(), "are not those it was saved with")
	_, err = resume.Restore(resume.Checkpoint{}, nil, resume.Options{})
	require.ErrorIs(t, err, resume.ErrCheckpoint, "zero checkpoint")
	assert.Contains(t, err.Error(), "not made by Call.Checkpoint")
	// Nor has it a binary form, which would restore as a live call with
	// no arguments, and end ready as {}.
	var zero resume.Checkpoint
	_, err = zero.MarshalBinary()
	require.ErrorIs(t, err, resume.ErrCheckpoint, "zero checkpoint marshalled")
	b, err := zero.AppendBinary([]byte("x"))
	require.ErrorIs(t, err, resume.ErrCheckpoint)
	assert.Equal(t, "x", string(b), "nothing appended")

	// A checkpoint of the tokenizer alone is not a call's.
	tk := tokenizer.New(tokenizer.Options{})
	tb, err := tk.MarshalBinary()
	require.NoError(t, err)
	require.ErrorIs(t, back.UnmarshalBinary(tb), resume.ErrCheckpoint)
}

// TestCheckpointSet restarts a whole Set mid-stream: each call is saved
// with its held bytes and restored into a new Set.
func TestCheckpointSet(t *testing.T) {
	events := interleaved()
	want := resume.NewSet(resume.Options{})
	for _, ev := range events {
		want.Apply(ev)
	}
	for cut := 0; cut <= len(events); cut++ {
		s := resume.NewSet(resume.Options{})
		for _, ev := range events[:cut] {
			s.Apply(ev)
		}
		type saved struct {
			cp   resume.Checkpoint
			args []byte
		}
		var disk []saved
		for _, c := range s.Calls() {
			cp, err := c.Checkpoint()
			require.NoError(t, err)
			disk = append(disk, saved{cp, append([]byte(nil), c.Arguments()...)})
		}
		s2 := resume.NewSet(resume.Options{})
		for _, d := range disk {
			_, err := s2.Restore(d.cp, d.args)
			require.NoError(t, err)
		}
		for _, ev := range events[cut:] {
			s2.Apply(ev)
		}
		require.Equal(t, len(want.Calls()), len(s2.Calls()), "cut %d", cut)
		for i, c := range want.Calls() {
			require.Equal(t, snap(c), snap(s2.Call(c.Key())), "cut %d call %d", cut, i)
		}
	}
}

// TestCheckpointOfEarlierRelease restores a checkpoint that the build of
// commit 1b76234 saved after the delta `{"a":[1,"b`: its tokenizer state
// has no byte limit, which counts as tokenizer.MaxBytesLimit.
func TestCheckpointOfEarlierRelease(t *testing.T) {
	data, err := hex.DecodeString("444a52430101300000010000100a89dc62500a0001000001010000000201003e444a544b01904effffffffffffffff7fffffffffffffffff1f80200000000a000200000100000001000000000800000000000000000361016f0048c8feec926349fd")
	require.NoError(t, err)
	var cp resume.Checkpoint
	require.NoError(t, cp.UnmarshalBinary(data))
	c, err := resume.Restore(cp, []byte(`{"a":[1,"bc"]}`), resume.Options{})
	require.NoError(t, err)
	require.NoError(t, c.End(nil))
	assert.Equal(t, resume.StatusReady, c.Status())
	assert.Equal(t, `{"a":[1,"bc"]}`, string(c.Value()))
}
