package provider

// NOTE: one payload per line (NDJSON, JSON Lines, Ollama's /api/chat). A
// line ends at LF, and a CR before it belongs to the end; a lone CR is JSON
// whitespace, not a line end. The message aliases the buffer, so nothing is
// copied.

import (
	"bytes"
	"io"

	"github.com/deltajson/deltajson/tokenizer"
)

// linesState is the Lines parser's state between reads.
type linesState struct {
	scanned int // bytes at buf[rd:] known to hold no LF
}

func (r *Reader) nextLine() (Message, bool, error) {
	l := &r.lns
	for {
		b := r.buf[r.rd:r.wr]
		i := bytes.IndexByte(b[l.scanned:], '\n')
		end := l.scanned + i + 1
		if i < 0 {
			// A partial line ending in CR may yet end in CR LF.
			if len(b) > r.max+1 || len(b) > r.max && b[len(b)-1] != '\r' {
				return Message{}, false, r.tooLarge(r.offset(r.rd), r.line, "line")
			}
			if !r.eof {
				l.scanned = len(b)
				return Message{}, false, nil
			}
			if len(b) == 0 {
				return Message{}, false, io.EOF
			}
			i, end = len(b), len(b) // the last line, with no line end
		} else {
			i += l.scanned
		}
		line := bytes.TrimSuffix(b[:i], crBytes)
		if len(line) > r.max {
			return Message{}, false, r.tooLarge(r.offset(r.rd), r.line, "line")
		}
		off, ln := r.offset(r.rd), r.line
		l.scanned = 0
		r.rd += end
		r.line++
		t := trimBlank(line)
		if len(t) == 0 {
			continue
		}
		if end == i && !tokenizer.Valid(t) {
			return Message{}, false, cut(off, ln, "the last line")
		}
		return Message{Data: t[:len(t):len(t)], Offset: off, Line: ln}, true, nil
	}
}

var crBytes = []byte{'\r'}

// trimBlank trims JSON whitespace from both ends of b.
func trimBlank(b []byte) []byte {
	for len(b) > 0 && isBlank(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isBlank(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
