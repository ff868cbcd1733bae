package resume

import (
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// NOTE: The partial view is kept as two things: how much of the argument
// bytes it shows (viewEnd), and the kinds of the containers open there.
// Rendering is args[:viewEnd], a quote if a string is open, then one
// closer per open container. viewEnd moves to the end of every value
// token and string piece, and only forward, so what is shown is never
// retracted; names, colons, commas and unfinished numbers and literals
// are never its last bytes, so a member appears only once its value has
// begun (and then as the type it will keep).
//
// The containers open at viewEnd are the tokenizer's open containers:
// nothing that arrives after viewEnd without moving it (a name, a colon,
// a comma, part of a number or literal) opens or closes one. While bytes
// are held, the Lookahead knows those they opened and closed (hold.go).

// token updates the view, and the path watches, from one token.
//
// A token that ends where the view already is, or before, was shown by
// the Lookahead that held its bytes back (hold.go) and changes nothing
// but the kind of a container it opens, which the Lookahead kept.
func (c *Call) token(tok tokenizer.Token) {
	c.tokEnd = tok.End()
	kind := tok.Kind()
	if kind == tokenizer.KindBeginObject || kind == tokenizer.KindBeginArray {
		c.push(tok.Depth(), kind == tokenizer.KindBeginObject)
	}
	if kind != tokenizer.KindName && int(c.tokEnd) > c.viewEnd {
		if kind == tokenizer.KindString {
			c.inString = !tok.Last()
		}
		c.viewEnd = int(c.tokEnd)
	}
	if c.x != nil {
		c.watchToken(tok)
	}
}

// view is the length of the arguments the view shows: viewEnd, or while
// bytes are held, as far as the Lookahead has shown them.
func (c *Call) view() int {
	if c.holding {
		return max(c.viewEnd, int(c.ahead.End()))
	}
	return c.viewEnd
}

// push records the kind of the container opened at depth d.
func (c *Call) push(d int, obj bool) {
	bits, i := &c.stack, d
	if d >= 64 {
		if c.x == nil {
			c.x = new(extra)
		}
		w := (d - 64) / 64
		for len(c.x.deep) <= w {
			c.x.deep = append(c.x.deep, 0)
		}
		bits, i = &c.x.deep[w], d%64
	}
	*bits = withKind(*bits, i, obj)
}

// withKind returns bits with bit i set for an object, clear for an array.
func withKind(bits uint64, i int, obj bool) uint64 {
	if obj {
		return bits | 1<<i
	}
	return bits &^ (1 << i)
}

func (c *Call) isObject(d int) bool {
	if d < 64 {
		return c.stack&(1<<d) != 0
	}
	return c.x.deep[(d-64)/64]&(1<<(d%64)) != 0
}

// AppendPartial appends to dst the partial view, valid JSON of the
// arguments so far, or nothing before a value can be shown (see the
// package doc's "Partial view and path events"), and returns it; a text
// call's view is its text, not JSON. Its prefix [Call.Shown] only grows,
// unless final arguments that differ replace the deltas
// ([Result].Mismatch).
func (c *Call) AppendPartial(dst []byte) []byte {
	n := c.view()
	if n == 0 {
		return append(dst, c.shown()...)
	}
	dst = append(dst, c.args[:n]...)
	return c.appendClosers(dst)
}

// Shown returns the prefix of the partial view that is argument bytes as
// received, borrowed like [Call.Arguments]; [Call.AppendClosers] gives
// the rest. It only grows, so a display can append what is new in it.
func (c *Call) Shown() []byte { return c.shown() }

// shown is Shown. A call taken as "{}" has no argument bytes to show
// (viewEnd is 0), and shows the "{}" it runs with.
func (c *Call) shown() []byte {
	if c.emptyValue {
		return emptyObject[:2:2]
	}
	n := c.view()
	return c.args[:n:n]
}

// AppendClosers appends to dst the partial view's closing quote and
// brackets, which follow [Call.Shown].
func (c *Call) AppendClosers(dst []byte) []byte {
	if c.view() == 0 {
		return dst
	}
	return c.appendClosers(dst)
}

func (c *Call) appendClosers(dst []byte) []byte {
	if c.holding {
		return c.ahead.AppendClosers(dst)
	}
	if c.inString {
		dst = append(dst, '"')
	}
	for d := c.tok().Depth() - 1; d >= 0; d-- {
		if c.isObject(d) {
			dst = append(dst, '}')
		} else {
			dst = append(dst, ']')
		}
	}
	return dst
}

// Tentative returns the JSON Pointers of the values in the partial view
// ([Call.AppendPartial]) that may still grow: each open container,
// outermost first, then the open string; the rest of the view is final.
// Each pointer holds its names whole, so it resolves in the view and in
// the final arguments.
func (c *Call) Tentative() []string {
	c.flush()
	if c.viewEnd == 0 || c.text {
		return nil
	}
	return c.tentative()
}

// tentative returns the pointers of the containers open at the end of the
// view, outermost first, then that of the open string, if any. The call's
// tokenizer keeps at most jsonwire.MaxPointerName bytes of a member name
// (it holds no argument bytes, and its memory is bounded without them),
// so its pointer cuts longer names; the call holds the argument bytes, and
// a tokenizer of tentative's own reads them again with whole names.
func (c *Call) tentative() []string {
	type frame struct {
		end   int   // ptr[:end] is the container's pointer
		index int64 // of the element being read, in an array
		obj   bool
	}
	var (
		ptr    []byte  // the pointer of the last value begun
		frames []frame // the open containers, outermost first
		name   []byte  // the decoded text of the last member name
		open   bool    // a string is open
	)
	tk := tokenizer.New(c.opts.tokenizerOptions())
	if tk.Feed(c.args[:c.viewEnd]) != nil {
		return nil // unreachable: a new tokenizer takes any chunk
	}
	for {
		tok, err := tk.Next()
		if err != nil {
			break // ErrNeedMore at the end of the view, which the call read
		}
		kind := tok.Kind()
		switch {
		case kind == tokenizer.KindName:
			if tok.First() {
				name = name[:0]
			}
			name = tok.AppendText(name)
			continue
		case kind == tokenizer.KindEndObject || kind == tokenizer.KindEndArray:
			frames = frames[:len(frames)-1]
			continue
		}
		open = kind == tokenizer.KindString && !tok.Last()
		if !tok.First() {
			continue // a later piece of a string
		}
		if d := tok.Depth(); d > 0 {
			f := &frames[d-1]
			ptr = ptr[:f.end]
			if f.obj {
				ptr = jsonwire.AppendPointerToken(ptr, name)
			} else {
				f.index++
				ptr = strconv.AppendInt(append(ptr, '/'), f.index, 10)
			}
		}
		if kind == tokenizer.KindBeginObject || kind == tokenizer.KindBeginArray {
			frames = append(frames, frame{end: len(ptr), index: -1, obj: kind == tokenizer.KindBeginObject})
		}
	}
	all := string(ptr)
	var list []string
	for _, f := range frames {
		list = append(list, all[:f.end])
	}
	if open {
		list = append(list, all)
	}
	return list
}
