package resume_test

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

func TestStatus(t *testing.T) {
	tests := []struct {
		name   string
		doc    string
		end    bool
		status resume.Status
		before resume.Status // status before the end signal, when end
		cause  error         // errors.Is of Err
		offset int64         // the SyntaxError's offset, when cause is one
		ptr    string
	}{
		{name: "prefix", doc: `{"a":[1,`, status: resume.StatusReceiving},
		{name: "whole", doc: `{"a":1}`, status: resume.StatusComplete},
		{name: "whole/trailing space", doc: "{\"a\":1} \n", status: resume.StatusComplete},
		{name: "ready", doc: `{"a":1}`, end: true, before: resume.StatusComplete, status: resume.StatusReady},
		{name: "ready/number top", doc: `{"n":42}`, end: true, before: resume.StatusComplete, status: resume.StatusReady},
		{name: "not an object", doc: `42`, end: true, before: resume.StatusReceiving, status: resume.StatusRejected, cause: resume.ErrNotObject},
		{name: "not an object/null", doc: ` null `, end: true, before: resume.StatusComplete, status: resume.StatusRejected, cause: resume.ErrNotObject},
		{name: "not an object/array", doc: `[{"a":1}]`, end: true, before: resume.StatusComplete, status: resume.StatusRejected, cause: resume.ErrNotObject},
		{name: "bad byte", doc: `{"a":1,}`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`{"a":1,`)), ptr: ""},
		{name: "bad byte/nested", doc: `{"a":{"b":[1,2 x`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`{"a":{"b":[1,2 `)), ptr: "/a/b/1"},
		{name: "bad utf8", doc: "{\"a\":\"\xff\"}", status: resume.StatusInvalid, cause: tokenizer.ErrInvalidUTF8,
			offset: int64(len(`{"a":"`)), ptr: "/a"},
		{name: "held/control byte", doc: "{\"a\":\"abc\x01\"}", status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`{"a":"abc`)), ptr: "/a"},
		{name: "held/bad escape", doc: `{"a":"ab\q"}`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`{"a":"ab\`)), ptr: "/a"},
		{name: "held/bad hex", doc: `{"a":"ab\u12G4"}`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`{"a":"ab\u12`)), ptr: "/a"},
		{name: "held/cut utf8", doc: "{\"a\":\"\xe6\x97\"}", status: resume.StatusInvalid, cause: tokenizer.ErrInvalidUTF8,
			offset: int64(len("{\"a\":\"\xe6\x97")), ptr: "/a"},
		{name: "held/overlong", doc: "{\"a\":\"x\xe0\x80\x80\"}", status: resume.StatusInvalid, cause: tokenizer.ErrInvalidUTF8,
			offset: int64(len("{\"a\":\"x\xe0")), ptr: "/a"},
		{name: "held/surrogate utf8", doc: "{\"a\":\"x\xed\xa0\x80\"}", status: resume.StatusInvalid, cause: tokenizer.ErrInvalidUTF8,
			offset: int64(len("{\"a\":\"x\xed")), ptr: "/a"},
		{name: "held/space then junk", doc: "{\"a\":1  \n x}", status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len("{\"a\":1  \n ")), ptr: "/a"},
		{name: "held/space after value", doc: "{}  \n\t ", status: resume.StatusComplete},
		{name: "held/name", doc: `{"na\"me`, status: resume.StatusReceiving},
		{name: "held/number grammar", doc: `[-0.5e+10,0E-1,12.25,1e5,-7]`, status: resume.StatusComplete},
		{name: "held/bad dot", doc: `[1.e5]`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`[1.`)), ptr: "/0"},
		{name: "held/two dots", doc: `[1.5.2]`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`[1.5`)), ptr: "/0"},
		{name: "held/bad exponent", doc: `[1e+-2]`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`[1e+`)), ptr: "/0"},
		{name: "held/literals", doc: `[true,false,null]`, status: resume.StatusComplete},
		{name: "held/bad literal", doc: `[trux]`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`[tru`)), ptr: "/0"},
		{name: "held/literal top", doc: `false`, end: true, before: resume.StatusComplete, status: resume.StatusRejected, cause: resume.ErrNotObject},
		{name: "held/digits", doc: `[12345,-0.125e-0012,-9]`, status: resume.StatusComplete},
		{name: "held/leading zero", doc: `[1,-01]`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`[1,-0`)), ptr: "/1"},
		{name: "held/zero", doc: `[00]`, status: resume.StatusInvalid, cause: tokenizer.ErrSyntax,
			offset: int64(len(`[0`)), ptr: "/0"},
		{name: "held/long number", doc: `[1` + strings.Repeat("0", 5000) + `]`, status: resume.StatusInvalid,
			cause: tokenizer.ErrNumberLimit, offset: int64(len(`[1` + strings.Repeat("0", 4095))), ptr: "/0"},
		{name: "trailing data", doc: `{} {}`, status: resume.StatusInvalid, cause: tokenizer.ErrTrailingData,
			offset: int64(len(`{} `))},
		{name: "fenced", doc: "```json\n{}\n```", status: resume.StatusInvalid, cause: tokenizer.ErrSyntax},
		{name: "cut at end", doc: `{"title":"A story","content":"Once upon`, end: true, before: resume.StatusReceiving,
			status: resume.StatusIncomplete, cause: io.ErrUnexpectedEOF,
			offset: int64(len(`{"title":"A story","content":"Once upon`)), ptr: "/content"},
		{name: "invalid then end", doc: `{"a":tru}`, end: true, before: resume.StatusInvalid, status: resume.StatusInvalid,
			cause: tokenizer.ErrSyntax, offset: int64(len(`{"a":tru`)), ptr: "/a"},
		{name: "empty", doc: ``, end: true, before: resume.StatusReceiving, status: resume.StatusReady},
		{name: "only space", doc: " \n", end: true, before: resume.StatusReceiving, status: resume.StatusReady},
	}
	for _, tt := range tests {
		for _, n := range chunkSizes {
			c := resume.NewCall("0", resume.Options{})
			feed(c, tt.doc, n)
			if tt.end {
				require.Equal(t, tt.before, c.Status(), "%s, chunk %d: before end", tt.name, n)
				require.NoError(t, c.End(nil), tt.name)
			}
			require.Equal(t, tt.status, c.Status(), "%s, chunk %d: %v", tt.name, n, c.Err())
			if tt.cause == nil {
				require.NoError(t, c.Err(), tt.name)
				continue
			}
			require.ErrorIs(t, c.Err(), tt.cause, tt.name)
			if tt.cause == resume.ErrNotObject {
				continue
			}
			var se *tokenizer.SyntaxError
			require.ErrorAs(t, c.Err(), &se, tt.name)
			if tt.offset != 0 {
				assert.Equal(t, tt.offset, se.Offset, "%s, chunk %d", tt.name, n)
				assert.Equal(t, tt.ptr, se.Pointer, "%s, chunk %d", tt.name, n)
			}
		}
	}
}

