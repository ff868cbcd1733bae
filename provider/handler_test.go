package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// outcome is what a handler said of one call.
type outcome struct {
	Key, ID, Name, Status, Args string
	Text, Hosted                bool
}

func outcomeOf(c *resume.Call) outcome {
	r := c.Result()
	return outcome{Key: r.Key, ID: r.ID, Name: r.Name, Status: r.Status.String(),
		Args: string(r.Arguments), Text: r.Text, Hosted: r.Hosted}
}

// handled runs a Handler over r and returns, in the order the hooks saw
// them, the calls that ended, then those Finish gave, and ReadFrom's
// error.
func handled(t testing.TB, r io.Reader, opts Options) ([]outcome, error) {
	t.Helper()
	return handledParts(t, []io.Reader{r}, opts)
}

// handledParts is handled with the body read by one ReadFrom per part,
// as after reconnects that lose nothing; it returns the first error.
func handledParts(t testing.TB, parts []io.Reader, opts Options) ([]outcome, error) {
	t.Helper()
	var out []outcome
	started := map[string]int{}
	opts.OnStart = func(c *resume.Call) {
		started[c.Key()]++
		if len(c.Arguments()) != 0 {
			t.Errorf("%s: OnStart after %d bytes", c.Key(), len(c.Arguments()))
		}
	}
	opts.OnReady = func(c *resume.Call) {
		if c.Status() != resume.StatusReady {
			t.Errorf("%s: OnReady with status %s", c.Key(), c.Status())
		}
		out = append(out, outcomeOf(c))
	}
	opts.OnEnd = func(c *resume.Call) {
		if c.Status() == resume.StatusReady || !c.Ended() {
			t.Errorf("%s: OnEnd with status %s, ended %v", c.Key(), c.Status(), c.Ended())
		}
		out = append(out, outcomeOf(c))
	}
	h := NewHandler(opts)
	var err error
	for _, r := range parts {
		if _, e := h.ReadFrom(r); err == nil {
			err = e
		}
	}
	for _, r := range h.Finish() {
		if r.Status == resume.StatusReady {
			t.Errorf("%s: Finish gave a ready call", r.Key)
		}
		out = append(out, outcome{Key: r.Key, ID: r.ID, Name: r.Name, Status: r.Status.String(),
			Args: string(r.Arguments), Text: r.Text, Hosted: r.Hosted})
	}
	for k, n := range started {
		if n != 1 {
			t.Errorf("%s: OnStart %d times", k, n)
		}
	}
	return out, err
}

// sidecar is a corpus stream's .expect.json.
type sidecar struct {
	Calls []struct {
		Key, ID, Name, Arguments   string
		Valid, Ended, Hosted, Text bool
	}
}

// TestHandlerRecorded runs every recorded stream through a Handler, read
// whole, a byte at a time and at random cuts, which must agree; against
// its sidecar when it has one; and against the same events, each delta
// re-split into 1-byte pieces, applied to a Set.
func TestHandlerRecorded(t *testing.T) {
	for _, s := range recordedStreams(t) {
		t.Run(s.name, func(t *testing.T) {
			whole, werr := handled(t, bytes.NewReader(s.data), Options{})
			byByte, berr := handled(t, iotest.OneByteReader(bytes.NewReader(s.data)), Options{})
			cut, cerr := handled(t, randomCuts(s.data, 7), Options{})
			assert.Equal(t, whole, byByte, "a byte at a time")
			assert.Equal(t, whole, cut, "at random cuts")
			assert.Equal(t, errKey(werr), errKey(berr))
			assert.Equal(t, errKey(werr), errKey(cerr))
			require.NotEmpty(t, whole, "every recorded stream has a call")
			assert.Equal(t, whole, resplit(t, s.data), "deltas of one byte")
			for _, o := range whole {
				if o.Status == "ready" && !o.Text && o.Args != "" {
					assert.True(t, json.Valid([]byte(o.Args)), "%s: ready with %q", o.Key, o.Args)
				}
			}
			side, err := os.ReadFile(filepath.Join(mustRoot(t), "corpus", "streams", strings.TrimSuffix(filepath.Base(s.name), filepath.Ext(s.name))+".expect.json"))
			if !strings.HasPrefix(s.name, "streams/") || err != nil {
				return
			}
			var want sidecar
			require.NoError(t, json.Unmarshal(side, &want))
			got := map[string]outcome{}
			for _, o := range whole {
				got[o.Key] = o
			}
			require.Len(t, got, len(want.Calls))
			for _, w := range want.Calls {
				o := got[w.Key]
				assert.Equal(t, w.Arguments, o.Args, "%s arguments", w.Key)
				assert.Equal(t, w.Name, o.Name)
				assert.Equal(t, w.ID, o.ID)
				assert.Equal(t, w.Text, o.Text)
				assert.Equal(t, w.Hosted, o.Hosted)
				ready := w.Ended && (w.Valid || w.Arguments == "" || w.Text) && !w.Hosted
				assert.Equal(t, ready, o.Status == "ready", "%s: %s", w.Key, o.Status)
			}
		})
	}
}

