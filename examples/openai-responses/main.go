// Command openai-responses is the OpenAI Responses API variant of
// ../openai: the same gating, with the Responses stream's events.
//
// Mapping (see the Providers section of package resume):
//   - response.output_item.added, function_call item -> EventStart: Key item id,
//     ID call_id, Name, Index output_index
//   - response.function_call_arguments.delta         -> EventDelta, Seq sequence_number
//   - response.function_call_arguments.done          -> EventEnd whose Final is the
//     full arguments (it wins over the deltas; Result.Mismatch says if they differ)
//
// Run it with OPENAI_API_KEY set:
//
//	cd examples && go run ./openai-responses
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
)

func main() {
	if os.Getenv("OPENAI_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "openai-responses example: OPENAI_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	client := openai.NewClient() // the SDK reads OPENAI_API_KEY and OPENAI_BASE_URL itself

	stream := client.Responses.NewStreaming(context.Background(), responses.ResponseNewParams{
		Model: openai.ChatModelGPT5_4Mini,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("What's the weather in Paris and in Tokyo?")},
		Tools: []responses.ToolUnionParam{responses.ToolParamOfFunction("get_weather", map[string]any{
			"type":                 "object",
			"properties":           map[string]any{"city": map[string]any{"type": "string"}},
			"required":             []string{"city"},
			"additionalProperties": false,
		}, true)},
	})
	defer stream.Close()

	calls := resume.NewSet(resume.Options{MaxBytes: 64 << 10, MaxCalls: 16})
	var view []byte
	for stream.Next() {
		// No Seq: a stream recorded without sequence_number gives 0 on every event.
		var ev resume.Event
		switch e := stream.Current().AsAny().(type) {
		case responses.ResponseOutputItemAddedEvent:
			if e.Item.Type != "function_call" {
				continue
			}
			fc := e.Item.AsFunctionCall()
			ev = resume.Event{Kind: resume.EventStart, Key: fc.ID, ID: fc.CallID, Name: fc.Name, Index: int(e.OutputIndex)}
		case responses.ResponseFunctionCallArgumentsDeltaEvent:
			ev = resume.Event{Kind: resume.EventDelta, Key: e.ItemID, Index: int(e.OutputIndex), HasIndex: true, Data: []byte(e.Delta)}
		case responses.ResponseFunctionCallArgumentsDoneEvent:
			ev = resume.Event{Kind: resume.EventEnd, Key: e.ItemID, Index: int(e.OutputIndex), HasIndex: true, Final: []byte(e.Arguments)}
		default:
			continue // text, reasoning, lifecycle events
		}
		c, err := calls.Apply(ev)
		switch {
		case errors.Is(err, resume.ErrDuplicate):
			continue // a replayed event: nothing changed
		case c == nil:
			log.Printf("event for %q refused: %v", ev.Key, err) // past MaxCalls, say
			continue
		case c.Status() == resume.StatusReady: // only after .done, never before
			fmt.Printf("RUN %s %s(%s)\n", c.ID(), c.Name(), c.Value())
			calls.Remove(c.Key())
		case c.Ended(): // invalid, incomplete, too large or rejected
			fmt.Printf("not run: [%s %s] %s: %v\n", c.Key(), c.Name(), c.Status(), c.Err())
			calls.Remove(c.Key())
		case ev.Kind == resume.EventDelta:
			view = c.AppendPartial(view[:0]) // receiving or complete: show it, do not run it
			fmt.Printf("  [%s %s] %-9s %s\n", c.Key(), c.Name(), c.Status(), view)
		}
	}
	if err := stream.Err(); err != nil {
		log.Fatalf("stream: %v", err)
	}
	for _, r := range calls.Finish() { // calls the stream cut off
		fmt.Printf("not run: [%s %s] %s: %v\n", r.Key, r.Name, r.Status, r.Err)
	}
}
