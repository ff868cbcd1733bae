// Command openai shows deltajson inside an OpenAI Chat Completions stream
// handler. It streams a response that may call a get_weather tool, turns
// each choices[0].delta.tool_calls[i] piece into a resume.Event, and runs a
// tool only when its call is resume.StatusReady: after finish_reason, with
// arguments that are whole, valid JSON. Never before.
//
// Mapping (see the Providers section of package resume):
//   - tool_calls[i].index       -> Event.Key strconv.Itoa(index), Event.Index
//   - id, function.name          -> EventStart (they come on the first piece only)
//   - function.arguments piece   -> EventDelta
//   - finish_reason              -> EventEnd, no Final, for every open call;
//     but "length" and "content_filter" cut the output short: no end
//     signal, and Set.Finish makes the open calls incomplete
//
// Run it with OPENAI_API_KEY set (OPENAI_BASE_URL points it at an
// OpenAI-compatible server):
//
//	cd examples && go run ./openai
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strconv"

	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
)

var weatherTool = openai.ChatCompletionFunctionTool(openai.FunctionDefinitionParam{
	Name:        "get_weather",
	Description: openai.String("Current weather for a city"),
	Parameters: openai.FunctionParameters{
		"type":       "object",
		"properties": map[string]any{"city": map[string]any{"type": "string"}},
		"required":   []string{"city"},
	},
})

func main() {
	if os.Getenv("OPENAI_API_KEY") == "" {
		fmt.Fprintln(os.Stderr, "openai example: OPENAI_API_KEY is not set; export it and run again")
		os.Exit(2)
	}
	client := openai.NewClient() // the SDK reads OPENAI_API_KEY and OPENAI_BASE_URL itself

	stream := client.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT5_4Mini,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("What's the weather in Paris and in Tokyo?")},
		Tools:    []openai.ChatCompletionToolUnionParam{weatherTool},
	})
	defer stream.Close()

	// One Set per response: it keeps parallel calls apart by Key.
	calls := resume.NewSet(resume.Options{MaxBytes: 64 << 10, MaxCalls: 16})
	var view []byte // reused buffer for the partial view
	for stream.Next() {
		chunk := stream.Current()
		if len(chunk.Choices) == 0 {
			continue // the usage chunk, with stream_options.include_usage
		}
		choice := chunk.Choices[0]
		for _, tc := range choice.Delta.ToolCalls {
			key := strconv.FormatInt(tc.Index, 10)
			if tc.ID != "" || tc.Function.Name != "" {
				apply(calls, event(resume.EventStart, key, tc.Index, tc.ID, tc.Function.Name, ""))
			}
			if tc.Function.Arguments == "" {
				continue
			}
			if c := apply(calls, event(resume.EventDelta, key, tc.Index, "", "", tc.Function.Arguments)); c != nil {
				view = c.AppendPartial(view[:0]) // receiving or complete: show it, do not run it
				fmt.Printf("  [%s %s] %-9s %s\n", c.Key(), c.Name(), c.Status(), view)
			}
		}
		switch choice.FinishReason {
		case "":
		case "length", "content_filter":
			// Cut short: arguments may stop anywhere, even where they
			// parse (none at all would run as {}). The loop below
			// reports the open calls as not run.
		default:
			for _, c := range calls.EndAll() { // the end signal for every open call
				settle(calls, c)
			}
		}
	}
	if err := stream.Err(); err != nil {
		log.Fatalf("stream: %v", err)
	}
	for _, r := range calls.Finish() { // calls the stream cut off: incomplete, never run
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
	return settle(calls, c)
}

// settle runs a call the moment it is ready, and drops a call that ended
// without becoming ready. It returns the call while it is still open.
func settle(calls *resume.Set, c *resume.Call) *resume.Call {
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

// event builds a resume.Event. Chat Completions has no sequence numbers or
// byte offsets; NewEvent marks them as not given.
func event(kind resume.EventKind, key string, index int64, id, name, data string) resume.Event {
	ev := resume.NewEvent(kind, key)
	ev.Index, ev.ID, ev.Name, ev.Data = int(index), id, name, []byte(data)
	return ev
}

// runTool stands for your tool. args is whole, valid JSON; unmarshal it.
func runTool(id, name string, args []byte) {
	fmt.Printf("RUN %s %s(%s)\n", id, name, args)
}
