package repair

// NOTE: the tokenizer reads first. Most text that needs a repair is
// strict JSON up to some point (a cut, a fence after the value) and
// much valid text is all of it, so the tokenizer, which decides what
// JSON is, reads the value from its start as far as it is strict. The
// parser then starts where the tokenizer stopped, in the state it would
// have reached there, and the check of the output goes on from a state
// the tokenizer kept before the first edit. So the strict part of a text
// is read once, by the tokenizer, instead of by the parser and then by
// the tokenizer again.
//
// The parser makes no edit in strict JSON and reads it in one way under
// every kind, except at the last token before the tokenizer stopped: a
// string there may hold an inner quote ("a 24" screen"), a value may go
// on (a + after a string). So the parser starts at that token, and sets
// its state from the tokenizer's tokens and the separators before it.
//
// The tokenizer first skips, with no tokens, as far as it is sure the
// value is strict (prefixscan.Skip), and reads token by token only from
// a place in an array shortly before that: the open containers there
// are the skip's, and the tokenizer's state there is kept for the
// output check like the one at a chunk boundary.

import (
	"errors"
	"io"

	"github.com/deltajson/deltajson/internal/prefixscan"
	"github.com/deltajson/deltajson/tokenizer"
)

// skip is the tokenizer's prefixscan.Skip.
var skip = prefixscan.Skip.(func(*tokenizer.Tokenizer, []byte, *prefixscan.Scan) *prefixscan.Place)

// scanChunk is how much input the tokenizer reads between the states
// kept for the output check: the check reads again at most about two of
// these before the first edit.
const scanChunk = 1 << 9

// scanFirst turns strictPrefix on; FuzzRepair turns it off to hold the
// parser that starts where the tokenizer stopped to the one that reads
// all.
var scanFirst = true

// How the parser goes on after strictPrefix.
const (
	scanNone  = iota // from the start of the value
	scanIn           // inside the value, state set up
	scanAfter        // after the whole top-level value
)