func TestEndSignal(t *testing.T) {
	t.Run("final wins", func(t *testing.T) {
		c := resume.NewCall("fc_1", resume.Options{})
		require.NoError(t, feed(c, `{"city":"Par`, 3))
		require.NoError(t, c.End([]byte(`{"city":"Paris"}`)))
		r := c.Result()
		assert.Equal(t, resume.StatusReady, r.Status)
		assert.Equal(t, `{"city":"Paris"}`, string(r.Arguments))
		assert.True(t, r.Mismatch, "the deltas stopped short of the final arguments")
		assert.Equal(t, int64(len(`{"city":"Par`)), r.MismatchOffset)
		assert.True(t, r.Final)
	})
	t.Run("final differs", func(t *testing.T) {
		c := resume.NewCall("fc_1", resume.Options{})
		require.NoError(t, feed(c, `{"city":"Lyon"}`, 0))
		require.NoError(t, c.End([]byte(`{"city":"Paris"}`)))
		r := c.Result()
		assert.Equal(t, resume.StatusReady, r.Status)
		assert.Equal(t, `{"city":"Paris"}`, string(c.AppendPartial(nil)))
		assert.Equal(t, `{"city":"Paris"}`, string(r.Value))
		assert.True(t, r.Mismatch)
		assert.Equal(t, int64(len(`{"city":"`)), r.MismatchOffset)
	})
	t.Run("final repairs invalid deltas", func(t *testing.T) {
		c := resume.NewCall("fc_1", resume.Options{})
		require.NoError(t, feed(c, `{"a":1,,`, 0))
		require.Equal(t, resume.StatusInvalid, c.Status())
		require.NoError(t, c.End([]byte(`{"a":1}`)))
		assert.Equal(t, resume.StatusReady, c.Status())
		assert.True(t, c.Result().Mismatch)
	})
	t.Run("final equal", func(t *testing.T) {
		c := resume.NewCall("fc_1", resume.Options{})
		require.NoError(t, feed(c, `{"a":1}`, 1))
		require.NoError(t, c.End([]byte(`{"a":1}`)))
		r := c.Result()
		assert.Equal(t, resume.StatusReady, r.Status)
		assert.False(t, r.Mismatch)
	})
	t.Run("final only", func(t *testing.T) { // LM Studio, Gemini
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, c.End([]byte(`{"q":"x"}`)))
		r := c.Result()
		assert.Equal(t, resume.StatusReady, r.Status)
		assert.False(t, r.Mismatch)
		assert.Equal(t, 0, r.Deltas)
		assert.Equal(t, `{"q":"x"}`, string(r.Value))
	})
	t.Run("empty is {}", func(t *testing.T) { // Anthropic partial_json ""
		c := resume.NewCall("4", resume.Options{})
		require.NoError(t, c.Delta([]byte{}, -1, -1))
		require.NoError(t, c.End(nil))
		r := c.Result()
		assert.Equal(t, resume.StatusReady, r.Status)
		assert.True(t, r.EmptyAsObject)
		assert.Equal(t, "", string(r.Arguments))
		assert.Equal(t, "{}", string(r.Value))
	})
	t.Run("empty final is {}", func(t *testing.T) {
		c := resume.NewCall("4", resume.Options{})
		require.NoError(t, c.End([]byte{}))
		assert.Equal(t, "{}", string(c.Value()))
		assert.True(t, c.Result().EmptyAsObject)
	})
	t.Run("empty final is no final", func(t *testing.T) { // []byte("") of a field left out
		for _, final := range []string{"", " ", " \n\t\r "} {
			for _, chunk := range []int{1, 0} {
				c := resume.NewCall("5", resume.Options{})
				require.NoError(t, feed(c, `{"a":1}`, chunk))
				require.NoError(t, c.End([]byte(final)))
				r := c.Result()
				assert.Equal(t, resume.StatusReady, r.Status, "final %q", final)
				assert.Equal(t, `{"a":1}`, string(r.Value), "the deltas stand, final %q", final)
				assert.False(t, r.Final)
				assert.False(t, r.Mismatch)
				assert.False(t, r.EmptyAsObject)
			}
		}
	})
	t.Run("a text call's whitespace final is its text", func(t *testing.T) {
		c := resume.NewCall("6", resume.Options{})
		require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Key: "6", Text: true, Data: []byte("x")}))
		require.NoError(t, c.End([]byte("  ")))
		assert.Equal(t, "  ", string(c.Value()))
	})
	t.Run("nothing ready before end", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, `{"a":1}`, 0))
		assert.Equal(t, resume.StatusComplete, c.Status())
		assert.Nil(t, c.Value())
	})
	t.Run("duplicate end", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, `{"a":1}`, 0))
		require.NoError(t, c.End(nil))
		before := c.Result()
		require.ErrorIs(t, c.End(nil), resume.ErrDuplicate)
		require.ErrorIs(t, c.End([]byte(`{"b":2}`)), resume.ErrDuplicate)
		after := c.Result()
		assert.Equal(t, 2, after.DuplicateEnds)
		after.DuplicateEnds = 0
		assert.Equal(t, before, after)
	})
	t.Run("delta after end", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, `{"a":1}`, 0))
		require.NoError(t, c.End(nil))
		require.ErrorIs(t, c.Delta([]byte(` `), -1, -1), resume.ErrEnded)
		assert.Equal(t, `{"a":1}`, string(c.Arguments()))
		assert.Equal(t, resume.StatusReady, c.Status())
	})
	t.Run("abandon", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, `{"lines":["a","b`, 0))
		require.True(t, c.Abandon())
		assert.Equal(t, resume.StatusIncomplete, c.Status())
		require.ErrorIs(t, c.Err(), resume.ErrNoEnd)
		require.ErrorIs(t, c.Err(), io.ErrUnexpectedEOF)
		var se *tokenizer.SyntaxError
		require.ErrorAs(t, c.Err(), &se)
		assert.Equal(t, "/lines/1", se.Pointer)
		assert.False(t, c.Abandon(), "twice")
	})
	t.Run("abandon complete", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, `{}`, 0))
		require.True(t, c.Abandon())
		assert.Equal(t, resume.StatusIncomplete, c.Status())
		require.ErrorIs(t, c.Err(), resume.ErrNoEnd)
		assert.NotErrorIs(t, c.Err(), io.ErrUnexpectedEOF)
	})
}