func mustRoot(t testing.TB) string {
	root, err := moduleRootDir()
	require.NoError(t, err)
	return root
}

// resplit decodes the stream, cuts every delta into 1-byte pieces, and
// applies them to a Set as the Handler would.
func resplit(t testing.TB, data []byte) []outcome {
	t.Helper()
	h := NewHandler(Options{})
	var out []outcome
	h.opts.OnReady = func(c *resume.Call) { out = append(out, outcomeOf(c)) }
	h.opts.OnEnd = h.opts.OnReady
	rd := NewReader(bytes.NewReader(data), ReaderOptions{})
	for {
		m, err := rd.Next()
		if err != nil {
			break
		}
		evs, err := h.dec.Decode(m.Data, m.Event)
		if err != nil {
			break
		}
		for _, ev := range evs {
			if ev.Kind != resume.EventDelta || len(ev.Data) <= 1 {
				h.Apply(ev)
				continue
			}
			for i := range ev.Data {
				p := ev
				p.Data = ev.Data[i : i+1]
				if i > 0 {
					p.ID, p.Name = "", ""
				}
				h.Apply(p)
			}
		}
	}
	for _, r := range h.Finish() {
		out = append(out, outcome{Key: r.Key, ID: r.ID, Name: r.Name, Status: r.Status.String(),
			Args: string(r.Arguments), Text: r.Text, Hosted: r.Hosted})
	}
	return out
}

const chatStream = `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"get_weather","arguments":"{\"city\":"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Oslo\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`

// TestHandlerHooks: OnStart comes before any byte, so a Watch set there
// sees the whole value; OnReady comes once, after the end signal, and a
// replayed stream runs nothing again.
func TestHandlerHooks(t *testing.T) {
	var seen string
	var ready []string
	h := NewHandler(Options{
		OnStart: func(c *resume.Call) {
			c.Watch("/city", func(e resume.PathEvent) { seen += string(e.Text) })
		},
		OnReady: func(c *resume.Call) { ready = append(ready, c.ID()+" "+string(c.Value())) },
	})
	_, err := h.ReadFrom(strings.NewReader(chatStream))
	require.NoError(t, err)
	assert.Equal(t, "Oslo", seen, "the watch saw every byte of the value")
	assert.Equal(t, []string{`call_1 {"city":"Oslo"}`}, ready)

	_, err = h.ReadFrom(strings.NewReader(chatStream))
	require.NoError(t, err)
	assert.Len(t, ready, 1, "a replay runs nothing")
	assert.Equal(t, int64(2), h.Replays(), "the replay's two chunks of the call")

	// After Finish, the Handler takes no more input.
	assert.Empty(t, h.Finish())
	_, err = h.ReadFrom(strings.NewReader(chatStream))
	require.ErrorIs(t, err, ErrFinished)
	require.ErrorIs(t, h.Apply(resume.Event{Kind: resume.EventStart, Key: "9", Name: "f"}), ErrFinished)
	assert.Len(t, ready, 1)
	assert.Equal(t, int64(2), h.Replays(), "input refused is not counted as a replay")
}

