// Command gemini runs the tool calls of a Gemini stream (google.golang.org/genai
// GenerateContentStream) as soon as each is ready. genai keeps no raw
// bytes, so each response, encoded again with encoding/json, is the
// payload a [provider.Handler] reads: whole functionCall args, several
// candidates, and Vertex's partialArgs streamed as argument deltas.
//
// genai decodes args into Go maps first, so what the handler reads is not
// the bytes the model sent: an integer past 2^53 has lost its last digits
// (9007199254740993 reads as 9007199254740992), members come in sorted
// order, and of a name given twice only the last is left, where the
// handler would have refused the call. For the bytes as sent, read the
// HTTP body of streamGenerateContent?alt=sse with [provider.Handler.ReadFrom].
//
// Run it with GEMINI_API_KEY (or GOOGLE_API_KEY) set
// (GOOGLE_GEMINI_BASE_URL points it elsewhere):
//
//	cd examples && go run ./gemini
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"google.golang.org/genai"
)

// Stream runs one streaming request and hands each call to opts.OnReady
// as soon as it is ready; it returns the calls the stream left unfinished,
// which must not run, and the stream's error.
func Stream(ctx context.Context, client *genai.Client, model string, contents []*genai.Content, config *genai.GenerateContentConfig, opts provider.Options) ([]resume.Result, error) {
	opts.Format = provider.FormatGemini
	h := provider.NewHandler(opts)
	for resp, err := range client.Models.GenerateContentStream(ctx, model, contents, config) {
		if err != nil {
			return h.Finish(), err
		}
		b, _ := json.Marshal(resp)           // cannot fail on a decoded response; nil would be ErrPayload
		if err := h.Payload(b); err != nil { // the stream is broken; a call's own trouble is its status
			return h.Finish(), err
		}
	}
	return h.Finish(), nil
}

func main() {
	if os.Getenv("GEMINI_API_KEY") == "" && os.Getenv("GOOGLE_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "gemini example: GEMINI_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	ctx := context.Background()
	client, err := genai.NewClient(ctx, &genai.ClientConfig{Backend: genai.BackendGeminiAPI}) // reads the key and GOOGLE_GEMINI_BASE_URL
	if err != nil {
		log.Fatal(err)
	}
	weather := &genai.Tool{FunctionDeclarations: []*genai.FunctionDeclaration{{
		Name:        "get_weather",
		Description: "Current weather for a city",
		Parameters: &genai.Schema{
			Type:       genai.TypeObject,
			Properties: map[string]*genai.Schema{"city": {Type: genai.TypeString}},
			Required:   []string{"city"},
		},
	}}}
	left, err := Stream(ctx, client, "gemini-2.5-flash", genai.Text("What's the weather in Paris and in Tokyo?"),
		&genai.GenerateContentConfig{Tools: []*genai.Tool{weather}}, provider.Options{OnReady: runTool, OnEnd: notRun})
	for _, r := range left {
		fmt.Printf("not run: %s %s: %s: %v\n", r.ID, r.Name, r.Status, r.Err)
	}
	if err != nil {
		log.Fatalf("stream: %v", err)
	}
}

// runTool stands for your tool: c is ready, its Value whole, valid JSON.
func runTool(c *resume.Call) { fmt.Printf("RUN %s %s(%s)\n", c.ID(), c.Name(), c.Value()) }

// notRun reports a call that ended without being ready.
func notRun(c *resume.Call) {
	fmt.Printf("not run: %s %s: %s: %v\n", c.ID(), c.Name(), c.Status(), c.Err())
}
