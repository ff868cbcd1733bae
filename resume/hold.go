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
// a value the grammar has read whole does not.
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
	g            uint8  // grammar state, hg*
	s            uint8  // in a string: where in a character, hs*
	need, lo, hi byte   // in a UTF-8 character: bytes to come, range of the next; in \u: digits to come
	u            uint16 // in \u: the digits read
	n            uint8  // in a number: its jsonwire.Num* state
	lit          uint8  // in a literal: which, an index into jsonwire.Literals
	num          int    // in a number or literal: its bytes so far
	depth        int    // containers opened minus closed by the held bytes
}

// Grammar states: the state after reading ...
const (
	hgNone       = iota // ... nothing held: derive the state from the tokenizer
	hgValue             // ... ':' or ',' in an array, or nothing: a value must come
	hgFirstValue        // ... '[': a value or ']'
	hgFirstName         // ... '{': a name or '}'
	hgName              // ... ',' in an object: a name must come
	hgNameStr           // ... part of a member name
	hgColon             // ... a member name: ':' must come
	hgValueStr          // ... part of a value string
	hgAfterValue        // ... a value in a container: ',' or the close
	hgEnd               // ... the top-level value: only whitespace
	hgNumber            // ... part of a number
	hgLiteral           // ... part of true, false or null
)

// String states, after reading ...
const (
	hsNormal = iota // ... a whole character
	hsEsc           // ... a '\'
	hsUTF8          // ... part of a multi-byte UTF-8 character
	hsHex           // ... "\u" and some of its hex digits
	hsHiEsc         // ... a high surrogate escape: "\u" and a low one must follow
	hsHiU           // ... a high surrogate escape and '\'
	hsLoHex         // ... a high surrogate escape, "\u" and some digits of the low one
)

// maxHoldDepth bounds the containers the grammar opens: their kinds are
// in Call.stack, one bit per level.
const maxHoldDepth = 63

