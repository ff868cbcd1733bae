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
	"fmt"
	"hash/maphash"
	"strconv"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

type chatCall struct {
	num           int // its number in its choice
	key, id, name string
	// The arguments are not kept: the Set that gets the events holds
	// them, or with no Set, a seeded hash and their length tell a call
	// sent again, and a tokenizer made for it tells whole arguments.
	tk    *tokenizer.Tokenizer
	sum   maphash.Hash
	n     int64
	ended bool
}

// argsSeed seeds the hash of a call's arguments, once per process, so
// that no input can make two texts collide on purpose.
var argsSeed = maphash.MakeSeed()

// whole reports whether the call's arguments so far are one whole, valid
// value: the Set's call says so when a Handler holds one.
func (c *chatCall) whole(d *Decoder) bool {
	if d.set != nil {
		sc := d.set.Call(c.key)
		return c.n > 0 && sc != nil && sc.Status() == resume.StatusComplete
	}
	return c.n > 0 && c.tk != nil && c.tk.Status() == tokenizer.StatusComplete
}

// same reports whether text is the call's arguments so far: those the
// Set's call holds, or with no Set, those hashed.
func (c *chatCall) same(d *Decoder, text []byte) bool {
	if int64(len(text)) != c.n {
		return false
	}
	if d.set != nil {
		sc := d.set.Call(c.key)
		return sc != nil && string(sc.Arguments()) == string(text)
	}
	return maphash.Bytes(argsSeed, text) == c.sum.Sum64()
}

// add reads text, the next piece of the call's arguments.
func (c *chatCall) add(d *Decoder, text []byte) {
	c.n += int64(len(text))
	if d.set != nil {
		return
	}
	c.sum.Write(text)
	if c.tk == nil {
		t := tokenizer.New(tokenizer.Options{})
		c.tk = &t
	}
	if c.tk.Status() == tokenizer.StatusFailed || c.tk.Feed(text) != nil {
		return
	}
	for {
		if _, err := c.tk.Next(); err != nil {
			return
		}
	}
}

// other reports whether a piece with another id than the call's, naming
// the function name (or none), is another call: when the call's arguments
// are whole, or when the piece names another function.
func (c *chatCall) other(d *Decoder, name value) bool {
	return c.whole(d) || name != nil && !name.is(c.name)
}

// chatChoice keeps the calls of one choice in first-seen order. A call's
// number is its wire index, unless that index was taken by a call with
// another id: then it is a fresh number past every index seen, and at
// maps the wire index to it.
type chatChoice struct {
	index  int
	calls  []*chatCall    // in first-seen order
	open   []int          // the numbers of the calls not ended
	byID   map[string]int // the call each id was first seen with
	at     map[int]int    // made when an index is first taken by another call
	next   int
	legacy int // the deprecated function_call's call number, or -1
	// The first room of calls and open.
	callsBuf [4]*chatCall
	openBuf  [4]int
}

type chatDecoder struct {
	first   chatChoice    // the first choice with calls: most streams have no other
	choices []*chatChoice // the others
	// A chunk with one choice and one tool call that only brings argument
	// text is remembered: the next chunk that differs from it only in
	// that text is the same piece again (see replay).
	memoSt    *chatChoice
	memoPiece chatPiece
}

func newChat() *chatDecoder { return &chatDecoder{} }

// call returns call number idx, or nil.
func (st *chatChoice) call(idx int) *chatCall {
	for _, c := range st.calls {
		if c.num == idx {
			return c
		}
	}
	return nil
}

