package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// Read decodes a whole recorded provider stream into tool-call events, in
// wire order. The container (SSE, JSON lines, JSON array, AWS event-stream)
// is always detected; the provider is detected when f is FormatAuto.
//
// Only tool calls produce events; text, reasoning and usage are skipped.
// On error Read returns the events decoded before the bad payload and an
// *Error saying where (none with ErrTooLarge, below); a stream cut off
// mid-payload wraps io.ErrUnexpectedEOF. Event Data and Final do not alias the input.
//
// Read holds the whole stream in memory: a stream longer than
// MaxStreamBytes fails with ErrTooLarge, read no further. So does a stream
// of more than MaxEvents events, which would cost more memory than its
// bytes, and one with an array of more than MaxArray elements in a
// payload: Read returns no events then.
func Read(r io.Reader, f Format) ([]resume.Event, error) {
	return read(r, f, MaxStreamBytes, MaxEvents)
}

// MaxStreamBytes is the longest stream Read takes. Recorded streams are
// kilobytes to a few megabytes: each delta of a few bytes comes in an
// event of a hundred or more.
const MaxStreamBytes = 256 << 20

// MaxEvents is the most events Read returns from one stream. An event
// costs 128 bytes and more, and can come from a few bytes of stream, so
// MaxStreamBytes alone does not bound the memory Read takes; MaxEvents
// does, to a few hundred MB at worst. A recorded stream has at most a few
// thousand events, and a model's whole output budget (about 128k tokens,
// a delta each at most) is a quarter of MaxEvents.
const MaxEvents = 1 << 19

// read is Read with a limit of maxBytes bytes and maxEvents events.
func read(r io.Reader, f Format, maxBytes int64, maxEvents int) ([]resume.Event, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > maxBytes {
		return nil, &Error{Offset: maxBytes, Err: fmt.Errorf("longer than %d bytes: %w", maxBytes, ErrTooLarge)}
	}
	c := sniffContainer(b)
	forced := f != FormatAuto
	if !forced {
		if f = Detect(b); f == FormatUnknown {
			// A stream cut before its first whole payload says nothing of
			// its provider; say that it was cut, as for any other cut.
			whole := false
			err := eachPayload(b, c, func(payload) bool { whole = true; return false })
			if !whole && err != nil {
				return nil, err
			}
			return nil, &Error{Err: fmt.Errorf("cannot tell the provider of a %v stream: %w", c, ErrUnknownFormat)}
		}
	}
	var d decoder
	switch f {
	case FormatOpenAIChat:
		d = newChatDecoder()
	case FormatOpenAIResponses:
		d = newResponsesDecoder()
	case FormatAnthropic:
		d = newAnthropicDecoder()
	case FormatGemini:
		d = newGeminiDecoder()
	case FormatBedrock:
		if c != containerEventStream {
			return nil, &Error{Format: f, Err: fmt.Errorf("bedrock wants an AWS event-stream, found %v: %w", c, ErrUnknownFormat)}
		}
		d = newAnthropicDecoder()
	default:
		return nil, &Error{Err: fmt.Errorf("format %v: %w", f, ErrUnknownFormat)}
	}
	// The payloads are decoded as they are split, and none is kept: only
	// the events are, up to maxEvents.
	out := eventList{max: maxEvents}
	var stop error // from the payload that stopped the split
	splitErr := eachPayload(b, c, func(p payload) bool {
		if err := d.decode(p, &out); err != nil {
			stop = &Error{Format: f, Line: p.line, Offset: p.off, Err: err}
			return false
		}
		return true
	})
	switch {
	case errors.Is(stop, ErrTooLarge):
		return nil, stop
	case stop != nil:
		return out.events, stop
	case splitErr != nil:
		if e, ok := splitErr.(*Error); ok {
			e.Format = f
		}
		return out.events, splitErr
	}
	if forced && len(out.events) == 0 && len(bytes.TrimSpace(b)) > 0 {
		if err := wrongFormat(b, f); err != nil {
			return nil, err
		}
	}
	return out.events, nil
}

