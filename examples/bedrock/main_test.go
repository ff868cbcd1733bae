package main

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sdkCannot names the recordings that aws-sdk-go-v2 cannot read, and why:
// they are checked against the recording only.
var sdkCannot = map[string]string{}

func input() *bedrockruntime.ConverseStreamInput {
	return &bedrockruntime.ConverseStreamInput{
		ModelId: aws.String("us.amazon.nova-micro-v1:0"),
		Messages: []types.Message{{Role: types.ConversationRoleUser,
			Content: []types.ContentBlock{&types.ContentBlockMemberText{Value: "replay"}}}},
	}
}

// TestStreamRecorded runs Stream against a local server replaying each
// recorded ConverseStream body (AWS event-stream frames), and checks the
// ready calls against the recording's own and against the toolUse blocks
// of the SDK's typed events.
func TestStreamRecorded(t *testing.T) {
	total := 0
	for _, rec := range replay.Recordings(t, "bedrock-converse") {
		t.Run(rec.Name, func(t *testing.T) {
			client := newClient(replay.Serve(t, rec).URL)
			var got []replay.Call
			left, err := Stream(context.Background(), client, input(), provider.Options{
				// A handler sets its Watch here: before any byte, on a named call.
				OnStart: func(c *resume.Call) {
					assert.NotEmpty(t, c.Name(), "a call starts with its name")
					assert.Zero(t, c.Len(), "a call starts before its bytes")
				},
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
			replay.Equal(t, replay.Calls(t, rec, "bedrock-converse"), got, "against the recording")
			if why, ok := sdkCannot[rec.Name]; ok {
				t.Logf("not against the SDK's events: %s", why)
			} else {
				replay.Equal(t, sdkCalls(t, client), got, "against the SDK's events")
			}
			total += len(got)
		})
	}
	assert.Positive(t, total, "ready calls over all recordings")
}

func newClient(url string) *bedrockruntime.Client {
	return bedrockruntime.New(bedrockruntime.Options{
		Region: "us-east-1", BaseEndpoint: aws.String(url),
		Credentials: credentials(aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test"}),
	})
}

// sdkCalls streams the request again and collects the toolUse blocks of
// the SDK's typed events whose contentBlockStop came, leaving out the
// tools Bedrock runs itself (server_tool_use).
func sdkCalls(t *testing.T, client *bedrockruntime.Client) []replay.Call {
	out, err := client.ConverseStream(context.Background(), input())
	require.NoError(t, err)
	stream := out.GetStream()
	defer stream.Close()
	type block struct {
		call   replay.Call
		args   strings.Builder
		hosted bool
	}
	open := map[int32]*block{}
	var calls []replay.Call
	for ev := range stream.Events() {
		switch v := ev.(type) {
		case *types.ConverseStreamOutputMemberContentBlockStart:
			if tu, ok := v.Value.Start.(*types.ContentBlockStartMemberToolUse); ok {
				open[*v.Value.ContentBlockIndex] = &block{
					call:   replay.Call{ID: aws.ToString(tu.Value.ToolUseId), Name: aws.ToString(tu.Value.Name)},
					hosted: tu.Value.Type == types.ToolUseTypeServerToolUse,
				}
			}
		case *types.ConverseStreamOutputMemberContentBlockDelta:
			if tu, ok := v.Value.Delta.(*types.ContentBlockDeltaMemberToolUse); ok && open[*v.Value.ContentBlockIndex] != nil {
				open[*v.Value.ContentBlockIndex].args.WriteString(aws.ToString(tu.Value.Input))
			}
		case *types.ConverseStreamOutputMemberContentBlockStop:
			if b := open[*v.Value.ContentBlockIndex]; b != nil && !b.hosted {
				b.call.Args = b.args.String()
				calls = append(calls, b.call)
			}
			delete(open, *v.Value.ContentBlockIndex)
		}
	}
	require.NoError(t, stream.Err())
	return calls
}
