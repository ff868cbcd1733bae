package provider

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnthropicQuick: a payload with the exact bytes of a shape the
// Anthropic quicker knows, valid, is taken by it, and anything near one
// is left to the decoder; either way with the events, the error and the
// counts of a Decoder with no quicker and no memo.
func TestAnthropicQuick(t *testing.T) {
	start := func(idx, id, name string) string {
		return `{"type":"content_block_start","index":` + idx + `,"content_block":{"type":"tool_use","id":` + id + `,"name":` + name + `,"input":{}}}`
	}
	delta := func(idx, piece string) string {
		return `{"type":"content_block_delta","index":` + idx + `,"delta":{"type":"input_json_delta","partial_json":` + piece + `}}`
	}
	stop := func(idx string) string { return `{"type":"content_block_stop","index":` + idx + `}` }
	open := []string{start("0", `"toolu_1"`, `"f"`), delta("0", `"{\"a\":"`)}
	tests := []struct {
		name    string
		before  []string
		payload string
		quick   bool // taken by the quicker
		wantErr bool
	}{
		{"delta", open, delta("0", `"1"`), true, false},
		{"delta escapes", open, delta("0", `"\"x\\\\\u00e9é\n\ud83d\ude00"`), true, false},
		{"delta empty piece", open, delta("0", `""`), true, false},
		{"delta of no block", open, delta("1", `"1"`), true, false},
		{"delta after one of another block", append(append([]string{start("1", `"toolu_0"`, `"g"`)}, open...), delta("1", `"{"`), delta("0", `"2"`)), delta("1", `"3"`), true, false},
		{"delta after one of the same block", append(append([]string{start("12", `"toolu_0"`, `"g"`)}, open...), delta("12", `"{"`)), delta("12", `"\u00e9"`), true, false},
		{"delta after one of a block with a longer index", append(append([]string{start("12", `"toolu_0"`, `"g"`)}, open...), delta("12", `"{"`)), delta("1", `"2"`), true, false},
		{"delta after one of a block with a shorter index", append(append([]string{start("1", `"toolu_0"`, `"g"`)}, open...), delta("1", `"{"`)), delta("12", `"2"`), true, false},
		{"delta after one, bad escape", open, delta("0", `"\u12"`), false, true},
		{"delta first of a block", []string{start("3", `"toolu_1"`, `"f"`)}, delta("3", `"{"`), true, false},
		{"delta with no message_start or start", nil, delta("0", `"{"`), true, false},
		{"delta long piece", open, delta("0", `"`+strings.Repeat(`ab\"c\u00e9`, 400)+`"`), true, false},
		{"delta bad escape", open, delta("0", `"\x"`), false, true},
		{"delta lone surrogate", open, delta("0", `"\ud800"`), false, true},
		{"delta control byte", open, delta("0", "\"a\x01\""), false, true},
		{"delta bad UTF-8", open, delta("0", "\"a\xff\""), false, true},
		{"delta quote inside", open, delta("0", `"a"b"`), false, true},
		{"delta unterminated", open, `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"abc}}`, false, true},
		{"delta trailing bytes", open, delta("0", `"a"`) + "x", false, true},
		{"delta one brace", open, delta("0", `"a"`)[:len(delta("0", `"a"`))-1], false, true},
		{"delta space before brace", open, delta("0", `"a"`)[:len(delta("0", `"a"`))-1] + " }", false, false},
		{"delta piece a number", open, delta("0", `12`), false, true},
		{"delta piece null", open, delta("0", `null`), false, false},
		{"delta more members", open, strings.Replace(delta("0", `"a"`), `}}`, `,"x":1}}`, 1), false, false},
		{"delta index leading zero", open, delta("00", `"a"`), false, true},
		{"delta index negative", open, delta("-1", `"a"`), false, true},
		{"delta index a float", open, delta("0.0", `"a"`), false, true},
		{"delta index 15 digits", open, delta(strings.Repeat("9", 15), `"a"`), true, false},
		{"delta index 16 digits", open, delta(strings.Repeat("9", 16), `"a"`), false, true},
		{"delta index a string", open, delta(`"0"`, `"a"`), false, true},
		{"delta text_delta", open, strings.Replace(delta("0", `"a"`), "input_json_delta", "text_delta", 1), false, true},
		{"start", nil, start("0", `"toolu_1"`, `"f"`), true, false},
		{"start escaped id and name", nil, start("2", `"toolu_\u0031\""`, `"\u00e9f\\"`), true, false},
		{"start empty id and name", nil, start("0", `""`, `""`), true, false},
		{"start again", open, start("0", `"toolu_1"`, `"f"`), true, false},
		{"start second message", []string{`{"type":"message_start","message":{"id":"msg_1"}}`, stop("0"), `{"type":"message_start","message":{"id":"msg_2"}}`}, start("0", `"toolu_1"`, `"f"`), true, false},
		{"start bad escape in id", nil, start("0", `"toolu\x"`, `"f"`), false, true},
		{"start bad UTF-8 in name", nil, start("0", `"toolu_1"`, "\"f\xc3\""), false, true},
		{"start id a number", nil, start("0", `1`, `"f"`), false, false},
		{"start with input", nil, strings.Replace(start("0", `"toolu_1"`, `"f"`), `{}}}`, `{"a":1}}}`, 1), false, false},
		{"start server_tool_use", nil, strings.Replace(start("0", `"srvtoolu_1"`, `"web_search"`), `"tool_use"`, `"server_tool_use"`, 1), false, false},
		{"start text", nil, `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`, false, false},
		{"start trailing bytes", nil, start("0", `"toolu_1"`, `"f"`) + "}", false, true},
		{"start index leading zero", nil, start("01", `"toolu_1"`, `"f"`), false, true},
		{"stop", open, stop("0"), true, false},
		{"stop spaces", open, `{"type":"content_block_stop","index":0 	 }`, true, false},
		{"stop of no block", open, stop("7"), true, false},
		{"stop with no message_start", nil, stop("0"), true, false},
		{"stop of the block before", append(append([]string{start("1", `"toolu_0"`, `"g"`)}, open...), delta("1", `"{}"`)), stop("1"), true, false},
		{"stop space after brace", open, stop("0") + " ", true, false},
		{"stop two braces", open, stop("0") + "}", false, true},
		{"stop index a letter", open, stop("x"), false, true},
		{"stop index leading zero", open, stop("00"), false, true},
		{"stop more members", open, `{"type":"content_block_stop","index":0,"x":1}`, false, false},
		{"ping", open, `{"type":"ping"}`, true, false},
		{"message_stop", open, `{"type":"message_stop"}`, true, false},
		{"ping with a member", open, `{"type":"ping","x":1}`, false, false},
		{"ping with a space", open, `{"type": "ping"}`, false, false},
		{"ping cut", open, `{"type":"ping"`, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := NewDecoder(FormatAnthropic), NewDecoder(FormatAnthropic)
			b.noQuick, b.noMemo = true, true
			for _, p := range tt.before {
				ea, erra := a.Decode([]byte(p), nil)
				eb, errb := b.Decode([]byte(p), nil)
				require.Equal(t, eventsKey(eb), eventsKey(ea), p)
				require.Equal(t, errb, erra, p)
			}
			hits := a.quickHits
			ea, erra := a.Decode([]byte(tt.payload), nil)
			eb, errb := b.Decode([]byte(tt.payload), nil)
			assert.Equal(t, eventsKey(eb), eventsKey(ea))
			assert.Equal(t, errb, erra)
			assert.Equal(t, tt.wantErr, erra != nil, "error: %v", erra)
			assert.Equal(t, tt.quick, a.quickHits > hits, "taken by the quicker")
			assert.Equal(t, b.Skipped(), a.Skipped(), "skipped")
			assert.Equal(t, b.replays, a.replays, "replays")
			// The payloads after it are read the same, by the memo too, and
			// a new message's blocks are keyed the same.
			after := []string{`{"type":"message_start","message":{"id":"msg_9"}}`, start("0", `"toolu_9"`, `"g"`),
				delta("0", `"{"`), delta("0", `"2"`), stop("0"), delta("0", `"3"`)}
			for _, p := range after {
				ea, erra = a.Decode([]byte(p), nil)
				eb, errb = b.Decode([]byte(p), nil)
				assert.Equal(t, eventsKey(eb), eventsKey(ea), p)
				assert.Equal(t, errb, erra, p)
			}
		})
	}
}

