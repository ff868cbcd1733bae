package corpus

// NOTE: this file splits a recorded stream into provider payloads, one JSON
// document each, whatever the container: raw SSE, one payload per line
// (the vercel/ai ".chunks.jsonl" fixtures), or a JSON array (Gemini without
// alt=sse). The binary AWS event-stream lives in eventstream.go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// container is how payloads are framed in a recorded stream.
type container uint8

const (
	containerUnknown container = iota
	containerSSE
	containerJSONL
	containerArray
	containerEventStream
)

func (c container) String() string {
	switch c {
	case containerSSE:
		return "sse"
	case containerJSONL:
		return "jsonl"
	case containerArray:
		return "json-array"
	case containerEventStream:
		return "eventstream"
	}
	return "unknown"
}

// payload is one provider JSON document and where it came from.
type payload struct {
	data  []byte
	line  int   // 1-based line of the first byte, 0 for binary frames
	off   int64 // byte offset of the SSE event, line, element or frame
	event string
}

var utf8BOM = []byte("\xef\xbb\xbf")

// sniffContainer looks at the first bytes only.
func sniffContainer(b []byte) container {
	if looksLikeEventStream(b) {
		return containerEventStream
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(b, utf8BOM), " \t\r\n")
	switch {
	case len(t) == 0:
		return containerUnknown
	case t[0] == '[':
		return containerArray
	case t[0] == '{':
		return containerJSONL
	}
	for _, p := range [...]string{"data:", "event:", ":", "id:", "retry:"} {
		if bytes.HasPrefix(t, []byte(p)) {
			return containerSSE
		}
	}
	return containerUnknown
}

// eachPayload calls yield with the payloads of b in order, until yield
// returns false. It returns the error that ended the split, after yielding
// the payloads before it, so that a truncated stream still yields its good
// prefix; it returns nil when yield stopped it. Nothing is kept between
// payloads: the caller decides what to hold.
func eachPayload(b []byte, c container, yield func(payload) bool) error {
	switch c {
	case containerSSE:
		return splitSSE(b, yield)
	case containerJSONL:
		return splitJSONL(b, yield)
	case containerArray:
		return splitArray(b, yield)
	case containerEventStream:
		return splitEventStream(b, yield)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return &Error{Err: fmt.Errorf("empty stream: %w", ErrUnknownFormat)}
	}
	return &Error{Err: fmt.Errorf("no known container (SSE, JSON lines, JSON array, AWS event-stream): %w", ErrUnknownFormat)}
}

// nextLine returns the line starting at i without its "\n" or "\r\n", and
// the index after the terminator.
func nextLine(b []byte, i int) (line []byte, next int) {
	j := bytes.IndexByte(b[i:], '\n')
	if j < 0 {
		line, next = b[i:], len(b)
	} else {
		line, next = b[i:i+j], i+j+1
	}
	return bytes.TrimSuffix(line, []byte("\r")), next
}

// nextSSELine is nextLine for text/event-stream, whose lines may also end
// in a lone "\r" (the spec allows all three ends). JSON lines keep to
// nextLine: there a '\r' may be whitespace inside a document.
func nextSSELine(b []byte, i int) (line []byte, next int) {
	j := bytes.IndexAny(b[i:], "\r\n") // not IndexByte('\n'): with lone "\r"s it would run to the end each time
	switch {
	case j < 0:
		return b[i:], len(b)
	case b[i+j] == '\r' && i+j+1 < len(b) && b[i+j+1] == '\n':
		return b[i : i+j], i + j + 2
	}
	return b[i : i+j], i + j + 1
}

