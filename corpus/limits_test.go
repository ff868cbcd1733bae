package corpus

// NOTE: the bounds that keep reading an untrusted stream linear in time and
// bounded in memory. None of these tests times anything: each counts the
// work or the state that a return of the old behaviour would multiply.

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// countLineBytes replaces countNewlines, for the test, by one that also
// adds up the bytes it reads.
func countLineBytes(t *testing.T) *int64 {
	var n int64
	orig := countNewlines
	countNewlines = func(b []byte) int {
		n += int64(len(b))
		return orig(b)
	}
	t.Cleanup(func() { countNewlines = orig })
	return &n
}

// TestArrayLinesLinear: numbering the lines of a JSON array's payloads
// reads each byte of the stream once per split (Detect's and Read's), not
// once per payload, and the lines are still right. Numbering each payload
// from the start of the stream read 100 MB here.
func TestArrayLinesLinear(t *testing.T) {
	const n = 5000
	var b strings.Builder
	b.WriteString("[\n")
	for range n {
		b.WriteString(`{"candidates":[]},` + "\n")
	}
	bad := b.Len()
	b.WriteString(`{"candidates":5}` + "\n]") // line n+2: not the shape Gemini sends
	in := []byte(b.String())

	read := countLineBytes(t)
	events, err := Read(bytes.NewReader(in), FormatAuto)
	assert.Empty(t, events)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, FormatGemini, e.Format)
	assert.Equal(t, n+2, e.Line, "line of the bad payload")
	assert.Equal(t, int64(bad), e.Offset)
	assert.LessOrEqual(t, *read, 2*int64(len(in)), "bytes read to number lines, for %d bytes in", len(in))

	// The line of every payload, and of a cut, against a plain count.
	*read = 0
	var lines []int
	err = eachPayload(in[:bad+5], containerArray, func(p payload) bool {
		assert.Equal(t, 1+bytes.Count(in[:p.off], []byte("\n")), p.line, "payload at %d", p.off)
		lines = append(lines, p.line)
		return true
	})
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, n+2, e.Line, "line of the cut")
	assert.Len(t, lines, n)
	assert.LessOrEqual(t, *read, int64(bad+5))
}

// TestLineCounter: offsets asked out of order are still numbered right.
func TestLineCounter(t *testing.T) {
	b := []byte("a\nb\n\nc")
	c := lineCounter{b: b}
	for _, off := range []int64{5, 0, 2, 4, 3, 99, -1, 1} {
		want := 1 + bytes.Count(b[:min(max(off, 0), int64(len(b)))], []byte("\n"))
		assert.Equal(t, want, c.at(off), "offset %d", off)
	}
}

