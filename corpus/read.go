package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
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
// of more than MaxEvents events, and Read returns no events then. A stream that starts more than
// provider.MaxCalls calls fails with ErrTooLarge at the payload that would
// start one more.
func Read(r io.Reader, f Format) ([]resume.Event, error) {
	return read(r, f, MaxStreamBytes, MaxEvents)
}

// MaxStreamBytes is the longest stream Read takes; a longer one fails with
// [ErrTooLarge].
const MaxStreamBytes = 256 << 20

// MaxEvents is the most events Read returns from one stream; a stream
// with more fails with [ErrTooLarge]. Together with [MaxStreamBytes] it
// bounds the memory Read takes.
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
	forced := f != FormatAuto
	rd := provider.NewReader(bytes.NewReader(b), provider.ReaderOptions{MaxMessageBytes: len(b) + 1})
	dec := provider.NewDecoder(f)
	out := eventList{max: maxEvents}
	for {
		m, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if len(out.events) == 0 && dec.Format() == FormatAuto {
				if errors.Is(err, io.ErrUnexpectedEOF) && !forced {
					return nil, asError(err, f)
				}
			}
			return out.events, asError(err, dec.Format())
		}
		evs, err := dec.Decode(m.Data, m.Event)
		if err != nil {
			return out.events, &Error{Format: dec.Format(), Line: m.Line, Offset: m.Offset, Err: err}
		}
		for _, e := range evs {
			e.Data, e.Final = bytes.Clone(e.Data), bytes.Clone(e.Final)
			if err := out.add(e); err != nil {
				return nil, &Error{Format: dec.Format(), Line: m.Line, Offset: m.Offset, Err: err}
			}
		}
	}
	if !forced && dec.Format() == FormatAuto {
		return nil, &Error{Err: fmt.Errorf("cannot tell the provider of a %v stream: %w", rd.Container(), ErrUnknownFormat)}
	}
	if forced && len(out.events) == 0 && len(bytes.TrimSpace(b)) > 0 {
		if err := wrongFormat(b, f); err != nil {
			return nil, err
		}
	}
	return out.events, nil
}

// asError turns an error of the provider package into an *Error.
func asError(err error, f Format) error {
	var pe *provider.Error
	if errors.As(err, &pe) {
		return &Error{Format: f, Line: pe.Line, Offset: pe.Offset, Err: pe.Err}
	}
	return &Error{Format: f, Err: err}
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

// detectPayloads is how many payloads Detect looks at. A provider's first
// payload or two name it (a role chunk, message_start, response.created);
// a stream whose first payloads name nothing is not worth reading on.
const detectPayloads = 64

// Detect guesses the format of a recorded stream from its first
// payloads, at most 64 of them. It returns FormatUnknown when it cannot
// tell. A cut off stream is still detected from its whole payloads.
func Detect(b []byte) Format {
	rd := provider.NewReader(bytes.NewReader(b), provider.ReaderOptions{MaxMessageBytes: len(b) + 1})
	dec := provider.NewDecoder(FormatAuto)
	for range detectPayloads {
		m, err := rd.Next()
		if err != nil {
			break
		}
		dec.Decode(m.Data, m.Event)
		if dec.Format() != FormatAuto {
			break
		}
	}
	return dec.Format()
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
