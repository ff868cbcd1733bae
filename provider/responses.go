package provider

// NOTE: OpenAI Responses events. A call is an output item: function_call,
// custom_tool_call (free-form input, not JSON: its events say Text), or a
// built-in tool's "*_call" item that carries arguments (tool_search_call
// sends them as an object, only in output_item.done, and has no name, so
// its item type stands in), which OpenAI runs itself: its events say
// Hosted. Key is the item id, or "output_index N" for an item with none;
// Seq is sequence_number when the stream has it (a recorded gpt-4o stream
// has none).
//
// The first of function_call_arguments.done, custom_tool_call_input.done
// or output_item.done ends the call with its final arguments; later ones
// are ignored.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deltajson/deltajson/resume"
)

type respCall struct {
	key       string
	added     []byte // arguments output_item.added carried whole, if any
	announced bool   // its output_item.added came, with its name
	sent      bool   // a delta came
	ended     bool
	text      bool
	hosted    bool
}

type responsesDecoder struct {
	calls map[string]*respCall // by key
	// The delta event remembered (see remember): its call, output_index,
	// and whether it had a sequence_number, the memo's second token.
	memoCall   *respCall
	memoOut    int
	memoHasOut bool
	memoSeq    bool
	// raw is the argument pieces rawCall sent, as they stood in their
	// payloads (escaped), in one string's quotes: what its end event
	// most often sends again (see final). rawN is their decoded length;
	// rawCall is nil when raw follows no call.
	rawCall *respCall
	raw     []byte
	rawN    int
}

// maxRaw bounds the pieces a responsesDecoder keeps (raw).
const maxRaw = 1 << 20

func newResponses() *responsesDecoder { return &responsesDecoder{calls: make(map[string]*respCall)} }

// respPos is where a Responses event stands: its output_index and its
// sequence_number, when it has them.
type respPos struct {
	outputIndex int
	hasIndex    bool
	seq         int64
	hasSeq      bool
}

// respEvent is the fields of a Responses event that the decoder reads.
type respEvent struct {
	typ, itemID, delta, arguments, input, item, code, message, errv, response, seqv value
	respPos
	// unread holds the values of the members the decoder does not read
	// (obfuscation), which may differ in the next delta event; many says
	// there were more than it holds.
	unread  [memoLen - 2]value
	nUnread int
	many    bool
}

func (d *Decoder) readRespEvent(v value) respEvent {
	var e respEvent
	for name, val := range d.members(v) {
		switch string(name) {
		case "type":
			e.typ = val
		case "item_id":
			e.itemID = val
		case "output_index":
			e.outputIndex, e.hasIndex = val.int()
		case "sequence_number":
			var n int
			n, e.hasSeq = val.int()
			e.seq, e.seqv = int64(n), val
		case "delta":
			e.delta = val
		case "arguments":
			e.arguments = val
		case "input":
			e.input = val
		case "item":
			e.item = val
		case "code":
			e.code = val
		case "message":
			e.message = val
		case "error":
			e.errv = val
		case "response":
			e.response = val
		default:
			if e.nUnread == len(e.unread) {
				e.many = true
			} else {
				e.unread[e.nUnread], e.nUnread = val, e.nUnread+1
			}
		}
	}
	return e
}

// respItem is the fields of an output item.
type respItem struct {
	id, typ, callID, name, arguments, input value
}

func (d *Decoder) readRespItem(v value) respItem {
	var it respItem
	for name, val := range d.members(v) {
		switch string(name) {
		case "id":
			it.id = val
		case "type":
			it.typ = val
		case "call_id":
			it.callID = val
		case "name":
			it.name = val
		case "arguments":
			it.arguments = val
		case "input":
			it.input = val
		}
	}
	return it
}

// isCall tells tool-call items from messages, reasoning and built-in
// tools' items that have no arguments (web_search_call, …).
func (it *respItem) isCall() bool {
	if it.typ.is("function_call") || it.typ.is("custom_tool_call") {
		return true
	}
	return strings.HasSuffix(string(it.typ.inner()), "_call") && len(it.arguments) > 0
}

// hosted reports a built-in tool's item, which OpenAI runs itself.
func (it *respItem) hosted() bool {
	return !it.typ.is("function_call") && !it.typ.is("custom_tool_call")
}

// raw is the item's argument field: input for a custom tool.
func (it *respItem) raw() value {
	if it.typ.is("custom_tool_call") {
		return it.input
	}
	return it.arguments
}

