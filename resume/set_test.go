package resume_test

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

func delta(key, data string) resume.Event {
	return resume.Event{Kind: resume.EventDelta, Key: key, Data: []byte(data)}
}

func end(key string) resume.Event {
	return resume.Event{Kind: resume.EventEnd, Key: key}
}

func start(key, id, name string, index int) resume.Event {
	ev := resume.Event{Kind: resume.EventStart, Key: key, ID: id, Name: name}
	if index >= 0 {
		ev.Index, ev.HasIndex = index, true
	}
	return ev
}

// interleaved is three parallel calls whose deltas alternate, one of
// which never ends.
func interleaved() []resume.Event {
	return []resume.Event{
		start("0", "call_a", "get_weather", 0),
		start("1", "call_b", "get_time", 1),
		delta("0", `{"ci`), delta("1", `{"tz":"Eu`),
		delta("0", `ty":"Pa`), delta("1", `rope/Paris"}`),
		start("2", "call_c", "search", 2),
		delta("2", `{"q":"天気`),
		delta("0", `ris"}`),
		end("1"), end("0"),
		delta("2", ` パリ",`),
	}
}

func TestSet(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	for _, ev := range interleaved() {
		_, err := s.Apply(ev)
		require.NoError(t, err)
	}
	require.Len(t, s.Pending(), 1)
	rs := s.Finish()
	require.Len(t, rs, 3)
	assert.Equal(t, []string{"0", "1", "2"}, []string{rs[0].Key, rs[1].Key, rs[2].Key}, "start order")
	assert.Equal(t, `{"city":"Paris"}`, string(rs[0].Value))
	assert.Equal(t, resume.StatusReady, rs[0].Status)
	assert.Equal(t, `{"tz":"Europe/Paris"}`, string(rs[1].Value))
	assert.Equal(t, resume.StatusReady, rs[1].Status)
	assert.Equal(t, resume.StatusIncomplete, rs[2].Status)
	require.ErrorIs(t, rs[2].Err, resume.ErrNoEnd)
	assert.Equal(t, "search", rs[2].Name)
	assert.Nil(t, rs[2].Value)
}

func TestSetUnknown(t *testing.T) {
	t.Run("auto start", func(t *testing.T) {
		s := resume.NewSet(resume.Options{})
		c, err := s.Apply(delta("7", `{}`))
		require.NoError(t, err)
		assert.Equal(t, "7", c.Key())
		_, err = s.Apply(end("7"))
		require.NoError(t, err)
		assert.Equal(t, resume.StatusReady, c.Status())
	})
	t.Run("require start", func(t *testing.T) {
		s := resume.NewSet(resume.Options{RequireStart: true})
		c, err := s.Apply(delta("7", `{}`))
		require.ErrorIs(t, err, resume.ErrUnknownCall)
		assert.Nil(t, c)
		assert.Zero(t, len(s.Calls()))
		_, err = s.Apply(start("7", "id", "t", 0))
		require.NoError(t, err)
		_, err = s.Apply(delta("7", `{}`))
		require.NoError(t, err)
	})
}

// TestCorpusStreams replays every embedded provider stream through a Set,
// whole and re-split into one-byte deltas, and checks each call against
// its sidecar.
func TestCorpusStreams(t *testing.T) {
	for _, st := range corpus.Streams() {
		events, err := corpus.Read(bytes.NewReader(st.Data), st.Format)
		require.NoError(t, err, st.Name)
		for _, n := range []int{0, 1} {
			s := resume.NewSet(resume.Options{})
			for _, ev := range corpus.Resplit(events, n) {
				_, err := s.Apply(ev)
				if err != nil && !errors.Is(err, resume.ErrDuplicate) {
					t.Fatalf("%s: %v", st.Name, err)
				}
			}
			rs := s.Finish()
			require.Len(t, rs, len(st.Expect.Calls), st.Name)
			for i, want := range st.Expect.Calls {
				r := rs[i]
				assert.Equal(t, want.Key, r.Key, st.Name)
				assert.Equal(t, want.Name, r.Name, st.Name)
				assert.Equal(t, want.ID, r.ID, st.Name)
				assert.Equal(t, want.Arguments, string(r.Arguments), "%s call %s chunk %d", st.Name, r.Key, n)
				ready := want.Ended && (want.Valid || want.Arguments == "" || want.Text) && !want.Hosted
				assert.Equal(t, ready, r.Status == resume.StatusReady, "%s call %s: %s %v", st.Name, r.Key, r.Status, r.Err)
				assert.Equal(t, want.Hosted, r.Hosted, "%s call %s", st.Name, r.Key)
				assert.Equal(t, want.Ended, r.Ended, st.Name)
			}
		}
	}
}