// TestHandlerReplaysCounted: a Responses stream sent again from the
// middle runs its call once, and counts the events it dropped.
func TestHandlerReplaysCounted(t *testing.T) {
	ev := func(seq int, rest string) string {
		return fmt.Sprintf(`data: {"sequence_number":%d,%s}`+"\n\n", seq, rest)
	}
	var events []string
	events = append(events, ev(0, `"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"f","arguments":""}`))
	for i, piece := range []string{`{\"a\"`, `:1`, `}`} {
		events = append(events, ev(i+1, `"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":"`+piece+`"`))
	}
	events = append(events, ev(4, `"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":0,"arguments":"{\"a\":1}"`))
	for _, noSeq := range []bool{false, true} {
		var ready []string
		h := NewHandler(Options{OnReady: func(c *resume.Call) { ready = append(ready, string(c.Value())) }})
		stream := strings.Join(events, "") + strings.Join(events, "")
		if noSeq {
			stream = regexp.MustCompile(`"sequence_number":\d+,`).ReplaceAllString(stream, "")
		}
		_, err := h.ReadFrom(strings.NewReader(stream))
		require.NoError(t, err)
		assert.Equal(t, []string{`{"a":1}`}, ready, "no sequence numbers: %v", noSeq)
		assert.Equal(t, int64(4), h.Replays(), "the start and deltas sent again; no sequence numbers: %v", noSeq)
	}
}