func TestReconnect(t *testing.T) {
	const doc = `{"path":"a.go","content":"package a"}`
	t.Run("offset replay", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, c.Delta([]byte(doc[:10]), -1, 0))
		require.NoError(t, c.Delta([]byte(doc[10:20]), -1, 10))
		require.ErrorIs(t, c.Delta([]byte(doc[0:10]), -1, 0), resume.ErrDuplicate)
		require.ErrorIs(t, c.Delta([]byte(doc[5:20]), -1, 5), resume.ErrDuplicate)
		// Overlapping: the held part is checked, the rest kept.
		require.NoError(t, c.Delta([]byte(doc[15:30]), -1, 15))
		require.NoError(t, c.Delta([]byte(doc[30:]), -1, 30))
		require.NoError(t, c.End(nil))
		r := c.Result()
		assert.Equal(t, doc, string(r.Arguments))
		assert.Equal(t, 2, r.Replays)
		assert.Equal(t, resume.StatusReady, r.Status)
	})
	t.Run("offset replay differs", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, c.Delta([]byte(doc[:20]), -1, 0))
		bad := []byte(doc[10:20])
		bad[3] = 'X'
		err := c.Delta(bad, -1, 10)
		var re *resume.ReplayError
		require.ErrorAs(t, err, &re)
		require.ErrorIs(t, err, resume.ErrReplay)
		assert.Equal(t, int64(10+3), re.Offset)
		assert.Equal(t, doc[:20], string(c.Arguments()), "state unchanged")
	})
	t.Run("gap", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, c.Delta([]byte(doc[:10]), -1, 0))
		err := c.Delta([]byte(doc[20:]), -1, 20)
		var ge *resume.GapError
		require.ErrorAs(t, err, &ge)
		require.ErrorIs(t, err, resume.ErrGap)
		assert.Equal(t, resume.GapError{From: 10, To: 20}, *ge)
		assert.Contains(t, err.Error(), "[10, 20)")
		assert.Equal(t, doc[:10], string(c.Arguments()), "state unchanged")
		require.NoError(t, c.Delta([]byte(doc[10:]), -1, 10), "the missing bytes fill the gap")
		assert.Equal(t, resume.StatusComplete, c.Status())
	})
	t.Run("seq replay", func(t *testing.T) {
		c := resume.NewCall("fc_1", resume.Options{})
		require.NoError(t, c.Delta([]byte(doc[:10]), 5, -1))
		require.NoError(t, c.Delta([]byte(doc[10:20]), 7, -1))
		require.ErrorIs(t, c.Delta([]byte(doc[:10]), 5, -1), resume.ErrDuplicate)
		require.ErrorIs(t, c.Delta([]byte(doc[10:20]), 7, -1), resume.ErrDuplicate)
		err := c.Delta([]byte(doc[11:21]), 7, -1)
		require.ErrorIs(t, err, resume.ErrReplay)
		require.NoError(t, c.Delta([]byte(doc[20:]), 9, -1))
		assert.Equal(t, doc, string(c.Arguments()))
		assert.Equal(t, 2, c.Result().Replays)
	})
	t.Run("replay after end", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, c.Delta([]byte(doc), 1, 0))
		require.NoError(t, c.End(nil))
		require.ErrorIs(t, c.Delta([]byte(doc), 1, 0), resume.ErrDuplicate)
		require.ErrorIs(t, c.Delta([]byte(" "), 2, int64(len(doc))), resume.ErrEnded)
	})
}

