// Command openai-responses runs the tool calls of an OpenAI Responses
// stream (openai-go) as soon as each is ready. A [provider.Handler] reads
// each event's raw JSON: function calls, custom tools' free-form input
// (ready as text, never parsed), built-in tools (run by OpenAI, never
// here), and streams with or without sequence_number.
//
// Run it with OPENAI_API_KEY set (OPENAI_BASE_URL points it at a
// compatible server):
//
//	cd examples && go run ./openai-responses
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
)

// Stream runs one streaming request and hands each call to opts.OnReady
// as soon as it is ready; it returns the calls the stream left unfinished,
// which must not run, and the stream's error.
func Stream(ctx context.Context, client openai.Client, params responses.ResponseNewParams, opts provider.Options) ([]resume.Result, error) {
	opts.Format = provider.FormatOpenAIResponses
	h := provider.NewHandler(opts)
	stream := client.Responses.NewStreaming(ctx, params)
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
	if os.Getenv("OPENAI_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "openai-responses example: OPENAI_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	client := openai.NewClient() // the SDK reads OPENAI_API_KEY and OPENAI_BASE_URL itself
	left, err := Stream(context.Background(), client, responses.ResponseNewParams{
		Model: openai.ChatModelGPT5_4Mini,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("What's the weather in Paris and in Tokyo?")},
		Tools: []responses.ToolUnionParam{responses.ToolParamOfFunction("get_weather", map[string]any{
			"type":                 "object",
			"properties":           map[string]any{"city": map[string]any{"type": "string"}},
			"required":             []string{"city"},
			"additionalProperties": false,
		}, true)},
	}, provider.Options{OnReady: runTool, OnEnd: notRun})
	for _, r := range left {
		fmt.Printf("not run: %s %s: %s: %v\n", r.ID, r.Name, r.Status, r.Err)
	}
	if err != nil {
		log.Fatalf("stream: %v", err)
	}
}

// runTool stands for your tool: c is ready, its Value whole, valid JSON
// (or, for a custom tool, its free-form text).
func runTool(c *resume.Call) { fmt.Printf("RUN %s %s(%s)\n", c.ID(), c.Name(), c.Value()) }

// notRun reports a call that ended without being ready: invalid, too
// large, or run by OpenAI itself.
func notRun(c *resume.Call) {
	fmt.Printf("not run: %s %s: %s: %v\n", c.ID(), c.Name(), c.Status(), c.Err())
}