func (cd *chatDecoder) choice(ci int) *chatChoice {
	if cd.first.calls != nil && cd.first.index == ci {
		return &cd.first
	}
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

func (cd *chatDecoder) decode(d *Decoder, v value, event []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	var choices value
	for name, val := range d.members(v) {
		switch string(name) {
		case "choices":
			choices = val
		case "id":
			d.setResponse(val)
		case "object":
			if val.is("error") { // vLLM's and other compatible servers' error
				return d.errorValue(v)
			}
		case "error":
			if err := d.errorValue(val); err != nil {
				return err
			}
		}
	}
	if choices == nil {
		d.skipped++ // no choices: a chunk of a shape this decoder does not read
		return nil
	}
	if err := shape(choices, '[', "choices"); err != nil {
		return err
	}
	pos := 0
	cd.memoSt = nil
	for c := range d.elems(choices) {
		if err := cd.decodeChoice(d, pos, c); err != nil {
			return err
		}
		pos++
	}
	if pos == 1 && cd.memoSt != nil {
		d.remember(cd.memoPiece.args, event)
	}
	return nil
}

// replay applies the piece remembered, with args as its argument text.
func (cd *chatDecoder) replay(d *Decoder, args value) error {
	p := cd.memoPiece
	p.args = args
	return cd.memoSt.piece(d, 0, 1, p)
}

func (cd *chatDecoder) decodeChoice(d *Decoder, pos int, c value) error {
	ci := pos
	var delta, finish value
	for name, val := range d.members(c) {
		switch string(name) {
		case "index":
			n, ok := val.int()
			if !ok && !val.isNull() {
				return fmt.Errorf("choice index %s: %w", truncate(val, 40), ErrPayload)
			}
			if ok {
				ci = n
			}
		case "delta":
			delta = val
		case "finish_reason":
			finish = val
		}
	}
	var toolCalls, legacy value
	for name, val := range d.members(delta) {
		switch string(name) {
		case "tool_calls":
			toolCalls = val
		case "function_call":
			legacy = val
		}
	}
	if err := shape(toolCalls, '[', "tool_calls"); err != nil {
		return err
	}
	n := 0
	for tc := range d.elems(toolCalls) {
		if i := d.get(tc, "index"); !i.isNull() {
			if _, ok := i.int(); !ok {
				return fmt.Errorf("tool call index %s: %w", truncate(i, 40), ErrPayload)
			}
		}
		n++
	}
	var lp chatPiece
	hasLegacy := false
	if n == 0 && legacy.isObject() {
		lp = d.readChatFunction(legacy)
		hasLegacy = lp.says(d)
	}
	st := cd.choice(ci)
	if st == nil {
		if n == 0 && !hasLegacy {
			return nil // no calls to start or end: keep no state for it
		}
		if cd.first.calls == nil {
			st = &cd.first
		} else {
			st = new(chatChoice)
		}
		*st = chatChoice{index: ci, legacy: -1}
		st.calls, st.open = st.callsBuf[:0], st.openBuf[:0]
		if st != &cd.first {
			cd.choices = append(cd.choices, st)
		}
	}
	j := 0
	for tc := range d.elems(toolCalls) {
		p := d.readChatToolCall(tc)
		if err := st.piece(d, j, n, p); err != nil {
			return err
		}
		if n == 1 && !hasLegacy && finish.isNull() && p.id == nil && p.name == nil && p.args.isString() {
			cd.memoSt, cd.memoPiece = st, p
		}
		j++
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
			c := st.call(idx)
			c.ended = true
			d.emit(resume.EventEnd, c.key, idx)
		}
		st.open = st.open[:0]
	}
	return nil
}

func (d *Decoder) readChatToolCall(tc value) chatPiece {
	var p chatPiece
	p.argsAbsent = true
	for name, val := range d.members(tc) {
		switch string(name) {
		case "index":
			p.index, p.hasIndex = val.int()
		case "id":
			if val.isString() && !val.is("") {
				p.id = val
			}
		case "function":
			fn := d.readChatFunction(val)
			p.name, p.args, p.hasFn, p.argsAbsent = fn.name, fn.args, fn.hasFn, fn.argsAbsent
		}
	}
	return p
}