func TestCaps(t *testing.T) {
	t.Run("per call", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{MaxBytes: 8})
		require.NoError(t, c.Delta([]byte(`{"a":`), -1, -1))
		err := c.Delta([]byte(`"long"}`), -1, -1)
		require.ErrorIs(t, err, resume.ErrTooLarge)
		assert.Contains(t, err.Error(), "8 bytes")
		assert.Equal(t, resume.StatusTooLarge, c.Status())
		assert.Equal(t, `{"a":`, string(c.Arguments()), "the delta that crossed the cap is not kept")
		require.ErrorIs(t, c.Delta([]byte(`1}`), -1, -1), resume.ErrTooLarge)
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusTooLarge, c.Status())
	})
	t.Run("final too large", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{MaxBytes: 8})
		require.ErrorIs(t, c.End([]byte(`{"a":"long"}`)), resume.ErrTooLarge)
		assert.Equal(t, resume.StatusTooLarge, c.Status())
		assert.Nil(t, c.Value())
	})
	t.Run("total", func(t *testing.T) {
		s := resume.NewSet(resume.Options{MaxTotalBytes: 10})
		_, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(`{"a":1}`)})
		require.NoError(t, err)
		c, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "1", Data: []byte(`{"b":2}`)})
		require.ErrorIs(t, err, resume.ErrTotalTooLarge)
		assert.Equal(t, resume.StatusTooLarge, c.Status())
		assert.Equal(t, int64(7), resume.HeldBytes(s))
		s.Remove("0")
		assert.Equal(t, int64(0), resume.HeldBytes(s))
	})
	t.Run("total, a byte at a time", func(t *testing.T) {
		// Deltas that Delta would take on its quick path still count
		// against the Set's cap, whichever call they go to.
		s := resume.NewSet(resume.Options{MaxTotalBytes: 10})
		a, b := `{"a":"xyz"}`, `[1,2,3,4,5]`
		for i := range 5 {
			for _, d := range []struct{ key, doc string }{{"a", a}, {"b", b}} {
				_, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: d.key, Data: []byte(d.doc[i : i+1])})
				require.NoError(t, err, "byte %d of %s", i, d.key)
			}
		}
		c, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "b", Data: []byte(b[5:6])})
		require.ErrorIs(t, err, resume.ErrTotalTooLarge, "the 11th byte")
		assert.Equal(t, resume.StatusTooLarge, c.Status())
		assert.Equal(t, int64(10), resume.HeldBytes(s))
		assert.Equal(t, b[:5], string(c.Arguments()))
		assert.Equal(t, resume.StatusReceiving, s.Call("a").Status())
	})
	t.Run("removed and replayed", func(t *testing.T) {
		s := resume.NewSet(resume.Options{})
		first, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(`{"a":`)})
		require.NoError(t, err)
		s.Remove("0")
		assert.Equal(t, int64(0), resume.HeldBytes(s))
		for _, ev := range []resume.Event{
			resume.Event{Kind: resume.EventStart, Key: "0"},
			{Kind: resume.EventDelta, Key: "0", Data: []byte(`[`)},
			resume.Event{Kind: resume.EventEnd, Key: "0"},
		} {
			c, err := s.Apply(ev)
			require.ErrorIs(t, err, resume.ErrRemoved, "%v", ev.Kind)
			require.ErrorIs(t, err, resume.ErrDuplicate, "%v", ev.Kind)
			assert.Nil(t, c)
		}
		assert.Equal(t, 0, len(s.Calls()))
		assert.Equal(t, `{"a":`, string(first.Arguments()), "the removed call is left alone")
		assert.Equal(t, int64(0), resume.HeldBytes(s))
	})
	t.Run("removed key taken by another call ID", func(t *testing.T) {
		// Anthropic's second message numbers its blocks from 0 again.
		s := resume.NewSet(resume.Options{})
		start := func(id string) resume.Event {
			ev := resume.Event{Kind: resume.EventStart, Key: "1"}
			ev.ID = id
			return ev
		}
		delta := resume.Event{Kind: resume.EventDelta, Key: "1"}
		delta.Data = []byte(`{"n":1}`)
		for _, ev := range []resume.Event{start("toolu_A"), delta, resume.Event{Kind: resume.EventEnd, Key: "1"}} {
			_, err := s.Apply(ev)
			require.NoError(t, err)
		}
		s.Remove("1")
		for _, ev := range []resume.Event{start("toolu_A"), start(""), delta} {
			_, err := s.Apply(ev)
			require.ErrorIs(t, err, resume.ErrRemoved, "the same ID, or none, is the removed call's")
		}
		delta.Data = []byte(`{"n":2}`)
		for _, ev := range []resume.Event{start("toolu_B"), delta, resume.Event{Kind: resume.EventEnd, Key: "1"}} {
			_, err := s.Apply(ev)
			require.NoError(t, err, "%v", ev.Kind)
		}
		c := s.Call("1")
		require.NotNil(t, c)
		assert.Equal(t, "toolu_B", c.ID())
		assert.Equal(t, resume.StatusReady, c.Status())
		assert.Equal(t, `{"n":2}`, string(c.Arguments()))
		s.Remove("1")
		for _, id := range []string{"toolu_B", "toolu_A"} {
			_, err := s.Apply(start(id))
			require.ErrorIs(t, err, resume.ErrRemoved, "%s: every removed call's ID stays remembered", id)
		}
	})
	t.Run("removed key: a refused new ID forgets nothing", func(t *testing.T) {
		s := resume.NewSet(resume.Options{MaxCalls: 1, RequireStart: true})
		ev := func(kind resume.EventKind, key, id, data string) resume.Event {
			e := resume.Event{Kind: kind, Key: key}
			e.ID, e.Data = id, []byte(data)
			return e
		}
		call := []resume.Event{ev(resume.EventStart, "0", "call_A", ""), ev(resume.EventDelta, "0", "", `{}`), ev(resume.EventEnd, "0", "", "")}
		for _, e := range call {
			_, err := s.Apply(e)
			require.NoError(t, err)
		}
		s.Remove("0")
		_, err := s.Apply(ev(resume.EventEnd, "0", "call_B", ""))
		require.ErrorIs(t, err, resume.ErrUnknownCall, "an end with no Final starts nothing")
		_, err = s.Apply(ev(resume.EventDelta, "0", "call_B", "{"))
		require.ErrorIs(t, err, resume.ErrUnknownCall, "RequireStart")
		_, err = s.Apply(ev(resume.EventStart, "9", "call_C", ""))
		require.NoError(t, err)
		_, err = s.Apply(ev(resume.EventStart, "0", "call_B", ""))
		require.ErrorIs(t, err, resume.ErrTooManyCalls)
		s.Remove("9")
		for _, e := range call[1:] {
			_, err := s.Apply(e)
			require.ErrorIs(t, err, resume.ErrRemoved, "call_A's replay, after the refusals")
		}
	})
	t.Run("an ID a removed call had, on another live call", func(t *testing.T) {
		// Some servers give every call the same ID: a live call that has
		// it still takes its own events.
		s := resume.NewSet(resume.Options{})
		ev := func(kind resume.EventKind, key, id, data string) resume.Event {
			e := resume.Event{Kind: kind, Key: key}
			e.ID, e.Data = id, []byte(data)
			return e
		}
		for _, e := range []resume.Event{ev(resume.EventStart, "fc_a", "call_0", ""), ev(resume.EventStart, "fc_b", "call_0", ""),
			ev(resume.EventDelta, "fc_a", "", `{}`), ev(resume.EventDelta, "fc_b", "", `{"y":2}`), ev(resume.EventEnd, "fc_a", "call_0", "")} {
			_, err := s.Apply(e)
			require.NoError(t, err)
		}
		s.Remove("fc_a")
		c, err := s.Apply(ev(resume.EventEnd, "fc_b", "call_0", ""))
		require.NoError(t, err)
		assert.Equal(t, resume.StatusReady, c.Status())
	})
	t.Run("refusals do not push removed IDs out", func(t *testing.T) {
		s := resume.NewSet(resume.Options{MaxCalls: 1})
		start := func(key, id string) resume.Event {
			e := resume.Event{Kind: resume.EventStart, Key: key}
			e.ID = id
			return e
		}
		_, err := s.Apply(start("0", "call_A"))
		require.NoError(t, err)
		s.Remove("0")
		_, err = s.Apply(start("1", "call_B"))
		require.NoError(t, err)
		for i := range 2 * 8192 {
			_, err := s.Apply(start("x", "flood"+strconv.Itoa(i)))
			require.ErrorIs(t, err, resume.ErrTooManyCalls)
		}
		s.Remove("1")
		_, err = s.Apply(start("0", "call_A"))
		require.ErrorIs(t, err, resume.ErrRemoved, "call_A's replay, after the flood")
		_, err = s.Apply(start("x", "flood16383"))
		require.ErrorIs(t, err, resume.ErrTooManyCalls, "a refused call's own ID")
	})
	t.Run("removed key: the first ID and the last are remembered", func(t *testing.T) {
		// Some servers change a call's ID after its first chunk
		// (Poolside; mlx-openai-server before its PR 216).
		s := resume.NewSet(resume.Options{})
		call := []resume.Event{resume.Event{Kind: resume.EventDelta, Key: "0"}, resume.Event{Kind: resume.EventDelta, Key: "0"}, resume.Event{Kind: resume.EventEnd, Key: "0"}}
		call[0].ID, call[0].Data = "id1", []byte(`{"n":`)
		call[1].ID, call[1].Data = "id2", []byte(`1}`)
		for _, e := range call {
			_, err := s.Apply(e)
			require.NoError(t, err)
		}
		s.Remove("0")
		for _, e := range call {
			_, err := s.Apply(e)
			require.ErrorIs(t, err, resume.ErrRemoved, "a replay whose first event names the first ID")
		}
	})
	t.Run("removed keys remembered up to 4096, whatever MaxCalls is", func(t *testing.T) {
		s := resume.NewSet(resume.Options{MaxCalls: 1})
		for i := range 4097 {
			key := strconv.Itoa(i)
			_, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: key, Data: []byte(`{`)})
			require.NoError(t, err)
			s.Remove(key)
		}
		for _, key := range []string{"1", "4095", "4096"} {
			_, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: key, Data: []byte(`[`)})
			assert.Equal(t, resume.ErrRemoved, err, "key %s", key)
		}
		_, err := s.Apply(resume.Event{Kind: resume.EventDelta, Key: "0", Data: []byte(`[`)})
		assert.NoError(t, err, "only the oldest removed key is forgotten")
	})
	t.Run("calls", func(t *testing.T) {
		s := resume.NewSet(resume.Options{MaxCalls: 1})
		_, err := s.Apply(resume.Event{Kind: resume.EventStart, Key: "0", Index: 0, HasIndex: true})
		require.NoError(t, err)
		c, err := s.Apply(resume.Event{Kind: resume.EventStart, Key: "1", Index: 1, HasIndex: true})
		require.ErrorIs(t, err, resume.ErrTooManyCalls)
		assert.Nil(t, c)
		assert.Equal(t, 1, len(s.Calls()))
	})
	t.Run("depth", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{Tokenizer: tokenizer.Options{MaxDepth: 3}})
		require.NoError(t, feed(c, `[[[[1]]]]`, 0))
		assert.Equal(t, resume.StatusInvalid, c.Status())
		require.ErrorIs(t, c.Err(), tokenizer.ErrLimit)
	})
}

