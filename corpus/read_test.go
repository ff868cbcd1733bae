package corpus

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/provider"
)

func streamNamed(t *testing.T, name string) Stream {
	t.Helper()
	for _, s := range Streams() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no stream %s", name)
	return Stream{}
}

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in   string
		want Format
		err  bool
	}{
		{in: "openai-chat", want: FormatOpenAIChat},
		{in: "OpenAI-Responses", want: FormatOpenAIResponses},
		{in: "anthropic", want: FormatAnthropic},
		{in: "gemini", want: FormatGemini},
		{in: "bedrock", want: FormatBedrock},
		{in: "auto", want: FormatAuto},
		{in: "unknown", err: true},
		{in: "openai", err: true},
		{in: "", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseFormat(tt.in)
			if tt.err {
				require.ErrorIs(t, err, ErrUnknownFormat)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.True(t, strings.EqualFold(tt.in, got.String()))
		})
	}
}

// esFrameBytes writes one event-stream frame, the test's own encoder.
func esFrameBytes(messageType string, payload []byte) []byte {
	var h []byte
	for _, kv := range [][2]string{{":message-type", messageType}, {":exception-type", "throttlingException"}} {
		h = append(h, byte(len(kv[0])))
		h = append(h, kv[0]...)
		h = append(h, 7)
		h = binary.BigEndian.AppendUint16(h, uint16(len(kv[1])))
		h = append(h, kv[1]...)
	}
	b := binary.BigEndian.AppendUint32(nil, uint32(12+len(h)+len(payload)+4))
	b = binary.BigEndian.AppendUint32(b, uint32(len(h)))
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	b = append(append(b, h...), payload...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func TestReadErrors(t *testing.T) {
	chat := streamNamed(t, "openai-chat__parallel_interleaved").Data
	bedrock := streamNamed(t, "bedrock__anthropic_hangul").Data
	firstFrame := int(binary.BigEndian.Uint32(bedrock))
	jsonl := streamNamed(t, "deepseek__null_continuations").Data
	array := streamNamed(t, "gemini__array").Data

	// The third SSE event gets a broken payload.
	events := bytes.SplitAfter(chat, []byte("\n\n"))
	badPrefix := string(bytes.Join(events[:2], nil))
	badJSON := badPrefix + "data: {\"choices\": [}\n\n" + string(bytes.Join(events[3:], nil))

	flip := func(b []byte, at int) []byte {
		c := bytes.Clone(b)
		c[at] ^= 0x20
		return c
	}
	tests := []struct {
		name   string
		in     []byte
		format Format
		is     error  // wrapped error, if any
		line   int    // want Error.Line, when > 0
		offset int64  // want Error.Offset, when line > 0 or for binary
		msg    string // in the message
	}{{
		name: "truncated SSE", in: chat[:len(chat)/2], format: FormatAuto,
		is: io.ErrUnexpectedEOF, msg: "stream ended inside an SSE event",
	}, {
		name: "SSE payload cut, then a blank line", in: []byte("data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"argu\n\n"), format: FormatOpenAIChat,
		is: io.ErrUnexpectedEOF, line: 1, msg: "unexpected end of input",
	}, {
		name: "bad JSON payload", in: []byte(badJSON), format: FormatOpenAIChat,
		line: 1 + strings.Count(badPrefix, "\n"), offset: int64(len(badPrefix)), msg: "payload is not JSON",
	}, {
		name: "bad message CRC", in: flip(bedrock, firstFrame+40), format: FormatAuto,
		is: ErrChecksum, offset: int64(firstFrame), msg: "message CRC",
	}, {
		name: "bad prelude CRC", in: flip(bedrock, firstFrame+9), format: FormatBedrock,
		is: ErrChecksum, offset: int64(firstFrame), msg: "prelude CRC",
	}, {
		name: "truncated event-stream", in: bedrock[:firstFrame+20], format: FormatBedrock,
		is: io.ErrUnexpectedEOF, offset: int64(firstFrame),
	}, {
		name: "exception frame", in: esFrameBytes("exception", []byte(`{"message":"slow down"}`)), format: FormatBedrock,
		is: ErrProvider, msg: "throttlingException",
	}, {
		name: "truncated JSON lines", in: jsonl[:len(jsonl)-10], format: FormatAuto,
		is: io.ErrUnexpectedEOF, line: bytes.Count(jsonl, []byte("\n")),
		offset: int64(bytes.LastIndexByte(jsonl[:len(jsonl)-1], '\n') + 1),
	}, {
		name: "truncated JSON array", in: array[:len(array)/2], format: FormatGemini,
		is: io.ErrUnexpectedEOF,
	}, {
		name: "provider error payload", in: []byte("data: {\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}\n\n"),
		format: FormatOpenAIChat, is: ErrProvider, line: 1, offset: 0, msg: "overloaded",
	}, {
		name: "anthropic error event", in: []byte("event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"),
		format: FormatAnthropic, is: ErrProvider, line: 1, offset: 0, msg: "Overloaded",
	}, {
		name: "gemini error payload", in: []byte(`[{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}]`),
		format: FormatGemini, is: ErrProvider, msg: "Resource exhausted",
	}, {
		name: "responses error event", in: []byte(`{"type":"error","code":"rate_limit_exceeded","message":"Slow down","sequence_number":3}` + "\n"),
		format: FormatOpenAIResponses, is: ErrProvider, line: 1, msg: "rate_limit_exceeded: Slow down",
	}, {
		name: "responses error event, nested as the live API sends it", in: []byte(`{"type":"error","error":{"type":"invalid_request_error","code":"bad","message":"No such tool"},"sequence_number":3}` + "\n"),
		format: FormatOpenAIResponses, is: ErrProvider, line: 1, msg: "invalid_request_error: No such tool",
	}, {
		name: "responses failed", in: []byte(`{"type":"response.failed","response":{"error":{"code":"server_error","message":"boom"}}}` + "\n"),
		format: FormatOpenAIResponses, is: ErrProvider, msg: "boom",
	}, {
		name: "not a stream", in: []byte("hello world"), format: FormatAuto, is: provider.ErrFraming,
	}, {
		name: "unknown provider", in: []byte(`{"hello":"world"}` + "\n"), format: FormatAuto, is: ErrUnknownFormat,
	}, {
		name: "bedrock wants event-stream", in: chat, format: FormatBedrock, is: ErrUnknownFormat,
	}, {
		name: "format out of range", in: chat, format: Format(200), is: ErrUnknownFormat,
	}, {
		name: "empty input", in: nil, format: FormatAuto, is: ErrUnknownFormat,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tt.in), tt.format)
			require.Error(t, err)
			var e *Error
			require.ErrorAs(t, err, &e)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			if tt.line > 0 {
				assert.Equal(t, tt.line, e.Line, "line")
				assert.Equal(t, tt.offset, e.Offset, "offset")
			}
			if tt.offset > 0 && tt.line == 0 {
				assert.Equal(t, tt.offset, e.Offset, "offset")
			}
			assert.Contains(t, err.Error(), tt.msg)
			assert.True(t, strings.HasPrefix(err.Error(), "corpus: "), err.Error())
		})
	}
}

