package main

import (
	"context"
	"testing"

	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/require"
)

var params = openai.ChatCompletionNewParams{
	Model:    openai.ChatModelGPT5_4Mini,
	Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("replay")},
}

// TestStreamRecorded runs Stream against a local server replaying each
// recorded Chat Completions stream, and checks the ready calls against
// the recording's own and against openai-go's ChatCompletionAccumulator.
func TestStreamRecorded(t *testing.T) {
	replay.Check(t, replay.Program[openai.Client]{
		Format:  "openai-chat",
		Folders: []string{"openai-chat", "openai-compatible", "mistral"},
		Client: func(_ *testing.T, url string) openai.Client {
			return openai.NewClient(option.WithBaseURL(url), option.WithAPIKey("test"), option.WithMaxRetries(0))
		},
		Stream: func(client openai.Client, opts provider.Options) ([]resume.Result, error) {
			return Stream(context.Background(), client, params, opts)
		},
		SDK:     accumulated,
		SDKName: "ChatCompletionAccumulator",
	})
}

// accumulated streams the request again through openai-go's
// ChatCompletionAccumulator, and returns the tool calls of the choices
// that finished (not cut short by length or content_filter).
func accumulated(t *testing.T, client openai.Client) []replay.Call {
	stream := client.Chat.Completions.NewStreaming(context.Background(), params)
	defer stream.Close()
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		acc.AddChunk(stream.Current())
	}
	require.NoError(t, stream.Err())
	var out []replay.Call
	for _, ch := range acc.Choices {
		switch ch.FinishReason {
		case "", "length", "content_filter":
			continue
		}
		//lint:ignore SA1019 the deprecated function_call is a shape the handler reads too
		if fc := ch.Message.FunctionCall; fc.Name != "" {
			out = append(out, replay.Call{Name: fc.Name, Args: orEmpty(fc.Arguments)})
		}
		for _, tc := range ch.Message.ToolCalls {
			out = append(out, replay.Call{ID: tc.ID, Name: tc.Function.Name, Args: orEmpty(tc.Function.Arguments)})
		}
	}
	return out
}

// orEmpty gives "{}" for arguments of no bytes, which a call runs with.
func orEmpty(args string) string {
	if args == "" {
		return "{}"
	}
	return args
}