// splitSSE follows the text/event-stream rules that matter here: "field:
// value" lines with one optional space, data lines joined by "\n", ':'
// comments, events dispatched on a blank line. "[DONE]" is dropped. An
// event left open at the end is kept if it is whole JSON, else the stream
// was cut off.
func splitSSE(b []byte, yield func(payload) bool) error {
	var (
		data    []byte
		hasData bool
		event   string
		start   int64
		line    = 0
		first   = 0
	)
	// dispatch yields the event read so far, if any, and reports whether
	// to go on.
	dispatch := func() bool {
		p := payload{data: data, line: first, off: start, event: event}
		ok := !hasData || bytes.Equal(bytes.TrimSpace(data), []byte("[DONE]")) || yield(p)
		data, hasData, event = nil, false, ""
		return ok
	}
	for i := 0; i < len(b); {
		l, next := nextSSELine(b, i)
		line++
		if line == 1 {
			l = bytes.TrimPrefix(l, utf8BOM)
		}
		switch {
		case len(l) == 0:
			if !dispatch() {
				return nil
			}
		case l[0] == ':':
			// comment, e.g. ": OPENROUTER PROCESSING"
		default:
			field, value, _ := bytes.Cut(l, []byte(":"))
			value = bytes.TrimPrefix(value, []byte(" "))
			switch string(field) {
			case "data":
				if !hasData {
					start, first = int64(i), line
				} else {
					data = append(data, '\n')
				}
				data = append(data, value...)
				hasData = true
			case "event":
				event = string(value)
			}
		}
		i = next
	}
	if hasData && !json.Valid(data) && !bytes.Equal(bytes.TrimSpace(data), []byte("[DONE]")) {
		return &Error{Line: first, Offset: start, Err: fmt.Errorf("SSE event cut off: %w", io.ErrUnexpectedEOF)}
	}
	dispatch()
	return nil
}

func splitJSONL(b []byte, yield func(payload) bool) error {
	line := 0
	for i := 0; i < len(b); {
		l, next := nextLine(b, i)
		line++
		if t := bytes.TrimSpace(l); len(t) > 0 {
			if next == len(b) && !json.Valid(t) {
				return &Error{Line: line, Offset: int64(i), Err: fmt.Errorf("last line cut off: %w", io.ErrUnexpectedEOF)}
			}
			if !yield(payload{data: t, line: line, off: int64(i)}) {
				return nil
			}
		}
		i = next
	}
	return nil
}

// splitArray walks a JSON array of payloads, as Gemini streams it without
// alt=sse. It numbers lines as it goes, reading each byte once.
func splitArray(b []byte, yield func(payload) bool) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	lines := lineCounter{b: b}
	fail := func(off int64, err error) error {
		if errors.Is(err, io.EOF) {
			err = fmt.Errorf("JSON array cut off: %w", io.ErrUnexpectedEOF)
		}
		return &Error{Line: lines.at(off), Offset: off, Err: err}
	}
	if _, err := dec.Token(); err != nil {
		return fail(0, err)
	}
	for dec.More() {
		off := skipSpaceComma(b, dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fail(off, err)
		}
		if !yield(payload{data: raw, line: lines.at(off), off: off}) {
			return nil
		}
	}
	if _, err := dec.Token(); err != nil {
		return fail(dec.InputOffset(), err)
	}
	return nil
}

func skipSpaceComma(b []byte, off int64) int64 {
	for off < int64(len(b)) {
		switch b[off] {
		case ' ', '\t', '\r', '\n', ',':
			off++
			continue
		}
		break
	}
	return off
}

// lineCounter numbers the lines of b at the offsets asked for. Asked in
// increasing order, as splitArray asks, it reads each byte of b once.
type lineCounter struct {
	b    []byte
	off  int64 // the bytes before off are counted
	line int   // the 1-based line at off
}

// at returns the 1-based line of the byte at off (the last line past the
// end).
func (c *lineCounter) at(off int64) int {
	off = min(max(off, 0), int64(len(c.b)))
	if off < c.off || c.line == 0 {
		c.off, c.line = 0, 1
	}
	c.line += countNewlines(c.b[c.off:off])
	c.off = off
	return c.line
}

// countNewlines counts the '\n' bytes of b. It is a variable so that a
// test can count the bytes that line numbering reads.
var countNewlines = func(b []byte) int { return bytes.Count(b, []byte{'\n'}) }
