package provider

// NOTE: Gemini and Vertex generateContent chunks. A functionCall with
// whole args is a start and an end whose final arguments are the compact
// text of args as sent (key order and escapes kept); one with no args at
// all runs with {}. Key and Index are the call's ordinal in the stream.
// With candidateCount > 1 the candidates are other answers to the same
// turn, of which a handler acts on one: only the first candidate's calls
// are read.
//
// Vertex's streamFunctionCallArguments sends a call in pieces instead: a
// functionCall with name and willContinue, then partialArgs entries
// (jsonPath, and stringValue / numberValue / boolValue / nullValue, a
// string in several pieces), closed by a functionCall without
// willContinue (usually empty), by the next named call, or by the
// candidate's finishReason STOP (any other, such as MAX_TOKENS, says the
// output was cut short, and the call gets no end signal). The pieces
// carry values, not text: the decoder writes them as JSON text deltas,
// as they come, so that the partial view and path watches follow the
// call; and it assembles the object, in first-seen key order, as the
// end's final arguments. Where a path goes back into a member already
// written, the deltas stop, and the final arguments alone say the rest.

import (
	"fmt"

	"github.com/deltajson/deltajson/resume"
)

type geminiDecoder struct {
	n    int // calls seen
	open *partialCall
	left treeBudget // what is left of the stream's partialArgs budget
}

// partialCall is a call streamed in partialArgs.
type partialCall struct {
	key   string
	index int
	obj   *partialObj
	w     partialWriter
}

func newGemini() *geminiDecoder { return &geminiDecoder{left: newTreeBudget()} }

func (gd *geminiDecoder) decode(d *Decoder, v value, _ []byte) error {
	if !v.isObject() {
		return errNotObject
	}
	if err := d.errorValue(d.get(v, "error")); err != nil {
		return err
	}
	d.setResponse(d.get(v, "responseId"))
	cands := d.get(v, "candidates")
	if cands == nil {
		d.skipped++ // no candidates: a chunk of a shape this decoder does not read
		return nil
	}
	for cand := range d.elems(cands) {
		if i, ok := d.get(cand, "index").int(); ok && i != 0 {
			continue // another answer to the same turn
		}
		for part := range d.elems(d.get(d.get(cand, "content"), "parts")) {
			if fc := d.get(part, "functionCall"); fc.isObject() {
				if err := gd.call(d, fc); err != nil {
					return err
				}
			}
		}
		if d.get(cand, "finishReason").is("STOP") && gd.open != nil {
			gd.close(d) // the candidate is done: a streamed call ends with what came
		}
	}
	return nil
}

func (gd *geminiDecoder) call(d *Decoder, fc value) error {
	var id, name, args, partial value
	willContinue := false
	for n, val := range d.members(fc) {
		switch string(n) {
		case "id":
			id = val
		case "name":
			name = val
		case "args":
			args = val
		case "partialArgs":
			partial = val
		case "willContinue":
			willContinue = len(val) > 0 && val[0] == 't'
		}
	}
	named := name.isString() && !name.is("")
	hasPartial := len(partial) > 2 // not absent, not []
	streamed := willContinue || hasPartial
	if gd.open != nil && named && !hasPartial {
		// A named call, whole or the first of its pieces, starts while
		// one is open: it is a new call, not the open one's closer.
		gd.close(d)
	}
	if gd.open == nil {
		if !streamed && !named && args.isNull() {
			return nil // a lone closer
		}
		if err := d.newCall(); err != nil {
			return err
		}
		key, idx := d.key(gd.n), gd.n
		gd.n++
		ev := d.emit(resume.EventStart, key, idx)
		ev.ID, ev.Name = id.str(), name.str()
		if !streamed {
			end := d.emit(resume.EventEnd, key, idx)
			if args.isObject() || len(args) > 0 && args[0] == '[' {
				end.Final = d.compact(args)
			} else if !args.isNull() {
				return fmt.Errorf("functionCall args are %s: %w", args.kind(), ErrPayload)
			}
			return nil
		}
		gd.open = &partialCall{key: key, index: idx, obj: newPartialObj()}
	}
	for pv := range d.elems(partial) {
		pa, err := readPartialArg(d, pv)
		if err != nil {
			return err
		}
		steps, err := parsePath(pa.path)
		if err != nil {
			return fmt.Errorf("%w: %w", err, ErrPayload)
		}
		if err := gd.open.obj.apply(pa, steps, &gd.left); err != nil {
			return fmt.Errorf("%w: %w", err, ErrPayload)
		}
		n := len(d.scratch)
		if d.scratch = gd.open.w.write(d.scratch, steps, pa); len(d.scratch) > n {
			d.emit(resume.EventDelta, gd.open.key, gd.open.index).Data = d.scratch[n:len(d.scratch):len(d.scratch)]
		}
	}
	if !willContinue {
		gd.close(d)
	}
	return nil
}

