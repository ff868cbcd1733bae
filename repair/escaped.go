package repair

// This file is the EscapedJSON kind: a text whose quotes are escaped once
// more, as the content of a JSON string is, read as the JSON it stands
// for. The text is unescaped once into a buffer, repaired there with the
// other kinds, and the log of that repair is carried back to offsets in
// the input, between the edits that undo the escapes.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// escSpan is the part of an input that EscapedJSON unescapes: in[lo:hi].
// open says a quote at lo-1 opens a string literal around it, and
// closed that a quote at hi closes it.
type escSpan struct {
	lo, hi       int
	open, closed bool
}

// escapedSpan reports whether in reads as escaped JSON, and where. It
// does when the first quote of the text is escaped, \", and the text
// begins with it or with { or [ (whitespace aside): {\"a\": 1},
// [{\"a\": 1}], \"a\". It does too when text that no JSON value begins
// with (prose, a fence line) comes before the first { or [, and the
// first quote after that bracket is escaped: Result: {\"a\": 1}. And it
// does when such a text is wrapped in a string literal, "{\"a\": 1}",
// which must then begin with { or [. Valid JSON never reads so, but for
// that literal; Repair tells the two apart. after says text came first.
func escapedSpan(in []byte) (sp escSpan, after bool, ok bool) {
	i := skipSpace(in, 0)
	if i < len(in) && in[i] == '"' {
		sp.open = true
		i = skipSpace(in, i+1)
		if i == len(in) || in[i] != '{' && in[i] != '[' {
			return sp, false, false
		}
	}
	if i < len(in) && in[i] != '{' && in[i] != '[' && in[i] != '\\' {
		// Prose or a fence first: the value begins at a bracket.
		if i = nextOpen(in, i); i < 0 {
			return sp, false, false
		}
		after = true
	}
	if i == len(in) {
		return sp, false, false
	}
	k := bytes.IndexAny(in[i:], `"\`)
	if k < 0 || in[i+k] != '\\' || i+k+1 == len(in) || in[i+k+1] != '"' {
		return sp, false, false
	}
	sp.lo, sp.hi = 0, len(in)
	if sp.open {
		sp.lo = bytes.IndexByte(in, '"') + 1
		// The literal's closing quote is the last byte but whitespace,
		// after an even run of backslashes (escaped ones).
		if q := lastNonSpace(in, sp.lo, len(in)); q >= sp.lo && in[q] == '"' && (q-lastNot(in, sp.lo, q, '\\'))%2 == 1 {
			sp.hi, sp.closed = q, true
		}
	}
	return sp, after, true
}

// skipSpace returns the offset of the first byte at or after i that is
// not JSON whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// lastNot returns the offset of the last byte in b[from:to] that is not
// c, or from-1.
func lastNot(b []byte, from, to int, c byte) int {
	for to--; to >= from && b[to] == c; to-- {
	}
	return to
}

// unescaped maps the byte after the backslash of an escape that
// EscapedJSON reads once to the byte it stands for, or 0: \u escapes are
// left for the strings that hold them, and an escape JSON does not define
// for InvalidEscape.
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// escEdit is the edit that reads the escape at in[i] once: the backslash
// goes, and a letter escape becomes its control character. The texts are
// constants, so that the log copies nothing.
func escEdit(in []byte, i int) Edit {
	switch c := in[i+1]; c {
	case '"', '\\', '/':
		return Edit{Kind: EscapedJSON, Offset: int64(i), Removed: `\`}
	default:
		return Edit{Kind: EscapedJSON, Offset: int64(i), Removed: letterEscape[c], Inserted: letterByte[c]}
	}
}

// letterEscape and letterByte hold the letter escapes and the control
// characters they stand for as constant strings.
var (
	letterEscape = [256]string{'b': `\b`, 'f': `\f`, 'n': `\n`, 'r': `\r`, 't': `\t`}
	letterByte   = [256]string{'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t"}
)

// unescapeOnce returns b with each escape of unescaped read once, the
// number of them, and whether b ends with a backslash that begins an
// escape: the end of the input cut it, and it is not in the result.
func unescapeOnce(b []byte) (u []byte, n int, cut bool) {
	u = make([]byte, 0, len(b))
	for {
		k := bytes.IndexByte(b, '\\')
		if k < 0 {
			return append(u, b...), n, false
		}
		u = append(u, b[:k]...)
		if k+1 == len(b) {
			return u, n, true
		}
		if c := unescaped[b[k+1]]; c != 0 {
			u = append(u, c)
			n++
		} else {
			u = append(u, '\\', b[k+1])
		}
		b = b[k+2:]
	}
}

// escWalk walks the input span and its unescaped text side by side, and
// builds the log of the whole repair in input offsets.
type escWalk struct {
	in      []byte
	i, hi   int // the next input byte, and the end of the span
	j       int // the next byte of the unescaped text
	log     Log
	max     int   // the most edits allowed
	overOff int64 // where the first edit past max was, or -1
}

// push appends e to the log, unless that would take it past max.
func (w *escWalk) push(e Edit) {
	if len(w.log) >= w.max {
		if w.overOff < 0 {
			w.overOff = e.Offset
		}
		return
	}
	w.log = append(w.log, e)
}

// to advances to byte j of the unescaped text. keep logs the escapes
// passed; without it they are inside an edit of the inner repair, which
// removes them with the rest of its span.
func (w *escWalk) to(j int, keep bool) {
	for w.j < j {
		k := bytes.IndexByte(w.in[w.i:w.hi], '\\')
		if k < 0 || k >= j-w.j {
			w.i += j - w.j
			w.j = j
			return
		}
		w.i += k
		w.j += k
		if w.i+1 < w.hi && unescaped[w.in[w.i+1]] != 0 {
			if keep {
				w.push(escEdit(w.in, w.i))
			}
			w.i += 2
			w.j++
		} else if w.i+1 < w.hi {
			// An escape left as it is: its backslash maps to itself, and
			// the byte after it, no backslash, is read as any other.
			w.i++
			w.j++
		} else {
			return // the backslash that the end cuts; j is the end
		}
	}
}

// inputOffset returns the offset in in of byte off of the span's
// unescaped text.
func (sp escSpan) inputOffset(in []byte, off int64) int64 {
	w := escWalk{in: in, i: sp.lo, hi: sp.hi}
	w.to(int(off), false)
	return int64(w.i)
}

// repairEscaped repairs in as escaped JSON in the span sp: its text,
// unescaped once, is repaired with the other kinds of opts, and every
// edit of that repair is carried back to the input, spanning the
// escapes it covers.
func repairEscaped(in []byte, opts Options, sp escSpan) ([]byte, Log, error) {
	u, nesc, cut := unescapeOnce(in[sp.lo:sp.hi])
	inner := opts
	inner.Kinds &^= EscapedJSON
	_, ilog, err := repairPlain(u, inner, false)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return nil, nil, err
		}
		moved := *e
		moved.Offset = sp.inputOffset(in, e.Offset)
		return nil, nil, &moved
	}
	if cut && opts.Kinds&Truncated == 0 {
		return nil, nil, &Error{Offset: int64(sp.hi - 1), Need: Truncated, Err: fmt.Errorf("%w: %w", ErrSyntax, io.ErrUnexpectedEOF)}
	}
	w := escWalk{in: in, i: sp.lo, hi: sp.hi, max: opts.maxEdits(), overOff: -1}
	w.log = make(Log, 0, min(len(ilog)+nesc+2, w.max))
	if sp.open {
		w.push(Edit{Kind: EscapedJSON, Offset: int64(sp.lo - 1), Removed: `"`})
	}
	for _, e := range ilog {
		w.to(int(e.Offset), true)
		at := w.i
		w.to(int(e.End()), false)
		if e.Removed != "" {
			if string(in[at:w.i]) == e.Inserted {
				continue // a raw \n the inner repair escaped: as the input has it
			}
			e.Removed = string(in[at:w.i])
		}
		e.Offset = int64(at)
		w.push(e)
	}
	w.to(len(u), true)
	if cut {
		w.push(Edit{Kind: Truncated, Offset: int64(sp.hi - 1), Removed: `\`, Truncated: true})
	}
	if sp.closed {
		w.push(Edit{Kind: EscapedJSON, Offset: int64(sp.hi), Removed: `"`})
	}
	if w.overOff >= 0 {
		return nil, nil, &Error{Offset: w.overOff, Err: fmt.Errorf("%w: more than %d", ErrTooManyEdits, w.max)}
	}
	return applyChecked(in, w.log)
}
