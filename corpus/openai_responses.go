package corpus

// NOTE: OpenAI Responses events. A call is an output item: function_call,
// custom_tool_call (freeform input, not JSON), or a hosted "*_call" item
// that carries arguments (tool_search_call sends them as an object, only in
// output_item.done, and has no name, so its item type stands in). OpenAI
// runs a hosted call itself: its events say Hosted. Key is
// the item id, or "output_index N" for an item with none; Seq is
// sequence_number.
//
// The first of function_call_arguments.done, custom_tool_call_input.done or
// output_item.done ends the call with Final; later ones are ignored.

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/deltajson/deltajson/resume"
)

type responsesEvent struct {
	Type        string          `json:"type"`
	ItemID      string          `json:"item_id"`
	OutputIndex *int            `json:"output_index"`
	Seq         *int64          `json:"sequence_number"`
	Delta       json.RawMessage `json:"delta"`
	Arguments   json.RawMessage `json:"arguments"`
	Input       json.RawMessage `json:"input"`
	Item        *responsesItem  `json:"item"`
	Code        string          `json:"code"`
	Message     string          `json:"message"`
	Error       json.RawMessage `json:"error"` // the live API nests code and message here
	Response    *struct {
		Error json.RawMessage `json:"error"`
	} `json:"response"`
}

type responsesItem struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CallID    *string         `json:"call_id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Input     json.RawMessage `json:"input"`
}

// isCall tells tool-call items from messages, reasoning and hosted calls
// that have no arguments (web_search_call, …).
func (it *responsesItem) isCall() bool {
	switch it.Type {
	case "function_call", "custom_tool_call":
		return true
	}
	return strings.HasSuffix(it.Type, "_call") && len(it.Arguments) > 0
}

type responsesDecoder struct {
	started map[string]bool
	ended   map[string]bool
	// added holds the arguments an output_item.added carried whole (some
	// compatible servers), for a call that gets no deltas and an empty
	// done; sent marks the calls that got a delta.
	added map[string][]byte
	sent  map[string]bool
}

func newResponsesDecoder() *responsesDecoder {
	return &responsesDecoder{started: make(map[string]bool), ended: make(map[string]bool),
		added: make(map[string][]byte), sent: make(map[string]bool)}
}

func (d *responsesDecoder) decode(p payload, out *eventList) error {
	var ev responsesEvent
	if err := unmarshalPayload(p, &ev); err != nil {
		return err
	}
	switch ev.Type {
	case "error": // {"type":"error","code":…,"message":…}, or nested in "error"
		if ev.Code == "" && ev.Message == "" {
			if err := providerError(ev.Error); err != nil {
				return err
			}
		}
		return fmt.Errorf("%s: %s: %w", ev.Code, ev.Message, ErrProvider)
	case "response.failed":
		if ev.Response != nil {
			if err := providerError(ev.Response.Error); err != nil {
				return err
			}
		}
		return fmt.Errorf("response.failed: %w", ErrProvider)
	}
	// Key is the item id; an item with none (some compatible servers) is
	// keyed by its output index, so that two such calls stay apart.
	key := func(id string) string {
		if id == "" && ev.OutputIndex != nil {
			return "output_index " + strconv.Itoa(*ev.OutputIndex)
		}
		return id
	}
	mk := func(kind resume.EventKind, id string) resume.Event {
		e := newEvent(kind, key(id))
		if ev.OutputIndex != nil {
			e.Index, e.HasIndex = *ev.OutputIndex, true
		}
		if ev.Seq != nil {
			e.Seq, e.HasSeq = *ev.Seq, true
		}
		return e
	}
	switch ev.Type {
	case "response.output_item.added":
		if it := ev.Item; it != nil && it.isCall() && !d.started[key(it.ID)] {
			d.started[key(it.ID)] = true
			e := mk(resume.EventStart, it.ID)
			e.ID, e.Name, e.Hosted = it.callID(), it.name(), it.hosted()
			raw := it.Arguments
			if it.Type == "custom_tool_call" {
				raw = it.Input
			}
			if text, ok, err := argText(raw); err != nil {
				return err
			} else if ok && len(text) > 0 {
				d.added[e.Key] = text
			}
			return out.add(e)
		}
	case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta":
		if d.ended[key(ev.ItemID)] {
			return nil
		}
		text, ok, err := argText(ev.Delta)
		if err != nil || !ok {
			return err
		}
		d.started[key(ev.ItemID)] = true
		d.sent[key(ev.ItemID)] = true
		e := mk(resume.EventDelta, ev.ItemID)
		e.Data = text
		return out.add(e)
	case "response.function_call_arguments.done", "response.custom_tool_call_input.done":
		raw := ev.Arguments
		if ev.Type == "response.custom_tool_call_input.done" {
			raw = ev.Input
		}
		return d.end(mk(resume.EventEnd, ev.ItemID), raw, out)
	case "response.output_item.done":
		if it := ev.Item; it != nil && it.isCall() {
			raw := it.Arguments
			if it.Type == "custom_tool_call" {
				raw = it.Input
			}
			e := mk(resume.EventEnd, it.ID)
			e.ID, e.Name, e.Hosted = it.callID(), it.name(), it.hosted()
			return d.end(e, raw, out)
		}
	}
	return nil
}

// hosted reports a built-in tool's item, which OpenAI runs itself.
func (it *responsesItem) hosted() bool {
	return it.Type != "function_call" && it.Type != "custom_tool_call"
}

// name is the tool name; a hosted call such as tool_search_call has none,
// so its item type stands in.
func (it *responsesItem) name() string {
	if it.Name == "" && it.hosted() {
		return it.Type
	}
	return it.Name
}

func (it *responsesItem) callID() string {
	if it.CallID == nil {
		return ""
	}
	return *it.CallID
}

func (d *responsesDecoder) end(e resume.Event, raw json.RawMessage, out *eventList) error {
	if d.ended[e.Key] {
		return nil
	}
	text, ok, err := argText(raw)
	if err != nil {
		return err
	}
	if ok {
		e.Final = text
	}
	if len(e.Final) == 0 && !d.sent[e.Key] {
		e.Final = d.added[e.Key] // the arguments came whole, with the item
	}
	delete(d.added, e.Key)
	d.ended[e.Key] = true
	return out.add(e)
}
