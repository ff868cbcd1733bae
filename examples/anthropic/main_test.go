package main

import (
	"context"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sdkCannot names the recordings whose calls anthropic-sdk-go's
// Message.Accumulate does not give right, and why: they are checked
// against the recording only.
var sdkCannot = map[string]string{}

var params = anthropic.MessageNewParams{
	Model:     anthropic.ModelClaudeSonnet5,
	MaxTokens: 1024,
	Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("replay"))},
}

// TestStreamRecorded runs Stream against a local server replaying each
// recorded Messages stream, and checks the ready calls against the
// recording's own and against anthropic-sdk-go's Message.Accumulate.
func TestStreamRecorded(t *testing.T) {
	total := 0
	for _, rec := range replay.Recordings(t, "anthropic") {
		t.Run(rec.Name, func(t *testing.T) {
			client := anthropic.NewClient(option.WithBaseURL(replay.Serve(t, rec).URL),
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
			replay.Equal(t, replay.Calls(t, rec, "anthropic"), got, "against the recording")
			if why, ok := sdkCannot[rec.Name]; ok {
				t.Logf("not against Message.Accumulate: %s", why)
			} else {
				replay.Equal(t, accumulated(t, client), got, "against Message.Accumulate")
			}
			total += len(got)
		})
	}
	assert.Positive(t, total, "ready calls over all recordings")
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
