package repair

// This file is the Truncated kind: what to do when the input ends inside
// a value.

import (
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
		return p.atEOF(p.pos, -1, ":null")
	case stValue:
		if len(p.stack) == 0 {
			return &Error{Offset: int64(p.pos), Err: fmt.Errorf("%w: %w", ErrNoValue, io.ErrUnexpectedEOF)}
		}
		if p.stack[len(p.stack)-1].obj {
			return p.atEOF(p.pos, -1, "null")
		}
	}
	return p.atEOF(p.pos, p.safe, "")
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
