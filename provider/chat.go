package provider

// NOTE: OpenAI Chat Completions chunks and the servers that copy them.
// The liberal rules, each seen in some server's stream:
//
//   - index missing (Mistral): a new id starts a new call, a known id
//     finds its call, and without either a lone piece goes to the last
//     call started (older Ollama, Gemini's OpenAI endpoint), several by
//     their position in tool_calls;
//   - the same index with another id (Ollama gives every parallel call
//     index 0): a new call, and the index's later pieces go to it, when
//     the call the index had holds whole arguments or the piece names
//     another function; else the same call under a new id (Poolside
//     changes a call's id after its first chunk);
//   - id and name only on the first piece; later pieces may carry null, ""
//     or the same values again;
//   - arguments may be absent, null, "", the whole text at once, or a JSON
//     object instead of a string (Writer: its compact text is the piece);
//   - a call may be sent again at the end (Alibaba): a piece equal to the
//     complete arguments so far, when those are already valid JSON, is
//     dropped, and pieces for a call that has ended are ignored.
//
// finish_reason ends every open call of its choice, except "length" and
// "content_filter", which say the output was cut short: arguments cut
// short may still parse, so those calls get no end signal.
//
// The deprecated function_call delta (name and arguments, no index or
// id) is one more call, with a number no tool call has.

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// maxHeldArgs bounds the argument bytes the chat decoder keeps of one
// call to tell a re-sent call from a new piece; past it, the call is
// taken as unfinished for those rules. The Set that gets the events
// holds the arguments under caps of its own.
const maxHeldArgs = 1 << 20

type chatCall struct {
	key, id, name string
	args          []byte
	long          bool // args passed maxHeldArgs and were let go
	ended         bool
}

// whole reports whether the call's arguments so far are a valid value.
func (c *chatCall) whole() bool { return !c.long && len(c.args) > 0 && tokenizer.Valid(c.args) }

// other reports whether a piece with another id than the call's, naming
// the function name (or none), is another call: when the call's arguments
// are whole, or when the piece names another function.
func (c *chatCall) other(name value) bool {
	return c.whole() || name != nil && !name.is(c.name)
}

// chatChoice keeps the calls of one choice in first-seen order. A call's
// number is its wire index, unless that index was taken by a call with
// another id: then it is a fresh number past every index seen, and at
// maps the wire index to it.
type chatChoice struct {
	index  int
	calls  map[int]*chatCall
	order  []int
	open   []int
	byID   map[string]int
	at     map[int]int
	next   int
	legacy int // the deprecated function_call's call number, or -1
}

type chatDecoder struct {
	choices []*chatChoice
}

func newChat() *chatDecoder { return &chatDecoder{} }

func (cd *chatDecoder) choice(ci int) *chatChoice {
	for _, st := range cd.choices {
		if st.index == ci {
			return st
		}
	}
	return nil
}

// key is the call number for choice 0, and "choice.number" for the others,
// so that several choices stay apart.
func (st *chatChoice) key(d *Decoder, n int) string {
	if st.index == 0 {
		return d.key(n)
	}
	return strconv.Itoa(st.index) + "." + strconv.Itoa(n)
}

// chatPiece is one tool call of a chunk, or the deprecated function_call.
type chatPiece struct {
	index      int
	hasIndex   bool
	id, name   value // strings, or nil
	args       value
	hasFn      bool
	argsAbsent bool
}

func (cd *chatDecoder) decode(d *Decoder, v value, _ []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	var choices value
	m := v.members()
	for {
		name, val, ok := m.next()
		if !ok {
			break
		}
		switch string(name) {
		case "choices":
			choices = val
		case "error":
			if err := errorValue(val); err != nil {
				return err
			}
		}
	}
	ch := choices.elems()
	for pos := 0; ; pos++ {
		c, ok := ch.next()
		if !ok {
			return nil
		}
		if err := cd.decodeChoice(d, pos, c); err != nil {
			return err
		}
	}
}