// TestCaptures does the same for the real provider recordings, checking
// each call's arguments against what the provider sent (the Final when
// there is one, else the joined deltas).
func TestCaptures(t *testing.T) {
	caps, err := fixtures.Captures()
	if errors.Is(err, fixtures.ErrAbsent) {
		t.Skipf("real provider captures absent: %v", err)
	}
	require.NoError(t, err)
	for _, cp := range caps {
		events, err := corpus.Read(bytes.NewReader(cp.Data), cp.Format)
		if err != nil && len(events) == 0 {
			t.Logf("%s: %v", cp.Path, err)
			continue
		}
		want := map[string]string{}
		for _, ev := range events {
			switch {
			case ev.Kind == resume.EventDelta:
				want[ev.Key] += string(ev.Data)
			case ev.Kind == resume.EventEnd && ev.Final != nil:
				want[ev.Key] = string(ev.Final)
			}
		}
		for _, n := range []int{0, 1} {
			s := resume.NewSet(resume.Options{})
			for _, ev := range corpus.Resplit(events, n) {
				_, err := s.Apply(ev)
				if err != nil && !errors.Is(err, resume.ErrDuplicate) {
					t.Fatalf("%s: %v", cp.Path, err)
				}
			}
			for _, r := range s.Finish() {
				assert.Equal(t, want[r.Key], string(r.Arguments), "%s call %s", cp.Path, r.Key)
				if r.Status == resume.StatusReady && !r.EmptyAsObject && !r.Text {
					assert.JSONEq(t, want[r.Key], string(r.Value), cp.Path)
				}
			}
		}
	}
}

// TestSetDefaultCaps: zero Options hold a Set to DefaultMaxCalls calls
// and DefaultMaxTotalBytes bytes; negative ones lift the caps.
func TestSetDefaultCaps(t *testing.T) {
	key := func(i int) string { return "call" + strconv.Itoa(i) }
	s := resume.NewSet(resume.Options{})
	for i := range resume.DefaultMaxCalls {
		_, err := s.Apply(start(key(i), "", "f", i))
		require.NoError(t, err)
	}
	_, err := s.Apply(start("one more", "", "f", -1))
	require.ErrorIs(t, err, resume.ErrTooManyCalls)
	s.Remove(key(0))
	_, err = s.Apply(delta("one more", `{}`))
	require.ErrorIs(t, err, resume.ErrTooManyCalls, "a refused call stays refused")
	_, err = s.Apply(delta("another", `{}`))
	require.NoError(t, err, "Remove frees a place")

	s = resume.NewSet(resume.Options{MaxCalls: -1})
	for i := range resume.DefaultMaxCalls + 1 {
		_, err := s.Apply(start(key(i), "", "f", i))
		require.NoError(t, err)
	}

	// One delta past the total cap is refused before it is kept: the
	// call's own cap is lifted, so only the total's can refuse it.
	big := make([]byte, resume.DefaultMaxTotalBytes+1)
	s = resume.NewSet(resume.Options{MaxBytes: -1})
	c, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "a", Data: big})
	require.ErrorIs(t, err, resume.ErrTotalTooLarge)
	assert.Contains(t, err.Error(), strconv.Itoa(resume.DefaultMaxTotalBytes))
	assert.Equal(t, resume.StatusTooLarge, c.Status())
	assert.Zero(t, len(c.Arguments()))
	assert.Zero(t, resume.HeldBytes(s))
	s = resume.NewSet(resume.Options{MaxBytes: -1, MaxTotalBytes: -1})
	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "a", Data: big})
	require.NoError(t, err, "no total cap")
	assert.Equal(t, int64(len(big)), resume.HeldBytes(s))
}

