package repair

// This file is the state machine for one value: the grammar of objects
// and arrays, with the repairs that happen between tokens (commas).

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// state is where the parser stands in the grammar.
type state uint8

const (
	stValue     state = iota // expecting a value: at the top or after ':'
	stElemFirst              // after '[': a value or ']'
	stElem                   // after ',' in an array: a value
	stNameFirst              // after '{': a name or '}'
	stName                   // after ',' in an object: a name
	stColon                  // after an object name: ':'
	stNext                   // after a value in a container: ',' or a closer
	stDone                   // after the top-level value
)

// A frame is one open object or array, or a wrapper the Wrapper or
// MultiValue kind reads around a value. The stack keeps more than one bit
// per level because an error reports its JSON Pointer.
type frame struct {
	obj   bool
	paren bool   // an array written as a Python tuple, (1, 2), closed by )
	wrap  uint8  // wrapNone, or what reads like an array or a call
	n     int    // index of the current element (arrays)
	name  [2]int // input span of the current name, quotes included (objects)
	open  int    // offset of the opening bracket; 0 for a wrapper
}

// Wrappers, in frame.wrap.
const (
	wrapNone  = iota
	wrapCall  // a function call around one value: its ) is removed
	wrapMulti // the array MultiValue makes of top-level values; ends at the end
)

// value reads one complete value starting at p.pos, repairing it, and
// leaves p.pos just after it. On error the log may hold edits of the
// failed attempt; run cuts them off.
func (p *parser) value() error {
	p.stack = p.stack[:0]
	p.state = stValue
	p.safe, p.safeLog = -1, 0
	return p.loop()
}