// TestReadKeepsGoodPrefix: a stream cut off mid-payload still gives the
// events before the cut.
func TestReadKeepsGoodPrefix(t *testing.T) {
	s := streamNamed(t, "openai-chat__long_go_source")
	whole, err := Read(bytes.NewReader(s.Data), FormatAuto)
	require.NoError(t, err)
	cut, err := Read(bytes.NewReader(s.Data[:len(s.Data)/2]), FormatAuto)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.NotEmpty(t, cut)
	assert.Equal(t, whole[:len(cut)], cut)
}

// TestReadLimit: a stream one byte over the limit is refused, and not
// read past it; one of exactly the limit is read. An endless reader
// stands for a stream that never ends.
func TestReadLimit(t *testing.T) {
	s := streamNamed(t, "openai-chat__long_go_source")
	max := int64(len(s.Data))
	events, err := read(bytes.NewReader(s.Data), FormatAuto, max, MaxEvents)
	require.NoError(t, err)
	require.NotEmpty(t, events)

	_, err = read(bytes.NewReader(s.Data), FormatAuto, max-1, MaxEvents)
	require.ErrorIs(t, err, ErrTooLarge)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, max-1, e.Offset)

	endless := &countingReader{}
	_, err = read(endless, FormatAuto, 1<<20, MaxEvents)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.LessOrEqual(t, endless.n, int64(1<<20)+1, "read past the limit")
	assert.Contains(t, err.Error(), "longer than 1048576 bytes")
}

