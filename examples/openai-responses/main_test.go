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
	"github.com/stretchr/testify/require"
)

var params = responses.ResponseNewParams{
	Model: openai.ChatModelGPT5_4Mini,
	Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("replay")},
}

// TestStreamRecorded runs Stream against a local server replaying each
// recorded Responses stream, and checks the ready calls against the
// recording's own and against the items openai-go decodes from the
// response.completed event (or, without one, the output_item.done events).
func TestStreamRecorded(t *testing.T) {
	replay.Check(t, replay.Program[openai.Client]{
		Format: "openai-responses",
		Hosted: true,
		Client: func(_ *testing.T, url string) openai.Client {
			return openai.NewClient(option.WithBaseURL(url), option.WithAPIKey("test"), option.WithMaxRetries(0))
		},
		Stream: func(client openai.Client, opts provider.Options) ([]resume.Result, error) {
			return Stream(context.Background(), client, params, opts)
		},
		SDK:     sdkCalls,
		SDKName: "openai-go's output items",
	})
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