// TestAnthropicQuickStream: the quicker takes every payload of a
// recorded stream's tool block, and a Decoder that has one gives each
// payload's events and error as one with neither quicker nor memo, also
// with a payload that refuses a call (past MaxCalls) on its way.
func TestAnthropicQuickStream(t *testing.T) {
	a, b := NewDecoder(FormatAnthropic), NewDecoder(FormatAnthropic)
	b.noQuick, b.noMemo = true, true
	var missed []string
	for _, m := range escapeSplits(t) {
		hits := a.quickHits
		ea, erra := a.Decode(m.Data, m.Event)
		eb, errb := b.Decode(m.Data, m.Event)
		require.Equal(t, eventsKey(eb), eventsKey(ea), "%s", m.Data)
		require.Equal(t, errb, erra, "%s", m.Data)
		if a.quickHits == hits {
			missed = append(missed, string(m.Event))
		}
	}
	assert.Equal(t, []string{"message_start", "message_delta"}, missed, "payloads the quicker left")

	// Past MaxCalls, a start fails as the decoder's does, and the next
	// payloads decode the same.
	a.calls, b.calls = MaxCalls-1, MaxCalls-1
	for i := range 3 {
		p := fmt.Appendf(nil, `{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"toolu_%d","name":"f","input":{}}}`, 100+i, i)
		ea, erra := a.Decode(p, nil)
		eb, errb := b.Decode(p, nil)
		require.Equal(t, eventsKey(eb), eventsKey(ea))
		require.Equal(t, errb, erra)
		require.Equal(t, i > 0, errors.Is(erra, ErrTooLarge), "error %v", erra)
	}
}