// TestReadEventLimit: a stream of exactly the event limit is read; one
// more event is refused with ErrTooLarge and no events, whichever decoder
// makes them.
func TestReadEventLimit(t *testing.T) {
	events, err := read(bytes.NewReader(chatDeltas(9)), FormatAuto, MaxStreamBytes, 10)
	require.NoError(t, err)
	assert.Len(t, events, 10)
	events, err = read(bytes.NewReader(chatDeltas(10)), FormatAuto, MaxStreamBytes, 10)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Nil(t, events)
	assert.Contains(t, err.Error(), "more than 10 events")

	formats := map[Format]bool{}
	for _, s := range Streams() {
		all, err := Read(bytes.NewReader(s.Data), s.Format)
		if err != nil || len(all) < 2 {
			continue
		}
		formats[s.Format] = true
		_, err = read(bytes.NewReader(s.Data), s.Format, MaxStreamBytes, len(all)-1)
		assert.ErrorIs(t, err, ErrTooLarge, s.Name)
		got, err := read(bytes.NewReader(s.Data), s.Format, MaxStreamBytes, len(all))
		assert.NoError(t, err, s.Name)
		assert.Equal(t, all, got, s.Name)
	}
	assert.GreaterOrEqual(t, len(formats), 7, "the decoders with a stream of their own: %v", formats)
}

// countingReader is an endless stream of spaces that counts what it gave.
type countingReader struct{ n int64 }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	r.n += int64(len(p))
	return len(p), nil
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Format
	}{
		{"chat", `data: {"object":"chat.completion.chunk","choices":[]}` + "\n\n", FormatOpenAIChat},
		{"responses", `{"type":"response.created"}`, FormatOpenAIResponses},
		{"anthropic after ping-less start", "event: message_start\ndata: {\"type\":\"message_start\"}\n\n", FormatAnthropic},
		{"gemini array", `[{"candidates":[{"content":{}}]}]`, FormatGemini},
		{"gemini usage only first", "{\"usageMetadata\":{}}\n", FormatGemini},
		{"comments only", ": keepalive\n\n", FormatUnknown},
		{"text", "hello", FormatUnknown},
		{"empty", "", FormatUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Detect([]byte(tt.in)))
		})
	}
}