// TestSetCountsOnlyItsOwn: bytes given to a call directly are counted
// from the call's next event through the Set, which the cap judges with
// them, and removing the call takes off Bytes what was counted, never
// more.
func TestSetCountsOnlyItsOwn(t *testing.T) {
	s := resume.NewSet(resume.Options{MaxTotalBytes: 20})
	_, err := s.Apply(delta("a", `{"x":`))
	require.NoError(t, err)
	require.NoError(t, s.Call("a").Delta([]byte(`"not counted"`), -1, -1))
	_, err = s.Apply(delta("b", `[1]`))
	require.NoError(t, err)
	assert.Equal(t, int64(len(`{"x":`)+len(`[1]`)), resume.HeldBytes(s))
	s.Remove("a")
	assert.Equal(t, int64(len(`[1]`)), resume.HeldBytes(s))
	_, err = s.Apply(delta("c", `"0123456789abcdef"`))
	require.ErrorIs(t, err, resume.ErrTotalTooLarge, "18 more bytes pass 20 with 3 held")

	// The call's own next event counts its direct bytes before the cap
	// judges it, on the Set's quick path for the last call too.
	s = resume.NewSet(resume.Options{MaxTotalBytes: 10})
	_, err = s.Apply(delta("a", `[`))
	require.NoError(t, err)
	require.NoError(t, s.Call("a").Delta([]byte(`1,2,3,4,5,6,7,8,9,10,11`), -1, -1))
	_, err = s.Apply(delta("a", `,12`))
	require.ErrorIs(t, err, resume.ErrTotalTooLarge, "24 bytes held pass 10")
	assert.Equal(t, resume.StatusTooLarge, s.Call("a").Status())
}

// TestSetCountsFinalAfterDirectBytes: final arguments that replace a call
// with direct bytes leave Bytes at what the call holds, not below zero,
// and the total cap holds after it (a helper's differential run found
// Bytes at -4 here, and a 22-byte delta let past a cap of 20).
func TestSetCountsFinalAfterDirectBytes(t *testing.T) {
	s := resume.NewSet(resume.Options{MaxTotalBytes: 20})
	_, err := s.Apply(delta("a", "{"))
	require.NoError(t, err)
	require.NoError(t, s.Call("a").Delta([]byte(`"x":1}`), -1, -1))
	ev := end("a")
	ev.Final = []byte("{}")
	c, err := s.Apply(ev)
	require.NoError(t, err)
	require.Equal(t, resume.StatusReady, c.Status())
	assert.Equal(t, int64(2), resume.HeldBytes(s))
	_, err = s.Apply(delta("b", `"0123456789abcdefg"`))
	require.ErrorIs(t, err, resume.ErrTotalTooLarge, "2 held and 19 more pass 20")
	s.Remove("a")
	assert.Zero(t, resume.HeldBytes(s))
	_, err = s.Apply(delta("c", `"0123456789abcdefg"`))
	require.NoError(t, err, "19 alone do not")
}

// TestDocLoopRunsOnce runs the handler loop of the package doc and the
// README on a stream that a reconnect replays whole, and on stray end
// signals: each tool runs once, and nothing runs that no event
// announced. Before ErrRemoved, the replayed end started a new call that
// was ready with "{}", and ran again.
func TestDocLoopRunsOnce(t *testing.T) {
	start := resume.Event{Kind: resume.EventStart, Key: "0"}
	start.ID, start.Name = "call_1", "delete_file"
	delta := resume.Event{Kind: resume.EventDelta, Key: "0"}
	delta.Data = []byte(`{"path":"/tmp/x"}`)
	end := resume.Event{Kind: resume.EventEnd, Key: "0"}
	stray := resume.Event{Kind: resume.EventEnd, Key: "1"}  // a text block's content_block_stop
	gemini := resume.Event{Kind: resume.EventEnd, Key: "2"} // whole arguments, no start
	gemini.Name, gemini.Final = "search", []byte(`{"q":"x"}`)

	// An invalid call, then another under its key (Ollama numbers every
	// call 0): the loop frees the key of a call that ended, ready or not.
	bad := []resume.Event{{Kind: resume.EventStart, Key: "3", ID: "call_a", Name: "f"},
		{Kind: resume.EventDelta, Key: "3", Data: []byte(`{"a":}`)}, {Kind: resume.EventEnd, Key: "3"},
		{Kind: resume.EventStart, Key: "3", ID: "call_b", Name: "g"},
		{Kind: resume.EventDelta, Key: "3", Data: []byte(`{"b":1}`)}, {Kind: resume.EventEnd, Key: "3"}}

	events := []resume.Event{start, delta, end, start, delta, end, end, stray, gemini, gemini}
	events = append(events, bad...)
	calls := resume.NewSet(resume.Options{})
	var ran []string
	for _, ev := range events {
		c, err := calls.Apply(ev)
		if errors.Is(err, resume.ErrDuplicate) {
			continue
		}
		if c != nil && c.Ended() {
			if c.Status() == resume.StatusReady {
				ran = append(ran, c.Name()+" "+string(c.Value()))
			}
			calls.Remove(c.Key())
		}
	}
	assert.Equal(t, []string{`delete_file {"path":"/tmp/x"}`, `search {"q":"x"}`, `g {"b":1}`}, ran)

	_, err := resume.NewSet(resume.Options{}).Apply(stray)
	assert.ErrorIs(t, err, resume.ErrUnknownCall, "an end with nothing to end")
}

