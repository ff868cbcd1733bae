package resume

import (
	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// NOTE: Holding back. A tokenizer fed one byte at a time pays its fixed
// cost per byte: a Feed, a token or string piece, and an ErrNeedMore; and
// a call needs less than its tokens to answer what a handler asks after
// each delta. So while the tokenizer stands at a clean point (no cut
// sequence carried), deltas that the small grammar below proves valid
// are appended to the arguments and held back from the tokenizer. The
// grammar keeps what a caller sees up to date itself: the status (a
// whole top-level value makes the call complete) and the partial view
// (viewEnd, the open string, the containers opened and closed). The
// first delta with a byte it is not sure of, and every method that needs
// the tokenizer's state, feeds all held bytes at once; the end signal of
// a value the grammar has read whole does not. The grammar is a byte
// automaton (automaton.go) read by hold's loop, and by Delta itself for a
// delta of one byte (take, takeAction).
//
// What is held: whitespace, structure, names, strings without control
// bytes, numbers (shorter than the number limit) and literals, in
// containers less than 63 deep and within the depth limit; nothing when a
// string length limit is set, or a path is watched. Anything else
// (an invalid byte or escape, a lone surrogate, a close that does not
// match) goes to the tokenizer, which reads the very same bytes, so
// tokens, errors and offsets are those of an uninterrupted run. The
// view moves only forward, and the tokens that repeat what the grammar
// already showed change nothing (see token). When a delta is refused the
// held bytes are fed first and the delta after them, so that where an
// invalid byte stops the tokenizer the view is what the deltas give
// without holding back. Checkpoint feeds held bytes first, so they are
// never part of a checkpoint.

// holdState is where the held bytes have brought the small grammar.
type holdState struct {
	s        uint8 // automaton state (automaton.go)
	depth    int   // containers opened minus closed by the held bytes
	numStart int   // in a number: the index in args of its first byte
}

// maxHoldDepth bounds the containers the grammar opens: their kinds are
// in Call.stack, one bit per level.
const maxHoldDepth = 63

// hold tries to hold back data, just appended to the arguments. It
// reports whether it did; if so, the caller sets quickEnd, and if not, it
// drops the hold state and feeds every held byte and data, and the view is
// as it was.
func (c *Call) hold(data []byte) bool {
	if !c.holding && !c.startHold(len(data)) {
		return false
	}
	// The state the loop changes byte by byte is in locals, stored once at
	// the end: kept in c.h, every byte would wait on the store of the one
	// before.
	s, depth, numStart := c.h.s, c.h.depth, c.h.numStart
	view, complete := c.viewEnd, false
	base := c.tk.Depth()           // containers open where the tokenizer stands
	at0 := len(c.args) - len(data) // data[i] is args[at0+i]
	for i := 0; i < len(data); {
		switch {
		case (s == lsValueStr+strNormal || s == lsNameStr+strNormal) && data[i] != '"':
			// Whole valid characters, plain ones eight at a time; the
			// automaton takes the closing quote and anything cut or wrong.
			j, closed := jsonwire.ScanString(data, i)
			if closed {
				j--
			}
			if j > i {
				if i = j; s == lsValueStr+strNormal {
					view = at0 + i
				}
				if i == len(data) {
					continue
				}
			}
		case isNumberState(s):
			n, limit := s-lsNumber, numStart+c.maxNum-1-at0 // data[limit:] is past the limit
			for ; i < len(data); i++ {
				next, ok := jsonwire.NumberStep(n, data[i])
				if !ok {
					break
				}
				if i >= limit {
					return false // the tokenizer fails a number past its limit
				}
				n = next
			}
			if s = lsNumber + n; i == len(data) {
				continue
			}
			// data[i] ends the number, and is read again after it.
			if !jsonwire.NumberCanEnd(n) {
				return false
			}
			view, s = at0+i, c.afterValue(base+depth)
			complete = complete || s == lsEnd
		}
		b := data[i]
		next := lexStep[s][b]
		i++
		if next < nStates {
			if s = next; s == lsValueStr+strNormal {
				view = at0 + i // a whole character of a value string
			}
			continue
		}
		at := at0 + i - 1 // b is args[at]
		switch next {
		case actStrEnd, actLiteralEnd:
			s, view = c.afterValue(base+depth), at+1
			complete = complete || s == lsEnd
		case actNumber:
			s, numStart = lsNumber+jsonwire.NumberFirst(b), at
		case actOpenObject, actOpenArray:
			var ok bool
			if s, ok = c.holdOpen(base+depth, next); !ok {
				return false
			}
			depth++
			view = at + 1
		case actClose:
			var ok bool
			if depth, s, ok = c.holdClose(base, depth, b); !ok {
				return false
			}
			view, complete = at+1, complete || s == lsEnd
		default:
			// actRefuse, and actNumberEnd, which the number loop above
			// takes before the automaton sees the byte.
			return false
		}
	}
	c.h = holdState{s: s, depth: depth, numStart: numStart}
	c.viewEnd = view
	if !c.holding {
		c.holding, c.holdStart = true, at0
	}
	if complete && c.status == StatusReceiving {
		c.setStatus(StatusComplete, nil)
	}
	return true
}

// quickEnd, in Call, is the length up to which the arguments may grow by
// deltas that Delta takes without the rules for replays, gaps, the end
// and the caps (appended and held at once), and by one-byte deltas that
// only change the automaton's state (take): a byte inside a string,
// number or literal, whitespace, a colon, a comma, or a string's opening
// quote. It is 0 when nothing may be taken so, and otherwise keeps every
// cap: the arguments' capacity (no append), the byte cap, and the number
// length limit. setQuick sets it after bytes are held, from the gates and
// the caps (quickCap) and the number being read; after bytes taken under
// it, Delta and takeAction only set it again from quickCap and the
// number; whatever drops the hold state or changes the status zeroes it.
// So quickEnd > 0 means: bytes are held, the status is receiving or
// complete, the call has not ended and nothing logs its deltas. Code that
// sets c.status or c.holding itself (restore, replaceArgs) runs only where
// quickEnd is already 0.

// setQuick sets quickEnd after held bytes, and quickCap, what it is
// outside numbers, for the number actions to set it from.
func (c *Call) setQuick() {
	c.quickCap = 0
	if c.status <= StatusComplete && !c.ended && c.opts.Logger == nil {
		c.quickCap = int(min(int64(cap(c.args)), c.maxArgs))
	}
	c.limitQuick()
}

// limitQuick sets quickEnd from quickCap and the number being read, if any.
func (c *Call) limitQuick() {
	c.quickEnd = c.quickCap
	if isNumberState(c.h.s) {
		c.quickEnd = min(c.quickCap, c.h.numStart+c.maxNum-1)
	}
}

// take appends the one-byte delta b, which moves the automaton to state
// s and does nothing else, under quickEnd: what delta and hold would do
// with it, in a few stores.
func (c *Call) take(b byte, s uint8) {
	n := c.takeByte(b)
	if c.h.s = s; s == lsValueStr+strNormal {
		c.viewEnd = n + 1
	}
}

// takeByte appends b, a delta taken under quickEnd, and counts it. It
// returns b's index in the arguments.
func (c *Call) takeByte(b byte) int {
	// Written so, Delta's path tests the capacity once: the compiler
	// shares the test of the two slicings, and under Delta's guard it
	// knows n+1 does not wrap, so grown[n] needs none. (Elsewhere it
	// still tests n < n+1.)
	n := len(c.args)
	grown := c.args[:n+1]
	c.args = c.args[:n+1]
	grown[n] = b
	c.deltas++
	return n
}

// takeAction is take for a byte b whose action in the automaton is a:
// what hold does with it, case by case, on the call's own fields. The
// cases use the helpers below, which hold's switch calls too (hold's
// number loop does what the actNumberEnd case does); the two switches
// stay apart because hold keeps its state in locals, and a shared act on
// a struct of them made every multi-byte delta about 13% slower.
func (c *Call) takeAction(b byte, a uint8) {
	n := c.takeByte(b)
	h, ok := &c.h, true
	base := c.tk.Depth()
	switch a {
	case actStrEnd, actLiteralEnd:
		h.s, c.viewEnd = c.afterValue(base+h.depth), n+1
	case actNumber:
		// While the number lasts, its length limit caps quickEnd.
		h.s, h.numStart = lsNumber+jsonwire.NumberFirst(b), n
		c.limitQuick()
		return
	case actOpenObject, actOpenArray:
		if h.s, ok = c.holdOpen(base+h.depth, a); ok {
			h.depth++
			c.viewEnd = n + 1
		}
	case actClose:
		if h.depth, h.s, ok = c.holdClose(base, h.depth, b); ok {
			c.viewEnd = n + 1
		}
	case actNumberEnd:
		// b ends the number before it, and is read again after it: only
		// whitespace, a comma or a close can be.
		switch next := lexStep[c.afterValue(base+h.depth)][b]; {
		case next < nStates: // whitespace or a comma
			h.s, c.viewEnd = next, n
		case next == actClose:
			if h.depth, h.s, ok = c.holdClose(base, h.depth, b); ok {
				c.viewEnd = n + 1
			}
		default:
			ok = false
		}
		if ok {
			c.limitQuick() // the number's limit is lifted
		}
	default: // actRefuse
		c.read(n)
		return
	}
	if !ok {
		// The case changed nothing that unhold does not reset: the hold
		// state, which it drops, and no field of the view.
		c.unhold(n)
		return
	}
	if h.s == lsEnd && c.status == StatusReceiving {
		c.setStatus(StatusComplete, nil)
	}
}

// holdOpen opens the container of action a (actOpenObject or
// actOpenArray) at depth d, and returns the state after it, or false
// past the depth the grammar holds.
func (c *Call) holdOpen(d int, a uint8) (uint8, bool) {
	if d >= c.holdDepthLimit() {
		return 0, false
	}
	// Below maxHoldDepth, the kind is a bit of c.stack: push without its
	// deep case, so that this inlines.
	c.stack = withKind(c.stack, d, a == actOpenObject)
	if a == actOpenObject {
		return lsFirstName, true
	}
	return lsFirstValue, true
}

// afterValue is the grammar state after a whole value with d containers
// open: lsEnd after the top-level value, and otherwise the state for the
// innermost container's kind, if c.stack has it.
func (c *Call) afterValue(d int) uint8 {
	switch {
	case d == 0:
		return lsEnd
	case d > maxHoldDepth:
		return lsAfter
	case c.isObject(d - 1):
		return lsAfterName
	}
	return lsAfterItem
}

// holdClose reads b, '}' or ']', with depth containers opened by the
// held bytes over base open in the tokenizer. It returns the depth and the
// grammar state after it, or false when b does not close the innermost
// container.
func (c *Call) holdClose(base, depth int, b byte) (int, uint8, bool) {
	d := base + depth
	if d == 0 || d > maxHoldDepth || c.isObject(d-1) != (b == '}') {
		return depth, 0, false
	}
	return depth - 1, c.afterValue(d - 1), true
}

// startHold sets the hold state from the tokenizer's, which has read
// all but the last n bytes of the arguments, or reports that nothing may
// be held there.
func (c *Call) startHold(n int) bool {
	if c.status > StatusComplete || c.x != nil && len(c.x.watch.watches) > 0 ||
		c.opts.Tokenizer.MaxStringLength != 0 {
		return false
	}
	c.h = holdState{}
	switch c.tk.In() {
	case tokenizer.InString, tokenizer.InName:
		if c.tokEnd != c.tk.Offset() {
			return false // a cut escape or character is carried
		}
		c.h.s = lsValueStr + strNormal
		if c.tk.In() == tokenizer.InName {
			c.h.s = lsNameStr + strNormal
		}
	case tokenizer.InNumber:
		return c.startNumber(len(c.args) - n)
	case tokenizer.InLiteral:
		return c.startLiteral(len(c.args) - n)
	case tokenizer.InNone:
		switch c.tk.Expect() {
		case tokenizer.ExpectValue:
			c.h.s = lsValue // ']' is the tokenizer's: it may not follow ','
		case tokenizer.ExpectName:
			c.h.s = lsName // the same for '}'
		case tokenizer.ExpectColon:
			c.h.s = lsColon
		case tokenizer.ExpectComma:
			c.h.s = c.afterValue(c.tk.Depth())
		default:
			c.h.s = lsEnd
		}
	default:
		return false
	}
	return true
}

// flush feeds the bytes held back, if any.
func (c *Call) flush() { c.feedHeld(len(c.args)) }

// feedHeld drops the hold state and feeds the bytes held back before
// args[end], if any.
func (c *Call) feedHeld(end int) {
	if c.holding {
		c.inString = c.viewInString()
		c.holding, c.h, c.quickEnd = false, holdState{}, 0
		c.feed(c.args[c.holdStart:end])
	}
}

// startNumber sets the hold state to where the tokenizer stands in the
// number that ends at args[end].
func (c *Call) startNumber(end int) bool {
	start := end
	for start > 0 && jsonwire.IsNumberByte(c.args[start-1]) {
		start--
	}
	num := c.args[start:end]
	if len(num) == 0 {
		return false // unreachable while the tokenizer is in a number
	}
	n := jsonwire.NumberFirst(num[0])
	for _, b := range num[1:] {
		var ok bool
		if n, ok = jsonwire.NumberStep(n, b); !ok {
			return false // unreachable: the tokenizer would have failed
		}
	}
	c.h.s, c.h.numStart = lsNumber+n, start
	return true
}

// startLiteral sets the hold state to where the tokenizer stands in the
// literal that ends at args[end].
func (c *Call) startLiteral(end int) bool {
	start := end
	for start > 0 && c.args[start-1] >= 'a' && c.args[start-1] <= 'z' {
		start--
	}
	if start == end {
		return false // unreachable while the tokenizer is in a literal
	}
	if end-start >= litStride {
		return false // unreachable: literals are at most five bytes
	}
	c.h.s = uint8(lsLiteral + litStride*int(jsonwire.LiteralIndex(c.args[start])) + end - start)
	return true
}

// holdDepthLimit is the depth at which the grammar stops opening
// containers: maxHoldDepth, or the tokenizer's limit if lower.
func (c *Call) holdDepthLimit() int {
	if n := c.opts.Tokenizer.MaxDepth; n > 0 && n < maxHoldDepth {
		return n
	}
	return maxHoldDepth
}
