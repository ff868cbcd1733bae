package provider

// NOTE: one JSON array streamed element by element, as Gemini sends
// streamGenerateContent without alt=sse. Package tokenizer reads the bytes
// as they are fed, so the array's grammar has one owner; an element is the
// bytes from the '{' that opens it at depth 1 to the '}' that closes it.
// The tokenizer reads each chunk in place, so a chunk is fed only once the
// one before it is read to its end (ErrNeedMore), and the buffer moves
// only then. Offsets here are stream offsets, which do not move with it.

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/tokenizer"
)

// arrayState is the Array parser's state between reads.
type arrayState struct {
	tk      tokenizer.Tokenizer
	init    bool  // tk and base are set
	base    int64 // stream offset of the tokenizer's offset 0
	fed     int64 // stream offset of the first byte not yet fed
	blank   bool  // every byte fed so far is whitespace
	elem    int64 // stream offset of the element being read, or -1
	elemLn  int   // its line
	reading bool  // elem is set
	wrong   bool  // a string element is being read: other is set
	other   int64 // stream offset of an element that is not an object
	otherLn int   // its line
}

func (r *Reader) nextElement() (Message, bool, error) {
	a := &r.arr
	if !a.init {
		a.tk = tokenizer.New(tokenizer.Options{})
		a.base = r.offset(r.rd)
		a.fed = a.base
		a.init, a.blank = true, true
	}
	for {
		tok, err := a.tk.Next()
		switch {
		case err == tokenizer.ErrNeedMore:
			if !a.reading {
				r.consumeTo(r.index(a.fed))
			} else if a.fed-a.elem > int64(r.max) {
				return Message{}, false, r.tooLarge(a.elem, a.elemLn, "array element")
			}
			switch {
			case a.fed < r.offset(r.wr):
				chunk := r.buf[r.index(a.fed):r.wr]
				if a.blank {
					// Refused at the first byte: whether the tokenizer
					// shows a top-level string's first piece before a bad
					// byte in it depends on the cuts.
					if i := firstNonBlank(chunk); i < len(chunk) {
						if chunk[i] != '[' {
							off := a.fed + int64(i)
							r.consumeTo(r.index(off))
							return Message{}, false, r.framing(off, "the stream is not a JSON array")
						}
						a.blank = false
					}
				}
				if err := a.tk.Feed(chunk); err != nil {
					return Message{}, false, a.fail(r, err)
				}
				a.fed = r.offset(r.wr)
			case r.eof:
				a.tk.Close()
			default:
				return Message{}, false, nil
			}
			continue
		case err == io.EOF:
			return Message{}, false, io.EOF
		case err != nil:
			return Message{}, false, a.fail(r, err)
		}
		if tok.Depth() == 0 {
			switch tok.Kind() {
			case tokenizer.KindBeginArray, tokenizer.KindEndArray:
			default: // not reached: the first byte was a '['
				return Message{}, false, r.framing(a.base+tok.Offset(), "the stream is not a JSON array")
			}
			continue
		}
		if !a.reading {
			if !a.wrong {
				a.other = a.base + tok.Offset()
				r.consumeTo(r.index(a.other))
				a.otherLn = r.line
			}
			switch {
			case tok.Kind() == tokenizer.KindBeginObject:
				a.elem, a.elemLn, a.reading = a.other, a.otherLn, true
			case tok.Last():
				return Message{}, false, &Error{Offset: a.other, Line: a.otherLn, Err: fmt.Errorf("%w: an array element is not an object", ErrFraming)}
			default:
				// A string's first pieces: whether the tokenizer shows
				// them before a bad byte in the string depends on the
				// cuts, so the element is refused at its last piece.
				a.wrong = true
			}
			continue
		}
		end := a.base + tok.End()
		if end-a.elem > int64(r.max) {
			return Message{}, false, r.tooLarge(a.elem, a.elemLn, "array element")
		}
		if tok.Depth() == 1 && tok.Kind() == tokenizer.KindEndObject {
			m := Message{Data: r.buf[r.index(a.elem):r.index(end):r.index(end)], Offset: a.elem, Line: a.elemLn}
			r.consumeTo(r.index(end))
			a.reading = false
			return m, true, nil
		}
	}
}

// fail turns the tokenizer's error into the Reader's: the element being
// read fails as a whole, and a byte between elements fails by itself.
func (a *arrayState) fail(r *Reader, err error) error {
	se, ok := errors.AsType[*tokenizer.SyntaxError](err)
	if !ok {
		return &Error{Offset: a.fed, Err: fmt.Errorf("%w: %w", ErrFraming, err)} // not reached: Feed follows ErrNeedMore
	}
	at := *se
	at.Offset += a.base // the tokenizer counts from the '[' or what precedes it, after a byte order mark
	off, ln := at.Offset, 0
	if a.reading {
		if at.Offset-a.elem > int64(r.max) {
			return r.tooLarge(a.elem, a.elemLn, "array element")
		}
		off, ln = a.elem, a.elemLn
	} else {
		r.consumeTo(min(r.index(at.Offset), r.wr))
		ln = r.line
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		if a.blank {
			return io.EOF // an empty stream, as in the other containers
		}
		return &Error{Offset: off, Line: ln, Err: fmt.Errorf("stream ended inside the JSON array: %w", &at)}
	}
	return &Error{Offset: off, Line: ln, Err: fmt.Errorf("%w: %w", ErrFraming, &at)}
}

// firstNonBlank returns the index of b's first byte that is not JSON
// whitespace, or len(b).
func firstNonBlank(b []byte) int {
	i := 0
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	return i
}

// framing is the error for bytes at off that break the container's
// framing.
func (r *Reader) framing(off int64, why string) error {
	return &Error{Offset: off, Line: r.line, Err: fmt.Errorf("%w: %s", ErrFraming, why)}
}

// index returns the index in buf of the byte at stream offset off.
func (r *Reader) index(off int64) int { return int(off - r.base) }

// consumeTo consumes buf[rd:i], counting its lines. An i before rd
// changes nothing: a number or literal held back by the tokenizer may have
// begun in bytes already consumed, and holds no line end.
func (r *Reader) consumeTo(i int) {
	if i <= r.rd {
		return
	}
	r.line += bytes.Count(r.buf[r.rd:i], newline)
	r.rd = i
}

var newline = []byte{'\n'}
