package corpus

// NOTE: Anthropic Messages events, also what Bedrock frames carry. A tool
// block (tool_use; server_tool_use and mcp_tool_use, which Anthropic runs
// itself, so their events say Hosted) is keyed by its content block index,
// as "1"; in the second message of a recording and later, whose indexes
// start again from 0, by "msg2/1" and so on. Its input arrives as
// input_json_delta pieces; when the start event already holds a non-empty
// input object and no non-empty piece follows, that object's compact text
// is the End's Final. A block with no content_block_stop (cut off by
// max_tokens) gets no End.

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/deltajson/deltajson/resume"
)

type anthropicEvent struct {
	Type         string `json:"type"`
	Index        *int   `json:"index"`
	ContentBlock *struct {
		Type  string          `json:"type"`
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"content_block"`
	Delta *struct {
		Type        string          `json:"type"`
		PartialJSON json.RawMessage `json:"partial_json"`
	} `json:"delta"`
	Error json.RawMessage `json:"error"`
}

type anthropicBlock struct {
	final  []byte // input from the start event, until a piece arrives
	hosted bool   // Anthropic runs the tool: every event says Hosted
}

type anthropicDecoder struct {
	blocks   map[int]*anthropicBlock // the current message's open tool blocks
	messages int                     // message_start events seen
}

// key names block idx of the current message.
func (d *anthropicDecoder) key(idx int) string {
	if d.messages <= 1 {
		return strconv.Itoa(idx)
	}
	return "msg" + strconv.Itoa(d.messages) + "/" + strconv.Itoa(idx)
}

func newAnthropicDecoder() *anthropicDecoder {
	return &anthropicDecoder{blocks: make(map[int]*anthropicBlock)}
}

func (d *anthropicDecoder) decode(p payload, out *eventList) error {
	var ev anthropicEvent
	if err := unmarshalPayload(p, &ev); err != nil {
		return err
	}
	switch {
	case ev.Type == "error":
		return providerError(ev.Error)
	case ev.Type == "message_start":
		// A new message numbers its blocks from 0 again. A block the
		// last one left open (cut off) stays open, with no End.
		d.messages++
		clear(d.blocks)
		return nil
	case ev.Index == nil:
		return nil
	case d.messages == 0:
		d.messages = 1 // a recording that starts without message_start
	}
	idx := *ev.Index
	key := d.key(idx)
	switch ev.Type {
	case "content_block_start":
		cb := ev.ContentBlock
		if cb == nil {
			return nil
		}
		switch cb.Type {
		case "tool_use", "server_tool_use", "mcp_tool_use":
		default:
			return nil
		}
		b := &anthropicBlock{hosted: cb.Type != "tool_use"} // Anthropic runs server and MCP tools itself
		if in := compact(bytes.TrimSpace(cb.Input)); len(in) > 0 && string(in) != "{}" && string(in) != "null" {
			b.final = in
		}
		d.blocks[idx] = b
		e := newEvent(resume.EventStart, key)
		e.ID, e.Name, e.Index, e.HasIndex = cb.ID, cb.Name, idx, true
		e.Hosted = b.hosted
		return out.add(e)
	case "content_block_delta":
		b := d.blocks[idx]
		if b == nil || ev.Delta == nil || ev.Delta.Type != "input_json_delta" {
			return nil
		}
		text, ok, err := argText(ev.Delta.PartialJSON)
		if err != nil || !ok {
			return err
		}
		if len(text) > 0 {
			b.final = nil
		}
		e := newEvent(resume.EventDelta, key)
		e.Index, e.HasIndex, e.Data, e.Hosted = idx, true, text, b.hosted
		return out.add(e)
	case "content_block_stop":
		b := d.blocks[idx]
		if b == nil {
			return nil
		}
		delete(d.blocks, idx)
		e := newEvent(resume.EventEnd, key)
		e.Index, e.HasIndex, e.Final, e.Hosted = idx, true, b.final, b.hosted
		return out.add(e)
	}
	return nil
}
