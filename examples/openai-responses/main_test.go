package main

import (
	"context"
	"testing"

	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sdkCannot names the recordings whose calls openai-go does not give
// right, and why: they are checked against the recording only.
var sdkCannot = map[string]string{}

var params = responses.ResponseNewParams{
	Model: openai.ChatModelGPT5_4Mini,
	Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("replay")},
}

// TestStreamRecorded runs Stream against a local server replaying each
// recorded Responses stream, and checks the ready calls against the
// recording's own and against the items openai-go decodes from the
// response.completed event (or, without one, the output_item.done events).
func TestStreamRecorded(t *testing.T) {
	total := 0
	for _, rec := range replay.Recordings(t, "openai-responses") {
		t.Run(rec.Name, func(t *testing.T) {
			client := openai.NewClient(option.WithBaseURL(replay.Serve(t, rec).URL),
				option.WithAPIKey("test"), option.WithMaxRetries(0))
			var got []replay.Call
			left, err := Stream(context.Background(), client, params, provider.Options{
				OnReady: func(c *resume.Call) { got = append(got, replay.FromResume(c)) },
				OnEnd: func(c *resume.Call) {
					assert.ErrorIs(t, c.Err(), resume.ErrHosted, "call %s %s ended, not ready", c.ID(), c.Name())
				},
			})
			require.NoError(t, err)
			for _, r := range left {
				assert.NotEqual(t, resume.StatusReady, r.Status, "a call left open is never ready")
			}
			t.Logf("%d ready, %d left open", len(got), len(left))
			replay.Equal(t, replay.Calls(t, rec, "openai-responses"), got, "against the recording")
			if why, ok := sdkCannot[rec.Name]; ok {
				t.Logf("not against openai-go: %s", why)
			} else {
				replay.Equal(t, sdkCalls(t, client), got, "against openai-go's output items")
			}
			total += len(got)
		})
	}
	assert.Positive(t, total, "ready calls over all recordings")
}

// sdkCalls streams the request again and returns the function and custom
// tool calls that openai-go decodes from the response.completed event,
// or from the output_item.done events when the stream has none.
func sdkCalls(t *testing.T, client openai.Client) []replay.Call {
	stream := client.Responses.NewStreaming(context.Background(), params)
	defer stream.Close()
	var done, completed []responses.ResponseOutputItemUnion
	sawCompleted := false
	for stream.Next() {
		switch ev := stream.Current(); ev.Type {
		case "response.output_item.done":
			done = append(done, ev.Item)
		case "response.completed":
			completed, sawCompleted = ev.Response.Output, true
		}
	}
	require.NoError(t, stream.Err())
	if !sawCompleted {
		completed = done
	}
	var out []replay.Call
	for _, it := range completed {
		switch it.Type {
		case "function_call":
			fc := it.AsFunctionCall()
			out = append(out, replay.Call{ID: fc.CallID, Name: fc.Name, Args: fc.Arguments})
		case "custom_tool_call":
			cc := it.AsCustomToolCall()
			out = append(out, replay.Call{ID: cc.CallID, Name: cc.Name, Args: cc.Input, Text: true})
		}
	}
	return out
}