// wrongFormat is the error for a stream in which the format asked for
// finds no events, unless its provider is that one (a stream without tool
// calls): it names the provider the stream looks like, if any.
func wrongFormat(b []byte, f Format) error {
	found := Detect(b)
	switch {
	case found == f, found == FormatBedrock && f == FormatAnthropic: // read by the Anthropic decoder
		return nil
	case found == FormatUnknown:
		return &Error{Format: f, Err: fmt.Errorf("no %v events, and no provider named in the stream: %w", f, ErrUnknownFormat)}
	}
	return &Error{Format: f, Err: fmt.Errorf("no %v events; the stream looks like %v: %w", f, found, ErrUnknownFormat)}
}

// eventList collects the events of a stream, at most max of them.
type eventList struct {
	events []resume.Event
	max    int
}

// add appends e, or fails with ErrTooLarge when the list is full, so that
// a payload cannot make more events than the limit either.
func (l *eventList) add(e resume.Event) error {
	if len(l.events) >= l.max {
		return fmt.Errorf("more than %d events: %w", l.max, ErrTooLarge)
	}
	l.events = append(l.events, e)
	return nil
}

// decoder turns one provider's payloads into events.
type decoder interface {
	decode(p payload, out *eventList) error
}

// newEvent returns an event with the "unknown" markers the resume package
// expects.
func newEvent(kind resume.EventKind, key string) resume.Event {
	return resume.Event{Kind: kind, Key: key}
}

// unmarshalPayload decodes p into v and names the failure.
func unmarshalPayload(p payload, v any) error {
	if err := json.Unmarshal(p.data, v); err != nil {
		if errors.Is(err, ErrTooLarge) {
			return err
		}
		if errors.Is(tokenizer.Validate(p.data), io.ErrUnexpectedEOF) {
			// The payload stops short, as in a stream cut off mid-event.
			return fmt.Errorf("JSON payload cut short: %w: %w", err, io.ErrUnexpectedEOF)
		}
		return fmt.Errorf("bad JSON payload: %w", err)
	}
	return nil
}

// MaxArray is the most elements that one array in a payload may have:
// choices, tool calls, candidates, parts or partial args. A real payload
// has a handful. Decoded, an element takes many times the bytes it came
// from ("{}," is 3 bytes, and a choice 24 or more), so one payload of
// "{}," repeated would take gigabytes before any limit on events could
// count them.
const MaxArray = 4096

// capped is a slice that refuses, before decoding it, an array of more
// than MaxArray elements.
type capped[T any] []T

func (c *capped[T]) UnmarshalJSON(b []byte) error {
	if countElems(b, MaxArray+1) > MaxArray {
		return fmt.Errorf("an array of more than %d elements: %w", MaxArray, ErrTooLarge)
	}
	return json.Unmarshal(b, (*[]T)(c))
}

// countElems counts the elements of the JSON array b, which encoding/json
// has checked, up to limit; it returns 0 for anything but an array.
func countElems(b []byte, limit int) int {
	inner := bytes.TrimSpace(b[min(1, len(b)):])
	if len(b) == 0 || b[0] != '[' || len(inner) > 0 && inner[0] == ']' {
		return 0
	}
	n, depth := 1, 0 // depth inside the array
	for i := 0; i < len(inner) && n < limit; i++ {
		switch inner[i] {
		case '"':
			for i++; i < len(inner) && inner[i] != '"'; i++ {
				if inner[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}

// providerError reports an {"error": {...}} payload, which OpenAI,
// OpenRouter, Anthropic and Gemini all send mid-stream on failure.
func providerError(raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var e struct {
		Message string `json:"message"`
		Type    string `json:"type"`
	}
	if json.Unmarshal(raw, &e) != nil || (e.Message == "" && e.Type == "") {
		return fmt.Errorf("%s: %w", raw, ErrProvider)
	}
	return fmt.Errorf("%s: %s: %w", e.Type, e.Message, ErrProvider)
}
