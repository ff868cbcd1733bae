// Command bedrock runs the tool calls of an Amazon Bedrock ConverseStream
// (aws-sdk-go-v2 bedrockruntime) as soon as each is ready. The SDK hands
// out typed events and no raw JSON, so each toolUse event becomes a
// [resume.Event] for [provider.Handler.Apply]: a block's start, its input
// pieces, its stop. A messageStop ends nothing: with stopReason max_tokens
// a cut block gets no stop, and Finish reports its call as never ended.
//
// Run it with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY set
// (AWS_SESSION_TOKEN if need be, AWS_REGION, and BEDROCK_BASE_URL to point
// it elsewhere):
//
//	cd examples && go run ./bedrock
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/document"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// Stream runs one streaming request and hands each call to opts.OnReady
// as soon as it is ready; it returns the calls the stream left unfinished,
// which must not run, and the stream's error.
func Stream(ctx context.Context, client *bedrockruntime.Client, in *bedrockruntime.ConverseStreamInput, opts provider.Options) ([]resume.Result, error) {
	out, err := client.ConverseStream(ctx, in)
	if err != nil {
		return nil, err
	}
	stream := out.GetStream()
	defer stream.Close()
	h := provider.NewHandler(opts)
	for e := range stream.Events() {
		if err := h.Apply(event(e)); err != nil {
			return h.Finish(), err
		}
	}
	return h.Finish(), stream.Err()
}

// event returns the [resume.Event] of a toolUse block's start or input
// piece, or of any block's stop (a text block's ends no call), and the
// zero Event, which Apply ignores, for the rest.
func event(e types.ConverseStreamOutput) resume.Event {
	switch v := e.(type) {
	case *types.ConverseStreamOutputMemberContentBlockStart:
		if tu, ok := v.Value.Start.(*types.ContentBlockStartMemberToolUse); ok {
			return resume.Event{Kind: resume.EventStart, Key: key(v.Value.ContentBlockIndex),
				ID: aws.ToString(tu.Value.ToolUseId), Name: aws.ToString(tu.Value.Name),
				Hosted: tu.Value.Type == types.ToolUseTypeServerToolUse}
		}
	case *types.ConverseStreamOutputMemberContentBlockDelta:
		if tu, ok := v.Value.Delta.(*types.ContentBlockDeltaMemberToolUse); ok {
			return resume.Event{Kind: resume.EventDelta, Key: key(v.Value.ContentBlockIndex),
				Data: []byte(aws.ToString(tu.Value.Input))}
		}
	case *types.ConverseStreamOutputMemberContentBlockStop:
		return resume.Event{Kind: resume.EventEnd, Key: key(v.Value.ContentBlockIndex)}
	}
	return resume.Event{}
}

// key is a content block's call key.
func key(index *int32) string { return strconv.Itoa(int(aws.ToInt32(index))) }

func main() {
	creds := aws.Credentials{AccessKeyID: os.Getenv("AWS_ACCESS_KEY_ID"), SecretAccessKey: os.Getenv("AWS_SECRET_ACCESS_KEY"), SessionToken: os.Getenv("AWS_SESSION_TOKEN")}
	if creds.AccessKeyID == "" || creds.SecretAccessKey == "" {
		fmt.Fprintln(os.Stderr, "bedrock example: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set; export them and run again")
		os.Exit(2)
	}
	opts := bedrockruntime.Options{Region: "us-east-1", Credentials: credentials(creds)}
	if r := os.Getenv("AWS_REGION"); r != "" {
		opts.Region = r
	}
	if u := os.Getenv("BEDROCK_BASE_URL"); u != "" {
		opts.BaseEndpoint = aws.String(u)
	}
	schema := document.NewLazyDocument(map[string]any{
		"type":       "object",
		"properties": map[string]any{"city": map[string]any{"type": "string"}},
		"required":   []string{"city"},
	})
	left, err := Stream(context.Background(), bedrockruntime.New(opts), &bedrockruntime.ConverseStreamInput{
		ModelId: aws.String("us.anthropic.claude-sonnet-4-5-20250929-v1:0"),
		Messages: []types.Message{{Role: types.ConversationRoleUser, Content: []types.ContentBlock{
			&types.ContentBlockMemberText{Value: "What's the weather in Paris and in Tokyo?"}}}},
		ToolConfig: &types.ToolConfiguration{Tools: []types.Tool{&types.ToolMemberToolSpec{Value: types.ToolSpecification{
			Name:        aws.String("get_weather"),
			Description: aws.String("Current weather for a city"),
			InputSchema: &types.ToolInputSchemaMemberJson{Value: schema},
		}}}},
	}, provider.Options{OnReady: runTool, OnEnd: notRun})
	for _, r := range left {
		fmt.Printf("not run: %s %s: %s: %v\n", r.ID, r.Name, r.Status, r.Err)
	}
	if err != nil {
		log.Fatalf("stream: %v", err)
	}
}

// credentials provides fixed credentials.
func credentials(c aws.Credentials) aws.CredentialsProviderFunc {
	return func(context.Context) (aws.Credentials, error) { return c, nil }
}

// runTool stands for your tool: c is ready, its Value whole, valid JSON.
func runTool(c *resume.Call) { fmt.Printf("RUN %s %s(%s)\n", c.ID(), c.Name(), c.Value()) }

// notRun reports a call that ended without being ready: invalid, too
// large, or run by Bedrock itself.
func notRun(c *resume.Call) {
	fmt.Printf("not run: %s %s: %s: %v\n", c.ID(), c.Name(), c.Status(), c.Err())
}