// TestIdentityTooLong: a Set refuses keys, ids and names past
// MaxIdentityBytes, which would otherwise hold memory that no byte cap
// counts.
func TestIdentityTooLong(t *testing.T) {
	long := strings.Repeat("k", resume.MaxIdentityBytes+1)
	ok := long[:resume.MaxIdentityBytes]
	s := resume.NewSet(resume.Options{})
	c, err := s.Apply(resume.Event{Kind: resume.EventStart, Key: long})
	assert.ErrorIs(t, err, resume.ErrIdentityTooLong)
	assert.Nil(t, c, "no call is made for a key too long")
	assert.Equal(t, 0, len(s.Calls()))

	// An id or name too long rejects the call it names, for good: its
	// deltas and end do not make it ready with no name.
	for _, step := range []struct {
		ev   resume.Event
		want error
	}{
		{resume.Event{Kind: resume.EventStart, Key: "0", ID: long}, resume.ErrIdentityTooLong},
		{resume.Event{Kind: resume.EventDelta, Key: "1", Data: []byte(`{"a"`)}, nil},
		{resume.Event{Kind: resume.EventDelta, Key: "1", Name: long, Data: []byte(`:1`)}, resume.ErrIdentityTooLong},
	} {
		_, err := s.Apply(step.ev)
		if step.want == nil {
			assert.NoError(t, err, "%s", step.ev.Kind)
		} else {
			assert.ErrorIs(t, err, step.want, "%s", step.ev.Kind)
		}
	}
	for _, key := range []string{"0", "1"} {
		c := s.Call(key)
		require.NotNil(t, c, key)
		assert.Equal(t, resume.StatusRejected, c.Status(), key)
		assert.ErrorIs(t, c.Err(), resume.ErrIdentityTooLong, key)
		assert.Empty(t, c.ID(), key)
		assert.Empty(t, c.Name(), key)
		_, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: key, Data: []byte(`}`)})
		assert.NoError(t, err, "later deltas are kept")
		_, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: key})
		assert.NoError(t, err)
		assert.Equal(t, resume.StatusRejected, c.Status(), "the end leaves %s rejected", key)
	}
	assert.Equal(t, `{"a"}`, string(s.Call("1").Arguments()), "the refused delta's bytes are not kept")

	// Nor do final arguments on the end make it ready.
	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "3", Name: long, Data: []byte(`{`)})
	require.ErrorIs(t, err, resume.ErrIdentityTooLong)
	c, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: "3", Final: []byte(`{"rm":"-rf"}`)})
	require.NoError(t, err)
	assert.Equal(t, resume.StatusRejected, c.Status())
	assert.Nil(t, c.Value())

	// A call that has ended is left as it was.
	done, err := s.Apply(resume.Event{Kind: resume.EventEnd, Key: "2", Final: []byte(`{}`)})
	require.NoError(t, err)
	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "2", Name: long, Data: []byte(` `)})
	assert.ErrorIs(t, err, resume.ErrIdentityTooLong)
	assert.Equal(t, resume.StatusReady, done.Status())

	c, err = s.Apply(resume.Event{Kind: resume.EventStart, Key: ok, ID: ok, Name: ok})
	require.NoError(t, err)
	assert.Equal(t, ok, c.Name())
}

// TestAbandonedTakesNoMore: after Finish (Abandon), a delta gives ErrEnded
// and an end signal ErrDuplicate, and the call stays as it was.
func TestAbandonedTakesNoMore(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	c, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(`{"a":1`)})
	require.NoError(t, err)
	rs := s.Finish()
	require.Equal(t, resume.StatusIncomplete, rs[0].Status)
	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Name: "other", Data: []byte(`}`)})
	assert.ErrorIs(t, err, resume.ErrEnded)
	assert.Empty(t, c.Name(), "the refused delta's name is not taken")
	_, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"})
	assert.ErrorIs(t, err, resume.ErrDuplicate)
	assert.Equal(t, resume.StatusIncomplete, c.Status())
	assert.Equal(t, `{"a":1`, string(c.Arguments()))
	assert.False(t, c.Ended())
	assert.Equal(t, rs[0].Err, c.Err())
}