func (rd *responsesDecoder) decode(d *Decoder, v value, event []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	e := d.readRespEvent(v)
	if e.hasSeq {
		d.seq = e.seq
	}
	switch {
	case e.typ.is("error"): // {"type":"error","code":…,"message":…}, or nested in "error"
		if e.code == nil && e.message == nil {
			if err := d.errorValue(e.errv); err != nil {
				return err
			}
		}
		return fmt.Errorf("%s: %s: %w", e.code.str(), e.message.str(), ErrProvider)
	case e.typ.is("response.created"):
		d.setResponse(d.get(e.response, "id"))
		return nil
	case e.typ.is("response.failed"):
		if err := d.errorValue(d.get(e.response, "error")); err != nil {
			return err
		}
		return fmt.Errorf("response.failed: %w", ErrProvider)
	case e.typ.is("response.output_item.added"):
		it := d.readRespItem(e.item)
		if !it.isCall() {
			return nil
		}
		c, isNew, err := rd.call(d, &e, it.id)
		if err != nil {
			return err
		}
		if !isNew {
			d.replays++ // a replayed start
			return nil
		}
		c.text, c.hosted, c.announced = it.typ.is("custom_tool_call"), it.hosted(), true
		ev := rd.emit(d, resume.EventStart, c, &e.respPos)
		ev.ID, ev.Name = it.callID.str(), it.name.str()
		if ev.Name == "" && c.hosted {
			ev.Name = it.typ.str()
		}
		text, ok, err := d.args(it.raw())
		if err != nil {
			return err
		}
		if ok && len(text) > 0 {
			c.added = append([]byte(nil), text...)
		}
	case e.typ.is("response.function_call_arguments.delta"), e.typ.is("response.custom_tool_call_input.delta"):
		c, _, err := rd.call(d, &e, e.itemID)
		if err != nil {
			return err
		}
		if c.ended {
			d.replays++
			return nil
		}
		if e.typ.is("response.custom_tool_call_input.delta") {
			c.text = true
		}
		if err := rd.delta(d, c, &e.respPos, e.delta); err != nil || !e.delta.isString() {
			return err
		}
		rd.remember(d, c, &e, event)
	case e.typ.is("response.function_call_arguments.done"):
		return rd.end(d, &e, e.itemID, e.arguments, respItem{})
	case e.typ.is("response.custom_tool_call_input.done"):
		return rd.end(d, &e, e.itemID, e.input, respItem{})
	case e.typ.is("response.output_item.done"):
		if it := d.readRespItem(e.item); it.isCall() {
			return rd.end(d, &e, it.id, it.raw(), it)
		}
	case !strings.HasPrefix(string(e.typ.inner()), "response."):
		d.skipped++
	default:
		// A response.* event of a kind not read here: an error only when
		// it names a function or custom tool call that is still open.
		if e.itemID != nil {
			if c := rd.calls[string(e.itemID.inner())]; c != nil && !c.hosted && !c.ended {
				return d.unread(e.typ, true)
			}
		}
	}
	return nil
}

// delta applies a delta event's piece to call c.
func (rd *responsesDecoder) delta(d *Decoder, c *respCall, e *respPos, piece value) error {
	text, ok, err := d.args(piece)
	if err != nil || !ok {
		return err
	}
	rd.follow(d, c, piece, len(text))
	c.sent = true
	rd.emit(d, resume.EventDelta, c, e).Data = text
	return nil
}

// follow adds piece, which decodes to n bytes, to raw, when raw follows
// call c, or c sent no piece before it; else raw follows no call. The
// tape then reads the string raw holds, when a payload sends it again,
// by comparison: raw is valid, since each piece was, and decodes to the
// pieces' text joined.
func (rd *responsesDecoder) follow(d *Decoder, c *respCall, piece value, n int) {
	if c != rd.rawCall {
		rd.rawCall, d.tape.repeat = nil, nil
		if c.sent || d.noRepeat {
			return
		}
		rd.rawCall, rd.raw, rd.rawN = c, append(rd.raw[:0], '"', '"'), 0
	}
	if !piece.isString() || len(rd.raw)+len(piece) > maxRaw {
		rd.rawCall, d.tape.repeat = nil, nil
		return
	}
	if need := len(rd.raw) + len(piece); need > cap(rd.raw) {
		// From 8 KiB, doubling: a call of 20 KB grows it three times.
		// (append, or slices.Grow, would add a quarter at a time past
		// the double, and round up to a size class.)
		grown := make([]byte, len(rd.raw), max(need, 2*cap(rd.raw), 8<<10))
		copy(grown, rd.raw)
		rd.raw = grown
	}
	rd.raw = append(rd.raw[:len(rd.raw)-1], piece[1:]...) // its contents, and a closing quote
	rd.rawN += n
	d.tape.repeat = rd.raw
}