// close ends the open call with the object assembled.
func (gd *geminiDecoder) close(d *Decoder) {
	c := gd.open
	gd.open = nil
	n := len(d.scratch)
	if d.scratch = c.w.finish(d.scratch); len(d.scratch) > n {
		d.emit(resume.EventDelta, c.key, c.index).Data = d.scratch[n:len(d.scratch):len(d.scratch)]
	}
	n = len(d.scratch)
	d.scratch = c.obj.appendJSON(d.scratch)
	d.emit(resume.EventEnd, c.key, c.index).Final = d.scratch[n:len(d.scratch):len(d.scratch)]
}

// partialWriter writes partialArgs as JSON text, in the order they come.
type partialWriter struct {
	buf    []byte        // the text being written, appended to the caller's
	open   []partialStep // the containers open below the root, outermost first
	root   partialStep   // the root object
	inStr  bool          // the last leaf is a string, still open
	begun  bool          // the root's '{' is written
	broken bool          // a path went back: no more text
	leaf   pathStep      // the last leaf written
}

// partialStep is one open container: the step into it from its parent,
// and what has been written inside it.
type partialStep struct {
	step  pathStep
	kind  byte     // '{' or '['
	n     int      // members or elements written
	names []string // an object's member names written, to tell a path that goes back
	last  int      // an array's last index written
}

// maxWrittenNames bounds the member names the writer remembers per open
// object; past it, it stops writing (the final arguments say the rest).
const maxWrittenNames = 1024

// write appends to dst the text for one partialArg at path steps.
func (w *partialWriter) write(dst []byte, steps []pathStep, pa partialArg) []byte {
	if w.broken {
		return dst
	}
	w.buf = dst
	defer func() { w.buf = nil }()
	if !w.begun {
		w.begun, w.root.kind = true, '{'
		w.buf = append(w.buf, '{')
	}
	parents := steps[:len(steps)-1]
	leaf := steps[len(steps)-1]
	same := w.inStr && pa.isStr && len(parents) == len(w.open) && w.lastLeafIs(leaf)
	for i := range parents {
		if !same || w.open[i].step != parents[i] {
			same = false
			break
		}
	}
	if same {
		return appendQuotedInner(w.buf, pa.str)
	}
	if w.inStr {
		w.buf = append(w.buf, '"')
		w.inStr = false
	}
	k := 0 // containers shared with the open path
	for k < len(parents) && k < len(w.open) && w.open[k].step == parents[k] {
		k++
	}
	for len(w.open) > k {
		w.buf = append(w.buf, w.open[len(w.open)-1].kind+2) // '{'+2 is '}', '['+2 is ']'
		w.open = w.open[:len(w.open)-1]
	}
	for i := k; i < len(steps); i++ {
		if !w.member(steps[i]) {
			w.broken = true
			return dst
		}
		if i == len(steps)-1 {
			break
		}
		kind := byte('{')
		if steps[i+1].index >= 0 {
			kind = '['
		}
		w.open = append(w.open, partialStep{step: steps[i], kind: kind, last: -1})
		w.buf = append(w.buf, kind)
	}
	switch {
	case pa.isStr:
		w.buf = appendQuotedInner(append(w.buf, '"'), pa.str)
		w.inStr = true
	case pa.raw != nil:
		w.buf = append(w.buf, pa.raw...)
	default:
		w.buf = append(w.buf, "null"...)
	}
	w.setLeaf(leaf)
	return w.buf
}

// lastLeaf is the leaf step of the string left open.
func (w *partialWriter) lastLeafIs(leaf pathStep) bool { return w.leaf == leaf }

func (w *partialWriter) setLeaf(leaf pathStep) { w.leaf = leaf }

// member writes what goes before member step of the innermost open
// container: a comma, padding nulls, a name. It reports false when the
// step goes back to a member already written.
func (w *partialWriter) member(st pathStep) bool {
	c := &w.root
	if len(w.open) > 0 {
		c = &w.open[len(w.open)-1]
	}
	if st.index < 0 {
		if c.kind != '{' || len(c.names) >= maxWrittenNames {
			return false
		}
		for _, n := range c.names {
			if n == st.name {
				return false
			}
		}
		c.names = append(c.names, st.name)
		if c.n > 0 {
			w.buf = append(w.buf, ',')
		}
		c.n++
		w.buf = append(appendQuoted(w.buf, []byte(st.name)), ':')
		return true
	}
	if c.kind != '[' || st.index <= c.last {
		return false
	}
	for c.last+1 < st.index {
		if c.n > 0 {
			w.buf = append(w.buf, ',')
		}
		w.buf = append(w.buf, "null"...)
		c.n++
		c.last++
	}
	if c.n > 0 {
		w.buf = append(w.buf, ',')
	}
	c.n++
	c.last = st.index
	return true
}

// finish appends to dst the text that closes what is open.
func (w *partialWriter) finish(dst []byte) []byte {
	if w.broken {
		return dst
	}
	if !w.begun {
		return append(dst, "{}"...)
	}
	if w.inStr {
		dst = append(dst, '"')
	}
	for i := len(w.open) - 1; i >= 0; i-- {
		dst = append(dst, w.open[i].kind+2)
	}
	return append(dst, '}')
}
