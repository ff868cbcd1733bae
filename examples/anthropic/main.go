// Command anthropic shows deltajson inside an Anthropic Messages stream
// handler. It streams a response that may use a get_weather tool, turns
// each tool_use content block into resume.Events, and runs a tool only when
// its call is resume.StatusReady: after content_block_stop, with input that
// is whole, valid JSON. Never before.
//
// Mapping (see the Providers section of package resume):
//   - content_block_start, tool_use      -> EventStart: Key strconv.Itoa(index), ID, Name
//   - content_block_delta, input_json_delta.partial_json -> EventDelta (the first is often "")
//   - content_block_stop                 -> EventEnd; a tool with no parameters gets no
//     bytes at all and runs with "{}"
//
// Run it with ANTHROPIC_API_KEY set:
//
//	cd examples && go run ./anthropic
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strconv"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/deltajson/deltajson/resume"
)

var weatherTool = anthropic.ToolUnionParamOfTool(anthropic.ToolInputSchemaParam{
	Properties: map[string]any{"city": map[string]any{"type": "string"}},
	Required:   []string{"city"},
}, "get_weather")

func main() {
	if os.Getenv("ANTHROPIC_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "anthropic example: ANTHROPIC_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	client := anthropic.NewClient() // the SDK reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL itself

	stream := client.Messages.NewStreaming(context.Background(), anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet5,
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("What's the weather in Paris and in Tokyo?"))},
		Tools:     []anthropic.ToolUnionParam{weatherTool},
	})
	defer stream.Close()

	// One Set per message: it keeps tool_use blocks apart by Key.
	calls := resume.NewSet(resume.Options{MaxBytes: 64 << 10, MaxCalls: 16})
	var view []byte                  // reused buffer for the partial view
	startInput := map[int64]string{} // whole input some servers put in content_block_start
	for stream.Next() {
		switch ev := stream.Current().AsAny().(type) {
		case anthropic.ContentBlockStartEvent:
			if ev.ContentBlock.Type != "tool_use" {
				continue // text and thinking blocks are not tool calls
			}
			tu := ev.ContentBlock.AsToolUse()
			if in := string(tu.Input); in != "" && in != "{}" && in != "null" {
				startInput[ev.Index] = in // usually "{}": the input comes in the deltas
			}
			apply(calls, event(resume.EventStart, ev.Index, tu.ID, tu.Name, ""))
		case anthropic.ContentBlockDeltaEvent:
			d, ok := ev.Delta.AsAny().(anthropic.InputJSONDelta)
			if !ok || calls.Call(key(ev.Index)) == nil {
				continue // text_delta, thinking_delta, …
			}
			if d.PartialJSON != "" {
				delete(startInput, ev.Index) // deltas came: they are the input
			}
			if c := apply(calls, event(resume.EventDelta, ev.Index, "", "", d.PartialJSON)); c != nil {
				view = c.AppendPartial(view[:0]) // receiving or complete: show it, do not run it
				fmt.Printf("  [%s %s] %-9s %s\n", c.Key(), c.Name(), c.Status(), view)
			}
		case anthropic.ContentBlockStopEvent:
			if calls.Call(key(ev.Index)) != nil { // only tool_use blocks became calls
				end := event(resume.EventEnd, ev.Index, "", "", "")
				if in, ok := startInput[ev.Index]; ok {
					end.Final = []byte(in) // the start's whole input is the Final
				}
				apply(calls, end)
			}
		}
	}
	if err := stream.Err(); err != nil {
		log.Fatalf("stream: %v", err)
	}
	for _, r := range calls.Finish() { // blocks cut off (max_tokens): incomplete, never run
		fmt.Printf("not run: [%s %s] %s: %v\n", r.Key, r.Name, r.Status, r.Err)
	}
}

// apply feeds one event and runs the call the moment it is ready.
func apply(calls *resume.Set, ev resume.Event) *resume.Call {
	c, err := calls.Apply(ev)
	switch {
	case errors.Is(err, resume.ErrDuplicate):
		return nil // a repeated end signal: nothing changed
	case c == nil:
		log.Printf("event for %q refused: %v", ev.Key, err)
		return nil
	}
	if c.Status() == resume.StatusReady {
		runTool(c.ID(), c.Name(), c.Value())
		calls.Remove(c.Key()) // ran once; drop it and its bytes
		return nil
	}
	if c.Ended() { // ended, not ready: invalid, incomplete, too large or rejected
		fmt.Printf("not run: [%s %s] %s: %v\n", c.Key(), c.Name(), c.Status(), c.Err())
		calls.Remove(c.Key())
		return nil
	}
	return c
}

func key(index int64) string { return strconv.FormatInt(index, 10) }

// event builds a resume.Event keyed by the content block index. Messages
// streams carry no sequence numbers or byte offsets; NewEvent marks them
// as not given.
func event(kind resume.EventKind, index int64, id, name, data string) resume.Event {
	ev := resume.NewEvent(kind, key(index))
	ev.Index, ev.ID, ev.Name, ev.Data = int(index), id, name, []byte(data)
	return ev
}

// runTool stands for your tool. args is whole, valid JSON; unmarshal it.
func runTool(id, name string, args []byte) {
	fmt.Printf("RUN %s %s(%s)\n", id, name, args)
}