// loop runs the state machine until the stack is empty again.
func (p *parser) loop() error {
	in := p.in
	for p.state != stDone {
		// NOTE: space, with the byte it looks at kept for the switch:
		// before most tokens no space is there.
		var c byte
		if i := p.pos; i < len(in) && !mayBeSpace[in[i]] {
			c = in[i]
		} else {
			if err := p.spaceRun(); err != nil {
				return err
			}
			if p.pos >= len(in) {
				if err := p.eofBetween(); err != nil {
					return err
				}
				continue
			}
			c = in[p.pos]
		}
		switch p.state {
		case stValue, stElemFirst, stElem:
			if !valueSpecial[c] {
				// Most values: none of the tests below is for c.
				if err := p.scalarOrOpen(c); err != nil {
					return err
				}
				// A comma right after the value takes no turn of the
				// loop of its own (commaAfter, inlined).
				if p.state == stNext && p.pos < len(in) && in[p.pos] == ',' {
					if top := &p.stack[len(p.stack)-1]; top.wrap == wrapNone {
						p.takeComma(top)
					}
				}
				continue
			}
			if (c == ']' || c == '}') && p.state != stValue {
				if err := p.closer(c); err != nil {
					return err
				}
				continue
			}
			if c == ')' && p.state != stValue && p.stack[len(p.stack)-1].paren {
				p.closeTuple()
				continue
			}
			if c == ',' && p.state == stElemFirst {
				if !p.on(TrailingComma) {
					return p.fail(p.pos, TrailingComma, "leading comma in array")
				}
				p.edit(TrailingComma, p.pos, 1, "")
				p.pos++
				continue
			}
			if p.state == stValue && (c == ',' || c == '}') && len(p.stack) > 0 && p.stack[len(p.stack)-1].obj {
				if !p.on(MissingValue) {
					return p.fail(p.pos, MissingValue, "missing value before %s", quoteChar(in, p.pos))
				}
				p.add(mkc(MissingValue, p.pos, 0, textNull))
				p.endValue()
				continue
			}
			if p.state != stValue && isEllipsis(in, p.pos) {
				if err := p.ellipsis(); err != nil {
					return err
				}
				continue
			}
			if err := p.scalarOrOpen(c); err != nil {
				return err
			}
		case stNameFirst, stName:
			if c == '"' && fastMember && p.member() {
				continue
			}
			if c == '}' || c == ']' {
				if err := p.closer(c); err != nil {
					return err
				}
				continue
			}
			if c == ',' && p.state == stNameFirst {
				if !p.on(TrailingComma) {
					return p.fail(p.pos, TrailingComma, "leading comma in object")
				}
				p.edit(TrailingComma, p.pos, 1, "")
				p.pos++
				continue
			}
			if isEllipsis(in, p.pos) {
				if err := p.ellipsis(); err != nil {
					return err
				}
				continue
			}
			if (c == '{' || c == '[') && p.closeObjectIn() {
				continue
			}
			top := &p.stack[len(p.stack)-1]
			top.name[0] = p.pos
			if err := p.name(c); err != nil {
				return err
			}
			if p.state == stDone {
				break // truncated inside the name
			}
			top.name[1] = p.pos
			p.nameEnd, p.nameLog = p.pos, len(p.log)
			p.state = stColon
			if p.pos < len(in) && in[p.pos] == ':' {
				// The colon right after the name takes no turn of the
				// loop of its own.
				p.pos = skipOneSpace(in, p.pos+1)
				p.state = stValue
			}
		case stColon:
			if c != ':' {
				if !p.startsValue(c) || p.phrase() {
					return p.fail(p.pos, 0, "expected ':' after object name, found %s", quoteChar(in, p.pos))
				}
				if !p.on(MissingColon) {
					return p.fail(p.pos, MissingColon, "missing ':' before %s", quoteChar(in, p.pos))
				}
				p.editAt(p.nameLog, mkc(MissingColon, p.nameEnd, 0, insColon))
				p.state = stValue
				continue
			}
			p.pos = skipOneSpace(in, p.pos+1)
			p.state = stValue
		case stNext:
			top := &p.stack[len(p.stack)-1]
			switch {
			case top.wrap == wrapCall:
				if c != ')' {
					return p.fail(p.pos, 0, "expected ')' after the value in a call, found %s", quoteChar(in, p.pos))
				}
				p.closeCall()
				p.commaAfter()
			case top.wrap == wrapMulti && !p.joins(p.pos):
				p.endMulti()
			case c == ',':
				p.takeComma(top)
			case c == '}' || c == ']':
				if err := p.closer(c); err != nil {
					return err
				}
				p.commaAfter()
			case c == ')' && top.paren:
				p.closeTuple()
			case (c == '{' || c == '[') && p.closeObjectIn():
			default:
				if !p.canStart(c, top.obj) {
					return p.fail(p.pos, 0, "expected ',' or %s, found %s", closerName(top.obj), quoteChar(in, p.pos))
				}
				// Two words glued together, like 0 and 1 in 01, are one
				// bad token, not two values; and a quote that touches a
				// token, as in "echo "null"", most likely ends nothing:
				// it is a quote inside a string that was not escaped.
				if p.safe == p.pos && isWord(in[p.pos-1]) && isWord(c) {
					return p.fail(p.pos, 0, "invalid character %s after value", quoteChar(in, p.pos))
				}
				if p.safe == p.pos && (endsQuote(in[:p.pos]) || startsQuote(in[p.pos:])) {
					return p.fail(p.pos, 0, "%s touches the value before it: a quote inside a string that is not escaped, or a missing ','", quoteChar(in, p.pos))
				}
				kind := MissingComma
				if top.wrap == wrapMulti {
					kind = MultiValue
				}
				if !p.on(kind) {
					return p.fail(p.pos, kind, "missing ',' before %s", quoteChar(in, p.pos))
				}
				p.editAt(p.safeLog, mkc(kind, p.safe, 0, insComma))
				top.n++
				p.state = stElem
				if top.obj {
					p.state = stName
				}
			}
		}
	}
	return nil
}

// fastMember turns member and the fast path for strict strings in str
// on; FuzzRepair and TestFastPaths turn it off to hold them to the
// general path.
var fastMember = true