// strictPrefix has the tokenizer read in[start:], the top-level value,
// in chunks of scanChunk, and keeps the tokenizer's state at the last
// two chunk boundaries (p.cps) for the output check. It returns how the
// parser goes on, with its stack, state and position set up for scanIn
// and scanAfter. p.scanValid reports that in[start:] is one strict
// value.
func (p *parser) strictPrefix(start int) int {
	in := p.in
	p.scanStart = start
	p.cpOff = [2]int{-1, -1}
	if !scanFirst {
		return scanNone
	}
	t := &p.tok
	*t = tokenizer.New(tokenizer.Options{MaxDepth: p.maxDepth})
	// NOTE: the loop runs for every token, around a call to Next: what
	// it keeps from one token to the next is in sc, in memory, so that
	// the call does not make the compiler store and load all of it again.
	// It keeps only the last token, not its offsets, and the top frame's
	// kind and count. sc is on the stack, not in the pooled parser: a
	// token holds a pointer, and storing one in the heap costs a write
	// barrier while the garbage collector marks.
	sc := &scanState{popped: -1}
	p.stack = p.stack[:0]
	off := start
	if p.skipped == nil {
		p.skipped = new(prefixscan.Scan)
	}
	if pl := skip(t, in[start:], p.skipped); pl != nil && pl.N == 0 {
		return p.strictWhole()
	} else if pl != nil {
		// The tokenizer goes on from the place, in an array, its state
		// there kept for the output check as at a chunk boundary.
		for _, f := range pl.F[:pl.N] {
			n := -1
			if !f.Obj {
				n = f.Index
			}
			at := start + f.Open
			p.stack = append(p.stack, frame{obj: f.Obj, open: at, name: [2]int{at, -1}, n: n})
		}
		sc.topArr, sc.topN = true, pl.F[pl.N-1].Index-1
		off = start + pl.At
		p.cps[p.cpNext], p.cpOff[p.cpNext] = *t, off
		p.cpNext ^= 1
	}
	var err error
	for {
		end := min(off+scanChunk, len(in))
		if off == len(in) {
			// The state before Close is kept too: a cut at the end of
			// the input is checked from there.
			t.Close()
		} else {
			t.Feed(in[off:end])
		}
		for {
			var tok tokenizer.Token
			if tok, err = t.Next(); err != nil {
				break
			}
			sc.last = tok
			if tok.Kind() > tokenizer.KindEndArray {
				// A name, a string or a scalar: names come only in
				// objects, where topArr is false.
				if sc.topArr && tok.First() {
					sc.topN++
				}
				continue
			}
			// A bracket: push or pop the frame.
			k := tok.Kind()
			if k == tokenizer.KindBeginObject || k == tokenizer.KindBeginArray {
				if sc.topArr {
					sc.topN++
				}
				if len(p.stack) > 0 {
					p.stack[len(p.stack)-1].n = sc.topN
				}
				// name[0] holds the opener's offset until the end.
				at := start + int(tok.Offset())
				p.stack = append(p.stack, frame{obj: k == tokenizer.KindBeginObject, open: at, name: [2]int{at, -1}})
				sc.topArr, sc.topN = k == tokenizer.KindBeginArray, -1
				continue
			}
			sc.popped = p.stack[len(p.stack)-1].name[0]
			p.stack = p.stack[:len(p.stack)-1]
			if len(p.stack) > 0 {
				top := &p.stack[len(p.stack)-1]
				sc.topArr, sc.topN = !top.obj, top.n
			}
		}
		if err != tokenizer.ErrNeedMore {
			break
		}
		p.cps[p.cpNext], p.cpOff[p.cpNext] = *t, end
		p.cpNext ^= 1
		off = end
	}
	stack, last, popped := p.stack, sc.last, sc.popped
	if len(stack) > 0 {
		stack[len(stack)-1].n = sc.topN
	}
	// Each object's member name is the one before the value open in it:
	// the next frame's opener.
	for i := range stack {
		stack[i].name[1] = -1
		if i > 0 && stack[i-1].obj {
			stack[i-1].name = nameBefore(in, start, stack[i].name[0])
		}
	}
	if len(stack) > 0 {
		stack[len(stack)-1].name = [2]int{-1, -1}
	}
	p.stack = stack
	p.pos = start
	if err == io.EOF {
		return p.strictWhole()
	}
	se, ok := err.(*tokenizer.SyntaxError)
	if last.Kind() == tokenizer.KindInvalid || !ok || errors.Is(se, tokenizer.ErrLimit) || !last.First() {
		// Nothing read, a limit, or the stop in a long string whose
		// start is in an earlier chunk: the parser reads it all.
		return scanNone
	}
	// The last token whole or begun: where it begins and ends, and
	// whether it opened or closed a container.
	k := last.Kind()
	lastStart, lastEnd := start+int(last.Offset()), start+int(last.End())
	lastOpen := k == tokenizer.KindBeginObject || k == tokenizer.KindBeginArray
	lastClose := k == tokenizer.KindEndObject || k == tokenizer.KindEndArray
	if len(p.stack) == 0 {
		if !lastClose {
			return scanNone // a top-level scalar, which may go on (a quote in it)
		}
		p.pos, p.state = lastEnd, stDone
		p.safe, p.safeLog = lastEnd, len(p.log)
		p.lastClose, p.lastCloseLog = lastEnd-1, len(p.log)
		return scanAfter
	}
	if lastClose {
		if top := &p.stack[len(p.stack)-1]; top.obj {
			top.name = nameBefore(in, start, popped)
		}
		p.pos, p.state = lastEnd, stNext
		p.safe, p.safeLog = lastEnd, len(p.log)
		return scanIn
	}
	if lastOpen {
		if p.stack = p.stack[:len(p.stack)-1]; len(p.stack) == 0 {
			return scanNone
		}
	}
	return p.resumeAt(start, lastStart)
}