// hold tries to hold back data, just appended to the arguments. It
// reports whether it did; if not, the caller drops the hold state and
// feeds every held byte and data, and the view is as it was.
func (c *Call) hold(data []byte) bool {
	if c.held == 0 && !c.startHold(len(data)) {
		return false
	}
	// The state the loop changes byte by byte is in locals, stored once at
	// the end: kept in c.h, every byte would wait on the store of the one
	// before. The rest stays in c.h.
	h := &c.h
	g, st, depth, n, num := h.g, h.s, h.depth, h.n, h.num
	view, inString, complete := c.viewEnd, c.inString, false
	base := c.tk.Depth() // containers open where the tokenizer stands
	end := len(c.args)   // data is args[end-len(data):end]
	for i := 0; i < len(data); i++ {
		b := data[i]
		at := end - len(data) + i // b is args[at]
		switch g {
		case hgValueStr, hgNameStr:
			if st == hsNormal && b != '"' {
				// Whole valid characters, plain ones eight at a time; the
				// byte machine below takes the closing quote and anything
				// cut or wrong.
				j, closed := jsonwire.ScanString(data, i)
				if closed {
					j--
				}
				if j > i {
					if g == hgValueStr {
						view = at + j - i
					}
					i = j - 1
					continue
				}
			}
			switch st {
			case hsNormal:
				switch {
				case jsonwire.Plain[b]:
				case b == '\\':
					st = hsEsc
				case b == '"':
					if g == hgNameStr {
						g = hgColon
						continue
					}
					view, inString = at+1, false
					g = afterValue(base + depth)
					complete = complete || g == hgEnd
					continue
				default:
					var ok bool
					if st, ok = h.utf8Byte(st, b); !ok {
						return false
					}
				}
			case hsEsc:
				switch {
				case jsonwire.SimpleEscape[b]:
					st = hsNormal
				case b == 'u':
					st, h.need, h.u = hsHex, 4, 0
				default:
					return false // not an escape: the tokenizer's error
				}
			case hsHex, hsLoHex:
				var ok bool
				if st, ok = h.hexDigit(st, b); !ok {
					return false
				}
			case hsHiEsc, hsHiU:
				if st == hsHiEsc && b != '\\' || st == hsHiU && b != 'u' {
					return false // a lone high surrogate: the tokenizer's error
				}
				st++ // hsHiEsc -> hsHiU -> hsLoHex
				h.need, h.u = 4, 0
			case hsUTF8:
				var ok bool
				if st, ok = h.utf8Byte(st, b); !ok {
					return false
				}
			}
			if g == hgValueStr && st == hsNormal {
				view = at + 1 // a whole character of a value string
			}
		case hgValue, hgFirstValue:
			switch {
			case jsonwire.Space[b]:
			case b == '"':
				g, st = hgValueStr, hsNormal
				view, inString = at+1, true
			case b == '{' || b == '[':
				d := base + depth
				if d >= c.holdDepthLimit() {
					return false
				}
				c.push(d, b == '{')
				depth++
				view = at + 1
				g = hgFirstValue
				if b == '{' {
					g = hgFirstName
				}
			case b == ']' && g == hgFirstValue:
				var ok bool
				if depth, g, ok = c.holdClose(base, depth, b); !ok {
					return false
				}
				view, complete = at+1, complete || g == hgEnd
			case b == '-' || jsonwire.IsDigit(b):
				g, n, num = hgNumber, jsonwire.NumInt, 1
				switch b {
				case '-':
					n = jsonwire.NumMinus
				case '0':
					n = jsonwire.NumZero
				}
			case b == 't' || b == 'f' || b == 'n':
				g, num = hgLiteral, 1
				h.lit = jsonwire.LiteralIndex(b)
			default:
				return false
			}
		case hgFirstName, hgName:
			switch {
			case jsonwire.Space[b]:
			case b == '"':
				g, st = hgNameStr, hsNormal
			case b == '}' && g == hgFirstName:
				var ok bool
				if depth, g, ok = c.holdClose(base, depth, b); !ok {
					return false
				}
				view, complete = at+1, complete || g == hgEnd
			default:
				return false
			}
		case hgColon:
			switch {
			case jsonwire.Space[b]:
			case b == ':':
				g = hgValue
			default:
				return false
			}
		case hgAfterValue:
			switch {
			case jsonwire.Space[b]:
			case b == ',':
				d := base + depth
				if d > maxHoldDepth {
					return false // the kind is not in c.stack
				}
				g = hgValue
				if c.isObject(d - 1) {
					g = hgName
				}
			case b == '}' || b == ']':
				var ok bool
				if depth, g, ok = c.holdClose(base, depth, b); !ok {
					return false
				}
				view, complete = at+1, complete || g == hgEnd
			default:
				return false
			}
		case hgEnd:
			if !jsonwire.Space[b] {
				return false
			}
		case hgNumber:
			if next, ok := jsonwire.NumberStep(n, b); ok {
				if num+1 >= c.maxNumber() {
					return false // the tokenizer fails a number past its limit
				}
				n = next
				num++
				continue
			}
			if !jsonwire.NumberCanEnd(n) {
				return false
			}
			view, g = at, afterValue(base+depth) // the number ends before b, which is read again
			complete = complete || g == hgEnd
			i--
		case hgLiteral:
			lit := jsonwire.Literals[h.lit]
			if num >= len(lit) || b != lit[num] {
				return false
			}
			num++
			if num == len(lit) {
				view, g = at+1, afterValue(base+depth)
				complete = complete || g == hgEnd
			}
		default:
			return false // unreachable: startHold sets a state
		}
	}
	h.g, h.s, h.depth, h.n, h.num = g, st, depth, n, num
	c.viewEnd, c.inString = view, inString
	c.held += len(data)
	if complete && c.status == StatusReceiving {
		c.setStatus(StatusComplete, nil)
	}
	return true
}

// stringByte reads the one-byte delta b inside a string when it is part
// of a multi-byte character, and reports whether it did; else it leaves
// the state to hold's loop. Call.delta calls it before hold, once it has
// taken plain bytes itself.
func (c *Call) stringByte(b byte) bool {
	h := &c.h
	if h.s != hsUTF8 && (h.s != hsNormal || b < 0x80) {
		return false
	}
	st, ok := h.utf8Byte(h.s, b)
	if !ok {
		return false
	}
	if h.s = st; st == hsNormal && h.g == hgValueStr {
		c.viewEnd = len(c.args) // a whole character of a value string
	}
	return true
}

// utf8Byte reads b as the first byte of a multi-byte character (in
// string state hsNormal) or as the next one (in hsUTF8), and returns the
// state after it, or false when b cannot stand there.
func (h *holdState) utf8Byte(st uint8, b byte) (uint8, bool) {
	if st == hsNormal {
		l := jsonwire.UTF8First[b]
		if l.Need == 0 {
			return st, false
		}
		h.need, h.lo, h.hi = l.Need, l.Lo, l.Hi
		return hsUTF8, true
	}
	if b < h.lo || b > h.hi {
		return st, false
	}
	h.need--
	h.lo, h.hi = 0x80, 0xBF
	if h.need > 0 {
		return hsUTF8, true
	}
	return hsNormal, true
}