// member is the fast path for the members of an object that most JSON
// writers write: a plain name, a colon and maybe a space, then a string
// with valid escapes and characters, a number or a literal, with a , or
// } right after it. It reads the name and colon if they are so, and
// then the value and a comma after it if they are so, and so on while
// the next member begins right after the comma and a space; and it
// reports whether it read anything. The state is then the one the
// general path leaves there. Nothing it reads is read otherwise under
// any kind.
func (p *parser) member() bool {
	in := p.in
	read := false
	for {
		start := p.pos
		j := jsonwire.SkipPlain(in, start+1)
		if j+1 >= len(in) || in[j] != '"' || in[j+1] != ':' {
			return read
		}
		top := &p.stack[len(p.stack)-1]
		top.name = [2]int{start, j + 1}
		p.nameEnd, p.nameLog = j+1, len(p.log)
		p.pos = skipOneSpace(in, j+2)
		p.state = stValue
		i := p.pos
		if i >= len(in) {
			return true
		}
		end := -1
		switch c := in[i]; {
		case c == '"':
			k := jsonwire.SkipPlain(in, i+1)
			p.plain = [2]int{i + 1, k} // for str, if the value is not read here
			if k < len(in) && in[k] == '"' {
				end = k + 1
			} else if k, ok := strictEnd(in, k); ok {
				end = k
			}
		case c == '-' || isDigit(c):
			if k, ok := scanNumber(in, i); ok {
				end = k
			}
		case c == 't' && hasWord(in, i, "true"), c == 'n' && hasWord(in, i, "null"):
			end = i + 4
		case c == 'f' && hasWord(in, i, "false"):
			end = i + 5
		}
		if end < 0 || end >= len(in) || in[end] != ',' && in[end] != '}' || in[end] == ',' && in[i] == '"' && !commaQuote(in, end) && !p.commaGoesOn(end, false) {
			return true
		}
		p.pos = end
		p.endValue()
		if in[end] != ',' {
			return true
		}
		// The next member then takes no turn of the loop for the comma,
		// nor, if it begins right after it, for itself.
		p.takeComma(top)
		if p.pos >= len(in) || in[p.pos] != '"' {
			return true
		}
		read = true
	}
}

// commaAfter reads the comma right after the value or the closer just
// read, if one is there, so that it takes no turn of the loop of its
// own.
func (p *parser) commaAfter() {
	if p.state == stNext && p.pos < len(p.in) && p.in[p.pos] == ',' {
		if top := &p.stack[len(p.stack)-1]; top.wrap == wrapNone {
			p.takeComma(top)
		}
	}
}

// takeComma reads the comma at p.pos after a value in top, the
// container on top of the stack, which is no wrapper.
func (p *parser) takeComma(top *frame) {
	p.comma, p.commaLog = p.pos, len(p.log)
	p.pos = skipOneSpace(p.in, p.pos+1)
	top.n++
	p.state = stElem
	if top.obj {
		p.state = stName
	}
}

// valueSpecial marks the bytes that loop tests for where a value is
// due, before it reads one: closers, a comma, and the dot of an
// ellipsis.
var valueSpecial = [256]bool{']': true, '}': true, ')': true, ',': true, '.': true}

// skipOneSpace returns i+1 if b[i] is a ' ', else i: the one space
// after a colon or a comma, as most JSON writers put it, is skipped
// without a call to space.
func skipOneSpace(b []byte, i int) int {
	if i < len(b) && b[i] == ' ' {
		i++
	}
	return i
}

// dropComma removes the comma before a closing bracket.
func (p *parser) dropComma() error {
	if !p.on(TrailingComma) {
		return p.fail(p.comma, TrailingComma, "trailing comma")
	}
	p.editAt(p.commaLog, mkc(TrailingComma, p.comma, 1, insNone))
	return nil
}

// closer reads the closing bracket c where one may stand. One that does
// not close the innermost bracket is Bracket's: it closes an outer one,
// with the inner ones closed before it, or it closes nothing open and
// becomes the closer due.
func (p *parser) closer(c byte) error {
	if p.state == stElem || p.state == stName {
		if err := p.dropComma(); err != nil {
			return err
		}
	}
	obj := c == '}'
	top := p.stack[len(p.stack)-1]
	if top.wrap == wrapNone && top.obj == obj {
		p.closeTop()
		return nil
	}
	if !p.on(Bracket) {
		return p.fail(p.pos, Bracket, "%s does not close the %s open", quoteChar(p.in, p.pos), openName(top))
	}
	j := len(p.stack) - 1
	for j >= 0 && (p.stack[j].wrap != wrapNone || p.stack[j].obj != obj) {
		j--
	}
	switch {
	case j >= 0 && !p.mistyped(j):
		// It closes an outer bracket: close the inner ones first.
		var ins []byte
		for k := len(p.stack) - 1; k > j; k-- {
			if p.stack[k].wrap == wrapNone {
				ins = append(ins, closerByte(p.stack[k].obj))
			}
		}
		if len(ins) > 0 {
			p.add(p.mk(Bracket, p.pos, 0, string(ins)))
		}
		p.stack = p.stack[:j+1]
		p.closeTop()
	case top.wrap == wrapNone && !p.doubled():
		// It closes nothing open: it is the closer due, mistyped.
		p.edit(Bracket, p.pos, 1, string(closerByte(top.obj)))
		p.closeTop()
	default:
		// A stray closer: in a call, between top-level values, or a
		// closer doubled.
		p.edit(Bracket, p.pos, 1, "")
		p.pos++
		if p.state == stElem || p.state == stName || p.state == stElemFirst || p.state == stNameFirst {
			p.state = stNext
		}
	}
	return nil
}