// strictWhole sets the parser up after in[scanStart:], found to be one
// strict value, for strictPrefix to return.
func (p *parser) strictWhole() int {
	p.scanValid = true
	p.stack = p.stack[:0]
	p.pos = len(p.in)
	p.state = stDone
	return scanAfter
}

// scanState is what strictPrefix keeps from one token to the next.
type scanState struct {
	last   tokenizer.Token // the last token, or the last piece
	topArr bool            // the top frame is an array
	topN   int             // the top frame's count, kept in the frame when it is not on top
	popped int             // the offset of the opener of the last container closed
}

// resumeAt sets the state in which the parser meets the token at r,
// which begins a name or a value in the container on top of the stack,
// from the separator before it.
func (p *parser) resumeAt(start, r int) int {
	in := p.in
	top := &p.stack[len(p.stack)-1]
	j := lastNonSpace(in, start, r)
	member := in[j] == ':'
	if member {
		// A member's value: what comes before the member's name.
		top.name = nameBefore(in, start, r)
		if top.name[0] < 0 {
			return scanNone // not reached
		}
		j = lastNonSpace(in, start, top.name[0])
	}
	p.state = stValue
	switch in[j] {
	case '{', '[':
		p.safe = j + 1
		if !member {
			p.state = stElemFirst
			if top.obj {
				p.state = stNameFirst
			}
		}
	case ',':
		p.comma, p.commaLog = j, len(p.log)
		p.safe = lastNonSpace(in, start, j) + 1
		if !member {
			p.state = stElem
			if top.obj {
				p.state = stName
			}
		}
	default:
		return scanNone // not reached: the tokenizer read these separators
	}
	p.safeLog = len(p.log)
	p.pos = r
	return scanIn
}

// nameBefore returns the input span of the member name, quotes
// included, of the value that begins at v in strict JSON read from
// from: a name, a colon, and whitespace around them stand before it. The
// name's opening quote is the first one back that an even run of
// backslashes, or none, precedes. It returns {-1, -1} if v is not so.
func nameBefore(in []byte, from, v int) [2]int {
	j := lastNonSpace(in, from, v)
	if j < from || in[j] != ':' {
		return [2]int{-1, -1}
	}
	q := lastNonSpace(in, from, j)
	if q < from || in[q] != '"' {
		return [2]int{-1, -1}
	}
	for s := q - 1; s >= from; s-- {
		if in[s] != '"' {
			continue
		}
		k := s
		for k > from && in[k-1] == '\\' {
			k--
		}
		if (s-k)%2 == 0 {
			return [2]int{s, q + 1}
		}
	}
	return [2]int{-1, -1}
}

// checkOutput checks that out, the output of the log on the input, is
// strict JSON. The output up to the first edit after the scan's start is
// what the tokenizer read there, after leading whitespace, so the check
// goes on from the state the tokenizer kept at the last chunk boundary
// before that edit.
func (p *parser) checkOutput(out []byte) error {
	i0, delta := 0, 0
	for i0 < len(p.log) && p.log[i0].off < p.scanStart {
		e := p.log[i0]
		delta += len(p.text(e.ins)) - e.n
		i0++
	}
	e0 := len(p.in)
	if i0 < len(p.log) {
		e0 = p.log[i0].off
	}
	k0 := p.scanStart + delta
	best := -1
	for i, off := range p.cpOff {
		if off >= 0 && off <= e0 && (best < 0 || off > p.cpOff[best]) {
			best = i
		}
	}
	if best < 0 || k0 < 0 || k0 > len(out) || lastNonSpace(out, 0, k0) >= 0 {
		return strictValid(out)
	}
	t := p.cps[best]
	t.Feed(out[k0+p.cpOff[best]-p.scanStart:])
	t.Close()
	for {
		if _, err := t.Next(); err != nil {
			if err == io.EOF {
				return nil
			}
			// The whole check words the error, and has the last word on
			// limits the scan's options set.
			return strictValid(out)
		}
	}
}
