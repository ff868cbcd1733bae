package repair

// This file is the Truncated kind: what to do when the input ends inside
// a value.

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// eofBetween handles the end of input between tokens. It leaves the
// state stDone, or returns an error.
func (p *parser) eofBetween() error {
	// The end of the input ends a MultiValue array, and a call whose )
	// is missing, as such.
	for n := len(p.stack); n > 0 && p.stack[n-1].wrap != wrapNone; n = len(p.stack) {
		switch {
		case p.stack[n-1].wrap == wrapMulti && p.state == stElem:
			if err := p.dropComma(); err != nil {
				return err
			}
			p.endMulti()
			return nil
		case p.stack[n-1].wrap == wrapMulti && p.state == stNext:
			p.endMulti()
			return nil
		case p.stack[n-1].wrap == wrapCall && p.state == stNext:
			p.pop()
			continue
		case p.stack[n-1].wrap == wrapCall && p.state == stValue && p.callsOnly():
			return &Error{Offset: int64(p.pos), Err: fmt.Errorf("%w: %w", ErrNoValue, io.ErrUnexpectedEOF)}
		}
		break
	}
	switch p.state {
	case stDone:
		return nil
	case stElemFirst, stNameFirst, stNext:
		return p.atEOF(p.pos, -1, "")
	case stColon:
		if top := p.stack[len(p.stack)-1]; p.dupName(top.name[0], p.in[top.name[0]:top.name[1]], false) {
			return p.atEOF(p.pos, p.safe, "")
		}
		return p.atEOF(p.pos, -1, ":null")
	case stValue:
		if len(p.stack) == 0 {
			return &Error{Offset: int64(p.pos), Err: fmt.Errorf("%w: %w", ErrNoValue, io.ErrUnexpectedEOF)}
		}
		if top := p.stack[len(p.stack)-1]; top.obj {
			if top.wrap == wrapNone && top.name[0] >= 0 && p.dupName(top.name[0], p.in[top.name[0]:top.name[1]], false) {
				return p.atEOF(p.pos, p.safe, "")
			}
			return p.atEOF(p.pos, -1, "null")
		}
	}
	return p.atEOF(p.pos, p.safe, "")
}

// dupName reports whether the object on top of the stack has a member
// before off whose name is written as raw is, or, if cut, as raw and a
// closing quote are. A name that the end of the input leaves with no
// value is left out then, with the comma before it, rather than given
// null: decoded, a later member of the same name hides the earlier one.
// The object's text is looked at once, at the end of the input.
func (p *parser) dupName(off int, raw []byte, cut bool) bool {
	n := len(p.stack)
	if n == 0 || !p.stack[n-1].obj || p.stack[n-1].wrap != wrapNone || len(raw) == 0 || off <= p.stack[n-1].open {
		return false
	}
	b := p.in[p.stack[n-1].open:off]
	for i := 0; ; {
		k := bytes.Index(b[i:], raw)
		if k < 0 {
			return false
		}
		k += i
		e := k + len(raw)
		if cut {
			if e >= len(b) || b[e] != '"' {
				i = k + 1
				continue
			}
			e++
		}
		if j := lastNonSpace(b, 0, k); j >= 0 && (b[j] == '{' || b[j] == ',') && colonAt(b, e) {
			return true
		}
		i = k + 1
	}
}

// callsOnly reports whether every open frame is a Wrapper call.
func (p *parser) callsOnly() bool {
	for _, f := range p.stack {
		if f.wrap != wrapCall {
			return false
		}
	}
	return true
}

// atEOF repairs a value cut off by the end of the input, if the Truncated
// kind is on. It removes in[cut:] (cut < 0: nothing), dropping the edits
// made there, inserts ins, and closes every open bracket, all in one
// edit. where is the offset reported if the kind is off.
func (p *parser) atEOF(where, cut int, ins string) error {
	if !p.on(Truncated) {
		return p.fail(where, Truncated, "%w", io.ErrUnexpectedEOF)
	}
	if cut < 0 && len(p.stack) == 0 && ins == "" {
		return &Error{Offset: int64(where), Err: fmt.Errorf("%w: %w", ErrNoValue, io.ErrUnexpectedEOF)}
	}
	var sb strings.Builder
	sb.WriteString(ins)
	for i := len(p.stack) - 1; i >= 0; i-- {
		switch f := p.stack[i]; f.wrap {
		case wrapNone:
			sb.WriteByte(closerByte(f.obj))
		case wrapMulti:
			sb.WriteByte(']')
		}
	}
	e := p.mk(Truncated, len(p.in), 0, sb.String())
	if cut >= 0 {
		if cut == p.safe && p.safeLog < len(p.log) {
			// Edits logged before the value ended at safe stay, even
			// an insertion there (the 0 that completes 2e in [2e,).
			p.log = p.log[:p.safeLog]
		}
		for len(p.log) > 0 && p.log[len(p.log)-1].off > cut || cut != p.safe && len(p.log) > 0 && p.log[len(p.log)-1].off == cut {
			p.log = p.log[:len(p.log)-1]
		}
		e.off, e.n = cut, len(p.in)-cut
	}
	p.add(e)
	p.stack = p.stack[:0]
	p.pos = len(p.in)
	p.state = stDone
	return nil
}