// TestHandlerChatRename: a server that changes a call's id after its
// first chunk (Poolside) renames the call, with or without arguments in
// the chunk that brings the new id.
func TestHandlerChatRename(t *testing.T) {
	chunk := func(tc string) string {
		return `data: {"choices":[{"index":0,"delta":{"tool_calls":[` + tc + `]}}]}` + "\n\n"
	}
	end := `data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n\n"
	for _, second := range []string{
		`{"index":0,"id":"B","function":{"arguments":"{\"city\":"}}`,
		`{"index":0,"id":"B"}`,
		`{"index":0,"id":"B","function":{"arguments":null}}`,
	} {
		stream := chunk(`{"index":0,"id":"A","function":{"name":"get_weather","arguments":""}}`) + chunk(second)
		if !strings.Contains(second, "city") {
			stream += chunk(`{"index":0,"function":{"arguments":"{\"city\":"}}`)
		}
		stream += chunk(`{"index":0,"id":"B","function":{"arguments":"\"Paris\"}"}}`) + end
		got, err := handled(t, strings.NewReader(stream), Options{})
		require.NoError(t, err, second)
		assert.Equal(t, []outcome{{Key: "0", ID: "B", Name: "get_weather", Status: "ready", Args: `{"city":"Paris"}`}}, got, second)
	}
}

// TestHandlerAnthropicReplay: a reconnect that sends a whole Anthropic
// message again numbers its blocks anew; the calls that ran stay run.
func TestHandlerAnthropicReplay(t *testing.T) {
	stream := streamData(t, "anthropic__interleaved_blocks.sse")
	ran := map[string]int{}
	h := NewHandler(Options{OnReady: func(c *resume.Call) { ran[c.ID()]++ }})
	for range 2 {
		_, err := h.ReadFrom(bytes.NewReader(stream))
		require.NoError(t, err)
	}
	require.NotEmpty(t, ran)
	for id, n := range ran {
		assert.Equal(t, 1, n, "%s ran %d times", id, n)
	}
}

// TestHandlerBadInput: each kind of bad input gets a typed error or a
// status, and the calls already held are left as they were.
func TestHandlerBadInput(t *testing.T) {
	first := `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"f","arguments":"{\"a\":"}}]}}]}`
	for _, tt := range []struct {
		name    string
		payload string
		is      error
	}{
		{"not JSON", `{"choices":[`, ErrPayload},
		{"not an object", `[1,2]`, ErrPayload},
		{"provider error", `{"error":{"message":"overloaded","type":"server_error"}}`, ErrProvider},
		{"arguments a number", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":7}}]}}]}`, ErrPayload},
		{"lone surrogate", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\ud800"}}]}}]}`, ErrPayload},
		{"negative index", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":-1,"id":"x","function":{"arguments":"1"}}]}}]}`, ErrPayload},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := NewHandler(Options{Format: FormatOpenAIChat})
			require.NoError(t, h.Payload([]byte(first)))
			before := h.Set().Call("0").Result()
			err := h.Payload([]byte(tt.payload))
			require.ErrorIs(t, err, tt.is)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, before, h.Set().Call("0").Result(), "the call held is as it was")
			assert.Equal(t, 1, len(h.Set().Calls()))
		})
	}
	t.Run("unknown event type", func(t *testing.T) {
		h := NewHandler(Options{Format: FormatAnthropic})
		require.NoError(t, h.Payload([]byte(`{"type":"something_new","index":0}`)))
		require.NoError(t, h.Payload([]byte(`{"type":"something_newer"}`)))
		assert.Equal(t, int64(2), h.Skipped())
	})
	t.Run("cut short", func(t *testing.T) {
		var ready int
		h := NewHandler(Options{OnReady: func(*resume.Call) { ready++ }})
		_, err := h.ReadFrom(strings.NewReader(chatStream[:len(chatStream)/2]))
		require.ErrorIs(t, err, io.ErrUnexpectedEOF)
		rs := h.Finish()
		require.Len(t, rs, 1)
		assert.Equal(t, resume.StatusIncomplete, rs[0].Status)
		assert.Zero(t, ready)
	})
	t.Run("no end signal", func(t *testing.T) {
		// finish_reason length: the output was cut short, and the
		// arguments, though they parse, end no call.
		s := strings.Replace(chatStream, `"tool_calls"}]}`, `"length"}]}`, 1)
		var ready int
		h := NewHandler(Options{OnReady: func(*resume.Call) { ready++ }})
		_, err := h.ReadFrom(strings.NewReader(s))
		require.NoError(t, err)
		rs := h.Finish()
		require.Len(t, rs, 1)
		assert.Equal(t, resume.StatusIncomplete, rs[0].Status)
		assert.Zero(t, ready)
	})
	t.Run("too many calls", func(t *testing.T) {
		h := NewHandler(Options{Calls: resume.Options{MaxCalls: 2}})
		var b strings.Builder
		for i := range 3 {
			fmt.Fprintf(&b, `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":%d,"id":"c%d","function":{"name":"f","arguments":"{}"}}]}}]}`+"\n\n", i, i)
		}
		_, err := h.ReadFrom(strings.NewReader(b.String()))
		require.ErrorIs(t, err, resume.ErrTooManyCalls)
	})
}