// TestLateStart: a start that comes after the call ended (a reconnect
// replaying it) changes nothing and says so; Pending and EndAll leave out
// abandoned calls.
func TestLateStart(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	start := resume.Event{Kind: resume.EventStart, Key: "0", ID: "call_1", Name: "f", Index: 0, HasIndex: true}
	_, err := s.Apply(start)
	require.NoError(t, err)
	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(`{}`)})
	require.NoError(t, err)
	c, err := s.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"})
	require.NoError(t, err)
	require.Equal(t, resume.StatusReady, c.Status())
	start.Name, start.ID = "g", "call_2"
	_, err = s.Apply(start)
	assert.ErrorIs(t, err, resume.ErrDuplicate)
	assert.Equal(t, "f", c.Name())
	assert.Equal(t, "call_1", c.ID())
	lone := resume.NewCall("0", resume.Options{})
	require.NoError(t, lone.Apply(resume.Event{Kind: resume.EventEnd, Key: "0", Final: []byte(`{}`)}))
	assert.ErrorIs(t, lone.Apply(start), resume.ErrDuplicate)
	assert.Empty(t, lone.Name())

	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "1", Data: []byte(`{`)})
	require.NoError(t, err)
	s.Finish()
	assert.Empty(t, s.Pending(), "an abandoned call takes no more events")
	assert.Empty(t, s.EndAll())
	assert.Equal(t, resume.StatusIncomplete, s.Call("1").Status())
}

func TestWatchNilFunc(t *testing.T) {
	c := resume.NewCall("0", resume.Options{})
	assert.PanicsWithValue(t, "resume: Watch with a nil func", func() { c.Watch("/a", nil) })
}

// TestZeroSet: the zero Set works as NewSet(Options{}) does, default caps
// included.
func TestZeroSet(t *testing.T) {
	var s resume.Set
	c, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(`{"a":1}`)})
	require.NoError(t, err)
	_, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"})
	require.NoError(t, err)
	assert.Equal(t, resume.StatusReady, c.Status())
	assert.Equal(t, int64(7), resume.HeldBytes(&s))
	big := resume.Event{Kind: resume.EventDelta, Key: "1", Data: make([]byte, resume.DefaultMaxBytes+1)}
	_, err = s.Apply(big)
	assert.ErrorIs(t, err, resume.ErrTooLarge)
}

// TestCallApplyAsSet: Call.Apply takes an event as a Set does, id and name
// on a delta or an end included.
func TestCallApplyAsSet(t *testing.T) {
	long := strings.Repeat("n", resume.MaxIdentityBytes+1)
	for _, tc := range []struct {
		name   string
		events []resume.Event
	}{
		{"chat: id and name on the first delta", []resume.Event{
			{Kind: resume.EventDelta, Key: "0", ID: "call_1", Name: "get_weather", Index: 0, HasIndex: true, Data: []byte(`{"city":`)},
			{Kind: resume.EventDelta, Key: "0", Data: []byte(`"Paris"}`)},
			resume.Event{Kind: resume.EventEnd, Key: "0"},
		}},
		{"an end that is the only event", []resume.Event{
			{Kind: resume.EventEnd, Key: "0", ID: "c", Name: "f", Final: []byte(`{}`)},
		}},
		{"a name too long", []resume.Event{
			{Kind: resume.EventDelta, Key: "0", Data: []byte(`{`)},
			{Kind: resume.EventDelta, Key: "0", Name: long, Data: []byte(`}`)},
			resume.Event{Kind: resume.EventEnd, Key: "0"},
		}},
		{"a name after the end", []resume.Event{
			{Kind: resume.EventDelta, Key: "0", Name: "f", Data: []byte(`{}`)},
			resume.Event{Kind: resume.EventEnd, Key: "0"},
			{Kind: resume.EventDelta, Key: "0", Name: "g", Data: []byte(` `)},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := resume.NewSet(resume.Options{})
			c := resume.NewCall("0", resume.Options{})
			for i, ev := range tc.events {
				_, setErr := s.Apply(ev)
				callErr := c.Apply(ev)
				require.Equal(t, setErr, callErr, "event %d", i)
			}
			sc := s.Call("0")
			require.NotNil(t, sc)
			assert.Equal(t, sc.ID(), c.ID())
			assert.Equal(t, sc.Name(), c.Name())
			assert.Equal(t, sc.Status(), c.Status())
			assert.Equal(t, string(sc.Arguments()), string(c.Arguments()))
			assert.NotEqual(t, long, c.Name())
			assert.NotEqual(t, "g", c.Name(), "a refused delta's name is not taken")
		})
	}
	c := resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", ID: "call_1", Name: "get_weather", Data: []byte(`{`)}))
	assert.Equal(t, "call_1", c.ID())
	assert.Equal(t, "get_weather", c.Name())
	assert.Error(t, c.Apply(resume.Event{Kind: resume.EventKind(99), Key: "0", Name: "x"}))
	assert.Equal(t, "get_weather", c.Name(), "an event of no known kind changes nothing")
}

