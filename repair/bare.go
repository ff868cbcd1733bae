package repair

// This file reads what is not a JSON token but stands where a value is
// due: numbers with digits missing, bare words and text (UnquotedString),
// regular expressions, and function calls around a value (Wrapper).

import (
	"io"
	"unicode/utf8"
)

// numberOrWord reads a value that starts like a number: '-', '.' or a
// digit. A strict number is kept; one with digits missing is completed
// (Number, or Truncated where the input cuts it); anything else that
// starts so, 05 or 0.0.1 or a date, is a bare value (UnquotedString).
func (p *parser) numberOrWord() error {
	in := p.in
	start := p.pos
	end, ok := scanNumber(in, start)
	if ok && (end == len(in) || !isWord(in[end])) {
		p.pos = end
		return nil
	}
	if ins, stop := fixNumber(in, start); stop > start {
		return p.completeNumber(start, stop, ins)
	}
	if p.bareOK() {
		return p.bare(start, start+1)
	}
	if !ok && end == len(in) && len(p.stack) > 0 {
		return p.atEOF(start, p.safe, "")
	}
	need := Kind(0)
	if p.bareAllowedHere() {
		need = UnquotedString
	}
	if ok {
		return p.fail(end, need, "invalid character %s in number", quoteChar(in, end))
	}
	return p.fail(end, need, "invalid number %s", quoteChar(in, end))
}

// fixNumber matches b[i:] against a number with digit groups possibly
// missing: -? digits? (. digits?)? ([eE] [+-]? digits?)?, ending where a
// word cannot go on. It returns the offsets where a 0 completes it, and
// its end; stop == i means it is no such number (a leading zero, a second
// point, letters).
func fixNumber(b []byte, i int) (ins [3]int, stop int) {
	start := i
	ins = [3]int{-1, -1, -1}
	if b[i] == '-' {
		i++
	}
	digits := func() int {
		k := i
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		return i - k
	}
	n := digits()
	if n > 1 && b[i-n] == '0' {
		return ins, start // leading zero: no number means the same
	}
	point := i < len(b) && b[i] == '.'
	if n == 0 {
		if !point && i < len(b) && !isSpace(b[i]) && isWord(b[i]) {
			return ins, start
		}
		ins[0] = i
	}
	if point {
		i++
		if digits() == 0 {
			ins[1] = i
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') && (n > 0 || point) {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			ins[2] = i
		}
	}
	if i < len(b) && isWord(b[i]) {
		return ins, start
	}
	if ins == [3]int{-1, -1, -1} {
		return ins, start // a strict number, or none
	}
	return ins, i
}

// completeNumber inserts the zeros fixNumber found for the number at
// in[start:stop]. A 0 due at the very end of the input completes a
// number cut short there: that one is Truncated's.
func (p *parser) completeNumber(start, stop int, ins [3]int) error {
	last := -1
	for _, at := range ins {
		last = max(last, at)
	}
	for _, at := range ins {
		if at < 0 || at == len(p.in) {
			continue
		}
		if !p.on(Number) {
			return p.fail(at, Number, "invalid number %s", quoteChar(p.in, at))
		}
		p.add(mkc(Number, at, 0, insZero))
	}
	if last == len(p.in) {
		return p.atEOF(start, -1, "0")
	}
	p.pos = stop
	return nil
}

// bareAllowedHere reports whether a bare value may stand here: in a
// container, or at the top level once no object or array was found.
func (p *parser) bareAllowedHere() bool {
	if n := len(p.stack); n > 0 && p.stack[n-1].wrap == wrapMulti {
		return p.topBare
	}
	if len(p.stack) > 0 && p.stack[0].paren && !p.bareTop {
		// A top-level tuple of words, (see below), is prose too.
		return false
	}
	return len(p.stack) > 0 || p.bareTop
}

// bareOK reports whether a bare value is read here.
func (p *parser) bareOK() bool { return p.on(UnquotedString) && p.bareAllowedHere() }

// bareStop reports whether in[i] ends a bare value: , ] } [ { a line
// end, a quote, or a comment after whitespace.
func (p *parser) bareStop(i int) bool {
	switch c := p.in[i]; c {
	case ',', ']', '}', '[', '{', '\n', '\r', '"':
		return true
	case ')':
		return p.inParens()
	case '#':
		return p.on(Comment) && i > 0 && isSpace(p.in[i-1])
	case '/':
		return p.on(Comment) && i > 0 && isSpace(p.in[i-1]) && i+1 < len(p.in) && (p.in[i+1] == '/' || p.in[i+1] == '*')
	case '`':
		return p.on(Fence) && fenceLen(p.in, i, false) > 0
	}
	return false
}

// inParens reports whether the innermost frame is a Wrapper call or a
// tuple: a ) closes it.
func (p *parser) inParens() bool {
	if n := len(p.stack); n > 0 {
		return p.stack[n-1].wrap == wrapCall || p.stack[n-1].paren
	}
	return false
}

// fastBare turns the fast path of bare on; FuzzRepair and
// TestFastPaths turn it off to hold it to the general path.
var fastBare = true