// hexDigit reads b as the next digit of a \u escape in string state st,
// and returns the state after it. It refuses what the tokenizer would
// fail at: a lone low surrogate, a high one not followed by a low one.
func (h *holdState) hexDigit(st uint8, b byte) (uint8, bool) {
	v := jsonwire.HexValue[b]
	if v < 0 {
		return st, false
	}
	h.u = h.u<<4 | uint16(v)
	h.need--
	if st == hsLoHex {
		if h.need == 3 && v != 0xD || h.need == 2 && v < 0xC {
			return st, false
		}
		if h.need == 0 {
			return hsNormal, true
		}
		return st, true
	}
	switch {
	case h.need == 2 && h.u >= 0xDC && h.u <= 0xDF:
		return st, false
	case h.need > 0:
		return st, true
	case h.u >= 0xD800 && h.u <= 0xDBFF:
		return hsHiEsc, true
	}
	return hsNormal, true
}

// afterValue is the grammar state after a whole value with d containers
// open: hgEnd after the top-level value.
func afterValue(d int) uint8 {
	if d == 0 {
		return hgEnd
	}
	return hgAfterValue
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
	return depth - 1, afterValue(d - 1), true
}

// startHold sets the hold state from the tokenizer's, which has read
// all but the last n bytes of the arguments, or reports that nothing may
// be held there.
func (c *Call) startHold(n int) bool {
	if c.status > StatusComplete || c.x != nil && len(c.x.watch.watches) > 0 ||
		c.opts.Tokenizer.MaxStringLength != 0 {
		return false
	}
	c.h = holdState{s: hsNormal}
	switch c.tk.In() {
	case tokenizer.InString, tokenizer.InName:
		if c.tokEnd != c.tk.Offset() {
			return false // a cut escape or character is carried
		}
		c.h.g = hgValueStr
		if c.tk.In() == tokenizer.InName {
			c.h.g = hgNameStr
		}
	case tokenizer.InNumber:
		return c.startNumber(len(c.args) - n)
	case tokenizer.InLiteral:
		return c.startLiteral(len(c.args) - n)
	case tokenizer.InNone:
		switch c.tk.Expect() {
		case tokenizer.ExpectValue:
			c.h.g = hgValue // ']' is the tokenizer's: it may not follow ','
		case tokenizer.ExpectName:
			c.h.g = hgName // the same for '}'
		case tokenizer.ExpectColon:
			c.h.g = hgColon
		case tokenizer.ExpectComma:
			c.h.g = hgAfterValue
		default:
			c.h.g = hgEnd
		}
	default:
		return false
	}
	return true
}

// flush feeds the bytes held back, if any.
func (c *Call) flush() {
	if c.held > 0 {
		n := c.held
		c.held, c.h = 0, holdState{}
		c.feed(c.args[len(c.args)-n:])
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
	n := uint8(jsonwire.NumInt)
	switch num[0] {
	case '-':
		n = jsonwire.NumMinus
	case '0':
		n = jsonwire.NumZero
	}
	for _, b := range num[1:] {
		var ok bool
		if n, ok = jsonwire.NumberStep(n, b); !ok {
			return false // unreachable: the tokenizer would have failed
		}
	}
	c.h.g, c.h.n, c.h.num = hgNumber, n, len(num)
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
	c.h.g, c.h.lit, c.h.num = hgLiteral, jsonwire.LiteralIndex(c.args[start]), end-start
	return true
}

// maxNumber is the tokenizer's number length limit.
func (c *Call) maxNumber() int {
	if n := c.opts.Tokenizer.MaxNumberLength; n > 0 {
		return min(n, tokenizer.MaxNumberLengthLimit)
	}
	return tokenizer.DefaultMaxNumberLength
}

// holdDepthLimit is the depth at which the grammar stops opening
// containers: maxHoldDepth, or the tokenizer's limit if lower.
func (c *Call) holdDepthLimit() int {
	if n := c.opts.Tokenizer.MaxDepth; n > 0 && n < maxHoldDepth {
		return n
	}
	return maxHoldDepth
}