func (cd *chatDecoder) decodeChoice(d *Decoder, pos int, c value) error {
	ci := pos
	var delta, finish value
	m := c.members()
	for {
		name, val, ok := m.next()
		if !ok {
			break
		}
		switch string(name) {
		case "index":
			if n, ok := val.int(); ok {
				ci = n
			}
		case "delta":
			delta = val
		case "finish_reason":
			finish = val
		}
	}
	var toolCalls, legacy value
	m = delta.members()
	for {
		name, val, ok := m.next()
		if !ok {
			break
		}
		switch string(name) {
		case "tool_calls":
			toolCalls = val
		case "function_call":
			legacy = val
		}
	}
	n := 0
	for e := toolCalls.elems(); ; n++ {
		if _, ok := e.next(); !ok {
			break
		}
	}
	var lp chatPiece
	hasLegacy := false
	if n == 0 && legacy.isObject() {
		lp = readChatFunction(legacy)
		hasLegacy = lp.says(d)
	}
	st := cd.choice(ci)
	if st == nil {
		if n == 0 && !hasLegacy {
			return nil // no calls to start or end: keep no state for it
		}
		st = &chatChoice{index: ci, calls: make(map[int]*chatCall), byID: make(map[string]int), at: make(map[int]int), legacy: -1}
		cd.choices = append(cd.choices, st)
	}
	e := toolCalls.elems()
	for j := 0; ; j++ {
		tc, ok := e.next()
		if !ok {
			break
		}
		if err := st.piece(d, j, n, readChatToolCall(tc)); err != nil {
			return err
		}
	}
	if hasLegacy {
		if st.legacy < 0 {
			st.legacy = st.next
		}
		if err := st.add(d, st.legacy, lp); err != nil {
			return err
		}
	}
	if finish.isString() && !finish.is("") && !finish.is("length") && !finish.is("content_filter") {
		for _, idx := range st.open {
			st.calls[idx].ended = true
			d.emit(resume.EventEnd, st.calls[idx].key, idx)
		}
		st.open = st.open[:0]
	}
	return nil
}

func readChatToolCall(tc value) chatPiece {
	var p chatPiece
	p.argsAbsent = true
	m := tc.members()
	for {
		name, val, ok := m.next()
		if !ok {
			return p
		}
		switch string(name) {
		case "index":
			p.index, p.hasIndex = val.int()
		case "id":
			if val.isString() && !val.is("") {
				p.id = val
			}
		case "function":
			fn := readChatFunction(val)
			p.name, p.args, p.hasFn, p.argsAbsent = fn.name, fn.args, fn.hasFn, fn.argsAbsent
		}
	}
}

func readChatFunction(fn value) chatPiece {
	p := chatPiece{hasFn: fn.isObject(), argsAbsent: true}
	m := fn.members()
	for {
		name, val, ok := m.next()
		if !ok {
			return p
		}
		switch string(name) {
		case "name":
			if val.isString() && !val.is("") {
				p.name = val
			}
		case "arguments":
			p.args, p.argsAbsent = val, false
		}
	}
}

// says reports a function_call that names a call or brings argument
// text; an empty one ({}, or null and "" fields) starts nothing. Bad
// arguments say something: add reports them.
func (p *chatPiece) says(d *Decoder) bool {
	text, ok, err := d.args(p.args)
	return p.name != nil || err != nil || ok && len(text) > 0
}

func (st *chatChoice) piece(d *Decoder, pos, n int, p chatPiece) error {
	idx := pos
	known, seen := st.byID[string(p.id.inner())]
	switch {
	case p.id != nil && seen:
		idx = known
	case p.hasIndex:
		idx = p.index
		if to, ok := st.at[idx]; ok {
			idx = to
		}
		if c := st.calls[idx]; c != nil && (st.isLegacy(idx) || p.id != nil && c.id != "" && !p.id.is(c.id) && c.other(p.name)) {
			if len(st.at) >= MaxCalls {
				return d.newCall() // fails: as many indexes as calls
			}
			st.at[p.index] = st.next // the index taken by another call: a new one
			idx = st.next
		}
	case p.id != nil:
		idx = st.next
	case n == 1 && len(st.order) > 0 && !st.isLegacy(st.order[len(st.order)-1]):
		idx = st.order[len(st.order)-1]
	}
	return st.add(d, idx, p)
}

func (st *chatChoice) isLegacy(idx int) bool { return st.legacy >= 0 && idx == st.legacy }

// add starts call number idx if it is new, and appends the piece's
// argument text to it.
func (st *chatChoice) add(d *Decoder, idx int, p chatPiece) error {
	call := st.calls[idx]
	if call == nil {
		if idx < 0 || idx >= 1<<30 {
			return fmt.Errorf("tool call index %d: %w", idx, ErrPayload)
		}
		if err := d.newCall(); err != nil {
			return err
		}
		call = &chatCall{key: st.key(d, idx), id: p.id.str(), name: p.name.str()}
		st.calls[idx] = call
		st.order = append(st.order, idx)
		st.open = append(st.open, idx)
		st.next = max(st.next, idx+1)
		ev := d.emit(resume.EventStart, call.key, idx)
		ev.ID, ev.Name = call.id, call.name
	}
	if p.id != nil {
		if _, ok := st.byID[string(p.id.inner())]; !ok && len(st.byID) < MaxCalls {
			st.byID[string(p.id.inner())] = idx
		}
	}
	if call.ended || p.argsAbsent {
		return nil
	}
	text, ok, err := d.args(p.args)
	if err != nil || !ok {
		return err
	}
	if len(text) > 0 && bytes.Equal(text, call.args) && call.whole() {
		return nil // the whole call sent again
	}
	if !call.long {
		if len(call.args)+len(text) > maxHeldArgs {
			call.args, call.long = nil, true
		} else {
			call.args = append(call.args, text...)
		}
	}
	ev := d.emit(resume.EventDelta, call.key, idx)
	ev.Data = text
	return nil
}
