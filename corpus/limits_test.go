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

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// TestArrayLines: the error for a bad payload of a JSON array names its
// line and offset, however many payloads came before it.
func TestArrayLines(t *testing.T) {
	const n = 5000
	var b strings.Builder
	b.WriteString("[\n")
	for range n {
		b.WriteString(`{"candidates":[]},` + "\n")
	}
	bad := b.Len()
	b.WriteString(`{"candidates":5,"error":7}` + "\n]") // line n+2: not the shape Gemini sends
	in := []byte(b.String())

	events, err := Read(bytes.NewReader(in), FormatAuto)
	assert.Empty(t, events)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, FormatGemini, e.Format)
	assert.Equal(t, n+2, e.Line, "line of the bad payload")
	assert.Equal(t, int64(bad), e.Offset)

	_, err = Read(bytes.NewReader(in[:bad+5]), FormatAuto)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, n+2, e.Line, "line of the cut")
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
// payloads and reads no further, however long the stream.
func TestDetectFirstPayloads(t *testing.T) {
	chat := `{"object":"chat.completion.chunk","choices":[]}` + "\n"
	unknown := strings.Repeat("{}\n", detectPayloads-1)
	assert.Equal(t, FormatOpenAIChat, Detect([]byte(unknown+chat)), "the last payload looked at")
	assert.Equal(t, FormatUnknown, Detect([]byte(unknown+"{}\n"+chat)), "one past it")
	assert.Equal(t, FormatOpenAIChat, Detect([]byte(chat+strings.Repeat("{}\n", 1000)+"{\"cut")))
}

// chatDeltas is an OpenAI Chat stream of one call in n pieces, n events
// and one for its start.
func chatDeltas(n int) []byte {
	chunk := `data: {"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"arguments":" "}}]}}]}` + "\n\n"
	return []byte(strings.Repeat(chunk, n))
}

// TestReadMaxEvents: a stream of more than MaxEvents events is refused
// with ErrTooLarge, naming the limit, and no events: each entry of its
// chunks is a delta, and the first also a start.
func TestReadMaxEvents(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes half a million calls; TestReadEventLimit tests the same with a small limit")
	}
	events, err := Read(bytes.NewReader(chatDeltas(MaxEvents)), FormatAuto)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Nil(t, events)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Error(), ": more than "+fmt.Sprint(MaxEvents)+" events")
}

// TestMaxCalls: a stream that starts more than provider.MaxCalls calls is
// refused with ErrTooLarge at the payload that would start one more.
func TestMaxCalls(t *testing.T) {
	chunk := func(from, n int) string {
		var b strings.Builder
		for i := from; i < from+n; i++ {
			if i > from {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"index":%d,"function":{"arguments":"{}"}}`, i)
		}
		return `data: {"choices":[{"delta":{"tool_calls":[` + b.String() + "]}}]}\n\n"
	}
	events, err := Read(strings.NewReader(chunk(0, provider.MaxCalls)), FormatOpenAIChat)
	require.NoError(t, err)
	assert.Len(t, events, 2*provider.MaxCalls, "a start and a delta each")
	events, err = Read(strings.NewReader(chunk(0, provider.MaxCalls)+chunk(provider.MaxCalls, 1)), FormatOpenAIChat)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Len(t, events, 2*provider.MaxCalls, "those before the payload")
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
	require.Equal(t, 8, len(events), "two calls: start, two deltas, end")
	assert.True(t, string(events[3].Final) == `{"a":[`+strings.Repeat("null,", half)+"1]}", "padded with nulls")

	events, err = Read(strings.NewReader("["+call(half)+","+call(half)+","+call(1)+"]"), FormatGemini)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `jsonPath "$.a[1]": index step [1] would pad arrays with more than 65536 nulls in all`)
	assert.Equal(t, 8, len(events), "the two calls before it: the payload that fails makes none")
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

	d := resume.Event{Kind: resume.EventDelta, Key: "0"}
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
