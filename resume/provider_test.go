package resume_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
)

// TestProviderShapes shows, on the smallest streams of each provider,
// which neutral Events its wire shapes become, and what a Set makes of
// them. The streams are written here in each provider's documented shape.
func TestProviderShapes(t *testing.T) {
	type ev struct {
		kind          resume.EventKind
		key, id, name string
		index         int
		data, final   string
		hasFinal      bool
		seq           int64
	}
	tests := []struct {
		name   string
		format corpus.Format
		stream string
		events []ev
		args   map[string]string // Key: Value of the ready call
	}{{
		// id and name on the first delta only; arguments in pieces;
		// finish_reason "tool_calls" ends every call.
		name:   "openai chat",
		format: corpus.FormatOpenAIChat,
		stream: `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Oslo\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`,
		events: []ev{
			{kind: resume.EventStart, key: "0", id: "call_1", name: "get_weather", index: 0, seq: -1},
			{kind: resume.EventDelta, key: "0", index: 0, data: "", seq: -1},
			{kind: resume.EventDelta, key: "0", index: 0, data: `{"city":`, seq: -1},
			{kind: resume.EventDelta, key: "0", index: 0, data: `"Oslo"}`, seq: -1},
			{kind: resume.EventEnd, key: "0", index: 0, seq: -1},
		},
		args: map[string]string{"0": `{"city":"Oslo"}`},
	}, {
		// Keyed by item id; .delta pieces; .done carries the full
		// arguments, which win; sequence_number is Seq.
		name:   "openai responses",
		format: corpus.FormatOpenAIResponses,
		stream: `event: response.output_item.added
data: {"type":"response.output_item.added","item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_1","name":"get_weather"},"output_index":0,"sequence_number":2}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":"{\"city\":","sequence_number":3}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":"\"Oslo\"}","sequence_number":4}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":0,"arguments":"{\"city\":\"Oslo\"}","sequence_number":5}

`,
		events: []ev{
			{kind: resume.EventStart, key: "fc_1", id: "call_1", name: "get_weather", index: 0, seq: 2},
			{kind: resume.EventDelta, key: "fc_1", index: 0, data: `{"city":`, seq: 3},
			{kind: resume.EventDelta, key: "fc_1", index: 0, data: `"Oslo"}`, seq: 4},
			{kind: resume.EventEnd, key: "fc_1", index: 0, final: `{"city":"Oslo"}`, hasFinal: true, seq: 5},
		},
		args: map[string]string{"fc_1": `{"city":"Oslo"}`},
	}, {
		// Keyed by content block index; partial_json pieces, the first
		// often ""; content_block_stop ends the call. A tool without
		// parameters sends only "" and runs with {}.
		name:   "anthropic",
		format: corpus.FormatAnthropic,
		stream: `event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Oslo\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_2","name":"list_todos","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

`,
		events: []ev{
			{kind: resume.EventStart, key: "1", id: "toolu_1", name: "get_weather", index: 1, seq: -1},
			{kind: resume.EventDelta, key: "1", index: 1, data: "", seq: -1},
			{kind: resume.EventDelta, key: "1", index: 1, data: `{"city": "Oslo"}`, seq: -1},
			{kind: resume.EventEnd, key: "1", index: 1, seq: -1},
			{kind: resume.EventStart, key: "2", id: "toolu_2", name: "list_todos", index: 2, seq: -1},
			{kind: resume.EventDelta, key: "2", index: 2, data: "", seq: -1},
			{kind: resume.EventEnd, key: "2", index: 2, seq: -1},
		},
		args: map[string]string{"1": `{"city": "Oslo"}`, "2": `{}`},
	}, {
		// Whole args objects, several calls in one event: each is a start
		// and an end whose Final is the args' compact JSON.
		name:   "gemini",
		format: corpus.FormatGemini,
		stream: `data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"get_weather","args":{"city":"Oslo"}}},{"functionCall":{"name":"get_time","args":{"tz":"Europe/Oslo"}}}],"role":"model"},"finishReason":"STOP","index":0}]}

`,
		events: []ev{
			{kind: resume.EventStart, key: "0", name: "get_weather", index: 0, seq: -1},
			{kind: resume.EventEnd, key: "0", index: 0, final: `{"city":"Oslo"}`, hasFinal: true, seq: -1},
			{kind: resume.EventStart, key: "1", name: "get_time", index: 1, seq: -1},
			{kind: resume.EventEnd, key: "1", index: 1, final: `{"tz":"Europe/Oslo"}`, hasFinal: true, seq: -1},
		},
		args: map[string]string{"0": `{"city":"Oslo"}`, "1": `{"tz":"Europe/Oslo"}`},
	}}
	for _, tt := range tests {
		events, err := corpus.Read(strings.NewReader(tt.stream), tt.format)
		require.NoError(t, err, tt.name)
		got := make([]ev, len(events))
		for i, e := range events {
			got[i] = ev{kind: e.Kind, key: e.Key, id: e.ID, name: e.Name, index: -1,
				data: string(e.Data), final: string(e.Final), hasFinal: e.Final != nil, seq: -1}
			if e.HasIndex {
				got[i].index = e.Index
			}
			if e.HasSeq {
				got[i].seq = e.Seq
			}
		}
		assert.Equal(t, tt.events, got, tt.name)

		s := resume.NewSet(resume.Options{})
		for _, e := range events {
			_, err := s.Apply(e)
			require.NoError(t, err, tt.name)
		}
		for _, r := range s.Finish() {
			assert.Equal(t, resume.StatusReady, r.Status, "%s call %s: %v", tt.name, r.Key, r.Err)
			assert.Equal(t, tt.args[r.Key], string(r.Value), "%s call %s", tt.name, r.Key)
		}
	}
}