// bare reads a bare value at start, as UnquotedString: up to a stop,
// trailing whitespace left out, or a /regex/. Its backslashes and
// control characters are escaped. A quote right after it that can close
// a string is its missing opening quote's partner (MissingQuote): abc"
// becomes "abc". The bytes in[start:from] are known to be bytes that a
// bare value copies with no look (clsBare), as a word's are.
func (p *parser) bare(start, from int) error {
	in := p.in
	if len(p.stack) == 0 {
		p.topBare = true
	}
	if p.probing && start == p.probeFirst {
		// A candidate in prose whose first token is bare, [the docs],
		// is prose.
		return p.fail(start, 0, "bare value")
	}
	mark := len(p.log)
	if fastBare && class[in[start]]&clsBare != 0 {
		// NOTE: the fast path, for most bare values: bytes that need
		// no look, then a comma or a closer, which stops any.
		k := from
		for k < len(in) && class[in[k]]&clsBare != 0 {
			k++
		}
		if k < len(in) && (in[k] == ',' || in[k] == ']' || in[k] == '}') {
			p.add(mkc(UnquotedString, start, 0, insQuote))
			p.add(mkc(UnquotedString, k, 0, insQuote))
			p.pos = k
			return nil
		}
	}
	i := start
	if in[i] == '/' {
		// A regular expression: up to the next / not escaped.
		k := i + 1
		for k < len(in) && in[k] != '/' && in[k] != '\n' {
			if in[k] == '\\' && k+1 < len(in) {
				k++
			}
			k++
		}
		if k < len(in) && in[k] == '/' {
			if err := p.bareBytes(i, k+1, true); err != nil {
				return err
			}
			i = k + 1
		}
	}
	end := i // past the last byte that is not whitespace
	for i < len(in) && (i == start || !p.bareStop(i)) {
		c := in[i]
		if class[c]&clsBare != 0 {
			// NOTE: the fast path: no stop, nothing to escape.
			for i++; i < len(in) && class[in[i]]&clsBare != 0; i++ {
			}
			end = i
			continue
		}
		switch {
		case c == ' ':
			i++
			continue
		case c < 0x80:
			if err := p.bareBytes(i, i+1, false); err != nil {
				return err
			}
			i++
		default:
			n, err := p.rune(i)
			if err == io.ErrUnexpectedEOF {
				// A character cut by the end of the input.
				if i == start {
					return p.atEOF(start, p.safe, "")
				}
				p.editAt(mark, mkc(UnquotedString, start, 0, insQuote))
				return p.atEOF(start, i, `"`)
			}
			if err != nil {
				return err
			}
			i += n
		}
		if c != '\t' {
			end = i
		}
	}
	// Escapes made in the trailing whitespace (a tab) go with it.
	for len(p.log) > mark && p.log[len(p.log)-1].off >= end {
		p.log = p.log[:len(p.log)-1]
	}
	// A bare value holds no quote, so a comma after the quote is a
	// separator (commaGoesOn is for quotes that may be inside a string).
	if i < len(in) && in[i] == '"' && end == i && p.on(MissingQuote) && (commaAt(in, i+1) || p.quoteCloses(i+1, false)) {
		p.editAt(mark, mkc(MissingQuote, start, 0, insQuote))
		p.pos = i + 1
		return nil
	}
	p.editAt(mark, mkc(UnquotedString, start, 0, insQuote))
	p.add(mkc(UnquotedString, end, 0, insQuote))
	p.pos = end
	return nil
}

// bareBytes escapes what must be escaped in in[i:k], copied into a
// string made by bare: backslashes, quotes (in a regex) and control
// characters.
func (p *parser) bareBytes(i, k int, regex bool) error {
	for ; i < k; i++ {
		switch c := p.in[i]; {
		case c == '\\' || c == '"' && regex:
			p.add(mkc(UnquotedString, i, 0, insBackslash))
		case c < 0x20:
			p.edit(UnquotedString, i, 1, ctrlEscape[c])
		case c >= 0x80:
			n, err := p.rune(i)
			if err != nil {
				return err
			}
			i += n - 1
		}
	}
	return nil
}

// wrapper opens a Wrapper call whose name is in[start:i] and whose
// opening parenthesis is at paren.
func (p *parser) wrapper(start, paren int) error {
	if len(p.stack) >= p.maxDepth {
		return &Error{Offset: int64(p.pos), Pointer: p.pointer(), Err: ErrTooDeep}
	}
	p.add(mkc(Wrapper, start, paren+1-start, insNone))
	p.stack = append(p.stack, frame{wrap: wrapCall, name: [2]int{-1, -1}})
	p.pos = paren + 1
	p.state = stValue
	return nil
}

// closeCall removes the ) that ends a Wrapper call, and a ; after it at
// the top level.
func (p *parser) closeCall() {
	p.add(mkc(Wrapper, p.pos, 1, insNone))
	p.pos++
	if len(p.stack) == 1 {
		j := p.pos
		for j < len(p.in) && isSpace(p.in[j]) {
			j++
		}
		if j < len(p.in) && p.in[j] == ';' {
			p.add(mkc(Wrapper, j, 1, insNone))
			p.pos = j + 1
		}
	}
	p.pop()
}

// unicodeSpace returns the length of the Unicode space character at b[i]
// that UnicodeSpace turns into ' ', or 0.
func unicodeSpace(b []byte, i int) int {
	r, n := utf8.DecodeRune(b[i:])
	switch {
	case r == 0xA0, r == 0x1680, r == 0x180E, r >= 0x2000 && r <= 0x200B,
		r == 0x202F, r == 0x205F, r == 0x3000, r == 0xFEFF:
		return n
	}
	return 0
}
