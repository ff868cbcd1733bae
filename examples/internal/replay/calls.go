package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Call is one tool call as a handler runs it.
type Call struct {
	ID, Name string
	// Args is the argument text: JSON, or free-form text when Text is set.
	Args string
	Text bool
}

// FromResume returns a ready call's identity and arguments.
func FromResume(c *resume.Call) Call {
	return Call{ID: c.ID(), Name: c.Name(), Args: string(c.Value()), Text: c.Result().Text}
}

// refCall is a call of a recording, as the reference readers see it.
type refCall struct {
	Call
	hosted bool // run by the provider: never ready
	args   strings.Builder
	whole  []byte // the arguments an end or start carried whole, if any
}

func (c *refCall) done() Call {
	out := c.Call
	out.Args = c.args.String()
	if c.whole != nil {
		out.Args = string(c.whole)
	}
	if out.Args == "" && !out.Text {
		out.Args = "{}" // a call sent with no argument bytes runs with {}
	}
	return out
}

// Calls reads the calls of a recording in format, which names the folder
// kind ("openai-chat", "openai-responses", "anthropic", "gemini",
// "bedrock-converse"), with encoding/json, and returns those a handler
// should run: the calls whose end signal came, that the provider does not
// run itself, in the order of their end signals.
func Calls(t testing.TB, rec Recording, format string) []Call {
	t.Helper()
	payloads, err := Payloads(rec.Raw)
	require.NoError(t, err, "splitting %s", rec.Name)
	var r reader
	for i, p := range payloads {
		if string(bytes.TrimSpace(p.Data)) == "[DONE]" {
			continue
		}
		var err error
		switch format {
		case "openai-chat":
			err = r.chat(p.Data)
		case "openai-responses":
			err = r.responses(p.Data)
		case "anthropic":
			err = r.anthropic(p.Data)
		case "gemini":
			err = r.gemini(p.Data)
		case "bedrock-converse":
			err = r.converse(p.Event, p.Data)
		default:
			t.Fatalf("no reference reader for %q", format)
		}
		require.NoError(t, err, "%s: payload %d: %s", rec.Name, i, p.Data)
	}
	return r.ready
}

// reader follows the calls of one recording.
type reader struct {
	open    map[string]*refCall
	order   []string // keys of open calls, in start order
	ready   []Call
	message int // messages seen, in streams of several
	vertex  *refCall
	keys    []string // Gemini partialArgs' top-level names, in first-seen order
	values  map[string]any
	strs    map[string]*strings.Builder
}

func (r *reader) start(key string) *refCall {
	if r.open == nil {
		r.open = map[string]*refCall{}
	}
	c := &refCall{}
	r.open[key] = c
	r.order = append(r.order, key)
	return c
}

// end ends the call under key, if one is open.
func (r *reader) end(key string) {
	c := r.open[key]
	if c == nil {
		return
	}
	delete(r.open, key)
	if !c.hosted {
		r.ready = append(r.ready, c.done())
	}
}

// endAll ends every open call, in start order.
func (r *reader) endAll() {
	for _, k := range r.order {
		r.end(k)
	}
	r.order = r.order[:0]
}

// text returns a JSON string's contents, or an object's or array's
// compact text (as some servers send arguments).
func text(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	var b bytes.Buffer
	err := json.Compact(&b, raw)
	return b.String(), err
}

// chat reads an OpenAI Chat Completions chunk.
func (r *reader) chat(data []byte) error {
	var chunk struct {
		Choices []struct {
			Index int
			Delta struct {
				ToolCalls []struct {
					Index    *int
					ID       string
					Function struct {
						Name      string
						Arguments json.RawMessage
					}
				} `json:"tool_calls"`
				FunctionCall *struct {
					Name      string
					Arguments string
				} `json:"function_call"`
			}
			FinishReason string `json:"finish_reason"`
		}
		Error json.RawMessage
	}
	if err := json.Unmarshal(data, &chunk); err != nil {
		return err
	}
	if len(chunk.Error) > 0 && string(chunk.Error) != "null" {
		return fmt.Errorf("provider error %s", chunk.Error)
	}
	for _, ch := range chunk.Choices {
		for n, tc := range ch.Delta.ToolCalls {
			var key string
			switch {
			case tc.Index != nil:
				key = fmt.Sprintf("%d/%d", ch.Index, *tc.Index)
			case tc.ID != "": // Mistral sends no index: an id starts a call
				key = fmt.Sprintf("%d/id/%s/%d", ch.Index, tc.ID, n)
			case len(r.order) > 0:
				key = r.order[len(r.order)-1]
			}
			c := r.open[key]
			if c == nil {
				c = r.start(key)
			}
			if tc.ID != "" {
				c.ID = tc.ID
			}
			if tc.Function.Name != "" {
				c.Name = tc.Function.Name
			}
			a, err := text(tc.Function.Arguments)
			if err != nil {
				return err
			}
			c.args.WriteString(a)
		}
		if fc := ch.Delta.FunctionCall; fc != nil {
			key := fmt.Sprintf("%d/function_call", ch.Index)
			c := r.open[key]
			if c == nil {
				c = r.start(key)
			}
			if fc.Name != "" {
				c.Name = fc.Name
			}
			c.args.WriteString(fc.Arguments)
		}
		switch ch.FinishReason {
		case "", "length", "content_filter": // cut short: no end signal
		default:
			r.endAll()
		}
	}
	return nil
}