// TestHasAt holds hasAt to a comparison of the bytes, at every place
// and with one byte changed at each place.
func TestHasAt(t *testing.T) {
	for _, s := range []string{quickDelta, quickDeltaMid, quickStart, quickStartID, quickStartName, quickStartEnd, quickStop, "12345678"} {
		b := []byte("x" + s + "y")
		for i := -1; i <= len(b)+1; i++ {
			want := i >= 0 && i <= len(b) && bytes.HasPrefix(b[i:], []byte(s))
			assert.Equal(t, want, hasAt(b, i, s), "%q at %d", s, i)
		}
		for k := range len(s) {
			c := bytes.Clone(b)
			c[1+k] ^= 0x20
			assert.False(t, hasAt(c, 1, s), "%q with byte %d changed", s, k)
			assert.False(t, hasAt(c[:len(s)], 1, s), "%q cut", s)
		}
	}
}

// TestAnthropicQuickMutated decodes a recorded stream with one payload
// changed at one byte (replaced by a byte that matters to JSON, cut out,
// or doubled), with the quicker and with neither quicker nor memo, and
// wants the same events, errors and counts from both, payload by
// payload.
func TestAnthropicQuickMutated(t *testing.T) {
	var payloads [][]byte
	for _, m := range escapeSplits(t) {
		payloads = append(payloads, m.Data)
	}
	require.Contains(t, string(payloads[2]), `"content_block_start"`)
	require.Contains(t, string(payloads[len(payloads)-3]), `"content_block_stop"`)
	subst := []byte{'"', '\\', '{', '}', ',', ':', ' ', '\t', '0', '1', '9', '-', 'u', 'n', 0x01, 0x7f, 0x80, 0xc3, 0xff}
	seed := uint64(1)
	rand := func(n int) int { // xorshift: the same cases every run
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		k := 2 + rand(len(payloads)-3) // one of the blocks' payloads, or half the time its start or stop
		if rand(2) == 0 {
			k = []int{2, len(payloads) - 3}[rand(2)]
		}
		p := bytes.Clone(payloads[k])
		i := rand(len(p))
		switch op := rand(3); op {
		case 0:
			p[i] = subst[rand(len(subst))]
		case 1:
			p = append(p[:i], p[i+1:]...)
		default:
			p = append(p[:i+1], p[i:]...)
		}
		a, b := NewDecoder(FormatAnthropic), NewDecoder(FormatAnthropic)
		b.noQuick, b.noMemo = true, true
		for j, q := range payloads {
			if j == k {
				q = p
			}
			ea, erra := a.Decode(q, nil)
			eb, errb := b.Decode(q, nil)
			if ka, kb := eventsKey(ea), eventsKey(eb); ka != kb || fmt.Sprint(erra) != fmt.Sprint(errb) ||
				a.Skipped() != b.Skipped() || a.replays != b.replays {
				t.Fatalf("payload %d of %q (changed at %d, payload %d): with the quicker %s (%v), without %s (%v)", j, q, i, k, ka, erra, kb, errb)
			}
		}
	}
}

// escapeSplits returns the messages of the recorded stream
// anthropic__escape_number_splits, each with its own bytes.
func escapeSplits(t *testing.T) []Message {
	src := streamData(t, "anthropic__escape_number_splits.sse")
	var out []Message
	rd := NewReader(bytes.NewReader(src), ReaderOptions{})
	for {
		m, err := rd.Next()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		m.Data, m.Event, m.ID = bytes.Clone(m.Data), bytes.Clone(m.Event), bytes.Clone(m.ID)
		out = append(out, m)
	}
}
