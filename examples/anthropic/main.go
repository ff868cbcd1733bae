// Command anthropic runs the tool calls of an Anthropic Messages stream
// (anthropic-sdk-go) as soon as each is ready: after its
// content_block_stop, with whole, valid JSON input. A [provider.Handler]
// reads each event's raw JSON: tool_use blocks, whole input in a block's
// start, server_tool_use and mcp_tool_use (run by Anthropic, never here),
// and max_tokens, which cuts a block short.
//
// Run it with ANTHROPIC_API_KEY set (ANTHROPIC_BASE_URL points it
// elsewhere):
//
//	cd examples && go run ./anthropic
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// Stream runs one streaming request and hands each call to opts.OnReady
// as soon as it is ready; it returns the calls the stream left unfinished,
// which must not run, and the stream's error.
func Stream(ctx context.Context, client anthropic.Client, params anthropic.MessageNewParams, opts provider.Options) ([]resume.Result, error) {
	opts.Format = provider.FormatAnthropic
	h := provider.NewHandler(opts)
	stream := client.Messages.NewStreaming(ctx, params)
	defer stream.Close()
	for stream.Next() {
		// An error says the stream is broken: the wrong shape, the
		// provider's error, a cap. A call's own trouble is its status.
		if err := h.Payload([]byte(stream.Current().RawJSON())); err != nil {
			return h.Finish(), err
		}
	}
	return h.Finish(), stream.Err()
}

func main() {
	if os.Getenv("ANTHROPIC_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "anthropic example: ANTHROPIC_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	client := anthropic.NewClient() // the SDK reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL itself
	left, err := Stream(context.Background(), client, anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet5,
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("What's the weather in Paris and in Tokyo?"))},
		Tools: []anthropic.ToolUnionParam{anthropic.ToolUnionParamOfTool(anthropic.ToolInputSchemaParam{
			Properties: map[string]any{"city": map[string]any{"type": "string"}},
			Required:   []string{"city"},
		}, "get_weather")},
	}, provider.Options{OnReady: runTool, OnEnd: notRun})
	for _, r := range left {
		fmt.Printf("not run: %s %s: %s: %v\n", r.ID, r.Name, r.Status, r.Err)
	}
	if err != nil {
		log.Fatalf("stream: %v", err)
	}
}

// runTool stands for your tool: c is ready, its Value whole, valid JSON.
func runTool(c *resume.Call) { fmt.Printf("RUN %s %s(%s)\n", c.ID(), c.Name(), c.Value()) }

// notRun reports a call that ended without being ready: invalid, too
// large, or run by Anthropic itself.
func notRun(c *resume.Call) {
	fmt.Printf("not run: %s %s: %s: %v\n", c.ID(), c.Name(), c.Status(), c.Err())
}
