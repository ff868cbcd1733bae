package provider

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/resume"
)

// TestMemo decodes every recorded stream with the memo and the quicker
// and without them, and wants the same events from both; the long
// streams of each format must take most of their payloads by either.
func TestMemo(t *testing.T) {
	used := 0
	for _, s := range recordedStreams(t) {
		src := s.data
		if s.decoded != nil {
			src = s.decoded
		}
		a, b := NewDecoder(FormatAuto), NewDecoder(FormatAuto)
		b.noMemo, b.noQuick = true, true
		ra := NewReader(bytes.NewReader(src), ReaderOptions{})
		hits, events := 0, 0
		for {
			m, err := ra.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			before := a.memoHits + a.quickHits
			ea, erra := a.Decode(m.Data, m.Event)
			ka := eventsKey(ea)
			hits += int(a.memoHits + a.quickHits - before)
			eb, errb := b.Decode(m.Data, m.Event)
			if kb := eventsKey(eb); ka != kb || (erra == nil) != (errb == nil) || a.Seq() != b.Seq() || a.Skipped() != b.Skipped() {
				t.Fatalf("%s, payload %q: with the memo %s (%v, seq %d), without %s (%v, seq %d)", s.name, m.Data, ka, erra, a.Seq(), kb, errb, b.Seq())
			}
			events++
		}
		if strings.HasPrefix(s.name, "streams/") && strings.Contains(s.name, "__long_go_source.") {
			used++
			if hits < events/2 {
				t.Errorf("%s: %d of %d payloads by the memo or the quicker", s.name, hits, events)
			}
		}
	}
	if used < 4 {
		t.Errorf("%d long streams among the recorded streams, want 4", used)
	}
}

