package provider

// NOTE: text/event-stream as the WHATWG HTML spec parses it ("Server-sent
// events", section 9.2.6), one line at a time: a line is consumed from the
// buffer as soon as its end arrives, so the buffer holds at most one
// partial line, and an event's fields live in sseState until its blank
// line. The data is copied out of the buffer because the lines of one
// event may arrive in different reads.

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// sseState is the SSE parser's state between lines.
type sseState struct {
	scanned int  // bytes at buf[rd:] known to hold no line end
	cr      bool // the last line ended in CR: a LF right after it is part of that end

	// The event being read. A single data line is not copied: data is
	// then a slice of the Reader's buffer (ref), copied into own before
	// the buffer moves (keep).
	data    []byte // data lines joined with "\n"
	own     []byte
	ref     bool
	event   []byte
	hasData bool  // a data line was seen (data may still be empty)
	hasID   bool  // an id field was seen; id holds it
	started bool  // a field line was seen; start and startLine say where
	open    bool  // the last line was a data line cut by the end of the stream
	start   int64 // offset of the event's first field line
	startLn int   // its line

	id     []byte // the last event ID buffer: it persists across events
	idNew  bool   // an id field set id since the last dispatch
	lastID []byte // id as of the last dispatch
	anyID  bool   // an id field has been dispatched: lastID holds it
	retry  time.Duration

	// Whether an event has been returned, and where the first line with
	// a field SSE does not know was: a stream that has only such lines
	// (an HTML error page, plain text) is not SSE.
	returned bool
	stray    int64
	strayLn  int
	hasStray bool
}

// emptyID is the ID of an event whose id field was empty: not nil.
var emptyID = []byte{}

var doneData = []byte("[DONE]")

func (r *Reader) nextSSE() (Message, bool, error) {
	s := &r.sse
	for {
		b := r.buf[r.rd:r.wr]
		if s.cr {
			if len(b) == 0 && !r.eof {
				return Message{}, false, nil
			}
			s.cr = false
			if len(b) > 0 && b[0] == '\n' {
				r.rd++
				continue
			}
		}
		j := 0 // a blank line, the end of most events, takes no scan
		if len(b) == 0 || b[0] != '\n' {
			j = indexLineEnd(b, s.scanned)
		}
		end := j + 1
		if j < 0 {
			if len(b) > r.max {
				return Message{}, false, s.tooLarge(r, "SSE line")
			}
			if !r.eof {
				s.scanned = len(b)
				return Message{}, false, nil
			}
			if len(b) == 0 {
				return s.finish(r)
			}
			j, end = len(b), len(b) // the last line, with no line end
		}
		line := b[:j]
		if len(line) > r.max {
			return Message{}, false, s.tooLarge(r, "SSE line")
		}
		off, ln := r.offset(r.rd), r.line
		s.cr = j < len(b) && b[j] == '\r'
		s.scanned = 0
		r.rd += end
		r.line++
		if len(line) == 0 { // a blank line ends the event
			if m, ok := s.dispatch(); ok {
				return m, true, nil
			}
			continue
		}
		if err := s.field(r, line, off, ln, end == j); err != nil {
			return Message{}, false, err
		}
	}
}

// quickSSE reads the event at buf[rd:] when the buffer holds all of it
// and it is of the commonest shape: an event line or none, then one data
// line, then a blank line, each ended by LF. It sets *m to what nextSSE
// would return, with the event name and data in the buffer, and reports
// true; false, having read nothing, for anything else (nextSSE reads it
// a line at a time). more reports that the buffer ends inside an event
// of that shape so far, no longer than a message may be: one more read
// may make it whole.
func (r *Reader) quickSSE(m *Message) (ok, more bool) {
	b := r.buf[r.rd:r.wr]
	var event []byte
	i := 0
	if len(b) > 6 && string(b[:6]) == "event:" {
		j := jsonwire.IndexLineEnd(b)
		if j < 0 {
			return false, len(b) <= r.max
		}
		if j > r.max || b[j] != '\n' {
			return false, false
		}
		event, i = b[6:j], j+1
		if len(event) > 0 && event[0] == ' ' {
			event = event[1:]
		}
	} else if len(b) <= 6 && string(b) == "event:"[:len(b)] {
		return false, true
	}
	if len(b)-i <= 5 || string(b[i:i+5]) != "data:" {
		return false, len(b)-i <= 5 && string(b[i:]) == "data:"[:len(b)-i]
	}
	j := jsonwire.IndexLineEnd(b[i:])
	if j < 0 || i+j+1 == len(b) && b[i+j] == '\n' {
		return false, len(b) <= r.max // the data line, or the blank line after it, to come
	}
	if j > r.max || i+j+1 >= len(b) || b[i+j] != '\n' || b[i+j+1] != '\n' {
		return false, false // too long, CR line ends, or more lines
	}
	data := b[i+5 : i+j]
	if len(data) > 0 && data[0] == ' ' {
		data = data[1:]
	}
	// Field by field, as Decoder.emit sets an event, with no Message
	// built and copied, and a pointer stored only when it changes
	// (TestQuickSSEResets).
	m.Data, m.Offset, m.Line = data[:len(data):len(data)], r.offset(r.rd), r.line
	if len(event) > 0 {
		m.Event = event[:len(event):len(event)]
	} else if m.Event != nil {
		m.Event = nil
	}
	if m.ID != nil {
		m.ID = nil
	}
	r.rd += i + j + 2
	r.line += 2
	if i > 0 {
		r.line++
	}
	r.sse.returned = true
	return true, false
}

