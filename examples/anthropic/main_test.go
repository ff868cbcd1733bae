package main

import (
	"context"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/require"
)

var params = anthropic.MessageNewParams{
	Model:     anthropic.ModelClaudeSonnet5,
	MaxTokens: 1024,
	Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("replay"))},
}

// TestStreamRecorded runs Stream against a local server replaying each
// recorded Messages stream, and checks the ready calls against the
// recording's own and against anthropic-sdk-go's Message.Accumulate.
func TestStreamRecorded(t *testing.T) {
	replay.Check(t, replay.Program[anthropic.Client]{
		Format: "anthropic",
		Hosted: true,
		Client: func(_ *testing.T, url string) anthropic.Client {
			return anthropic.NewClient(option.WithBaseURL(url), option.WithAPIKey("test"), option.WithMaxRetries(0))
		},
		Stream: func(client anthropic.Client, opts provider.Options) ([]resume.Result, error) {
			return Stream(context.Background(), client, params, opts)
		},
		SDK:     accumulated,
		SDKName: "Message.Accumulate",
	})
}

// accumulated streams the request again through Message.Accumulate, a
// Message per message_start, and returns the tool_use blocks whose
// content_block_stop came.
func accumulated(t *testing.T, client anthropic.Client) []replay.Call {
	stream := client.Messages.NewStreaming(context.Background(), params)
	defer stream.Close()
	var out []replay.Call
	var msg anthropic.Message
	stopped := map[int64]bool{}
	flush := func() {
		for i, b := range msg.Content {
			if b.Type == "tool_use" && stopped[int64(i)] {
				out = append(out, replay.Call{ID: b.ID, Name: b.Name, Args: string(b.Input)})
			}
		}
		msg, stopped = anthropic.Message{}, map[int64]bool{}
	}
	for stream.Next() {
		ev := stream.Current()
		if ev.Type == "message_start" {
			flush()
		}
		require.NoError(t, msg.Accumulate(ev))
		if ev.Type == "content_block_stop" {
			stopped[ev.Index] = true
		}
	}
	require.NoError(t, stream.Err())
	flush()
	return out
}