// TestCheckpointIdentityTooLong: a call rejected for an overlong name
// saves and restores as it is.
func TestCheckpointIdentityTooLong(t *testing.T) {
	c := resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Delta([]byte(`{"a":`), -1, -1))
	require.ErrorIs(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Name: strings.Repeat("n", resume.MaxIdentityBytes+1)}), resume.ErrIdentityTooLong)
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	b, err := cp.MarshalBinary()
	require.NoError(t, err)
	var back resume.Checkpoint
	require.NoError(t, back.UnmarshalBinary(b))
	r, err := resume.Restore(back, c.Arguments(), resume.Options{})
	require.NoError(t, err)
	assert.Equal(t, resume.StatusRejected, r.Status())
	assert.ErrorIs(t, r.Err(), resume.ErrIdentityTooLong)
}

// TestRestoreOtherTokenizerOptions: a checkpoint restores only with the
// tokenizer options it was saved with; with others, the call's options
// and its tokenizer's would disagree on what is valid.
func TestRestoreOtherTokenizerOptions(t *testing.T) {
	saved := resume.Options{Tokenizer: tokenizer.Options{MaxNumberLength: 3}}
	c := resume.NewCall("0", saved)
	require.NoError(t, c.Delta([]byte(`[`), -1, -1))
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	_, err = resume.Restore(cp, c.Arguments(), resume.Options{})
	assert.ErrorIs(t, err, resume.ErrCheckpoint)
	r, err := resume.Restore(cp, []byte(`[123456]`), saved)
	require.NoError(t, err)
	require.NoError(t, r.End(nil))
	assert.Equal(t, resume.StatusInvalid, r.Status(), "a number past the limit")
}

// TestHosted: a call the provider runs itself is read and shown like any
// other, and never becomes ready; a handler that runs ready calls leaves
// it alone.
func TestHosted(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	start := resume.Event{Kind: resume.EventStart, Key: "1"}
	start.ID, start.Name, start.Hosted = "srvtoolu_1", "web_search", true
	delta := resume.Event{Kind: resume.EventDelta, Key: "1"}
	delta.Data = []byte(`{"query":"x"}`)
	for _, ev := range []resume.Event{start, delta} {
		c, err := s.Apply(ev)
		require.NoError(t, err)
		assert.True(t, c.Result().Hosted)
	}
	assert.Equal(t, resume.StatusComplete, s.Call("1").Status())
	c, err := s.Apply(resume.Event{Kind: resume.EventEnd, Key: "1"})
	require.NoError(t, err)
	assert.Equal(t, resume.StatusRejected, c.Status())
	assert.ErrorIs(t, c.Err(), resume.ErrHosted)
	assert.Equal(t, `{"query":"x"}`, string(c.AppendPartial(nil)), "its arguments are there to show")
	r := s.Finish()
	require.Len(t, r, 1)
	assert.True(t, r[0].Hosted)
	assert.Equal(t, resume.StatusRejected, r[0].Status)

	// Said by a later delta only, as much as by the start.
	s = resume.NewSet(resume.Options{})
	delta.Key, delta.Data = "2", []byte(`{"query":`)
	_, err = s.Apply(delta)
	require.NoError(t, err)
	delta.Data, delta.Hosted = []byte(`"x"}`), true
	_, err = s.Apply(delta)
	require.NoError(t, err)
	c, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: "2"})
	require.NoError(t, err)
	assert.ErrorIs(t, c.Err(), resume.ErrHosted)

	// A gate check is not asked about it; it could only pass it.
	asked := false
	d := resume.NewCall("k", resume.Options{Check: func(*resume.Call, []byte) error { asked = true; return nil }})
	_ = d.Apply(resume.Event{Kind: resume.EventStart, Hosted: true})
	require.NoError(t, d.Delta([]byte(`{}`), -1, -1))
	require.NoError(t, d.End(nil))
	assert.Equal(t, resume.StatusRejected, d.Status())
	assert.False(t, asked)

	// Marked after it ran, or by the gate check as it runs, a call stays
	// ready, and is not called hosted.
	e := resume.NewCall("k", resume.Options{})
	require.NoError(t, e.End([]byte(`{}`)))
	assert.ErrorIs(t, e.Apply(resume.Event{Kind: resume.EventStart, Hosted: true}), resume.ErrDuplicate)
	assert.Equal(t, resume.StatusReady, e.Status())
	assert.False(t, e.Result().Hosted)
	f := resume.NewCall("k", resume.Options{Check: func(c *resume.Call, _ []byte) error {
		_ = c.Apply(resume.Event{Kind: resume.EventStart, Hosted: true})
		return nil
	}})
	require.NoError(t, f.End([]byte(`{}`)))
	assert.Equal(t, resume.StatusReady, f.Status())
	assert.False(t, f.Result().Hosted)

	// A start refused past MaxCalls: the call's later events make no
	// call, even once there is room (it would have no name, nor its
	// hosted mark if only the start said so).
	s = resume.NewSet(resume.Options{MaxCalls: 1})
	_, err = s.Apply(resume.Event{Kind: resume.EventStart, Key: "0"})
	require.NoError(t, err)
	_, err = s.Apply(start)
	require.ErrorIs(t, err, resume.ErrTooManyCalls)
	s.Remove("0")
	delta.Key, delta.Data, delta.Hosted = "1", []byte(`{"query":"x"}`), false
	for _, ev := range []resume.Event{delta, resume.Event{Kind: resume.EventEnd, Key: "1"}} {
		c, err := s.Apply(ev)
		require.ErrorIs(t, err, resume.ErrTooManyCalls, "%v", ev.Kind)
		assert.Nil(t, c)
	}
	assert.Equal(t, 0, len(s.Calls()))
	next := resume.Event{Kind: resume.EventStart, Key: "1"}
	next.ID = "toolu_next"
	_, err = s.Apply(next)
	require.NoError(t, err, "another call under the key, as a next message has")
}