// TestHandlerUnreadEvents: an event of a type no decoder reads is
// counted, unless it belongs to a tool call in progress: its arguments
// may be in it, so the payload is an error and the call never runs.
func TestHandlerUnreadEvents(t *testing.T) {
	for _, tt := range []struct {
		name     string
		format   Format
		payloads []string
		ofCall   bool // the unread event is of the call: an error
	}{
		{"anthropic delta of a new type, tool block", FormatAnthropic, []string{
			`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"delete_files","input":{}}}`,
			`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta_v2","partial_json":"{\"path\":\"/\"}"}}`,
			`{"type":"content_block_stop","index":0}`}, true},
		{"anthropic event of a new type, tool block", FormatAnthropic, []string{
			`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}`,
			`{"type":"content_block_patch","index":0,"patch":"{}"}`,
			`{"type":"content_block_stop","index":0}`}, true},
		{"anthropic delta of a new type, text block", FormatAnthropic, []string{
			`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta_v2","text":"hi"}}`,
			`{"type":"content_block_stop","index":0}`}, false},
		{"cohere tool-call event of a new type", FormatCohere, []string{
			`{"type":"tool-call-start","index":0,"delta":{"message":{"tool_calls":{"id":"c1","type":"function","function":{"name":"f","arguments":""}}}}}`,
			`{"type":"tool-call-delta-v2","index":0,"delta":{"message":{"tool_calls":{"function":{"arguments":"{}"}}}}}`,
			`{"type":"tool-call-end","index":0}`}, true},
		{"cohere event of a new type", FormatCohere, []string{
			`{"type":"message-start","id":"m"}`,
			`{"type":"audio-delta","index":0}`,
			`{"type":"message-end"}`}, false},
		{"interactions delta of a new type, function step", FormatInteractions, []string{
			`{"event_type":"step.start","index":0,"step":{"type":"function_call","id":"s1","name":"f","arguments":{}}}`,
			`{"event_type":"step.delta","index":0,"delta":{"type":"arguments_patch","arguments":"{}"}}`,
			`{"event_type":"step.stop","index":0}`}, true},
		{"chat chunk without choices", FormatOpenAIChat, []string{
			`{"id":"c","choices":[{"index":0,"delta":{"role":"assistant","content":"hi"}}]}`,
			`{"id":"c","object":"chat.completion.summary","tokens":3}`,
			`{"id":"c","choices":[]}`}, false},
		{"gemini chunk without candidates", FormatGemini, []string{
			`{"candidates":[{"content":{"parts":[{"text":"hi"}]}}]}`,
			`{"serverContent":{"modelTurn":{"parts":[{"text":"hi"}]}}}`,
			`{"candidates":[{"content":{"parts":[{"text":"!"}]},"finishReason":"STOP"}]}`}, false},
		{"ollama line without a message", FormatOllama, []string{
			`{"model":"m","message":{"role":"assistant","content":"hi"},"done":false}`,
			`{"model":"m","status":"pulling manifest"}`,
			`{"model":"m","done":true}`}, false},
		{"responses event of a new type, function call", FormatOpenAIResponses, []string{
			`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"f","arguments":""}}`,
			`{"type":"response.function_call_arguments.patch","item_id":"fc_1","output_index":0,"delta":"{}"}`,
			`{"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":0,"arguments":""}`}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ready []string
			h := NewHandler(Options{Format: tt.format, OnReady: func(c *resume.Call) { ready = append(ready, string(c.Value())) }})
			var errs []error
			for _, p := range tt.payloads {
				if err := h.Payload([]byte(p)); err != nil {
					errs = append(errs, err)
					break // as Payload's doc says: stop reading
				}
			}
			left := h.Finish()
			if tt.ofCall {
				require.Len(t, errs, 1)
				assert.ErrorIs(t, errs[0], ErrPayload)
				assert.Empty(t, ready, "a call that may have lost arguments never runs")
				require.Len(t, left, 1)
				assert.Equal(t, resume.StatusIncomplete, left[0].Status)
				assert.Zero(t, h.Skipped())
				return
			}
			assert.Empty(t, errs)
			assert.Equal(t, int64(1), h.Skipped())
		})
	}
}

// TestHandlerLastEventID: the SSE id, or else the Responses
// sequence_number, of the last event handled.
func TestHandlerLastEventID(t *testing.T) {
	h := NewHandler(Options{})
	_, err := h.ReadFrom(strings.NewReader("id: 7\ndata: {\"type\":\"response.created\",\"sequence_number\":0}\n\n"))
	require.NoError(t, err)
	assert.Equal(t, "7", h.LastEventID())

	// An id field in an event with no data sets the last event ID too,
	// and it holds for the events after it that have none.
	h = NewHandler(Options{})
	_, err = h.ReadFrom(strings.NewReader("id: 5\n\ndata: {\"type\":\"response.created\"}\n\nid: 6\n\n"))
	require.NoError(t, err)
	assert.Equal(t, "6", h.LastEventID())
	h = NewHandler(Options{})
	_, err = h.ReadFrom(strings.NewReader("id: 5\n\ndata: {\"type\":\"response.created\"}\n\n"))
	require.NoError(t, err)
	assert.Equal(t, "5", h.LastEventID())

	h = NewHandler(Options{})
	require.NoError(t, h.Payload([]byte(`{"type":"response.created","sequence_number":0}`)))
	require.NoError(t, h.Payload([]byte(`{"type":"response.in_progress","sequence_number":1}`)))
	assert.Equal(t, "1", h.LastEventID())
	assert.Equal(t, FormatOpenAIResponses, h.Format())
	assert.Equal(t, "", NewHandler(Options{}).LastEventID())
}

