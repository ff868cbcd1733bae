package resume

import (
	"bytes"
	"math"
	"strings"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// PathEvent says that the value at a watched JSON Pointer grew, or is
// final. Raw and Text are borrowed: valid only during the callback, not
// to be modified, and with no room to append into.
type PathEvent struct {
	// Pointer is the watched RFC 6901 pointer.
	Pointer string
	// Kind is the value's kind: a value's, or [tokenizer.KindBeginObject]
	// or [tokenizer.KindBeginArray].
	Kind tokenizer.Kind
	// Raw holds the value's new bytes as they stand in the arguments;
	// joined over the value's events, they are its whole text.
	Raw []byte
	// Text is, for a string, the decoded text of Raw (without quotes);
	// joined, the whole decoded string. For other kinds it is Raw.
	Text []byte
	// Final says the value is whole, and no event for it follows unless
	// final arguments replace the deltas (Restart); its Raw may be empty.
	Final bool
	// Restart says that final arguments replaced the deltas after events
	// for this pointer went out: those are void, and this event begins the
	// value again ([Result].Mismatch says so when the pointer is gone).
	Restart bool
}

// NOTE: A watch matches a value whose pointer, as the tokenizer renders
// it (AppendPointer), is the watched one. Rendering it for every value
// costs the depth times the names' length, and makes a deep document
// quadratic; so the path is followed here instead, token by token, and
// each watch keeps how many of its reference tokens the current path
// begins with (watch.matched). A pointer with k reference tokens names
// only values at depth k, so the path below the deepest watched depth
// (watchState.maxRefs) is never looked at, and a token costs work
// proportional to the number of watches alone.
//
// The path's keys are the member name or element index at each open
// container: a member name token replaces its object's key, and a value
// that begins in an array (a value not right after a name) replaces its
// array's key with the number of elements begun before it (elems).
// Replacing the key at depth d-1 cuts every match to d-1 before it is
// compared, so a closing container needs nothing: a match that counts
// keys of containers since closed is cut, by the key that the next value
// at their depth needs, before any value there begins. Only a name that
// could extend some watch's match is kept and rendered, at most
// MaxPointerName raw bytes of it like the tokenizer keeps, so its
// reference token is the tokenizer's. After Watch, and when the
// arguments start over, the counts are made again from the tokenizer's
// pointer at the next value that begins (sync): once, however deep.

// watchState is the per-call state of path watches.
type watchState struct {
	watches []watch
	synced  bool    // matched and elems agree with the tokenizer's path
	named   bool    // a member name was read and its value has not begun
	collect bool    // the name being read may extend a match: keep it
	nameCut bool    // the name being read is longer than name
	maxRefs int     // the most reference tokens of a watched pointer
	elems   []int64 // elems[d]: elements begun in the array open at depth d < maxRefs
	name    []byte  // raw bytes of the name being read, at most MaxPointerName
	ptr     []byte  // scratch: a pointer or reference token
	text    []byte  // scratch: decoded string pieces
}

type watch struct {
	pointer string
	fn      func(PathEvent)
	refs    []refToken // the pointer's reference tokens
	nRefs   int        // len(refs), the depth of its value, or -1 when no value has the pointer
	matched int        // leading refs that the path's keys equal (see NOTE)
	active  bool
	kind    tokenizer.Kind // kind of the watched value
	emitted int            // args offset up to which Raw was delivered
	sent    bool           // an event went out since the arguments began
	restart bool           // they began again after one did: the next event says so
}

// refToken is a reference token of a watched pointer, as rendered.
type refToken struct {
	text  string
	index int64 // the element index that renders as text, or -1
}

// Watch calls fn with a [PathEvent] each time the value at pointer (RFC
// 6901, as the tokenizer renders it) grows, and once more when it is
// whole. Only values that begin after Watch are reported, so register
// watches before the first delta, and again after [Restore]. A value
// under a member name whose reference token ends in "…" is never
// reported: a name longer than 128 bytes shows so, cut, and could be
// another's. A text call ([Event.Text]) has no JSON value to watch.
func (c *Call) Watch(pointer string, fn func(PathEvent)) {
	if fn == nil {
		panic("resume: Watch with a nil func")
	}
	c.flush()
	if c.x == nil {
		c.x = new(extra)
	}
	ws := &c.x.watch
	w := watch{pointer: pointer, fn: fn, nRefs: -1}
	if pointer == "" {
		w.nRefs = 0
	} else if pointer[0] == '/' {
		for _, t := range strings.Split(pointer[1:], "/") {
			w.refs = append(w.refs, refToken{t, indexToken([]byte(t))})
		}
		w.nRefs = len(w.refs)
	}
	ws.watches = append(ws.watches, w)
	ws.maxRefs = max(ws.maxRefs, w.nRefs)
	for len(ws.elems) < ws.maxRefs {
		ws.elems = append(ws.elems, 0)
	}
	ws.synced = false
}

// indexToken returns the element index that renders as t, or -1.
func indexToken(t []byte) int64 {
	if len(t) == 0 || len(t) > 1 && t[0] == '0' {
		return -1
	}
	var n int64
	for _, b := range t {
		if b < '0' || b > '9' || n > (math.MaxInt64-int64(b-'0'))/10 {
			return -1
		}
		n = n*10 + int64(b-'0')
	}
	return n
}

// resetWatches forgets watched values in progress, when the arguments
// start over.
func (c *Call) resetWatches() {
	if c.x == nil {
		return
	}
	ws := &c.x.watch
	for i := range ws.watches {
		w := &ws.watches[i]
		w.active, w.restart, w.sent = false, w.restart || w.sent, false
	}
	ws.synced, ws.named, ws.collect = false, false, false
}

// watchToken reports tok to the watches it concerns.
func (c *Call) watchToken(tok tokenizer.Token) {
	ws := &c.x.watch
	if len(ws.watches) == 0 {
		return
	}
	kind, depth := tok.Kind(), tok.Depth()
	starts := false
	switch kind {
	case tokenizer.KindName:
		ws.nameToken(tok, depth)
	case tokenizer.KindEndObject, tokenizer.KindEndArray:
	default:
		if starts = tok.First(); starts {
			if ws.synced {
				ws.begin(depth)
			} else {
				c.syncWatches(tok)
			}
			if (kind == tokenizer.KindBeginObject || kind == tokenizer.KindBeginArray) && depth < ws.maxRefs {
				ws.elems[depth] = 0
			}
		}
	}
	end := int(tok.End())
	for i := range ws.watches {
		w := &ws.watches[i]
		if !w.active {
			if !starts || w.nRefs != depth || w.matched != depth {
				continue
			}
			w.active, w.kind, w.emitted = true, kind, int(tok.Offset())
		}
		if depth < w.nRefs || depth == w.nRefs && kind == tokenizer.KindName {
			continue // unreachable: a value ends before its container goes on
		}
		ev := PathEvent{Pointer: w.pointer, Kind: w.kind, Raw: c.args[w.emitted:end:end]}
		ev.Text = ev.Raw
		if w.kind == tokenizer.KindString {
			ws.text = tok.AppendText(ws.text[:0])
			ev.Text = ws.text[:len(ws.text):len(ws.text)]
		}
		w.emitted = end
		ev.Restart, w.restart, w.sent = w.restart, false, true
		final := depth == w.nRefs && tok.Last() &&
			(w.kind != tokenizer.KindBeginObject && w.kind != tokenizer.KindBeginArray ||
				kind == tokenizer.KindEndObject || kind == tokenizer.KindEndArray)
		if final {
			w.active = false
			ev.Final = true
		}
		w.fn(ev)
	}
}

// begin moves the path to a value that begins at depth d: in an array
// (no name before it), to the array's next element.
func (ws *watchState) begin(d int) {
	if ws.named {
		ws.named = false
		return
	}
	if d == 0 || d > ws.maxRefs {
		return // no container, or one deeper than any watch looks
	}
	i := ws.elems[d-1]
	ws.elems[d-1]++
	for j := range ws.watches {
		w := &ws.watches[j]
		if w.matched >= d-1 {
			w.matched = d - 1
			if w.nRefs >= d && w.refs[d-1].index == i {
				w.matched = d
			}
		}
	}
}

// nameToken moves the path to the member named by tok, a name or a piece
// of one, in the object open at depth d-1.
func (ws *watchState) nameToken(tok tokenizer.Token, d int) {
	if tok.Last() {
		ws.named = true // for begin, at the value after it
	}
	if !ws.synced || d > ws.maxRefs {
		return
	}
	if tok.First() {
		ws.collect, ws.nameCut, ws.name = false, false, ws.name[:0]
		for j := range ws.watches {
			w := &ws.watches[j]
			w.matched = min(w.matched, d-1)
			ws.collect = ws.collect || w.matched == d-1 && w.nRefs >= d
		}
	}
	if !ws.collect {
		return
	}
	raw := tok.Raw
	if tok.First() && len(raw) > 0 {
		raw = raw[1:]
	}
	if tok.Last() && len(raw) > 0 {
		raw = raw[:len(raw)-1]
	}
	if room := jsonwire.MaxPointerName - len(ws.name); len(raw) > room {
		raw, ws.nameCut = raw[:room], true
	}
	ws.name = append(ws.name, raw...)
	if !tok.Last() {
		return
	}
	ws.ptr = jsonwire.AppendPointerName(ws.ptr[:0], ws.name, ws.nameCut)
	ref := ws.ptr[1:]
	if cutToken(ref) {
		return
	}
	for j := range ws.watches {
		w := &ws.watches[j]
		if w.matched == d-1 && w.nRefs >= d && w.refs[d-1].text == string(ref) {
			w.matched = d
		}
	}
}

// cutToken reports whether a reference token ends in "…", as one of a
// name cut for length does: it could stand for another name, so it
// matches no watch.
func cutToken(t []byte) bool { return bytes.HasSuffix(t, cutMark) }

var cutMark = []byte("…")

// syncWatches makes the watches' matches and the element counts from
// the tokenizer's pointer for tok, a value that begins.
func (c *Call) syncWatches(tok tokenizer.Token) {
	ws := &c.x.watch
	ws.ptr = c.tok().AppendPointer(ws.ptr[:0])
	if tok.Kind() == tokenizer.KindBeginArray {
		// After '[' the tokenizer points at element 0: drop "/0".
		ws.ptr = ws.ptr[:len(ws.ptr)-2]
	}
	for j := range ws.watches {
		ws.watches[j].matched = 0
	}
	rest := ws.ptr
	for i := 0; len(rest) > 0 && i < ws.maxRefs; i++ {
		t := rest[1:]
		if n := bytes.IndexByte(t, '/'); n >= 0 {
			t = t[:n]
		}
		rest = rest[1+len(t):]
		ws.elems[i] = indexToken(t) + 1 // an object's is not used
		cut := cutToken(t)
		for j := range ws.watches {
			w := &ws.watches[j]
			if w.matched == i && w.nRefs > i && w.refs[i].text == string(t) && !cut {
				w.matched = i + 1
			}
		}
	}
	ws.synced, ws.named, ws.collect = true, false, false
}