func TestGate(t *testing.T) {
	allow := func(c *resume.Call, args []byte) error {
		if c.Name() != "get_weather" {
			return errors.New("tool " + c.Name() + " is not allowed")
		}
		return nil
	}
	tests := []struct {
		name   string
		tool   string
		check  func(*resume.Call, []byte) error
		status resume.Status
		reason string
	}{
		{name: "pass", tool: "get_weather", check: allow, status: resume.StatusReady},
		{name: "fail", tool: "rm_rf", check: allow, status: resume.StatusRejected, reason: "tool rm_rf is not allowed"},
		{name: "panic", tool: "x", check: func(*resume.Call, []byte) error { panic("boom") },
			status: resume.StatusRejected, reason: "gate check panicked: boom"},
		{name: "panic error", tool: "x", check: func(*resume.Call, []byte) error { panic(io.ErrShortWrite) },
			status: resume.StatusRejected, reason: "short write"},
	}
	for _, tt := range tests {
		runs := 0
		c := resume.NewCall("0", resume.Options{Check: func(c *resume.Call, args []byte) error {
			runs++
			assert.Equal(t, `{"city":"Oslo"}`, string(args), tt.name)
			return tt.check(c, args)
		}})
		require.NoError(t, c.Apply(resume.Event{Kind: resume.EventStart, ID: "call_1", Name: tt.tool}))
		require.NoError(t, feed(c, `{"city":"Oslo"}`, 1), tt.name)
		assert.Equal(t, 0, runs, "%s: no check before the end", tt.name)
		require.NoError(t, c.End(nil), tt.name)
		require.ErrorIs(t, c.End(nil), resume.ErrDuplicate, tt.name)
		assert.Equal(t, 1, runs, "%s: the check runs once", tt.name)
		assert.Equal(t, tt.status, c.Status(), tt.name)
		if tt.reason != "" {
			require.ErrorIs(t, c.Err(), resume.ErrRejected, tt.name)
			assert.Contains(t, c.Err().Error(), tt.reason, tt.name)
		}
	}
	t.Run("not for invalid", func(t *testing.T) {
		runs := 0
		c := resume.NewCall("0", resume.Options{Check: func(*resume.Call, []byte) error { runs++; return nil }})
		require.NoError(t, feed(c, `{"a":`, 0))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusIncomplete, c.Status())
		assert.Zero(t, runs)
	})
}