// doubled reports whether the closer at p.pos, which closes nothing
// open, repeats the closer of the value just before it, and a comma
// follows it: it is a stray copy, and the container goes on after it.
// [{"a":1}},{"b":2}] is [{"a":1},{"b":2}].
func (p *parser) doubled() bool {
	j := lastNonSpace(p.in, 0, p.pos)
	if p.state != stNext || j < 0 || j+1 != p.safe || p.in[j] != p.in[p.pos] {
		return false
	}
	k := p.skipQuiet(p.pos + 1)
	return k < len(p.in) && p.in[k] == ','
}

// mistyped reports whether the closer at p.pos, which does not close
// the innermost bracket but the one at p.stack[j], is rather the
// innermost one's closer mistyped: a member follows it (a comma, a name
// and a colon), which fits in the object around the innermost bracket
// but not in what closing the one at j leaves open, or fits in both but
// the closers that end the input close only what the mistyped reading
// leaves open. {"a": [1, 2}, "b": 2} is {"a": [1, 2], "b": 2}, and
// {"x": {"a": [1}, "b": 2}} is {"x": {"a": [1], "b": 2}}.
func (p *parser) mistyped(j int) bool {
	n := len(p.stack)
	if n < 2 || p.stack[n-1].wrap != wrapNone || p.stack[n-2].wrap != wrapNone || !p.stack[n-2].obj {
		return false
	}
	k := p.skipQuiet(p.pos + 1)
	if k >= len(p.in) || p.in[k] != ',' || !p.memberAt(p.skipQuiet(k+1)) {
		return false
	}
	if j > 0 && p.stack[j-1].wrap == wrapNone && p.stack[j-1].obj {
		_, closers := p.tailRun()
		return closers == closersDue(p.stack[:n-1]) && closers != closersDue(p.stack[:j])
	}
	return true
}

// closersDue returns how many closers the frames need, a call's and a
// tuple's ) included.
func closersDue(frames []frame) int {
	n := 0
	for _, f := range frames {
		if f.wrap != wrapMulti {
			n++
		}
	}
	return n
}

// openTuple opens the Python tuple at p.pos as an array (Literal).
func (p *parser) openTuple() error {
	p.edit(Literal, p.pos, 1, "[")
	if err := p.open(false); err != nil {
		return err
	}
	p.stack[len(p.stack)-1].paren = true
	return nil
}

// closeTuple closes the tuple on top of the stack at the ) at p.pos. A
// comma before it goes too: (1,) is Python's tuple of one. One value
// with no comma is no tuple: (1) is 1, and its parentheses go.
func (p *parser) closeTuple() {
	if top := p.stack[len(p.stack)-1]; p.state == stNext && top.n == 0 {
		i, _ := slices.BinarySearchFunc(p.log, top.open, func(e edit, off int) int { return cmp.Compare(e.off, off) })
		for ; i < len(p.log) && p.log[i].off == top.open; i++ {
			if e := &p.log[i]; e.kind == Literal && e.n == 1 {
				e.ins = insNone
				p.edit(Literal, p.pos, 1, "")
				p.closeTop()
				return
			}
		}
	}
	if p.state == stElem {
		p.editAt(p.commaLog, mkc(Literal, p.comma, 1, insNone))
	}
	p.edit(Literal, p.pos, 1, "]")
	p.closeTop()
}