// TestMemoMatch: a payload that differs from the last only in the
// memo's tokens is read by them alone, and one that differs otherwise,
// or whose tokens are not valid there, is read whole: either way with
// the events and the error a Decoder with no memo gives.
func TestMemoMatch(t *testing.T) {
	anthropicStart := `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}`
	anthropicDelta := func(piece string) string {
		return `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":` + piece + `}}`
	}
	respDeltaSeq := func(piece, seq string) string {
		return `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":` + piece +
			`,"obfuscation":"Qx","sequence_number":` + seq + `}`
	}
	tests := []struct {
		name    string
		format  Format
		before  []string // the payloads before the one tried; the last sets the memo
		payload string
		hit     bool // read by the memo
		fast    bool // ... by its tokens alone (Decoder.match)
		wantErr bool
	}{
		{"piece", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{\"a\":"`)}, anthropicDelta(`"\"x\\\\\u00e9é\n"`), true, true, false},
		{"empty piece", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{\"a\":"`)}, anthropicDelta(`""`), true, true, false},
		{"bad escape", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta(`"\x"`), false, false, true},
		{"lone surrogate", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta(`"\ud800"`), false, false, true},
		{"control byte", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta("\"a\x01\""), false, false, true},
		{"bad UTF-8", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta("\"a\xff\""), false, false, true},
		{"quote inside", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta(`"a"b"`), false, false, true},
		{"unterminated", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"abc}}`, false, false, true},
		{"trailing bytes", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta(`"a"`) + "x", false, false, true},
		{"cut short", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta(`"a"`)[:len(anthropicDelta(`"a"`))-1], false, false, true},
		{"other index", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, strings.Replace(anthropicDelta(`"a"`), `"index":0`, `"index":1`, 1), false, false, false},
		{"piece a number", FormatAnthropic, []string{anthropicStart, anthropicDelta(`"{"`)}, anthropicDelta(`12`), false, false, true},
		{"seq", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"\"a\""`, "3"), true, true, false},
		{"seq longer", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "123456"), true, true, false},
		{"seq a float", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "3.5"), true, false, false},
		{"seq an exponent", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "3e2"), true, false, false},
		{"seq leading zero", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "03"), false, false, true},
		{"seq a minus", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "-"), false, false, true},
		{"seq too long", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, strings.Repeat("9", 30)), true, false, false},
		{"seq a string", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, `"3"`), true, false, false},
		{"seq zero", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "0"), true, true, false},
		{"seq negative", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "-3"), true, true, false},
		{"seq of 15 digits", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, strings.Repeat("9", 15)), true, true, false},
		{"seq of 16 digits", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, strings.Repeat("9", 16)), true, true, false},
		{"seq of 20 bytes", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, "-"+strings.Repeat("9", 19)), true, true, false},
		{"seq of 21 bytes", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, respDeltaSeq(`"1"`, strings.Repeat("9", 21)), true, false, false},
		{"obfuscation longer", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, strings.Replace(respDeltaSeq(`"1"`, "3"), `"Qx"`, `"Qxyz"`, 1), true, true, false},
		{"obfuscation", FormatOpenAIResponses, []string{respAdded("fc_1", 1), respDeltaSeq(`"{"`, "2")}, strings.Replace(respDeltaSeq(`"1"`, "3"), `"Qx"`, `"Zq\u00e9"`, 1), true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := NewDecoder(tt.format), NewDecoder(tt.format)
			a.noQuick, b.noMemo, b.noQuick = true, true, true
			for _, p := range tt.before {
				_, err := a.Decode([]byte(p), nil)
				require.NoError(t, err)
				_, err = b.Decode([]byte(p), nil)
				require.NoError(t, err)
			}
			require.GreaterOrEqual(t, a.memo[0], int32(0), "the memo is set")
			hits := a.memoHits
			ea, erra := a.Decode([]byte(tt.payload), nil)
			ka := eventsKey(ea)
			eb, errb := b.Decode([]byte(tt.payload), nil)
			assert.Equal(t, eventsKey(eb), ka)
			assert.Equal(t, errb, erra)
			assert.Equal(t, b.Seq(), a.Seq())
			assert.Equal(t, tt.wantErr, erra != nil, "error: %v", erra)
			assert.Equal(t, tt.hit, a.memoHits > hits, "read by the memo")
			assert.Equal(t, tt.fast, a.tape.base == nil && len(a.tape.last) > 0, "read by the memo's tokens alone")
			if erra == nil && tt.hit {
				// The payload after it is read against the same tape.
				next := tt.before[len(tt.before)-1]
				ea, erra = a.Decode([]byte(next), nil)
				eb, errb = b.Decode([]byte(next), nil)
				assert.Equal(t, eventsKey(eb), eventsKey(ea))
				assert.Equal(t, errb, erra)
			}
		})
	}
}

// TestScanInt holds scanInt to what it stands for: ScanInt within
// maxInt bytes, and value.int for the value.
func TestScanInt(t *testing.T) {
	ins := []string{"0", "7", "-0", "-7", "00", "01", "-01", "-", "--1", "1-", "x", "", "1.5", "1e3", "12345678901234567890", "123456789012345678901",
		"-1234567890123456789", "-12345678901234567890", "123456789012345", "1234567890123456", "-123456789012345", "-1234567890123456"}
	for _, in := range ins {
		for _, after := range []string{"", "}", ",", " ", "0", "a"} {
			b := []byte(in + after)
			if len(b) == 0 {
				continue
			}
			j, n, isInt := scanInt(b, 0)
			want := jsonwire.ScanInt(b, 0)
			if want > maxInt {
				want = 0
			}
			assert.Equal(t, want, j, "%q: end", b)
			if want == 0 {
				continue
			}
			wn, wok := value(b[:want]).int()
			assert.Equal(t, wok, isInt, "%q: an int", b)
			if wok {
				assert.Equal(t, wn, n, "%q: value", b)
			}
		}
	}
}

// TestMemoEventName: a payload of the memo's shape under another SSE
// event name is read as a Decoder with no memo reads it. Only
// ConverseStream's decoder reads the name.
func TestMemoEventName(t *testing.T) {
	start := `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}`
	delta := `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{"}}`
	for _, name := range []string{"error", "ping", ""} {
		a, b := NewDecoder(FormatAnthropic), NewDecoder(FormatAnthropic)
		a.noQuick, b.noMemo, b.noQuick = true, true, true
		for _, d := range []*Decoder{a, b} {
			_, err := d.Decode([]byte(start), []byte("content_block_start"))
			require.NoError(t, err)
			_, err = d.Decode([]byte(delta), []byte("content_block_delta"))
			require.NoError(t, err)
		}
		require.GreaterOrEqual(t, a.memo[0], int32(0), "the memo is set")
		hits := a.memoHits
		ea, erra := a.Decode([]byte(delta), []byte(name))
		eb, errb := b.Decode([]byte(delta), []byte(name))
		assert.Equal(t, hits+1, a.memoHits, "%q: read by the memo", name)
		assert.Equal(t, errb, erra, name)
		assert.Equal(t, eventsKey(eb), eventsKey(ea), name)
		assert.NotEmpty(t, ea, name)
	}
}

// TestEmitResets: emit, which sets an event field by field, leaves no
// field of the event that was in its slot before: each one, set to a
// value that is not zero, reads as the composite literal has it.
func TestEmitResets(t *testing.T) {
	d := NewDecoder(FormatAnthropic)
	d.out = d.out[:1]
	old := reflect.ValueOf(&d.out[0]).Elem()
	for i := range old.NumField() {
		f := old.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.SetBytes([]byte("x"))
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int64, reflect.Uint8:
			if f.CanInt() {
				f.SetInt(7)
			} else {
				f.SetUint(7)
			}
		default:
			t.Fatalf("Event.%s is of a kind this test does not set: %v", old.Type().Field(i).Name, f.Kind())
		}
	}
	for _, index := range []int{3, -1} {
		d.out = d.out[:0]
		ev := d.emit(resume.EventDelta, "k", index)
		require.Equal(t, resume.Event{Kind: resume.EventDelta, Key: "k", Index: index, HasIndex: index >= 0}, *ev)
	}
}

// TestQuickSSEResets: the Message that quickSSE fills field by field
// keeps nothing of the one it is given: every field, set to a value that
// is not zero, reads as a Message of the event alone has it.
func TestQuickSSEResets(t *testing.T) {
	const first = "data: {}\n\n"
	r := NewReader(strings.NewReader(first+"data: [1]\n\n"), ReaderOptions{Container: ContainerSSE})
	var m Message
	require.NoError(t, r.next(&m)) // the first event, read by parse: the BOM is looked for
	dirty := reflect.ValueOf(&m).Elem()
	for i := range dirty.NumField() {
		switch f := dirty.Field(i); f.Kind() {
		case reflect.Slice:
			f.SetBytes([]byte("x"))
		case reflect.Int, reflect.Int64:
			f.SetInt(7)
		default:
			t.Fatalf("Message.%s is of a kind this test does not set: %v", dirty.Type().Field(i).Name, f.Kind())
		}
	}
	ok, _ := r.quickSSE(&m)
	require.True(t, ok)
	require.Equal(t, Message{Data: []byte("[1]"), Offset: int64(len(first)), Line: 3}, m)
}