// TestChunking checks that the outcome does not depend on how the
// arguments were cut into deltas.
func TestChunking(t *testing.T) {
	docs := []string{
		`{"a":[1,{"b":"héllo\u00e9 \ud83d\ude00 🀄"},true],"c":-1.5e3,"d":null,"e":{}}`,
		`{"path":"C:\\Users\\me","n":12345678901234567890,"t":true,"f":false}`,
		`[1,2,[3,[4,[5]]],"x"]`,
		`{"a":1,,"b":2}`,
		`{"s":"bad \x01 control"}`,
		`{"x":"cut`,
		`-0.5e+3`,
		toolargs[:3000],
	}
	for _, doc := range docs {
		want := resume.NewCall("0", resume.Options{})
		feed(want, doc, 0)
		want.End(nil)
		for _, n := range chunkSizes[:len(chunkSizes)-1] {
			c := resume.NewCall("0", resume.Options{})
			feed(c, doc, n)
			c.End(nil)
			require.Equal(t, want.Status(), c.Status(), "%.40q chunk %d", doc, n)
			require.Equal(t, errString(want.Err()), errString(c.Err()), "%.40q chunk %d", doc, n)
			if c.Status() != resume.StatusInvalid { // the view stops where the failure was seen
				require.Equal(t, string(want.AppendPartial(nil)), string(c.AppendPartial(nil)), "%.40q chunk %d", doc, n)
			}
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestReplayAfterFinal(t *testing.T) {
	c := resume.NewCall("fc_1", resume.Options{})
	require.NoError(t, c.Delta([]byte(`{"long":"xxxxxxxxxxxxxxxxxxxxxxxxxxxx`), 1, -1))
	require.NoError(t, c.Delta([]byte(`xxxxxxxxxxxxxxxxxxxxxxxx"}`), 2, -1))
	require.NoError(t, c.End([]byte(`{"a":1}`)))
	require.True(t, c.Result().Mismatch)
	require.ErrorIs(t, c.Delta([]byte(`xxxxxxxxxxxxxxxxxxxxxxxx"}`), 2, -1), resume.ErrDuplicate)
	require.ErrorIs(t, c.Delta([]byte(`yy`), 3, -1), resume.ErrEnded)
	require.ErrorIs(t, c.Delta([]byte(`yy`), -1, 100), resume.ErrEnded, "after the end, not a gap")
	assert.Equal(t, `{"a":1}`, string(c.Value()))

	// Placed by offset: the deltas' bytes are gone, replaced by the final
	// arguments, and a delta inside them is a replay.
	c = resume.NewCall("fc_2", resume.Options{})
	require.NoError(t, c.Delta([]byte(`{"a":1}`), -1, 0))
	require.NoError(t, c.End([]byte(`{"a":2}`)))
	require.ErrorIs(t, c.Delta([]byte(`{"a":1}`), -1, 0), resume.ErrDuplicate)
	require.ErrorIs(t, c.Delta([]byte(`:1}`), -1, 4), resume.ErrDuplicate)
	require.ErrorIs(t, c.Delta([]byte(`,"b":3}`), -1, 7), resume.ErrEnded, "past the bytes held")
	assert.Equal(t, `{"a":2}`, string(c.Value()))
}

// TestBorrowedSlicesHaveNoRoom: appending to a slice the call lends out
// copies it, and leaves the call's own bytes alone. Shown had the held
// bytes after it in its capacity, so an append to it, as a display
// does to add the closers, changed the arguments, and the call became
// ready with "{}a":1}".
func TestBorrowedSlicesHaveNoRoom(t *testing.T) {
	const doc = `{"a":1,"s":"xyz"}`
	for _, chunk := range []int{1, 3, len(doc)} {
		c := resume.NewCall("0", resume.Options{})
		var events int
		c.Watch("/s", func(ev resume.PathEvent) {
			events++
			assert.Equal(t, len(ev.Raw), cap(ev.Raw), "PathEvent.Raw")
			assert.Equal(t, len(ev.Text), cap(ev.Text), "PathEvent.Text")
			_ = append(ev.Raw, "!!!!"...)
			_ = append(ev.Text, "!!!!"...)
		})
		for i := 0; i < len(doc); i += chunk {
			require.NoError(t, c.Delta([]byte(doc[i:min(i+chunk, len(doc))]), -1, -1))
			for _, b := range [][]byte{c.Shown(), c.Arguments(), c.Result().Arguments} {
				assert.Equal(t, len(b), cap(b))
				_ = append(b, "!!!!"...)
			}
		}
		require.NoError(t, c.End(nil))
		require.Equal(t, resume.StatusReady, c.Status(), "chunk %d", chunk)
		for _, b := range [][]byte{c.Value(), c.Result().Value} {
			assert.Equal(t, len(b), cap(b))
			_ = append(b, "!!!!"...)
		}
		assert.Equal(t, doc, string(c.Value()), "chunk %d", chunk)
		assert.Positive(t, events)
	}
}

// TestDuplicateNames: the ready gate rejects arguments with an object
// that has the same name twice (a check may read the first "path" of
// {"path":"/tmp/x","path":"/etc/passwd"} while encoding/json runs the tool
// on the second), before the Check runs, and the same way however the
// arguments were cut; AllowDuplicateNames lets them through; final
// arguments are held to it too; and a checkpoint keeps the reason.
func TestDuplicateNames(t *testing.T) {
	const doc = `{"path":"/tmp/x","opts":{"a":1,"b":[{"a":2}]},"p\u0061th":"/etc/passwd"}`
	want := &resume.DuplicateNameError{Offset: int64(strings.Index(doc, `"p\u0061th"`)), Pointer: "/path", Name: "path"}
	for _, n := range []int{1, 3, 7, 0} {
		runs := 0
		c := resume.NewCall("0", resume.Options{Check: func(*resume.Call, []byte) error { runs++; return nil }})
		require.NoError(t, feed(c, doc, n))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusRejected, c.Status(), "chunk %d", n)
		require.ErrorIs(t, c.Err(), resume.ErrDuplicateName)
		var de *resume.DuplicateNameError
		require.ErrorAs(t, c.Err(), &de)
		assert.Equal(t, want, de, "chunk %d", n)
		assert.Zero(t, runs, "the check does not run")
		assert.Nil(t, c.Value())
	}
	assert.Equal(t, `resume: duplicate object name "path" at offset 46 (/path)`, want.Error())

	c := resume.NewCall("0", resume.Options{AllowDuplicateNames: true})
	require.NoError(t, feed(c, doc, 5))
	require.NoError(t, c.End(nil))
	assert.Equal(t, resume.StatusReady, c.Status(), "allowed")

	c = resume.NewCall("0", resume.Options{})
	require.NoError(t, feed(c, `{"a":1}`, 0))
	require.NoError(t, c.End([]byte(`{"a":1,"a":2}`)))
	require.ErrorIs(t, c.Err(), resume.ErrDuplicateName, "final arguments")

	// One name in two objects, or in objects of two elements, is fine.
	for _, ok := range []string{`{"a":{"a":1},"b":{"a":1}}`, `{"l":[{"a":1},{"a":2}]}`, `{}`, ``} {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, ok, 2))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusReady, c.Status(), ok)
	}

	// A checkpoint of the rejected call restores with the same error.
	c = resume.NewCall("0", resume.Options{})
	require.NoError(t, feed(c, doc, 4))
	require.NoError(t, c.End(nil))
	back := throughBinary(t, c)
	r, err := resume.Restore(back, c.Arguments(), resume.Options{})
	require.NoError(t, err)
	assert.Equal(t, resume.StatusRejected, r.Status())
	assert.Equal(t, c.Err(), r.Err())
	// Options that would allow them judge calls that end after the
	// restore: this one keeps its verdict.
	r, err = resume.Restore(back, c.Arguments(), resume.Options{AllowDuplicateNames: true})
	require.NoError(t, err)
	assert.Equal(t, c.Err(), r.Err())

	// A check's own error that wraps ErrDuplicateName (a case-folding
	// check, say) is the check's, and restores as such.
	folding := resume.Options{AllowDuplicateNames: true, Check: func(*resume.Call, []byte) error {
		return fmt.Errorf("case-folded duplicate: %w", resume.ErrDuplicateName)
	}}
	c = resume.NewCall("0", folding)
	require.NoError(t, feed(c, `{"path":1,"PATH":2}`, 3))
	require.NoError(t, c.End(nil))
	require.ErrorIs(t, c.Err(), resume.ErrRejected)
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	r, err = resume.Restore(cp, c.Arguments(), folding)
	require.NoError(t, err, "saved as the check's error, not the gate's duplicate")
	assert.Equal(t, c.Err().Error(), r.Err().Error())
	assert.ErrorIs(t, r.Err(), resume.ErrRejected)
}

