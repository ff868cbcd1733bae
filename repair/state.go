package repair

// This file is the state machine for one value: the grammar of objects
// and arrays, with the repairs that happen between tokens (commas).

import (
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

// A frame is one open object or array. The stack keeps more than one bit
// per level because an error reports its JSON Pointer.
type frame struct {
	obj  bool
	n    int    // index of the current element (arrays)
	name [2]int // input span of the current name, quotes included (objects)
}

// value reads one complete value starting at p.pos, repairing it, and
// leaves p.pos just after it. On error the log may hold edits of the
// failed attempt; run cuts them off.
func (p *parser) value() error {
	in := p.in
	p.stack = p.stack[:0]
	p.state = stValue
	p.safe, p.safeLog = -1, 0
	for p.state != stDone {
		if err := p.space(); err != nil {
			return err
		}
		if p.pos >= len(in) {
			return p.eofBetween()
		}
		c := in[p.pos]
		switch p.state {
		case stValue, stElemFirst, stElem:
			if c == ']' && p.state != stValue {
				if p.state == stElem {
					if err := p.dropComma(); err != nil {
						return err
					}
				}
				p.pos++
				p.pop()
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
			if err := p.scalarOrOpen(c); err != nil {
				return err
			}
		case stNameFirst, stName:
			if c == '}' {
				if p.state == stName {
					if err := p.dropComma(); err != nil {
						return err
					}
				}
				p.pos++
				p.pop()
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
			top := &p.stack[len(p.stack)-1]
			top.name[0] = p.pos
			if err := p.name(c); err != nil {
				return err
			}
			if p.state == stDone {
				break // truncated inside the name
			}
			top.name[1] = p.pos
			p.state = stColon
		case stColon:
			if c != ':' {
				return p.fail(p.pos, 0, "expected ':' after object name, found %s", quoteChar(in, p.pos))
			}
			p.pos++
			p.state = stValue
		case stNext:
			top := &p.stack[len(p.stack)-1]
			switch {
			case c == ',':
				p.comma, p.commaLog = p.pos, len(p.log)
				p.pos++
				top.n++
				p.state = stElem
				if top.obj {
					p.state = stName
				}
			case c == '}' && top.obj || c == ']' && !top.obj:
				p.pos++
				p.pop()
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
				if !p.on(MissingComma) {
					return p.fail(p.pos, MissingComma, "missing ',' before %s", quoteChar(in, p.pos))
				}
				p.editAt(p.safeLog, Edit{Kind: MissingComma, Offset: int64(p.safe), Inserted: ","})
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

// dropComma removes the comma before a closing bracket.
func (p *parser) dropComma() error {
	if !p.on(TrailingComma) {
		return p.fail(p.comma, TrailingComma, "trailing comma")
	}
	p.editAt(p.commaLog, Edit{Kind: TrailingComma, Offset: int64(p.comma), Removed: ","})
	return nil
}

// canStart reports whether c can begin the next value (in an array) or
// member (in an object), so that a missing comma is the likely problem.
func (p *parser) canStart(c byte, obj bool) bool {
	switch {
	case c == '"' || c == '\'' || c == 0xE2 || isIdent(c):
		return true
	case obj:
		return false
	}
	return c == '{' || c == '[' || c == '-' || isDigit(c)
}

func (p *parser) open(obj bool) error {
	if len(p.stack) >= p.maxDepth {
		return &Error{Offset: int64(p.pos), Pointer: p.pointer(), Err: ErrTooDeep}
	}
	p.stack = append(p.stack, frame{obj: obj, name: [2]int{-1, -1}})
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

func closerName(obj bool) string {
	if obj {
		return "'}'"
	}
	return "']'"
}