// BenchmarkReadArray reads a Gemini JSON array of many small payloads, on
// many lines: its time per byte must not grow with the size.
func BenchmarkReadArray(b *testing.B) {
	for _, n := range []int{1 << 12, 1 << 15} {
		in := []byte(`[{"candidates":[]}` + strings.Repeat(",\n{}", n) + "]")
		b.Run(fmt.Sprint(len(in)), func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if _, err := Read(bytes.NewReader(in), FormatAuto); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDetectFirstPayloads: Detect decides from the first detectPayloads
// payloads and splits no further, however long the stream.
func TestDetectFirstPayloads(t *testing.T) {
	chat := `{"object":"chat.completion.chunk","choices":[]}` + "\n"
	unknown := strings.Repeat("{}\n", detectPayloads-1)
	assert.Equal(t, FormatOpenAIChat, Detect([]byte(unknown+chat)), "the last payload looked at")
	assert.Equal(t, FormatUnknown, Detect([]byte(unknown+"{}\n"+chat)), "one past it")

	// The split stops where Detect does: the broken rest is not read.
	seen := 0
	err := eachPayload([]byte(unknown+"{}\n{\"cut"), containerJSONL, func(payload) bool {
		seen++
		return seen < detectPayloads
	})
	require.NoError(t, err, "stopped before the cut")
	assert.Equal(t, detectPayloads, seen)
	assert.Equal(t, FormatOpenAIChat, Detect([]byte(chat+strings.Repeat("{}\n", 1000)+"{\"cut")))
}

// chatStarts is an OpenAI Chat stream that starts n calls, MaxArray to a
// chunk.
func chatStarts(n int) []byte {
	var b bytes.Buffer
	for k := 0; k < n; k += MaxArray {
		b.WriteString(`data: {"choices":[{"delta":{"tool_calls":[`)
		for i := k; i < min(k+MaxArray, n); i++ {
			if i > k {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"index":%d}`, i)
		}
		b.WriteString("]}}]}\n\n")
	}
	return b.Bytes()
}

// TestReadMaxEvents: a stream of more than MaxEvents events is refused
// with ErrTooLarge, naming the limit, and no events: each entry of its
// chunks starts a call.
func TestReadMaxEvents(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes half a million calls; TestReadEventLimit tests the same with a small limit")
	}
	events, err := Read(bytes.NewReader(chatStarts(MaxEvents+1)), FormatAuto)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Nil(t, events)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Error(), ": more than "+fmt.Sprint(MaxEvents)+" events: stream too large")
}

// TestMaxArray: an array in a payload of more than MaxArray elements is
// refused with ErrTooLarge before it is decoded; at MaxArray it is read.
func TestMaxArray(t *testing.T) {
	chunk := func(n int) string {
		return `data: {"choices":[{"delta":{"tool_calls":[` + strings.TrimSuffix(strings.Repeat(`{"function":{"arguments":"[1,\"]\"]"}},`, n), ",") + "]}}]}\n\n"
	}
	events, err := Read(strings.NewReader(chunk(MaxArray)), FormatOpenAIChat)
	require.NoError(t, err)
	assert.Len(t, events, 2*MaxArray, "a start and a delta each")
	_, err = Read(strings.NewReader(chunk(MaxArray+1)), FormatOpenAIChat)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Contains(t, err.Error(), "an array of more than 4096 elements")

	for _, tc := range []struct {
		in string
		n  int
	}{
		{`[]`, 0}, {` [ ] `[1:], 0}, {`null`, 0}, {`{}`, 0}, {`[1]`, 1}, {`[ 1 , 2 ]`, 2},
		{`[",", "[", "\\\"", {"a":[1,2]}, [3,[4]]]`, 5}, {`[[],[],[]]`, 3},
	} {
		assert.Equal(t, tc.n, countElems([]byte(tc.in), 100), tc.in)
	}
	assert.Equal(t, 3, countElems([]byte(`[1,2,3,4,5]`), 3), "counts up to the limit")
}

// TestChatChoicesWithoutCalls: choices with no tool calls leave no state
// behind; 10^5 of them, each its own index, once kept two maps each.
func TestChatChoicesWithoutCalls(t *testing.T) {
	d := newChatDecoder()
	var out eventList
	for k := 0; k < 100000; k += MaxArray {
		var b strings.Builder
		for i := k; i < min(k+MaxArray, 100000); i++ {
			if i > k {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"index":%d,"delta":{"content":"x"},"finish_reason":"stop"}`, i)
		}
		require.NoError(t, d.decode(payload{data: []byte(`{"choices":[` + b.String() + "]}")}, &out))
	}
	assert.Empty(t, out.events)
	assert.Equal(t, 0, len(d.choices), "choices kept")
}

// TestPartialArgsPadding: an index that skips elements pads the array with
// nulls, up to maxPadding nulls for the whole stream, not for each call.
// (TestPartialArgs refuses "$.a[999999999]", which would be a billion.)
func TestPartialArgsPadding(t *testing.T) {
	call := func(index int) string {
		return fmt.Sprintf(`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","partialArgs":[{"jsonPath":"$.a[%d]","numberValue":1}]}}]}}]}`, index)
	}
	half := 1 << 15
	events, err := Read(strings.NewReader("["+call(half)+","+call(half)+"]"), FormatGemini)
	require.NoError(t, err)
	require.Equal(t, 4, len(events))
	assert.True(t, string(events[1].Final) == `{"a":[`+strings.Repeat("null,", half)+"1]}", "padded with nulls")

	events, err = Read(strings.NewReader("["+call(half)+","+call(half)+","+call(1)+"]"), FormatGemini)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `jsonPath "$.a[1]": index step [1] would pad arrays with more than 65536 nulls in all`)
	assert.Equal(t, 5, len(events), "the two calls before it, and its start")
}

// TestResplitSeq: ResplitSeq yields what Resplit returns, and makes the
// pieces one at a time: a consumer that stops early stops it.
func TestResplitSeq(t *testing.T) {
	var events []resume.Event
	for _, s := range Streams() {
		evs, _ := Read(bytes.NewReader(s.Data), s.Format)
		events = append(events, evs...)
	}
	require.NotEmpty(t, events)
	for _, n := range []int{0, 1, 3, 1000} {
		// The reference: each delta longer than n as pieces of n bytes, the
		// first with its Seq, each with its Offset moved along.
		var want []resume.Event
		for _, ev := range events {
			if n <= 0 || ev.Kind != resume.EventDelta || len(ev.Data) <= n {
				want = append(want, ev)
				continue
			}
			for i, data := 0, ev.Data; len(data) > 0; i++ {
				p := ev
				p.Data, data = data[:min(n, len(data))], data[min(n, len(data)):]
				if i > 0 {
					p.Seq, p.HasSeq = 0, false
				}
				if ev.HasOffset {
					p.Offset = ev.Offset + int64(i*n)
				}
				want = append(want, p)
			}
		}
		assert.Equal(t, want, slices.Collect(ResplitSeq(events, n)), "n=%d", n)
		assert.Equal(t, want, Resplit(events, n), "n=%d", n)
	}

	d := resume.NewEvent(resume.EventDelta, "0")
	d.Data = bytes.Repeat([]byte("x"), 1<<20)
	made := 0
	for p := range ResplitSeq([]resume.Event{d}, 1) {
		made++
		if assert.Equal(t, "x", string(p.Data)); made == 3 {
			break
		}
	}
	assert.Equal(t, 3, made)

	// However many pieces, ResplitSeq allocates none of them: Resplit
	// would allocate 128 MB here.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	total := 0
	for p := range ResplitSeq([]resume.Event{d}, 1) {
		total += len(p.Data)
	}
	runtime.ReadMemStats(&after)
	assert.Equal(t, len(d.Data), total)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<10), "bytes allocated")
}
