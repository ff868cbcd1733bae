package repair

// This file is the Truncated kind: what to do when the input ends inside
// a value.

import (
	"fmt"
	"io"
	"strings"
)

// eofBetween handles the end of input between tokens.
func (p *parser) eofBetween() error {
	switch p.state {
	case stElemFirst, stNameFirst, stNext:
		return p.atEOF(p.pos, -1, "")
	case stValue:
		if len(p.stack) == 0 {
			return &Error{Offset: int64(p.pos), Err: fmt.Errorf("%w: %w", ErrNoValue, io.ErrUnexpectedEOF)}
		}
	}
	return p.atEOF(p.pos, p.safe, "")
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
		sb.WriteByte(closerByte(p.stack[i].obj))
	}
	e := Edit{Kind: Truncated, Offset: int64(len(p.in)), Inserted: sb.String(), Truncated: true}
	if cut >= 0 {
		for len(p.log) > 0 && p.log[len(p.log)-1].Offset >= int64(cut) {
			p.log = p.log[:len(p.log)-1]
		}
		e.Offset, e.Removed = int64(cut), string(p.in[cut:])
	}
	p.add(e)
	p.stack = p.stack[:0]
	p.pos = len(p.in)
	p.state = stDone
	return nil
}