// final is d.args for raw, the argument field of call c's end event:
// when raw is the pieces c sent, as they were escaped, and the Set holds
// them all, it returns the Set's own bytes, with nothing decoded.
func (rd *responsesDecoder) final(d *Decoder, c *respCall, raw value) (text []byte, ok bool, err error) {
	if c == rd.rawCall && d.set != nil && string(raw) == string(rd.raw) {
		// The Set drops a delta whole, or takes it whole: holding as
		// many bytes as the pieces, it holds them all.
		if sc := d.set.Call(c.key); sc != nil && len(sc.Arguments()) == rd.rawN {
			return sc.Arguments(), true, nil
		}
	}
	return d.args(raw)
}

// remember sets the Decoder's memo to the delta event e, of call c, just
// decoded: the next event may differ from it in its piece, its
// sequence_number, and the members the decoder does not read (such as
// obfuscation).
func (rd *responsesDecoder) remember(d *Decoder, c *respCall, e *respEvent, event []byte) {
	if e.many {
		return
	}
	var also [memoLen - 1]value // the sequence_number first, as replay reads it
	n := 0
	if e.seqv != nil {
		also[0], n = e.seqv, 1
	}
	n += copy(also[n:], e.unread[:e.nUnread])
	rd.memoCall, rd.memoOut, rd.memoHasOut, rd.memoSeq = c, e.outputIndex, e.hasIndex, e.seqv != nil
	d.remember(e.delta, event, also[:n]...)
}

// replay applies the delta event remembered again, with piece as its text
// and the sequence_number the new payload has.
func (rd *responsesDecoder) replay(d *Decoder, piece value) error {
	e := respPos{outputIndex: rd.memoOut, hasIndex: rd.memoHasOut}
	if rd.memoSeq {
		if e.seq, e.hasSeq = int64(d.tape.nums[1]), d.tape.numOK[1]; e.hasSeq {
			d.seq = e.seq
		}
	}
	if rd.memoCall.ended {
		d.replays++
		return nil
	}
	return rd.delta(d, rd.memoCall, &e, piece)
}

// call finds the call of item id, or starts following it.
func (rd *responsesDecoder) call(d *Decoder, e *respEvent, id value) (c *respCall, isNew bool, err error) {
	var key string
	if id.is("") || id == nil {
		if !e.hasIndex {
			return nil, false, fmt.Errorf("%s with neither item id nor output_index: %w", e.typ.str(), ErrPayload)
		}
		key = "output_index " + strconv.Itoa(e.outputIndex)
	} else if c := rd.calls[string(id.inner())]; c != nil {
		return c, false, nil
	} else {
		key = id.str()
	}
	if c := rd.calls[key]; c != nil {
		return c, false, nil
	}
	if err := d.newCall(); err != nil {
		return nil, false, err
	}
	c = &respCall{key: key}
	rd.calls[key] = c
	if !id.is("") && id != nil && string(id.inner()) != key {
		rd.calls[string(id.inner())] = c
	}
	return c, true, nil
}

func (rd *responsesDecoder) emit(d *Decoder, kind resume.EventKind, c *respCall, e *respPos) *resume.Event {
	index := -1
	if e.hasIndex {
		index = e.outputIndex
	}
	ev := d.emit(kind, c.key, index)
	ev.Seq, ev.HasSeq = e.seq, e.hasSeq
	ev.Text, ev.Hosted = c.text, c.hosted
	return ev
}

func (rd *responsesDecoder) end(d *Decoder, e *respEvent, id, raw value, it respItem) error {
	c, _, err := rd.call(d, e, id)
	if err != nil || c.ended {
		return err
	}
	if it.typ == nil && !c.announced {
		// The stream was picked up after the call's start (a reconnect
		// into a new Handler): output_item.done, which names the call,
		// ends it.
		return nil
	}
	if !c.announced {
		c.text, c.hosted = it.typ.is("custom_tool_call"), it.hosted()
	}
	text, ok, err := rd.final(d, c, raw)
	if err != nil {
		return err
	}
	if c == rd.rawCall {
		rd.rawCall, d.tape.repeat = nil, nil
	}
	c.ended = true
	ev := rd.emit(d, resume.EventEnd, c, &e.respPos)
	if it.typ != nil {
		ev.ID, ev.Name = it.callID.str(), it.name.str()
		if ev.Name == "" && c.hosted {
			ev.Name = it.typ.str()
		}
	}
	if ok {
		ev.Final = text
	}
	if len(ev.Final) == 0 && !c.sent {
		ev.Final = c.added // the arguments came whole, with the item
	}
	c.added = nil
	return nil
}