// responses reads an OpenAI Responses event.
func (r *reader) responses(data []byte) error {
	var ev struct {
		Type      string
		ItemID    string `json:"item_id"`
		Delta     string
		Arguments *string
		Input     *string
		Item      struct {
			ID        string
			Type      string
			CallID    string `json:"call_id"`
			Name      string
			Arguments json.RawMessage // an object for a built-in tool_search_call
			Input     *string
		}
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		return err
	}
	switch ev.Type {
	case "response.output_item.added", "response.output_item.done":
		it := ev.Item
		c := r.open[it.ID]
		if c == nil {
			if ev.Type == "response.output_item.done" && r.done(it.ID) {
				return nil
			}
			c = r.start(it.ID)
		}
		c.ID, c.Name = it.CallID, it.Name
		switch it.Type {
		case "function_call":
		case "custom_tool_call":
			c.Text = true
		default:
			c.hosted = true // a message, reasoning, or a built-in tool
		}
		if ev.Type == "response.output_item.done" {
			if len(it.Arguments) > 0 {
				a, err := text(it.Arguments)
				if err != nil {
					return err
				}
				c.whole = []byte(a)
			} else if it.Input != nil {
				c.whole = []byte(*it.Input)
			}
			r.end(it.ID)
		}
	case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta":
		if c := r.open[ev.ItemID]; c != nil {
			c.args.WriteString(ev.Delta)
		}
	case "response.function_call_arguments.done", "response.custom_tool_call_input.done":
		if c := r.open[ev.ItemID]; c != nil {
			if ev.Arguments != nil {
				c.whole = []byte(*ev.Arguments)
			} else if ev.Input != nil {
				c.whole = []byte(*ev.Input)
			}
			r.end(ev.ItemID)
		}
	case "error", "response.failed":
		return fmt.Errorf("provider error %s", data)
	}
	return nil
}

// done reports whether the call of item id has ended already.
func (r *reader) done(id string) bool {
	for _, k := range r.order {
		if k == id {
			return true
		}
	}
	return false
}

// anthropic reads an Anthropic Messages event.
func (r *reader) anthropic(data []byte) error {
	var ev struct {
		Type         string
		Index        int
		ContentBlock struct {
			Type  string
			ID    string
			Name  string
			Input json.RawMessage
		} `json:"content_block"`
		Delta struct {
			Type        string
			PartialJSON string `json:"partial_json"`
		}
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		return err
	}
	key := fmt.Sprintf("%d/%d", r.message, ev.Index)
	switch ev.Type {
	case "message_start":
		r.message++
	case "content_block_start":
		b := ev.ContentBlock
		switch b.Type {
		case "tool_use", "server_tool_use", "mcp_tool_use":
		default:
			return nil
		}
		c := r.start(key)
		c.ID, c.Name, c.hosted = b.ID, b.Name, b.Type != "tool_use"
		if in, err := text(b.Input); err != nil {
			return err
		} else if in != "" && in != "{}" {
			c.whole = []byte(in) // the whole input, in the start
		}
	case "content_block_delta":
		if c := r.open[key]; c != nil && ev.Delta.Type == "input_json_delta" {
			if ev.Delta.PartialJSON != "" {
				c.whole = nil // deltas came: they are the input
			}
			c.args.WriteString(ev.Delta.PartialJSON)
		}
	case "content_block_stop":
		r.end(key)
	case "error":
		return fmt.Errorf("provider error %s", data)
	}
	return nil
}

// converse reads a Bedrock ConverseStream event, named by event.
func (r *reader) converse(event string, data []byte) error {
	var ev struct {
		ContentBlockIndex int
		Start             struct {
			ToolUse *struct {
				ToolUseID string `json:"toolUseId"`
				Name      string
				Type      string
			}
		}
		Delta struct {
			ToolUse *struct{ Input string }
		}
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		return err
	}
	key := fmt.Sprintf("%d/%d", r.message, ev.ContentBlockIndex)
	switch event {
	case "messageStart":
		r.message++
	case "contentBlockStart":
		if tu := ev.Start.ToolUse; tu != nil {
			c := r.start(key)
			c.ID, c.Name, c.hosted = tu.ToolUseID, tu.Name, tu.Type == "server_tool_use"
		}
	case "contentBlockDelta":
		if c := r.open[key]; c != nil && ev.Delta.ToolUse != nil {
			c.args.WriteString(ev.Delta.ToolUse.Input)
		}
	case "contentBlockStop":
		r.end(key)
	case "messageStop", "metadata":
	default:
		return fmt.Errorf("event %q", event)
	}
	return nil
}