// TestHandlerAllocs: a stream costs allocations per call, not per event:
// at most one per ten events for a call of 20 KB in 271 events, with the
// argument buffer sized as a handler that knows its largest arguments
// sizes it, and no more for the same call in 5,000 events.
func TestHandlerAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	long := streamData(t, "openai-chat__long_go_source.sse")
	// The same call, its arguments in pieces of 4 bytes.
	var args []byte
	rd := NewReader(bytes.NewReader(long), ReaderOptions{})
	d := NewDecoder(FormatOpenAIChat)
	for {
		m, err := rd.Next()
		if err != nil {
			break
		}
		evs, _ := d.Decode(m.Data, m.Event)
		for _, ev := range evs {
			args = append(args, ev.Data...)
		}
	}
	var many strings.Builder
	many.WriteString(`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"write_file","arguments":""}}]}}]}` + "\n\n")
	for i := 0; i < len(args); i += 4 {
		piece, _ := json.Marshal(string(args[i:min(i+4, len(args))]))
		fmt.Fprintf(&many, `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":%s}}]}}]}`+"\n\n", piece)
	}
	many.WriteString(`data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}` + "\n\n")

	allocs := func(stream []byte) (float64, int) {
		ready := 0
		n := testing.AllocsPerRun(10, func() {
			h := NewHandler(Options{Calls: resume.Options{Capacity: 64 << 10}, OnReady: func(*resume.Call) { ready++ }})
			if _, err := h.ReadFrom(bytes.NewReader(stream)); err != nil {
				t.Fatal(err)
			}
		})
		return n, bytes.Count(stream, []byte("data: "))
	}
	n, events := allocs(long)
	t.Logf("%v allocations for %d events", n, events)
	assert.LessOrEqual(t, n, float64(events)/10, "%v allocations for %d events", n, events)
	nMany, eventsMany := allocs([]byte(many.String()))
	require.Greater(t, eventsMany, 5000)
	assert.LessOrEqual(t, nMany, n+2, "%v allocations for %d events, %v for %d", nMany, eventsMany, n, events)
}

// TestErrTooLargeIs checks that errors.Is answers alike both ways: the
// Reader's and the Set's size errors share only tokenizer.ErrLimit.
func TestErrTooLargeIs(t *testing.T) {
	wrapped := fmt.Errorf("more than %d calls: %w", MaxCalls, ErrTooLarge)
	assert.True(t, errors.Is(wrapped, ErrTooLarge))
	assert.True(t, errors.Is(wrapped, tokenizer.ErrLimit))
	assert.False(t, errors.Is(wrapped, resume.ErrTooLarge))
	assert.False(t, errors.Is(fmt.Errorf("call: %w", resume.ErrTooLarge), ErrTooLarge))
	assert.True(t, errors.Is(resume.ErrTooLarge, tokenizer.ErrLimit))
}

// TestHandlerLedger: with a Ledger, a call runs in the first Handler that
// claims it; another Handler, as after a restart, is told it was seen.
func TestHandlerLedger(t *testing.T) {
	store := ledger.NewMemory(0)
	var ran []string
	var refused []ledger.Verdict
	opts := Options{Ledger: store,
		OnReady: func(c *resume.Call) { ran = append(ran, c.ID()) },
		OnNotClaimed: func(c *resume.Call, v ledger.Verdict, err error) {
			require.NoError(t, err)
			refused = append(refused, v)
		}}
	for range 2 {
		_, err := NewHandler(opts).ReadFrom(strings.NewReader(chatStream))
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"call_1"}, ran)
	assert.Equal(t, []ledger.Verdict{ledger.VerdictSeen}, refused)

	// Other arguments under the same ID: a conflict, never run.
	_, err := NewHandler(opts).ReadFrom(strings.NewReader(strings.Replace(chatStream, "Oslo", "Rome", 1)))
	require.NoError(t, err)
	assert.Equal(t, []ledger.Verdict{ledger.VerdictSeen, ledger.VerdictConflict}, refused)

	// No ID: not claimed, not run.
	var noID error
	h := NewHandler(Options{Ledger: store, OnReady: func(*resume.Call) { t.Error("ran a call with no ID") },
		OnNotClaimed: func(_ *resume.Call, _ ledger.Verdict, err error) { noID = err }})
	_, err = h.ReadFrom(strings.NewReader(strings.Replace(chatStream, `"id":"call_1",`, "", 1)))
	require.NoError(t, err)
	assert.Error(t, noID)
}

