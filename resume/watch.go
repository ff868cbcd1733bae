package resume

import (
	"github.com/deltajson/deltajson/tokenizer"
)

// PathEvent says that the value at a watched JSON Pointer grew, or is
// final. Raw and Text are borrowed: valid only during the callback.
type PathEvent struct {
	// Pointer is the watched RFC 6901 pointer.
	Pointer string
	// Kind is the value's kind: String, Number, True, False, Null,
	// BeginObject or BeginArray.
	Kind tokenizer.Kind
	// Raw holds the value's new bytes as they stand in the arguments.
	// Joined over all events for the value, they are its whole text.
	Raw []byte
	// Text is, for a string, the decoded text of Raw (without quotes);
	// joined, the whole decoded string. For other kinds it is Raw.
	Text []byte
	// Final says the value is whole; no event for it follows. The final
	// event's Raw and Text may be empty.
	Final bool
}

// watchState is the per-call state of path watches.
type watchState struct {
	watches []watch
	ptr     []byte // scratch: the pointer of the current token
	text    []byte // scratch: decoded string pieces
}

type watch struct {
	pointer string
	fn      func(PathEvent)
	active  bool
	depth   int            // Token.Depth of the watched value's first token
	kind    tokenizer.Kind // kind of the watched value
	emitted int            // args offset up to which Raw was delivered
}

// Watch calls fn as the value at the JSON Pointer pointer arrives: once
// per token or string piece that adds to it, and once more with Final
// set when it is whole. A string's events carry its decoded text, so a
// display can stream "/content" as it arrives. An object or array
// grows by the raw bytes of its members; watch a member for its text.
//
// The pointer is matched exactly as the tokenizer renders it (RFC 6901,
// "" for the whole arguments). A value already begun when Watch is
// called is not reported; register watches before the first delta.
// Watches are not part of a checkpoint: register them again after
// Restore, and they see the values that begin after it. A name that
// occurs twice in an object is reported twice.
func (c *Call) Watch(pointer string, fn func(PathEvent)) {
	c.flush()
	if c.x == nil {
		c.x = new(extra)
	}
	c.x.watch.watches = append(c.x.watch.watches, watch{pointer: pointer, fn: fn})
}

// resetWatches forgets watched values in progress, when the arguments
// start over.
func (c *Call) resetWatches() {
	if c.x == nil {
		return
	}
	for i := range c.x.watch.watches {
		c.x.watch.watches[i].active = false
	}
}

// watchToken reports tok to the watches it concerns.
func (c *Call) watchToken(tok tokenizer.Token) {
	ws := &c.x.watch
	if len(ws.watches) == 0 {
		return
	}
	starts := tok.First() && tok.Kind() != tokenizer.Name &&
		tok.Kind() != tokenizer.EndObject && tok.Kind() != tokenizer.EndArray
	if starts {
		ws.ptr = c.tk.AppendPointer(ws.ptr[:0])
		if tok.Kind() == tokenizer.BeginArray {
			// After '[' the tokenizer points at element 0: drop "/0".
			ws.ptr = ws.ptr[:len(ws.ptr)-2]
		}
	}
	end := int(tok.End())
	for i := range ws.watches {
		w := &ws.watches[i]
		if !w.active {
			if !starts || string(ws.ptr) != w.pointer {
				continue
			}
			w.active, w.depth, w.kind, w.emitted = true, tok.Depth(), tok.Kind(), int(tok.Offset())
		}
		if tok.Depth() < w.depth || tok.Depth() == w.depth && tok.Kind() == tokenizer.Name {
			continue // unreachable: a value ends before its container goes on
		}
		ev := PathEvent{Pointer: w.pointer, Kind: w.kind, Raw: c.args[w.emitted:end]}
		ev.Text = ev.Raw
		if w.kind == tokenizer.String {
			ws.text = tok.AppendText(ws.text[:0])
			ev.Text = ws.text
		}
		w.emitted = end
		final := tok.Depth() == w.depth && tok.Last() &&
			(w.kind != tokenizer.BeginObject && w.kind != tokenizer.BeginArray ||
				tok.Kind() == tokenizer.EndObject || tok.Kind() == tokenizer.EndArray)
		if final {
			w.active = false
			ev.Final = true
		}
		w.fn(ev)
	}
}