// indexLineEnd returns the index of the first CR or LF in b at or after
// from, or -1.
func indexLineEnd(b []byte, from int) int {
	if i := jsonwire.IndexLineEnd(b[from:]); i >= 0 {
		return from + i
	}
	return -1
}

// field takes one line of the stream that is not blank (without its
// end), at off, on line ln; cut says the stream ended inside it.
func (s *sseState) field(r *Reader, line []byte, off int64, ln int, cut bool) error {
	if line[0] == ':' {
		return nil // a comment, e.g. ": OPENROUTER PROCESSING"
	}
	name, value := line, line[len(line):]
	i := 4 // the colon of "data:", most lines, or of "event:"
	switch {
	case len(line) >= 5 && line[4] == ':' && string(line[:4]) == "data":
	case len(line) >= 6 && line[5] == ':' && string(line[:5]) == "event":
		i = 5
	default:
		i = bytes.IndexByte(line, ':')
	}
	if i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	if !s.started {
		s.started, s.start, s.startLn = true, off, ln
	}
	s.open = false
	switch string(name) {
	case "data":
		if !s.hasData {
			s.data, s.ref = value[:len(value):len(value)], true
		} else {
			s.keep()
			s.data = append(s.data, '\n')
			s.data = append(s.data, value...)
			s.own = s.data
		}
		s.hasData = true
		s.open = cut
		if len(s.data) > r.max {
			return s.tooLarge(r, "SSE event data")
		}
	case "event":
		s.event = append(s.event[:0], value...)
	case "id":
		if bytes.IndexByte(value, 0) < 0 {
			s.id = append(s.id[:0], value...)
			s.hasID, s.idNew = true, true
		}
	case "retry":
		if ms, ok := parseRetry(value); ok {
			s.retry = time.Duration(ms) * time.Millisecond
		}
	default:
		if !s.hasStray {
			s.stray, s.strayLn, s.hasStray = off, ln, true
		}
	}
	return nil
}

// keep copies the data of the event being read out of the Reader's
// buffer, if it is there: before the buffer moves, or more data joins it.
func (s *sseState) keep() {
	if s.ref {
		s.own = append(s.own[:0], s.data...)
		s.data, s.ref = s.own, false
	}
}

// parseRetry reads a retry field's value: ASCII digits only, and within
// what a time.Duration holds.
func parseRetry(v []byte) (int64, bool) {
	const most = math.MaxInt64 / int64(time.Millisecond)
	var n int64
	for _, c := range v {
		if c < '0' || c > '9' || n > (most-int64(c-'0'))/10 {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, len(v) > 0
}

// dispatch ends the event at a blank line (or the end of the stream) and
// returns it if it had data. The returned slices stay valid until the next
// line is read, which is in the next call of Next.
func (s *sseState) dispatch() (Message, bool) {
	if s.idNew {
		s.lastID, s.idNew = append(s.lastID[:0], s.id...), false
	}
	s.anyID = s.anyID || s.hasID
	m := Message{Data: s.data[:len(s.data):len(s.data)], Offset: s.start, Line: s.startLn}
	if len(s.event) > 0 {
		m.Event = s.event[:len(s.event):len(s.event)]
	}
	if s.hasID {
		m.ID = s.id[:len(s.id):len(s.id)]
		if len(s.id) == 0 {
			m.ID = emptyID
		}
	}
	ok := s.hasData
	s.returned = s.returned || ok
	s.data, s.ref, s.event = s.own[:0], false, s.event[:0]
	s.hasData, s.hasID, s.started, s.open = false, false, false, false
	if !ok {
		return Message{}, false
	}
	return m, true
}

// finish ends the stream. An event left without its blank line is
// returned when its data is whole, as a recording may end so; but in a
// stream that sends event IDs it is not, as SSE says, and the stream is
// cut: its id line may be what the cut lost, and a reconnect from the
// last ID gets the event again.
func (s *sseState) finish(r *Reader) (Message, bool, error) {
	if s.hasData && !bytes.Equal(s.data, doneData) && (s.anyID || s.idNew || !s.returned || s.open && !tokenizer.Valid(s.data)) {
		return Message{}, false, cut(s.start, s.startLn, "an SSE event")
	}
	if !s.hasData {
		if s.hasStray && !s.returned {
			return Message{}, false, &Error{Offset: s.stray, Line: s.strayLn,
				Err: fmt.Errorf("not a stream of events: no SSE event came, and this line is no SSE field: %w", ErrFraming)}
		}
		return Message{}, false, io.EOF
	}
	m, ok := s.dispatch()
	return m, ok, nil
}

// tooLarge reports the event being read, or else the line at buf[rd:].
func (s *sseState) tooLarge(r *Reader, what string) error {
	if s.started {
		return r.tooLarge(s.start, s.startLn, what)
	}
	return r.tooLarge(r.offset(r.rd), r.line, what)
}