// TestHandlerEndWithoutCall: an end for a key the Set does not hold, with
// no final arguments, starts no call, though OnStart is set (a
// ConverseStream text block's contentBlockStop).
func TestHandlerEndWithoutCall(t *testing.T) {
	var started, ready int
	h := NewHandler(Options{OnStart: func(*resume.Call) { started++ }, OnReady: func(*resume.Call) { ready++ }})
	require.NoError(t, h.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"}))
	assert.Zero(t, started)
	assert.Zero(t, ready)
	assert.Zero(t, len(h.Set().Calls()))

	// With final arguments an end is a whole call (Gemini).
	require.NoError(t, h.Apply(resume.Event{Kind: resume.EventEnd, Key: "1", Name: "f", Final: []byte(`{}`)}))
	assert.Equal(t, 1, started)
	assert.Equal(t, 1, ready)
}

// TestHandlerReconnect: a Responses stream cut part way, then read again
// from a few events before where it stopped (a reconnect whose server
// sends some events again), runs its call once, with its whole arguments.
// TestReadFromPooled: Handlers on several goroutines, each reading its
// stream in parts, so that every ReadFrom takes a Reader (and its buffer)
// that another Handler has just let go, give the calls of one read.
func TestReadFromPooled(t *testing.T) {
	var streams [][]byte
	for _, s := range recordedStreams(t) {
		if strings.HasPrefix(s.name, "streams/") && strings.HasSuffix(s.name, ".sse") {
			streams = append(streams, s.data)
		}
	}
	require.NotEmpty(t, streams)
	want := make([][]outcome, len(streams))
	for i, data := range streams {
		want[i], _ = handled(t, bytes.NewReader(data), Options{})
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 2))
			for round := range 8 {
				k := (g + round) % len(streams)
				events := bytes.SplitAfter(streams[k], []byte("\n\n"))
				var parts []io.Reader
				for len(events) > 0 {
					n := 1 + rng.IntN(min(len(events), 16))
					parts = append(parts, bytes.NewReader(bytes.Join(events[:n], nil)))
					events = events[n:]
				}
				got, _ := handledParts(t, parts, Options{})
				assert.Equal(t, want[k], got, "stream %d in %d parts", k, len(parts))
			}
		})
	}
	wg.Wait()
}

func TestHandlerReconnect(t *testing.T) {
	stream := streamData(t, "openai-responses__long_go_source.sse")
	events := bytes.SplitAfter(stream, []byte("\n\n"))
	var ran []string
	var shown int
	h := NewHandler(Options{
		OnStart: func(c *resume.Call) {
			c.Watch("/path", func(resume.PathEvent) { shown++ })
		},
		OnReady: func(c *resume.Call) { ran = append(ran, string(c.Value())) },
	})
	cut := len(events) / 2
	_, err := h.ReadFrom(bytes.NewReader(bytes.Join(events[:cut], nil)))
	require.NoError(t, err)
	require.Empty(t, ran)
	last := h.LastEventID()
	require.NotEmpty(t, last, "a sequence number to resume after")

	_, err = h.ReadFrom(bytes.NewReader(bytes.Join(events[cut-3:], nil)))
	require.NoError(t, err)
	require.Len(t, ran, 1)
	var args struct{ Path, Content string }
	require.NoError(t, json.Unmarshal([]byte(ran[0]), &args))
	assert.Equal(t, "internal/demo/demo.go", args.Path)
	assert.Greater(t, len(args.Content), 16<<10)
	assert.Positive(t, h.Replays(), "the events sent again were dropped")
	assert.Positive(t, shown, "the watch set at the start saw /path")
	assert.Empty(t, h.Finish())
}

