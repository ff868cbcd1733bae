package provider

// NOTE: the formats whose calls come as start, deltas and stop by a block
// or step index (Bedrock ConverseStream, Cohere v2, Google's Interactions
// API), and Ollama's native chat, whose calls come whole.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deltajson/deltajson/resume"
)

// indexed keeps the open calls of a format that numbers them by block
// index, and numbers messages so that a second message's blocks, which
// count from 0 again, stay apart.
type indexed struct {
	open     []*indexedCall
	messages int
	memoIdx  int // the call of the delta remembered (see Decoder.memo)
}

// replay applies the delta remembered again, with args as its text.
func (x *indexed) replay(d *Decoder, args value) error { return x.delta(d, x.memoIdx, args) }

type indexedCall struct {
	index  int
	key    string
	final  []byte // whole arguments from the start, until a piece arrives
	hosted bool
}

func (x *indexed) find(idx int) (*indexedCall, int) {
	for i, c := range x.open {
		if c.index == idx {
			return c, i
		}
	}
	return nil, -1
}

// newMessage begins a message: its blocks count from 0 again.
func (x *indexed) newMessage() {
	x.messages++
	x.open = x.open[:0]
}

func (x *indexed) start(d *Decoder, idx int, id, name string, hosted bool, whole value) error {
	if c, _ := x.find(idx); c != nil {
		d.replays++ // a replayed start
		return nil
	}
	if err := d.newCall(); err != nil {
		return err
	}
	key := d.key(idx)
	if x.messages > 1 {
		key = "msg" + strconv.Itoa(x.messages) + "/" + key
	}
	c := &indexedCall{index: idx, key: key, hosted: hosted}
	if whole.isObject() && string(whole) != "{}" {
		if t := d.compact(whole); string(t) != "{}" {
			c.final = append([]byte(nil), t...)
		}
	}
	x.open = append(x.open, c)
	ev := d.emit(resume.EventStart, key, idx)
	ev.ID, ev.Name, ev.Hosted = id, name, hosted
	return nil
}

func (x *indexed) delta(d *Decoder, idx int, args value) error {
	if c, _ := x.find(idx); c != nil {
		return d.delta(c.key, idx, c.hosted, &c.final, args)
	}
	return nil
}

func (x *indexed) end(d *Decoder, idx int) {
	c, i := x.find(idx)
	if c == nil {
		return
	}
	x.open = append(x.open[:i], x.open[i+1:]...)
	ev := d.emit(resume.EventEnd, c.key, idx)
	ev.Final, ev.Hosted = c.final, c.hosted
}

func blockIndex(v value, what string) (int, error) {
	idx, ok := v.int()
	if !ok || idx < 0 {
		return 0, fmt.Errorf("%s %s: %w", what, truncate(v, 40), ErrPayload)
	}
	return idx, nil
}

// converseDecoder reads Bedrock ConverseStream events: from event-stream
// frames, whose :event-type names the event and whose payload is its
// body, or as {"<event>": body} (the form SDKs and recorders render).
type converseDecoder struct{ indexed }

func newConverse() *converseDecoder { return &converseDecoder{} }

func (cd *converseDecoder) decode(d *Decoder, v value, event []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	typ, body := string(event), v
	if typ == "" {
		found := false
		for name, val := range d.members(v) { // the event is its one member
			typ, body, found = string(name), val, true
			break
		}
		if !found {
			return fmt.Errorf("an empty ConverseStream event: %w", ErrPayload)
		}
	}
	switch typ {
	case "messageStart":
		cd.newMessage()
	case "contentBlockStart":
		if cd.messages == 0 {
			cd.messages = 1
		}
		tu := d.get(d.get(body, "start"), "toolUse")
		if !tu.isObject() {
			return nil // text, reasoning, a tool result
		}
		idx, err := blockIndex(d.get(body, "contentBlockIndex"), "contentBlockIndex")
		if err != nil {
			return err
		}
		hosted := d.get(tu, "type").is("server_tool_use")
		return cd.start(d, idx, d.get(tu, "toolUseId").str(), d.get(tu, "name").str(), hosted, d.get(tu, "input"))
	case "contentBlockDelta":
		in := d.get(d.get(body, "delta"), "toolUse")
		if !in.isObject() {
			return nil
		}
		idx, err := blockIndex(d.get(body, "contentBlockIndex"), "contentBlockIndex")
		if err != nil {
			return err
		}
		return cd.delta(d, idx, d.get(in, "input"))
	case "contentBlockStop":
		idx, err := blockIndex(d.get(body, "contentBlockIndex"), "contentBlockIndex")
		if err != nil {
			return err
		}
		cd.end(d, idx)
	case "messageStop", "metadata":
	default:
		if strings.HasSuffix(typ, "Exception") || strings.HasSuffix(typ, "Error") {
			return fmt.Errorf("%s: %s: %w", typ, d.get(body, "message").str(), ErrProvider)
		}
		d.skipped++
	}
	return nil
}

// cohereDecoder reads Cohere v2 chat events.
type cohereDecoder struct{ indexed }

func newCohere() *cohereDecoder { return &cohereDecoder{} }

