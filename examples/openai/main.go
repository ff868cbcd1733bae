// Command openai runs the tool calls of an OpenAI Chat Completions stream
// (openai-go) as soon as each is ready: after its end signal, with whole,
// valid JSON arguments. A [provider.Handler] reads each chunk's raw JSON;
// it handles the quirks of the servers that copy this API (Mistral's calls
// without index, Groq's whole arguments in one piece, finish_reason
// "length" that cuts calls short).
//
// Run it with OPENAI_API_KEY set (OPENAI_BASE_URL points it at a
// compatible server):
//
//	cd examples && go run ./openai
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
)

// Stream runs one streaming request and hands each call to opts.OnReady
// as soon as it is ready; it returns the calls the stream left unfinished,
// which must not run, and the stream's error.
func Stream(ctx context.Context, client openai.Client, params openai.ChatCompletionNewParams, opts provider.Options) ([]resume.Result, error) {
	opts.Format = provider.FormatOpenAIChat
	h := provider.NewHandler(opts)
	stream := client.Chat.Completions.NewStreaming(ctx, params)
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
		fmt.Fprintln(os.Stderr, "openai example: OPENAI_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	client := openai.NewClient() // the SDK reads OPENAI_API_KEY and OPENAI_BASE_URL itself
	left, err := Stream(context.Background(), client, openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT5_4Mini,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What's the weather in Paris and in Tokyo?")},
		Tools: []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{
			Name:        "get_weather",
			Description: openai.String("Current weather for a city"),
			Parameters: openai.FunctionParameters{
				"type":       "object",
				"properties": map[string]any{"city": map[string]any{"type": "string"}},
				"required":   []string{"city"},
			},
		})},
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
// large, or run by the provider itself.
func notRun(c *resume.Call) {
	fmt.Printf("not run: %s %s: %s: %v\n", c.ID(), c.Name(), c.Status(), c.Err())
}