// TestFinishReleasesDecoder: Finish gives the Handler's Decoder back to
// a pool, and the Handler's methods answer after it as they did before;
// a hook that calls Finish leaves the Decoder to its payload's end.
func TestFinishReleasesDecoder(t *testing.T) {
	type facts struct {
		Format           Format
		Resp             string
		Skipped, Replays int64
		Claims           []string
	}
	for _, s := range recordedStreams(t) {
		if !strings.HasPrefix(s.name, "streams/") {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			var ready []*resume.Call
			h := NewHandler(Options{OnReady: func(c *resume.Call) { ready = append(ready, c) }})
			_, _ = h.ReadFrom(bytes.NewReader(s.data))
			get := func() facts {
				f := facts{Format: h.Format(), Resp: h.ResponseID(), Skipped: h.Skipped(), Replays: h.Replays()}
				for _, c := range ready {
					f.Claims = append(f.Claims, h.ClaimID(c))
				}
				return f
			}
			before := get()
			h.Finish()
			require.Nil(t, h.dec, "back in the pool")
			assert.Equal(t, before, get())
		})
	}

	stream := streamData(t, "anthropic__long_go_source.sse")
	var h *Handler
	ready := 0
	h = NewHandler(Options{OnReady: func(*resume.Call) {
		ready++
		h.Finish()
		require.NotNil(t, h.dec, "still decoding the payload")
	}})
	_, err := h.ReadFrom(bytes.NewReader(stream))
	require.ErrorIs(t, err, ErrFinished)
	assert.Equal(t, 1, ready)
	assert.Nil(t, h.dec, "released at the payload's end")
	assert.Equal(t, FormatAnthropic, h.Format())
}

// TestHandlerInputInHook: a hook that gives its Handler input (Payload
// or ReadFrom) gets ErrInHook, and the payload it came from applies as
// it would have.
func TestHandlerInputInHook(t *testing.T) {
	first := `{"choices":[{"index":0,"delta":{"tool_calls":[` +
		`{"index":0,"id":"a","function":{"name":"aa","arguments":"{\"a\":1}"}},` +
		`{"index":1,"id":"b","function":{"name":"bb","arguments":"{\"b\":2}"}}]}}]}`
	other := `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":5,"id":"x","function":{"name":"zz","arguments":"{}"}}]}}]}`
	end := `{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`
	for _, via := range []string{"Payload", "ReadFrom"} {
		for _, hook := range []string{"OnStart", "OnReady"} {
			t.Run(via+" in "+hook, func(t *testing.T) {
				var h *Handler
				var errs []error
				var ready []string
				input := func(*resume.Call) {
					var err error
					if via == "Payload" {
						err = h.Payload([]byte(other))
					} else {
						_, err = h.ReadFrom(strings.NewReader("data: " + other + "\n\n"))
					}
					errs = append(errs, err)
				}
				opts := Options{Format: FormatOpenAIChat, OnReady: func(c *resume.Call) {
					ready = append(ready, c.Name()+" "+string(c.Arguments()))
				}}
				if hook == "OnStart" {
					opts.OnStart = input
				} else {
					opts.OnReady = func(c *resume.Call) {
						ready = append(ready, c.Name()+" "+string(c.Arguments()))
						input(c)
					}
				}
				h = NewHandler(opts)
				require.NoError(t, h.Payload([]byte(first)))
				require.NoError(t, h.Payload([]byte(end)))
				assert.Equal(t, []string{`aa {"a":1}`, `bb {"b":2}`}, ready)
				require.Len(t, errs, 2)
				for _, err := range errs {
					require.ErrorIs(t, err, ErrInHook)
					_, ok := errors.AsType[*Error](err)
					assert.True(t, ok, "an *Error: %v", err)
				}
				assert.Empty(t, h.Finish())
			})
		}
	}
}
