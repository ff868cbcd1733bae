package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/require"
)

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
// of the SDK's typed events. Stream builds each call's start itself, so
// the test checks it too: a handler sets its Watch in OnStart, before any
// byte, on a named call.
func TestStreamRecorded(t *testing.T) {
	replay.Check(t, replay.Program[*bedrockruntime.Client]{
		Format:     "bedrock-converse",
		Hosted:     true,
		CheckStart: true,
		Client: func(_ *testing.T, url string) *bedrockruntime.Client {
			return bedrockruntime.New(bedrockruntime.Options{
				Region: "us-east-1", BaseEndpoint: aws.String(url),
				Credentials: credentials(aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test"}),
				HTTPClient:  &http.Client{Transport: readBody{http.DefaultTransport}},
			})
		},
		Stream: func(client *bedrockruntime.Client, opts provider.Options) ([]resume.Result, error) {
			return Stream(context.Background(), client, input(), opts)
		},
		SDK:     sdkCalls,
		SDKName: "the SDK's events",
	})
}

// readBody sends a request's body through its Read alone. smithy-go's body
// has a WriteTo that gives io.EOF once the SDK closed it, as it does when
// the answer comes; a local server answers so soon that net/http may still
// be checking the body for bytes past its length, and it then drops the
// connection under the answer.
type readBody struct{ http.RoundTripper }

func (rt readBody) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		req = req.Clone(req.Context())
		req.Body = struct{ io.ReadCloser }{req.Body}
	}
	return rt.RoundTripper.RoundTrip(req)
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