func (cd *cohereDecoder) decode(d *Decoder, v value, event []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	typ := d.get(v, "type")
	switch {
	case typ.is("message-start"):
		d.setResponse(d.get(v, "id"))
		cd.newMessage()
	case typ.is("tool-call-start"), typ.is("tool-call-delta"), typ.is("tool-call-end"):
		if cd.messages == 0 {
			cd.messages = 1
		}
		idx, err := blockIndex(d.get(v, "index"), "index")
		if err != nil {
			return err
		}
		tc := d.get(d.get(d.get(v, "delta"), "message"), "tool_calls")
		fn := d.get(tc, "function")
		switch {
		case typ.is("tool-call-start"):
			if err := cd.start(d, idx, d.get(tc, "id").str(), d.get(fn, "name").str(), false, nil); err != nil {
				return err
			}
			if a := d.get(fn, "arguments"); !a.isNull() && !a.is("") {
				return cd.delta(d, idx, a)
			}
		case typ.is("tool-call-delta"):
			args := d.get(fn, "arguments")
			if err := cd.delta(d, idx, args); err != nil || !args.isString() {
				return err
			}
			cd.memoIdx = idx
			d.remember(args, event)
		default:
			cd.end(d, idx)
		}
	case typ.is("error"):
		return d.anyError(v, nil)
	case typ == nil:
		return fmt.Errorf("a Cohere event without type: %w", ErrPayload)
	case !cohereType(typ.inner()):
		ofCall := false
		if strings.HasPrefix(typ.str(), "tool-call-") {
			if idx, ok := d.get(v, "index").int(); ok {
				c, _ := cd.find(idx)
				ofCall = c != nil
			}
		}
		return d.unread(typ, ofCall)
	}
	return nil
}

// cohereType reports whether t is a Cohere v2 chat event type.
func cohereType(t []byte) bool {
	switch string(t) {
	case "message-start", "message-end", "content-start", "content-delta", "content-end",
		"tool-plan-delta", "tool-call-start", "tool-call-delta", "tool-call-end",
		"citation-start", "citation-end", "debug":
		return true
	}
	return false
}

// interactionsDecoder reads the events of Google's Interactions API. A
// function_call step's start carries its arguments as an object (empty
// while they stream); step.delta carries them as text.
type interactionsDecoder struct{ indexed }

func newInteractions() *interactionsDecoder { return &interactionsDecoder{} }

func (id *interactionsDecoder) decode(d *Decoder, v value, _ []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	et := d.get(v, "event_type")
	switch {
	case et.is("interaction.created") || et.is("interaction.start"):
		d.setResponse(d.get(d.get(v, "interaction"), "id"))
		id.newMessage()
	case et.is("step.start"), et.is("step.delta"), et.is("step.stop"):
		if id.messages == 0 {
			id.messages = 1
		}
		idx, err := blockIndex(d.get(v, "index"), "step index")
		if err != nil {
			return err
		}
		switch {
		case et.is("step.start"):
			st := d.get(v, "step")
			if !d.get(st, "type").is("function_call") {
				return nil
			}
			return id.start(d, idx, d.get(st, "id").str(), d.get(st, "name").str(), false, d.get(st, "arguments"))
		case et.is("step.delta"):
			dl := d.get(v, "delta")
			if dt := d.get(dl, "type"); !dt.is("arguments_delta") {
				if c, _ := id.find(idx); c != nil {
					return d.unread(dt, true) // a function_call step's delta is its arguments
				}
				return nil
			}
			return id.delta(d, idx, d.get(dl, "arguments"))
		default:
			id.end(d, idx)
		}
	case et.is("error"):
		if err := d.errorValue(d.get(v, "error")); err != nil {
			return err
		}
		return fmt.Errorf("error event: %w", ErrProvider)
	case strings.HasPrefix(et.str(), "step."):
		ofCall := false
		if idx, ok := d.get(v, "index").int(); ok {
			c, _ := id.find(idx)
			ofCall = c != nil
		}
		return d.unread(et, ofCall)
	case !strings.HasPrefix(et.str(), "interaction."):
		d.skipped++
	}
	return nil
}

// ollamaDecoder reads Ollama's native /api/chat stream: each line's
// message.tool_calls are whole calls, each a start and an end whose final
// arguments are the compact text of function.arguments.
type ollamaDecoder struct{ n int }

func newOllama() *ollamaDecoder { return &ollamaDecoder{} }

func (od *ollamaDecoder) decode(d *Decoder, v value, _ []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	if e := d.get(v, "error"); !e.isNull() {
		return d.errorValue(e)
	}
	msg := d.get(v, "message")
	if msg == nil && d.get(v, "done") == nil {
		d.skipped++ // neither a message nor the end: a line this decoder does not read
		return nil
	}
	for tc := range d.elems(d.get(msg, "tool_calls")) {
		fn := d.get(tc, "function")
		if !fn.isObject() {
			return fmt.Errorf("a tool call without function: %w", ErrPayload)
		}
		if err := d.newCall(); err != nil {
			return err
		}
		key := d.key(od.n)
		ev := d.emit(resume.EventStart, key, od.n)
		ev.ID, ev.Name = d.get(tc, "id").str(), d.get(fn, "name").str()
		text, ok, err := d.args(d.get(fn, "arguments"))
		if err != nil {
			return err
		}
		end := d.emit(resume.EventEnd, key, od.n)
		if ok {
			end.Final = text
		}
		od.n++
	}
	return nil
}
