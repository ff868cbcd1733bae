package resume

import (
	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// NOTE: Holding back. A tokenizer fed one byte at a time pays its fixed
// cost per byte: a Feed, a token or string piece, and an ErrNeedMore.
// Most bytes of tool-call arguments are string contents, names,
// whitespace, digits and the ',' '"' ':' between members, none of which
// changes what a caller can see: the status, the partial view's text,
// the error. So while the tokenizer stands at a clean point (no cut
// sequence carried), deltas whose bytes a small part of the grammar
// below proves valid are appended to the arguments and held back from
// the tokenizer; the first delta with any other byte, and every method
// that needs the tokenizer, feeds all held bytes at once.
//
// What is held: string contents (no \u escapes, no control bytes); a
// value string's closing quote inside a container (the view renders the
// same text either way), then whitespace, ',' and a member name up to
// its ':'; the rest of a number once begun (it is not shown until a
// delimiter ends it) and of a literal but for its last letter; whitespace
// between tokens. What is never held: anything that begins or ends a
// value shown in the view, opens or closes a container, or might be
// invalid. The tokenizer later
// reads the very same bytes, so tokens, errors and offsets are those of
// an uninterrupted run. Checkpoint feeds held bytes first, so they are
// never part of a checkpoint.

// What the held bytes have reached: the states of a small part of the
// JSON grammar, the state after reading ...
const (
	hgNone       = iota // ... nothing held
	hgValueStr          // ... string contents of a value (hs: where in a character)
	hgNameStr           // ... string contents of a member name
	hgAfterValue        // ... a value in a container (a string's closing quote held or not): ',' may come
	hgNameStart         // ... a ',' in an object, or '{': a name's quote may come
	hgColon             // ... a name's closing quote: ':' may come
	hgSpace             // ... anything after which only whitespace is held
	hgNumber            // ... part of a number (hn: where in it)
	hgLiteral           // ... part of true, false or null (numLen bytes of literal hLit)
)

// numberStep is the number grammar of package jsonwire, with a delimiter
// as hnBad too: it ends the number, which only the tokenizer may do.
func numberStep(s uint8, b byte) uint8 {
	if next, ok := jsonwire.NumberStep(s, b); ok {
		return next
	}
	return hnBad
}

// hnBad is the number state after a byte that cannot continue the number.
const hnBad = jsonwire.NumExpDigit + 1

// string scanner states, after reading ...
const (
	hsNormal = iota // ... a whole character
	hsEsc           // ... a '\'
	hsUTF8          // ... part of a multi-byte UTF-8 character
)

// holdMax is the longest delta held back. Held bytes are scanned twice
// (here, then by the tokenizer), which pays only while the tokenizer's
// fixed cost per chunk is larger than its cost for the bytes.
const holdMax = 32

// hold tries to hold back data, just appended to the arguments. It
// reports whether it did; if not, the caller feeds every held byte and
// data, and nothing is held any more.
func (c *Call) hold(data []byte) bool {
	if c.held > 0 && len(data) == 1 && c.hs == hsNormal && jsonwire.Plain[data[0]] &&
		(c.hg == hgValueStr || c.hg == hgNameStr) {
		// The common case of one-byte deltas inside a string.
		c.held++
		if c.hg == hgValueStr {
			c.viewEnd = len(c.args)
		}
		return true
	}
	if len(data) > holdMax || c.held == 0 && !c.startHold() {
		return false
	}
	switch c.hg {
	case hgNumber:
		// The tokenizer fails a number longer than its limit: stay short.
		if c.numLen+c.held+len(data) >= c.maxNumber() {
			return false
		}
		n := c.hn
		for _, b := range data {
			if n = numberStep(n, b); n == hnBad {
				return false
			}
		}
		c.hn = n
		c.held += len(data)
		return true
	case hgLiteral:
		lit := jsonwire.Literals[c.hLit]
		got := c.numLen + c.held
		if got+len(data) >= len(lit) || string(data) != lit[got:got+len(data)] {
			return false // a wrong byte, or the literal's end: the tokenizer's
		}
		c.held += len(data)
		return true
	}
	g, st, need, lo, hi := c.hg, c.hs, c.hNeed, c.hLo, c.hHi
	safe := -1 // index in data after the last whole character of a value string
	for i, b := range data {
		switch g {
		case hgValueStr, hgNameStr:
			switch st {
			case hsNormal:
				switch {
				case jsonwire.Plain[b]:
					if g == hgValueStr {
						safe = i
					}
					continue
				case b == '\\':
					st = hsEsc
					continue
				case b == '"':
					if g == hgNameStr {
						g = hgColon
						continue
					}
					if c.tk.Depth() == 0 {
						return false // the end of the value: the status changes
					}
					g = hgAfterValue
					continue
				}
				l := jsonwire.UTF8First[b]
				if l.Need == 0 {
					return false
				}
				st, need, lo, hi = hsUTF8, l.Need, l.Lo, l.Hi
			case hsEsc:
				if !jsonwire.SimpleEscape[b] {
					return false
				}
				st = hsNormal
				if g == hgValueStr {
					safe = i
				}
			case hsUTF8:
				if b < lo || b > hi {
					return false
				}
				need--
				lo, hi = 0x80, 0xBF
				if need == 0 {
					st = hsNormal
					if g == hgValueStr {
						safe = i
					}
				}
			}
		case hgAfterValue:
			switch {
			case jsonwire.Space[b]:
			case b == ',' && c.isObject(c.tk.Depth()-1):
				g = hgNameStart
			case b == ',':
				g = hgSpace // a value must come: it is the tokenizer's
			default:
				return false
			}
		case hgNameStart:
			switch {
			case jsonwire.Space[b]:
			case b == '"':
				g, st = hgNameStr, hsNormal
			default:
				return false
			}
		case hgColon:
			switch {
			case jsonwire.Space[b]:
			case b == ':':
				g = hgSpace
			default:
				return false
			}
		case hgSpace:
			if !jsonwire.Space[b] {
				return false
			}
		}
	}
	c.hg, c.hs, c.hNeed, c.hLo, c.hHi = g, st, need, lo, hi
	c.held += len(data)
	if safe >= 0 {
		c.viewEnd = len(c.args) - len(data) + safe + 1
	}
	return true
}

// startHold sets the hold state from the tokenizer's, or reports that
// nothing may be held there.
func (c *Call) startHold() bool {
	if c.status > StatusComplete || c.x != nil && len(c.x.watch.watches) > 0 ||
		c.opts.Tokenizer.MaxStringLength != 0 {
		return false
	}
	c.hs = hsNormal
	switch c.tk.In() {
	case tokenizer.InString, tokenizer.InName:
		if c.tokEnd != c.tk.Offset() {
			return false // a cut escape or character is carried
		}
		c.hg = hgValueStr
		if c.tk.In() == tokenizer.InName {
			c.hg = hgNameStr
		}
	case tokenizer.InNumber:
		if !c.startNumber() {
			return false
		}
		c.hg = hgNumber
	case tokenizer.InLiteral:
		if !c.startLiteral() {
			return false
		}
		c.hg = hgLiteral
	case tokenizer.InNone:
		switch c.tk.Expect() {
		case tokenizer.ExpectComma:
			c.hg = hgAfterValue
		case tokenizer.ExpectName:
			c.hg = hgNameStart
		case tokenizer.ExpectColon:
			c.hg = hgColon
		default:
			c.hg = hgSpace
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
		c.held, c.hg = 0, hgNone
		c.feed(c.args[len(c.args)-n:])
	}
}

// startNumber sets hn to where the tokenizer stands in the number whose
// bytes end the arguments, and numLen to its length.
func (c *Call) startNumber() bool {
	end := len(c.args) - c.held
	start := end
	for start > 0 && numberByte[c.args[start-1]] {
		start--
	}
	num := c.args[start:end]
	c.numLen = len(num)
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
		if n = numberStep(n, b); n == hnBad {
			return false // unreachable: the tokenizer would have failed
		}
	}
	c.hn = n
	return true
}

// startLiteral notes which literal the tokenizer is reading (hLit) and
// how many of its bytes end the arguments (numLen).
func (c *Call) startLiteral() bool {
	end := len(c.args) - c.held
	start := end
	for start > 0 && c.args[start-1] >= 'a' && c.args[start-1] <= 'z' {
		start--
	}
	for i, lit := range jsonwire.Literals {
		if start < end && lit[0] == c.args[start] {
			c.hLit, c.numLen = uint8(i), end-start
			return true
		}
	}
	return false // unreachable while the tokenizer is in a literal
}

func (c *Call) maxNumber() int {
	if n := c.opts.Tokenizer.MaxNumberLength; n > 0 {
		return n
	}
	return tokenizer.DefaultMaxNumberLength
}

// numberByte marks the bytes a number is made of.
var numberByte = [256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true,
	'6': true, '7': true, '8': true, '9': true, '.': true, 'e': true, 'E': true, '+': true, '-': true}
