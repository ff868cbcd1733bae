package resume

// NOTE: Holding back. A tokenizer fed one byte at a time pays its fixed
// cost per byte: a Feed, a token or string piece, and an ErrNeedMore; and
// a call needs less than its tokens to answer what a handler asks after
// each delta. So while the tokenizer stands at a clean point, deltas that
// its tokenizer.Lookahead takes are appended to the arguments and held
// back from the tokenizer. The Lookahead tells the status (a whole
// top-level value makes the call complete) and the partial view (its
// End, the open string and containers). The first delta it does not
// take, and every method that needs the tokenizer's state, feeds all
// held bytes at once; the end signal of a value the Lookahead has read
// whole does not. Nothing is held while a path is watched.
//
// The tokenizer reads the very same bytes the Lookahead took, so tokens,
// errors and offsets are those of an uninterrupted run. The view moves
// only forward, and the tokens that repeat what the Lookahead already
// showed change nothing (see token). When a delta is refused the held
// bytes are fed first and the delta after them, so that where an invalid
// byte stops the tokenizer the view is what the deltas give without
// holding back. Checkpoint feeds held bytes first, so they are never part
// of a checkpoint.

import "github.com/deltajson/deltajson/tokenizer"

// hold tries to hold back data, just appended to the arguments. It
// reports whether it did; if not, nothing changed, and the caller feeds
// every held byte and data (unhold).
func (c *Call) hold(data []byte) bool {
	if !c.holding && !c.startHold() {
		return false
	}
	if !c.ahead.Read(data) {
		return false
	}
	if !c.holding {
		c.holding, c.holdStart = true, len(c.args)-len(data)
	}
	c.noteComplete()
	return true
}

// noteComplete makes a receiving call complete when the held bytes make
// its value whole.
func (c *Call) noteComplete() {
	if c.status == StatusReceiving && c.ahead.Complete() {
		c.setStatus(StatusComplete, nil)
	}
}

// quickEnd, in Call, is the length up to which the arguments may grow by
// deltas that Delta takes without the rules for replays, gaps, the end
// and the caps (appended and held at once). It is 0 when nothing may be
// taken so, and otherwise keeps every cap: the arguments' capacity (no
// append) and the byte cap. setQuick sets it after bytes are held;
// whatever drops the hold state or changes the status zeroes it. So
// quickEnd > 0 means: bytes are held, the status is receiving or
// complete, the call has not ended and nothing logs its deltas. Code that
// sets c.status or c.holding itself (restore, replaceArgs) runs only where
// quickEnd is already 0.

// setQuick sets quickEnd after held bytes.
func (c *Call) setQuick() {
	c.quickEnd = 0
	if c.status <= StatusComplete && !c.ended && c.opts.Logger == nil {
		c.quickEnd = int(min(int64(cap(c.args)), c.maxArgs))
	}
}

// takeByte appends b, a delta taken under quickEnd.
func (c *Call) takeByte(b byte) {
	// Written so, deltaRest's path tests the capacity once: the compiler
	// shares the test of the two slicings, and under its guard it
	// knows n+1 does not wrap, so grown[n] needs none. (Elsewhere it
	// still tests n < n+1.)
	n := len(c.args)
	grown := c.args[:n+1]
	c.args = c.args[:n+1]
	grown[n] = b // counted as a delta by deltasLess
}

// startHold starts the Lookahead where the tokenizer stands, or reports
// that nothing may be held there.
func (c *Call) startHold() bool {
	if c.status > StatusComplete || c.x != nil && len(c.x.watch.watches) > 0 {
		return false
	}
	if c.tk == nil { // a tokenizer at its start, with the call's options
		fresh := tokenizer.New(c.opts.tokenizerOptions())
		return c.ahead.Start(&fresh)
	}
	return c.ahead.Start(c.tk)
}

// flush feeds the bytes held back, if any.
func (c *Call) flush() { c.feedHeld(len(c.args)) }

// feedHeld drops the hold state and feeds the bytes held back before
// args[end], if any.
func (c *Call) feedHeld(end int) {
	if c.holding {
		c.inString, c.viewEnd = c.ahead.InString(), c.view()
		c.holding, c.quickEnd = false, 0
		c.feed(c.args[c.holdStart:end])
	}
}