// TestRestoreRemoved: a checkpoint of a call that ran and was removed
// cannot bring it back to run again, which its last delta and end would
// make ready a second time; one of a live call, or in a Set that never
// removed it, restores.
func TestRestoreRemoved(t *testing.T) {
	for _, id := range []string{"fc_1", ""} {
		s := resume.NewSet(resume.Options{})
		_, err := s.Apply(start("0", id, "delete_file", 0))
		require.NoError(t, err)
		c, err := s.Apply(delta("0", `{"path":`))
		require.NoError(t, err)
		cp, err := c.Checkpoint()
		require.NoError(t, err)
		held := bytes.Clone(c.Arguments())

		again, err := s.Restore(cp, held) // the live call: a rewind
		require.NoError(t, err, "id %q", id)
		_, err = s.Apply(delta("0", `"/tmp/x"}`))
		require.NoError(t, err)
		_, err = s.Apply(end("0"))
		require.NoError(t, err)
		require.Equal(t, resume.StatusReady, again.Status())
		s.Remove("0") // it ran

		_, err = s.Restore(cp, held)
		assert.ErrorIs(t, err, resume.ErrRemoved, "id %q", id)
		assert.Nil(t, s.Call("0"), "id %q", id)

		// Another process's Set, which never ran it, takes it.
		_, err = resume.NewSet(resume.Options{}).Restore(cp, held)
		assert.NoError(t, err, "id %q", id)
	}
	// Under another key, the ID still names the removed call.
	s := resume.NewSet(resume.Options{})
	c, err := s.Apply(start("0", "fc_2", "f", 0))
	require.NoError(t, err)
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	s.Remove("0")
	_, err = s.Apply(start("0", "fc_3", "g", 0)) // a new call under the key
	require.NoError(t, err)
	_, err = s.Restore(cp, nil)
	assert.ErrorIs(t, err, resume.ErrRemoved)
	assert.Equal(t, "fc_3", s.Call("0").ID(), "the live call stays")
}