func TestChatLiberal(t *testing.T) {
	chunk := func(toolCalls string) string {
		return `data: {"choices":[{"index":0,"delta":{"tool_calls":[` + toolCalls + `]}}]}` + "\n\n"
	}
	tests := []struct {
		name string
		in   string
		want map[string]string
	}{{
		name: "arguments object compacted with order kept",
		in:   chunk(`{"index":0,"id":"a","function":{"name":"f","arguments":{ "z": 1, "a": [ 2 ] }}}`),
		want: map[string]string{"0": `{"z":1,"a":[2]}`},
	}, {
		name: "no index, no id: position",
		in:   chunk(`{"function":{"name":"f","arguments":"{}"}},{"function":{"name":"g","arguments":"[]"}}`),
		want: map[string]string{"0": `{}`, "1": `[]`},
	}, {
		name: "no index, known id continues its call",
		in:   chunk(`{"id":"x","function":{"name":"f","arguments":"{\"a\""}},{"id":"y","function":{"name":"g","arguments":"{}"}}`) + chunk(`{"id":"x","function":{"arguments":":1}"}}`),
		want: map[string]string{"0": `{"a":1}`, "1": `{}`},
	}, {
		name: "re-sent whole call dropped",
		in:   chunk(`{"index":0,"id":"x","function":{"name":"f","arguments":"{\"a\":1}"}}`) + chunk(`{"index":0,"id":"x","function":{"name":"f","arguments":"{\"a\":1}"}}`),
		want: map[string]string{"0": `{"a":1}`},
	}, {
		name: "a repeated piece that is not a re-send is kept",
		in:   chunk(`{"index":0,"id":"x","function":{"name":"f","arguments":"\""}}`) + chunk(`{"index":0,"function":{"arguments":"\""}}`),
		want: map[string]string{"0": `""`},
	}, {
		name: "pieces after finish ignored",
		in: chunk(`{"index":0,"id":"x","function":{"name":"f","arguments":"{}"}}`) +
			`data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}` + "\n\n" +
			chunk(`{"index":0,"function":{"arguments":"junk"}}`),
		want: map[string]string{"0": `{}`},
	}, {
		name: "no index, no id, alone: the last call started (older Ollama, Gemini's OpenAI endpoint)",
		in: chunk(`{"id":"a","function":{"name":"fa","arguments":""}}`) + chunk(`{"function":{"arguments":"{\"x\":1}"}}`) +
			chunk(`{"id":"b","function":{"name":"fb","arguments":""}}`) + chunk(`{"function":{"arguments":"{\"y\":2}"}}`),
		want: map[string]string{"0": `{"x":1}`, "1": `{"y":2}`},
	}, {
		name: "the same index with another id: a new call (Ollama's parallel calls)",
		in: chunk(`{"index":0,"id":"a","function":{"name":"fa","arguments":"{\"x\":1}"}}`) +
			chunk(`{"index":0,"id":"b","function":{"name":"fb","arguments":"{\"y\""}}`) + chunk(`{"index":0,"function":{"arguments":":2}"}}`),
		want: map[string]string{"0": `{"x":1}`, "1": `{"y":2}`},
	}, {
		// Split in two, get_weather would run with {} and an unnamed call
		// with the arguments.
		name: "the same index with another id before the arguments are whole: the same call (Poolside)",
		in: chunk(`{"index":0,"id":"A","function":{"name":"get_weather","arguments":""}}`) +
			chunk(`{"index":0,"id":"B","function":{"arguments":"{\"city\":"}}`) + chunk(`{"index":0,"id":"B","function":{"arguments":"\"Paris\"}"}}`),
		want: map[string]string{"0": `{"city":"Paris"}`},
	}, {
		// The row above's rule alone would run get_time with delete_all's
		// arguments.
		name: "the same index with another id naming another function: a new call, though the first has no arguments",
		in: chunk(`{"index":0,"id":"call_a","function":{"name":"get_time","arguments":""}}`) +
			chunk(`{"index":0,"id":"call_b","function":{"name":"delete_all","arguments":"{\"confirm\":true}"}}`),
		want: map[string]string{"0": ``, "1": `{"confirm":true}`},
	}, {
		name: "second choice keyed apart",
		in:   `data: {"choices":[{"index":1,"delta":{"tool_calls":[{"index":0,"id":"x","function":{"name":"f","arguments":"{}"}}]}}]}` + "\n\n",
		want: map[string]string{"1.0": `{}`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := Read(strings.NewReader(tt.in), FormatOpenAIChat)
			require.NoError(t, err)
			got := map[string]string{}
			for _, c := range assemble(evs) {
				got[c.Key] = c.Text()
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestReadForcedFormat: a format asked for that finds no events in a
// stream of another provider is ErrUnknownFormat naming that provider; in
// a stream of its own provider with no tool calls it is no error.
func TestReadForcedFormat(t *testing.T) {
	chat := "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\n"
	_, err := Read(strings.NewReader(chat), FormatAnthropic)
	require.ErrorIs(t, err, ErrUnknownFormat)
	assert.Contains(t, err.Error(), "no anthropic events; the stream looks like openai-chat")
	events, err := Read(strings.NewReader(chat), FormatOpenAIChat)
	require.NoError(t, err)
	assert.Empty(t, events)
	_, err = Read(strings.NewReader("{\"x\":1}\n"), FormatGemini)
	require.ErrorIs(t, err, ErrUnknownFormat)
	assert.Contains(t, err.Error(), "no provider named in the stream")
}

// TestResponsesItemsWithoutID: calls whose items carry no id are keyed by
// their output index, so that two of them stay apart.
func TestResponsesItemsWithoutID(t *testing.T) {
	in := `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","name":"fa","arguments":""}}
{"type":"response.output_item.added","output_index":1,"item":{"type":"function_call","name":"fb","arguments":""}}
{"type":"response.function_call_arguments.delta","output_index":0,"delta":"{\"x\":1}"}
{"type":"response.function_call_arguments.delta","output_index":1,"delta":"{\"y\":2}"}
{"type":"response.output_item.done","output_index":0,"item":{"type":"function_call","name":"fa","arguments":"{\"x\":1}"}}
{"type":"response.output_item.done","output_index":1,"item":{"type":"function_call","name":"fb","arguments":"{\"y\":2}"}}
`
	evs, err := Read(strings.NewReader(in), FormatOpenAIResponses)
	require.NoError(t, err)
	got := map[string]string{}
	for _, c := range assemble(evs) {
		got[c.Key] = c.Text()
	}
	assert.Equal(t, map[string]string{"output_index 0": `{"x":1}`, "output_index 1": `{"y":2}`}, got)
}

// TestGeminiCallAfterOpenOne: a whole named call that comes while a call
// streamed in pieces is open ends the open one and is a call of its own;
// finishReason ends a call still open.
func TestGeminiCallAfterOpenOne(t *testing.T) {
	part := func(fc string) string {
		return `{"candidates":[{"content":{"parts":[{"functionCall":` + fc + `}]}}]}` + "\n"
	}
	in := part(`{"name":"fa","willContinue":true}`) +
		part(`{"partialArgs":[{"jsonPath":"$.q","stringValue":"x"}],"willContinue":true}`) +
		part(`{"name":"fb","args":{"y":2}}`) +
		part(`{"name":"fc","willContinue":true,"partialArgs":[{"jsonPath":"$.z","boolValue":true}]}`) +
		`{"candidates":[{"finishReason":"STOP"}]}` + "\n"
	evs, err := Read(strings.NewReader(in), FormatGemini)
	require.NoError(t, err)
	got := map[string]string{}
	for _, c := range assemble(evs) {
		got[c.Name] = c.Text()
		assert.True(t, c.Ended, c.Name)
	}
	assert.Equal(t, map[string]string{"fa": `{"q":"x"}`, "fb": `{"y":2}`, "fc": `{"z":true}`}, got)
}

// TestGeminiCutShort: a finishReason other than STOP (MAX_TOKENS here)
// says the output was cut short: the call streamed in pieces gets no end
// signal, though its values so far make a whole object ({"path":"/tm"}).
func TestGeminiCutShort(t *testing.T) {
	in := `{"candidates":[{"content":{"parts":[{"functionCall":{"name":"rm","willContinue":true}}]}}]}
{"candidates":[{"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.path","stringValue":"/tm","willContinue":true}],"willContinue":true}}]},"finishReason":"MAX_TOKENS"}]}
`
	evs, err := Read(strings.NewReader(in), FormatGemini)
	require.NoError(t, err)
	calls := assemble(evs)
	require.Len(t, calls, 1)
	assert.Equal(t, "rm", calls[0].Name)
	assert.False(t, calls[0].Ended, "cut short: no end signal")
}

// TestResponsesArgumentsInAddedItem: arguments that came whole in
// output_item.added, with no deltas and an empty done, are the call's.
func TestResponsesArgumentsInAddedItem(t *testing.T) {
	in := `{"type":"response.output_item.added","output_index":0,"item":{"id":"fc_1","type":"function_call","name":"f","arguments":"{\"x\":1}"}}
{"type":"response.function_call_arguments.done","output_index":0,"item_id":"fc_1","arguments":""}
`
	evs, err := Read(strings.NewReader(in), FormatOpenAIResponses)
	require.NoError(t, err)
	calls := assemble(evs)
	require.Len(t, calls, 1)
	assert.Equal(t, `{"x":1}`, calls[0].Text())
	assert.True(t, calls[0].Ended)
}

// TestSSELineEnds reads an SSE recording with its lines ended as the
// text/event-stream spec allows: "\n", "\r\n" or a lone "\r". The events
// are the same each way.
func TestSSELineEnds(t *testing.T) {
	lf, err := os.ReadFile("streams/openai-chat__parallel_interleaved.sse")
	require.NoError(t, err)
	require.NotContains(t, string(lf), "\r")
	want, err := Read(bytes.NewReader(lf), FormatAuto)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	for _, end := range []string{"\r\n", "\r"} {
		in := bytes.ReplaceAll(lf, []byte("\n"), []byte(end))
		got, err := Read(bytes.NewReader(in), FormatAuto)
		require.NoError(t, err, "%q", end)
		assert.Equal(t, want, got, "%q", end)
	}
}

// TestAnthropicTwoMessages: a recording of two messages (a tool turn, then
// the next) numbers content blocks from 0 in each; their calls stay apart.
func TestAnthropicTwoMessages(t *testing.T) {
	ev := func(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }
	message := func(id, args string) string {
		return ev("message_start", `{"type":"message_start","message":{"id":"msg_`+id+`"}}`) +
			ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`) +
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`) +
			ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_`+id+`","name":"f","input":{}}}`) +
			ev("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":`+args+`}}`) +
			ev("content_block_stop", `{"type":"content_block_stop","index":1}`) +
			ev("message_stop", `{"type":"message_stop"}`)
	}
	first := message("a", `"{\"n\":1}"`)
	for name, in := range map[string]string{
		"with message_start":          first + message("b", `"{\"n\":2}"`),
		"first without message_start": first[strings.Index(first, "\n\n")+2:] + message("b", `"{\"n\":2}"`),
	} {
		evs, err := Read(strings.NewReader(in), FormatAnthropic)
		require.NoError(t, err, name)
		got := map[string]string{}
		for _, c := range assemble(evs) {
			got[c.Key+" "+c.ID] = c.Text()
			assert.True(t, c.Ended, c.Key)
		}
		assert.Equal(t, map[string]string{"1 toolu_a": `{"n":1}`, "msg2/1 toolu_b": `{"n":2}`}, got, name)
	}
}

// TestChatLegacyFunctionCall reads the deprecated delta.function_call,
// which older OpenAI-compatible servers still stream, as one call.
func TestChatLegacyFunctionCall(t *testing.T) {
	chunk := func(delta, finish string) string {
		return `data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}` + "\n\n"
	}
	in := chunk(`{"role":"assistant","content":null,"function_call":{"name":"get_weather","arguments":""}}`, `null`) +
		chunk(`{"function_call":{"arguments":"{\"loc"}}`, `null`) +
		chunk(`{"function_call":{"arguments":"ation\":\"Paris\"}"}}`, `null`) +
		chunk(`{}`, `"function_call"`) + "data: [DONE]\n\n"
	evs, err := Read(strings.NewReader(in), FormatAuto)
	require.NoError(t, err)
	calls := assemble(evs)
	require.Len(t, calls, 1)
	assert.Equal(t, "get_weather", calls[0].Name)
	assert.Equal(t, `{"location":"Paris"}`, calls[0].Text())
	assert.True(t, calls[0].Ended)
}

// TestChatLegacyMixed: function_call and tool_calls in one stream stay
// two calls, whichever comes first; an empty function_call starts none.
func TestChatLegacyMixed(t *testing.T) {
	chunk := func(delta, finish string) string {
		return `data: {"choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}` + "\n\n"
	}
	tool := chunk(`{"tool_calls":[{"index":0,"id":"call_a","function":{"name":"f","arguments":"{}"}}]}`, `null`)
	legacy := chunk(`{"function_call":{"name":"g","arguments":"{}"}}`, `null`)
	end := chunk(`{}`, `"stop"`)
	for name, tt := range map[string]struct {
		in   string
		want map[string]string
	}{
		"tool call first":     {tool + legacy + end, map[string]string{"0 f": `{}`, "1 g": `{}`}},
		"function call first": {legacy + tool + end, map[string]string{"0 g": `{}`, "1 f": `{}`}},
		"empty function call": {chunk(`{"content":"hi","function_call":{"name":null,"arguments":""}}`, `null`) + chunk(`{"function_call":{}}`, `null`) + end, map[string]string{}},
	} {
		evs, err := Read(strings.NewReader(tt.in), FormatOpenAIChat)
		require.NoError(t, err, name)
		got := map[string]string{}
		for _, c := range assemble(evs) {
			got[c.Key+" "+c.Name] = c.Text()
			assert.True(t, c.Ended, "%s: %s", name, c.Key)
		}
		assert.Equal(t, tt.want, got, name)
	}
}

// TestGeminiCandidates: with candidateCount > 1 only the first
// candidate's calls are read: the others are other answers to the same
// turn, whose pay calls must not both run, nor candidate 0's streamed
// partialArgs go into candidate 1's call.
func TestGeminiCandidates(t *testing.T) {
	in := `{"candidates":[{"index":0,"content":{"parts":[{"functionCall":{"name":"pay","args":{"amount":1}}}]}},{"index":1,"content":{"parts":[{"functionCall":{"name":"pay","args":{"amount":1000}}}]}}]}
{"candidates":[{"index":0,"content":{"parts":[{"functionCall":{"name":"g","willContinue":true,"partialArgs":[{"jsonPath":"$.a","stringValue":"A"}]}}]}},{"index":1,"content":{"parts":[{"functionCall":{"name":"g","willContinue":true,"partialArgs":[{"jsonPath":"$.b","stringValue":"B"}]}}]}}]}
{"candidates":[{"index":0,"content":{"parts":[{"functionCall":{}}]},"finishReason":"STOP"},{"index":1,"content":{"parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}
`
	evs, err := Read(strings.NewReader(in), FormatGemini)
	require.NoError(t, err)
	got := map[string]string{}
	for _, c := range assemble(evs) {
		got[c.Key+" "+c.Name] = c.Text()
	}
	assert.Equal(t, map[string]string{"0 pay": `{"amount":1}`, "1 g": `{"a":"A"}`}, got)
}
