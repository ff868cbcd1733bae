package provider

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// TestReconnectEveryCut cuts an SSE stream with event IDs at every byte,
// then reconnects into the same Handler from its LastEventID, as a server
// that resends the events after it: the call runs once, whole, whether
// a server writes each event's id line before or after its data.
func TestReconnectEveryCut(t *testing.T) {
	payloads := []string{
		`{"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_A","function":{"name":"get_weather","arguments":"{\""}}]}}]}`,
		`{"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"city"}}]}}]}`,
		`{"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\":\"Paris\"}"}}]}}]}`,
		`{"id":"chatcmpl-1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
	}
	for _, idFirst := range []bool{true, false} {
		body := func(after int) string { // the events numbered above after
			var b strings.Builder
			for i, p := range payloads {
				if i+1 <= after {
					continue
				}
				if idFirst {
					fmt.Fprintf(&b, "id: %d\ndata: %s\n\n", i+1, p)
				} else {
					fmt.Fprintf(&b, "data: %s\nid: %d\n\n", p, i+1)
				}
			}
			return b.String()
		}
		full := body(0)
		for cut := 0; cut <= len(full); cut++ {
			var ran []string
			h := NewHandler(Options{OnReady: func(c *resume.Call) { ran = append(ran, string(c.Value())) }})
			_, err := h.ReadFrom(strings.NewReader(full[:cut])) // a cut inside an event is an error; either way, reconnect
			_ = err
			after := 0
			if id := h.LastEventID(); id != "" {
				after, err = strconv.Atoi(id)
				require.NoError(t, err)
			}
			_, err = h.ReadFrom(strings.NewReader(body(after)))
			require.NoError(t, err, "idFirst=%v cut %d", idFirst, cut)
			assert.Equal(t, []string{`{"city":"Paris"}`}, ran, "idFirst=%v cut %d: %q", idFirst, cut, full[:cut])
		}
	}
}

// TestResponsesPickedUp starts a new Handler at each event of a Responses
// stream, as a new process resuming with starting_after: each that gets
// the call's output_item.done runs the call once, named and whole.
func TestResponsesPickedUp(t *testing.T) {
	events := []string{
		`{"type":"response.created","sequence_number":0,"response":{"id":"resp_1"}}`,
		`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":""}}`,
		`{"type":"response.function_call_arguments.delta","sequence_number":2,"item_id":"fc_1","output_index":0,"delta":"{\"city\":"}`,
		`{"type":"response.function_call_arguments.delta","sequence_number":3,"item_id":"fc_1","output_index":0,"delta":"\"Paris\"}"}`,
		`{"type":"response.function_call_arguments.done","sequence_number":4,"item_id":"fc_1","output_index":0,"arguments":"{\"city\":\"Paris\"}"}`,
		`{"type":"response.output_item.done","sequence_number":5,"output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}`,
		`{"type":"response.completed","sequence_number":6,"response":{"id":"resp_1"}}`,
	}
	for from := range events {
		var ran []string
		h := NewHandler(Options{OnReady: func(c *resume.Call) { ran = append(ran, c.ID()+" "+c.Name()+" "+string(c.Value())) }})
		for _, e := range events[from:] {
			require.NoError(t, h.Payload([]byte(e)), "from %d", from)
		}
		if from <= 5 {
			assert.Equal(t, []string{`call_1 get_weather {"city":"Paris"}`}, ran, "from event %d", from)
		} else {
			assert.Empty(t, ran, "from event %d", from)
		}
	}
}
