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

// splitPayloads returns the payloads found before any error, so that a
// truncated stream still yields its good prefix.
func splitPayloads(b []byte, c container) ([]payload, error) {
	switch c {
	case containerSSE:
		return splitSSE(b)
	case containerJSONL:
		return splitJSONL(b)
	case containerArray:
		return splitArray(b)
	case containerEventStream:
		return splitEventStream(b)
	}
	return nil, &Error{Err: fmt.Errorf("no known container (SSE, JSON lines, JSON array, AWS event-stream): %w", ErrUnknownFormat)}
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

// splitSSE follows the text/event-stream rules that matter here: "field:
// value" lines with one optional space, data lines joined by "\n", ':'
// comments, events dispatched on a blank line. "[DONE]" is dropped. An
// event left open at the end is kept if it is whole JSON, else the stream
// was cut off.
func splitSSE(b []byte) ([]payload, error) {
	var (
		out     []payload
		data    []byte
		hasData bool
		event   string
		start   int64
		line    = 0
		first   = 0
	)
	dispatch := func() {
		if hasData && !bytes.Equal(bytes.TrimSpace(data), []byte("[DONE]")) {
			out = append(out, payload{data: data, line: first, off: start, event: event})
		}
		data, hasData, event = nil, false, ""
	}
	for i := 0; i < len(b); {
		l, next := nextLine(b, i)
		line++
		if line == 1 {
			l = bytes.TrimPrefix(l, utf8BOM)
		}
		switch {
		case len(l) == 0:
			dispatch()
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
		return out, &Error{Line: first, Offset: start, Err: fmt.Errorf("SSE event cut off: %w", io.ErrUnexpectedEOF)}
	}
	dispatch()
	return out, nil
}

func splitJSONL(b []byte) ([]payload, error) {
	var out []payload
	line := 0
	for i := 0; i < len(b); {
		l, next := nextLine(b, i)
		line++
		if t := bytes.TrimSpace(l); len(t) > 0 {
			if next == len(b) && !json.Valid(t) {
				return out, &Error{Line: line, Offset: int64(i), Err: fmt.Errorf("last line cut off: %w", io.ErrUnexpectedEOF)}
			}
			out = append(out, payload{data: t, line: line, off: int64(i)})
		}
		i = next
	}
	return out, nil
}

// splitArray walks a JSON array of payloads, as Gemini streams it without
// alt=sse.
func splitArray(b []byte) ([]payload, error) {
	var out []payload
	dec := json.NewDecoder(bytes.NewReader(b))
	fail := func(off int64, err error) ([]payload, error) {
		if errors.Is(err, io.EOF) {
			err = fmt.Errorf("JSON array cut off: %w", io.ErrUnexpectedEOF)
		}
		return out, &Error{Line: lineOf(b, off), Offset: off, Err: err}
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
		out = append(out, payload{data: raw, line: lineOf(b, off), off: off})
	}
	if _, err := dec.Token(); err != nil {
		return fail(dec.InputOffset(), err)
	}
	return out, nil
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

func lineOf(b []byte, off int64) int {
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	return 1 + bytes.Count(b[:off], []byte("\n"))
}