// TestNotObject: arguments that are another JSON value end rejected
// (encoding/json decodes null into a struct as its zero value, with no
// error), unless AllowAnyValue; a checkpoint keeps the reason.
func TestNotObject(t *testing.T) {
	for _, doc := range []string{`null`, ` 10 `, `"x"`, `[1]`, `true`} {
		c := resume.NewCall("0", resume.Options{})
		require.NoError(t, feed(c, doc, 1))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusRejected, c.Status(), doc)
		assert.ErrorIs(t, c.Err(), resume.ErrNotObject, doc)
		assert.Nil(t, c.Value(), doc)

		back := throughBinary(t, c)
		r, err := resume.Restore(back, c.Arguments(), resume.Options{})
		require.NoError(t, err, doc)
		assert.Equal(t, resume.ErrNotObject, r.Err(), doc)
		r, err = resume.Restore(back, c.Arguments(), resume.Options{AllowAnyValue: true})
		require.NoError(t, err, "%s: options that allow it judge calls that end after the restore", doc)
		assert.Equal(t, resume.ErrNotObject, r.Err(), doc)

		c = resume.NewCall("0", resume.Options{AllowAnyValue: true})
		require.NoError(t, feed(c, doc, 2))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusReady, c.Status(), doc)
	}
}

// TestGateRuleLiftedCostsNothing: with AllowDuplicateNames the gate does
// not walk the arguments for names at all, so the option saves the whole
// pass. An object of 300 names costs the walk an allocation per name
// past 128.
func TestGateRuleLiftedCostsNothing(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("{")
	for i := range 300 {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`"n` + strconv.Itoa(i) + `":0`)
	}
	sb.WriteString("}")
	doc := []byte(sb.String())
	allocs := func(opts resume.Options) float64 {
		c := resume.NewCall("0", opts)
		return testing.AllocsPerRun(20, func() {
			c = resume.NewCall("0", opts)
			_ = c.Delta(doc, -1, -1)
			_ = c.End(nil)
		})
	}
	walked, lifted := allocs(resume.Options{}), allocs(resume.Options{AllowDuplicateNames: true})
	t.Logf("allocations per call: %.0f with the walk, %.0f without", walked, lifted)
	assert.Greater(t, walked, lifted+100)
}