// gemini reads a Gemini generateContent chunk: whole functionCall args,
// or Vertex's partialArgs at top-level paths ("$.name"), which it puts
// together as values.
func (r *reader) gemini(data []byte) error {
	var chunk struct {
		Candidates []struct {
			Content struct {
				Parts []struct {
					FunctionCall *struct {
						ID           string
						Name         string
						Args         json.RawMessage
						WillContinue bool
						PartialArgs  []struct {
							JSONPath     string `json:"jsonPath"`
							StringValue  *string
							NumberValue  *float64
							BoolValue    *bool
							NullValue    *string
							WillContinue bool
						}
					}
				}
			}
			FinishReason string
		}
		Error json.RawMessage
	}
	if err := json.Unmarshal(data, &chunk); err != nil {
		return err
	}
	if len(chunk.Error) > 0 {
		return fmt.Errorf("provider error %s", chunk.Error)
	}
	for _, cand := range chunk.Candidates {
		for _, part := range cand.Content.Parts {
			fc := part.FunctionCall
			if fc == nil {
				continue
			}
			streamed := fc.WillContinue || len(fc.PartialArgs) > 0
			if r.vertex != nil && (!streamed || fc.Name != "" && len(fc.PartialArgs) == 0) {
				r.closeGemini() // a closer, or the next call
			}
			if !streamed {
				if fc.Name == "" && len(fc.Args) == 0 {
					continue // a lone closer
				}
				c := Call{ID: fc.ID, Name: fc.Name, Args: "{}"}
				if len(fc.Args) > 0 {
					a, err := text(fc.Args)
					if err != nil {
						return err
					}
					c.Args = a
				}
				r.ready = append(r.ready, c)
				continue
			}
			if r.vertex == nil {
				r.vertex = &refCall{Call: Call{ID: fc.ID, Name: fc.Name}}
				r.keys, r.values, r.strs = nil, map[string]any{}, map[string]*strings.Builder{}
			}
			for _, pa := range fc.PartialArgs {
				name, ok := strings.CutPrefix(pa.JSONPath, "$.")
				if !ok || strings.ContainsAny(name, ".[") {
					return fmt.Errorf("partialArgs path %q: the reference reads top-level names only", pa.JSONPath)
				}
				if _, seen := r.values[name]; !seen {
					r.keys = append(r.keys, name)
				}
				switch {
				case pa.StringValue != nil:
					sb := r.strs[name]
					if sb == nil {
						sb = &strings.Builder{}
						r.strs[name] = sb
					}
					sb.WriteString(*pa.StringValue)
					r.values[name] = sb
				case pa.NumberValue != nil:
					r.values[name] = *pa.NumberValue
				case pa.BoolValue != nil:
					r.values[name] = *pa.BoolValue
				default:
					r.values[name] = nil
				}
			}
		}
		if cand.FinishReason == "STOP" && r.vertex != nil {
			r.closeGemini()
		}
	}
	return nil
}

func (r *reader) closeGemini() {
	obj := map[string]any{}
	for _, k := range r.keys {
		if sb, ok := r.values[k].(*strings.Builder); ok {
			obj[k] = sb.String()
		} else {
			obj[k] = r.values[k]
		}
	}
	b, _ := json.Marshal(obj)
	c := r.vertex.Call
	c.Args = string(b)
	r.ready = append(r.ready, c)
	r.vertex = nil
}

// Equal checks that got holds the calls of want, in order: the same ids
// and names, and arguments equal as JSON values (as text for a free-form
// call).
func Equal(t testing.TB, want, got []Call, what string) {
	t.Helper()
	if !assert.Len(t, got, len(want), "%s: calls\nwant %v\ngot  %v", what, want, got) {
		return
	}
	for i := range want {
		w, g := want[i], got[i]
		assert.Equal(t, w.ID, g.ID, "%s: call %d id", what, i)
		assert.Equal(t, w.Name, g.Name, "%s: call %d name", what, i)
		assert.Equal(t, w.Text, g.Text, "%s: call %d free-form", what, i)
		if w.Text {
			assert.Equal(t, w.Args, g.Args, "%s: call %d input", what, i)
			continue
		}
		var wv, gv any
		if assert.NoError(t, json.Unmarshal([]byte(w.Args), &wv), "%s: call %d: want %q", what, i, w.Args) &&
			assert.NoError(t, json.Unmarshal([]byte(g.Args), &gv), "%s: call %d: got %q", what, i, g.Args) {
			assert.Equal(t, wv, gv, "%s: call %d (%s) arguments", what, i, w.Name)
		}
	}
}

// String shows a call in a failure message.
func (c Call) String() string {
	return c.ID + " " + c.Name + "(" + c.Args + ")" + map[bool]string{true: " text"}[c.Text]
}