// closeTop consumes the closer at p.pos for the innermost frame.
func (p *parser) closeTop() {
	p.pos++
	if len(p.stack) == 1 {
		p.lastClose, p.lastCloseLog = p.pos-1, len(p.log)
	}
	p.pop()
}

// closeObjectIn closes, as Bracket, an object in an array (or between
// top-level values) where a { or [ stands instead of a name or a comma:
// [{"a":1{"a":2}] and [{"a":1,{"a":2}] both become [{"a":1},{"a":2}].
// It reports whether it did.
func (p *parser) closeObjectIn() bool {
	n := len(p.stack)
	if !p.on(Bracket) || n < 2 || !p.stack[n-1].obj || p.stack[n-1].wrap != wrapNone || p.stack[n-2].obj {
		return false
	}
	switch p.state {
	case stName: // after a comma: the comma is the array's
		p.editAt(p.commaLog, mkc(Bracket, p.comma, 0, insCloseObject))
		p.stack = p.stack[:n-1]
		p.stack[n-2].n++
		p.state = stElem
	case stNameFirst, stNext:
		at, i := p.pos, len(p.log)
		if p.state == stNext {
			at, i = p.safe, p.safeLog
		}
		p.editAt(i, mkc(Bracket, at, 0, insCloseObject))
		p.stack = p.stack[:n-1]
		p.safe, p.safeLog = at, i+1
		p.state = stNext
	default:
		return false
	}
	return true
}

// isEllipsis reports whether b[i:] starts with "...".
func isEllipsis(b []byte, i int) bool {
	return i+2 < len(b) && b[i] == '.' && b[i+1] == '.' && b[i+2] == '.'
}

// ellipsis removes the ... at p.pos, where an element or a member may
// stand, and the comma that goes with it: the one after it, or before it
// when a closer follows.
func (p *parser) ellipsis() error {
	if !p.on(Ellipsis) {
		return p.fail(p.pos, Ellipsis, "ellipsis")
	}
	p.add(mkc(Ellipsis, p.pos, 3, insNone))
	p.pos += 3
	if err := p.space(); err != nil {
		return err
	}
	if p.pos == len(p.in) {
		return nil
	}
	switch c := p.in[p.pos]; {
	case c == ',':
		p.add(mkc(Ellipsis, p.pos, 1, insNone))
		p.pos++
	case (c == ']' || c == '}') && (p.state == stElem || p.state == stName):
		p.editAt(p.commaLog, mkc(Ellipsis, p.comma, 1, insNone))
		p.state--
	}
	return nil
}

// phrase reports whether the bare name just read and the bare word at
// p.pos are words of a phrase, {see the docs}, rather than a name and a
// value whose colon is missing: that reading would make up a member.
func (p *parser) phrase() bool {
	top := p.stack[len(p.stack)-1]
	if !bareNameStart(p.in, top.name[0]) || !isIdent(p.in[p.pos]) {
		return false
	}
	switch string(p.in[p.pos:wordEnd(p.in, p.pos)]) {
	case "true", "false", "null", "True", "False", "None", "undefined":
		return false
	}
	return true
}

// startsValue reports whether c can begin a value after an object name,
// so that a missing colon is the likely problem.
func (p *parser) startsValue(c byte) bool {
	return c == '"' || c == '\'' || c == '{' || c == '[' || c == '-' || c == '.' || isDigit(c) || isIdent(c) ||
		c == 0xE2 && smartQuote(p.in, p.pos) != 0 || c == '(' && p.on(Literal)
}

// joins reports whether the top-level value at i, after a comma and
// whitespace if any, joins the values before it (MultiValue): an object
// or an array, a value that no prose starts with (looseValue), or a
// bare word after bare words.
func (p *parser) joins(i int) bool {
	in := p.in
	i = p.skipQuiet(i)
	if i < len(in) && in[i] == ',' {
		i = p.skipQuiet(i + 1)
	}
	if i >= len(in) {
		return false
	}
	switch c := in[i]; {
	case c == '{' || c == '[':
		return true
	case isIdent(c) && p.topBare:
		return true
	case hasWord(in, i, "NaN") || hasWord(in, i, "Infinity"):
		return false // no value at the top level: an error, not a cut
	}
	return p.looseValue(i)
}