// TestRemovedWithoutID: a call that never got its start (no ID) ran and
// was removed; the provider's late event naming it at last (an OpenAI
// Responses output_item.done with the call's ID and name) is a replay,
// not a new call that would run the same arguments a second time.
func TestRemovedWithoutID(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	d := resume.Event{Kind: resume.EventDelta, Key: "fc_1"}
	d.Data, d.Seq, d.HasSeq = []byte(`{"amount":100}`), 7, true
	e := resume.Event{Kind: resume.EventEnd, Key: "fc_1"}
	e.Final, e.Seq, e.HasSeq = d.Data, 8, true
	late := resume.Event{Kind: resume.EventEnd, Key: "fc_1"}
	late.Final, late.Seq, late.HasSeq, late.ID, late.Name = d.Data, 9, true, "call_1", "transfer"
	runs := 0
	for _, ev := range []resume.Event{d, e, late} {
		c, err := s.Apply(ev)
		if c != nil && c.Status() == resume.StatusReady {
			runs++
			s.Remove(c.Key())
			continue
		}
		if ev.ID != "" {
			assert.ErrorIs(t, err, resume.ErrRemoved)
		}
	}
	assert.Equal(t, 1, runs)

	// A removed call that had an ID leaves its key to a call with another.
	start := resume.Event{Kind: resume.EventStart, Key: "0"}
	start.ID = "toolu_1"
	_, err := s.Apply(start)
	require.NoError(t, err)
	s.Remove("0")
	start.ID = "toolu_2"
	c, err := s.Apply(start)
	require.NoError(t, err)
	assert.Equal(t, "toolu_2", c.ID())
}

// TestRemovedWithoutIDRestoreAndForget: Set.Restore holds to the same
// rule as Apply for a removed call that had no ID, so that a checkpoint
// of it naming an ID does not restore it ready to run again; and once a
// call with an ID is removed under the key, the rule is let go.
func TestRemovedWithoutIDRestoreAndForget(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	d := resume.Event{Kind: resume.EventDelta, Key: "item"}
	d.Data = []byte(`{"a":1}`)
	c, err := s.Apply(d)
	require.NoError(t, err)
	// Another process saw the start: its checkpoint names the ID.
	other := resume.NewCall("item", resume.Options{})
	require.NoError(t, other.Apply(resume.Event{Kind: resume.EventStart, ID: "call_X", Name: "f", Index: 0, HasIndex: true}))
	require.NoError(t, other.Delta(d.Data, -1, -1))
	cp, err := other.Checkpoint()
	require.NoError(t, err)
	_, err = s.Apply(resume.Event{Kind: resume.EventEnd, Key: "item"})
	require.NoError(t, err)
	require.Equal(t, resume.StatusReady, c.Status())
	s.Remove("item") // it ran
	_, err = s.Restore(cp, other.Arguments())
	assert.ErrorIs(t, err, resume.ErrRemoved)

	// Once the key has left the Set's memory of removed keys (4096 later
	// removals), a call with an ID may hold it again; removed in turn, it
	// lets the no-ID rule go, and the next call with a fresh ID starts:
	// the rule does not outlive the key.
	s = resume.NewSet(resume.Options{})
	_, err = s.Apply(d)
	require.NoError(t, err)
	s.Remove("item") // no ID
	for i := range 4096 {
		k := resume.Event{Kind: resume.EventDelta, Key: "k" + strconv.Itoa(i)}
		k.ID = "id" + strconv.Itoa(i)
		_, err = s.Apply(k)
		require.NoError(t, err)
		s.Remove(k.Key)
	}
	for _, id := range []string{"M1", "M2"} {
		st := resume.Event{Kind: resume.EventStart, Key: "item"}
		st.ID = id
		_, err = s.Apply(st)
		require.NoError(t, err, id)
		s.Remove("item")
	}
}

// TestRemovedMiddleIDs: a call whose ID changed on every chunk, run and
// removed, is not run again by a replay that names one of the IDs between
// its first and its last (id2 of id1, id2, id3), as a new call that its
// end would make ready.
func TestRemovedMiddleIDs(t *testing.T) {
	s := resume.NewSet(resume.Options{})
	var evs []resume.Event
	for i, piece := range []string{``, `{"amount":5}`, ``} {
		d := resume.Event{Kind: resume.EventDelta, Key: "0"}
		d.ID, d.Name, d.Data = "id"+strconv.Itoa(i+1), "pay", []byte(piece)
		evs = append(evs, d)
	}
	evs = append(evs, resume.Event{Kind: resume.EventEnd, Key: "0"})
	runs := 0
	for pass := range 2 { // the stream, then its replay
		for _, ev := range evs {
			c, err := s.Apply(ev)
			if pass == 1 {
				assert.ErrorIs(t, err, resume.ErrRemoved, "replay of %q", ev.ID)
			}
			if c != nil && c.Status() == resume.StatusReady {
				runs++
				s.Remove(c.Key())
			}
		}
	}
	assert.Equal(t, 1, runs)
}