func (d *Decoder) readChatFunction(fn value) chatPiece {
	p := chatPiece{hasFn: fn.isObject(), argsAbsent: true}
	for name, val := range d.members(fn) {
		switch string(name) {
		case "name":
			if val.isString() && !val.is("") {
				p.name = val
			}
		case "arguments":
			p.args, p.argsAbsent = val, false
		}
	}
	return p
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
	known, seen := st.byIDFind(p.id)
	switch {
	case p.id != nil && seen:
		idx = known
	case p.hasIndex:
		idx = p.index
		if to, ok := st.at[idx]; ok {
			idx = to
		}
		if c := st.call(idx); c != nil && (st.isLegacy(idx) || p.id != nil && c.id != "" && !p.id.is(c.id) && c.other(d, p.name)) {
			if len(st.at) >= MaxCalls {
				return d.newCall() // fails: as many indexes as calls
			}
			if st.at == nil {
				st.at = make(map[int]int)
			}
			st.at[p.index] = st.next // the index taken by another call: a new one
			idx = st.next
		}
	case p.id != nil:
		idx = st.next
	case n == 1 && len(st.calls) > 0 && !st.isLegacy(st.calls[len(st.calls)-1].num):
		idx = st.calls[len(st.calls)-1].num
	}
	return st.add(d, idx, p)
}

// byIDFind returns the number of the call first seen with id.
func (st *chatChoice) byIDFind(id value) (int, bool) {
	if id == nil {
		return 0, false
	}
	n, ok := st.byID[string(id.inner())]
	return n, ok
}

// byIDAdd notes id, which call idx has, if no call had it before.
func (st *chatChoice) byIDAdd(id value, idx int) {
	if _, ok := st.byID[string(id.inner())]; ok || len(st.byID) >= MaxCalls {
		return
	}
	if st.byID == nil {
		st.byID = make(map[string]int)
	}
	st.byID[string(id.inner())] = idx
}

func (st *chatChoice) isLegacy(idx int) bool { return st.legacy >= 0 && idx == st.legacy }

// add starts call number idx if it is new, and appends the piece's
// argument text to it.
func (st *chatChoice) add(d *Decoder, idx int, p chatPiece) error {
	call := st.call(idx)
	if call == nil {
		if idx < 0 || idx >= 1<<30 {
			return fmt.Errorf("tool call index %d: %w", idx, ErrPayload)
		}
		if err := d.newCall(); err != nil {
			return err
		}
		call = &chatCall{num: idx, key: st.key(d, idx), id: p.id.str(), name: p.name.str()}
		call.sum.SetSeed(argsSeed)
		st.calls = append(st.calls, call)
		st.open = append(st.open, idx)
		st.next = max(st.next, idx+1)
		ev := d.emit(resume.EventStart, call.key, idx)
		ev.ID, ev.Name = call.id, call.name
	}
	if p.id != nil {
		st.byIDAdd(p.id, idx)
	}
	if call.ended {
		d.replays++
		return nil
	}
	rename := ""
	if p.id != nil && !p.id.is("") && !p.id.is(call.id) { // the same call under a new id
		call.id = p.id.str()
		rename = call.id
	}
	var text []byte
	sent := false // the piece brings argument text, maybe ""
	if !p.argsAbsent {
		t, ok, err := d.args(p.args)
		if err != nil {
			return err
		}
		if ok && len(t) > 0 && call.same(d, t) && call.whole(d) {
			d.replays++ // the whole call sent again
			return nil
		}
		text, sent = t, ok
	}
	if !sent && rename == "" {
		return nil
	}
	call.add(d, text)
	ev := d.emit(resume.EventDelta, call.key, idx)
	ev.Data, ev.ID = text, rename
	return nil
}

// shape returns an error wrapping ErrPayload when v, the member called
// name, is there and not null, and does not open with open ('[' or '{').
func shape(v value, open byte, name string) error {
	if v.isNull() || v[0] == open {
		return nil
	}
	want := "an array"
	if open == '{' {
		want = "an object"
	}
	return fmt.Errorf("%s is %s, not %s: %w", name, truncate(v, 40), want, ErrPayload)
}