// skipQuiet returns the offset of the first byte at or after i that is
// not whitespace or, with Comment, a block comment. It logs nothing.
func (p *parser) skipQuiet(i int) int {
	in := p.in
	for i < len(in) {
		switch {
		case isSpace(in[i]):
			i++
		case p.on(Comment) && in[i] == '/' && i+1 < len(in) && in[i+1] == '*':
			k := indexClose(in, i+2)
			if k < 0 {
				return len(in)
			}
			i = k
		default:
			return i
		}
	}
	return i
}

// endMulti closes the MultiValue array after its last value.
func (p *parser) endMulti() {
	p.editAt(p.safeLog, mkc(MultiValue, p.safe, 0, insCloseArray))
	p.stack = p.stack[:len(p.stack)-1]
	p.safeLog++
	p.state = stDone
}

// canStart reports whether c can begin the next value (in an array) or
// member (in an object), so that a missing comma is the likely problem.
func (p *parser) canStart(c byte, obj bool) bool {
	switch {
	case c == '"' || c == '\'' || c == 0xE2 || isIdent(c):
		return true
	case obj:
		return isDigit(c) && p.on(UnquotedKey)
	}
	return c == '{' || c == '[' || c == '-' || isDigit(c) || c == '(' && p.on(Literal) ||
		c == '.' && numberAt(p.in, p.pos) || c == '`' && p.backtick(p.pos)
}

func (p *parser) open(obj bool) error {
	if len(p.stack) >= p.maxDepth {
		return &Error{Offset: int64(p.pos), Pointer: p.pointer(), Err: ErrTooDeep}
	}
	p.stack = append(p.stack, frame{obj: obj, open: p.pos, name: [2]int{-1, -1}})
	p.pos++
	p.safe, p.safeLog = p.pos, len(p.log)
	p.state = stElemFirst
	if obj {
		p.state = stNameFirst
	}
	return nil
}

func (p *parser) pop() {
	p.stack = p.stack[:len(p.stack)-1]
	p.endValue()
}

// endValue is called just after a value ends at p.pos.
func (p *parser) endValue() {
	p.safe, p.safeLog = p.pos, len(p.log)
	p.state = stNext
	if len(p.stack) == 0 {
		p.state = stDone
	}
}

// pointer returns the JSON Pointer of the value being read, or just read
// (until the comma after it), as the tokenizer has it: while a member
// name is being read or is due, it is the object's. It is built only on
// the error path.
func (p *parser) pointer() string {
	var sb strings.Builder
	for i, f := range p.stack {
		if f.wrap == wrapCall {
			continue
		}
		if f.obj {
			if f.name[0] < 0 || i == len(p.stack)-1 && (p.state == stNameFirst || p.state == stName) {
				break
			}
			appendPointerName(&sb, p.in[f.name[0]:f.name[1]])
		} else {
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(f.n))
		}
	}
	return sb.String()
}

// appendPointerName appends the reference token of an object name as
// written, quotes included: a double-quoted one as the tokenizer's
// pointers have it (decoded, cut between two characters within its
// first jsonwire.MaxPointerName raw bytes), any other (single or smart
// quotes, none) as its raw bytes between the quotes.
func appendPointerName(sb *strings.Builder, name []byte) {
	if len(name) >= 2 && name[0] == '"' {
		sb.Write(jsonwire.AppendPointerName(nil, name[1:len(name)-1], false))
		return
	}
	switch {
	case len(name) >= 2 && name[0] == '\'':
		name = name[1 : len(name)-1]
	case len(name) >= 6 && smartQuote(name, 0) != 0 && smartQuote(name, len(name)-3) != 0:
		name = name[3 : len(name)-3]
	}
	appendPointerToken(sb, string(name))
}

func closerByte(obj bool) byte {
	if obj {
		return '}'
	}
	return ']'
}

// openName names what frame f holds open, for an error message.
func openName(f frame) string {
	switch {
	case f.wrap == wrapCall:
		return "call"
	case f.wrap == wrapMulti:
		return "top-level values"
	case f.obj:
		return "object"
	}
	return "array"
}

func closerName(obj bool) string {
	if obj {
		return "'}'"
	}
	return "']'"
}

// hasWord reports whether b[i:] begins with w.
func hasWord(b []byte, i int, w string) bool {
	return len(b)-i >= len(w) && string(b[i:i+len(w)]) == w
}
