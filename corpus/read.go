package corpus

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/resume"
)

// Read decodes a whole recorded provider stream into tool-call events, in
// wire order. The container (SSE, JSON lines, JSON array, AWS event-stream)
// is always detected; the provider is detected when f is FormatAuto.
//
// Only tool calls produce events; text, reasoning and usage are skipped.
// On error Read returns the events decoded before the bad payload and an
// *Error saying where; a stream cut off mid-payload wraps
// io.ErrUnexpectedEOF. Event Data and Final do not alias the input.
//
// Read holds the whole stream in memory: a stream longer than
// MaxStreamBytes fails with ErrTooLarge, read no further.
func Read(r io.Reader, f Format) ([]resume.Event, error) {
	return read(r, f, MaxStreamBytes)
}

// MaxStreamBytes is the longest stream Read takes. Recorded streams are
// kilobytes to a few megabytes: each delta of a few bytes comes in an
// event of a hundred or more.
const MaxStreamBytes = 256 << 20

// read is Read with a limit of max bytes.
func read(r io.Reader, f Format, max int64) ([]resume.Event, error) {
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &Error{Offset: max, Err: fmt.Errorf("longer than %d bytes: %w", max, ErrTooLarge)}
	}
	c := sniffContainer(b)
	if f == FormatAuto {
		if f = Detect(b); f == FormatUnknown {
			// A stream cut before its first whole payload says nothing of
			// its provider; say that it was cut, as for any other cut.
			if ps, err := splitPayloads(b, c); len(ps) == 0 && err != nil {
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
	ps, splitErr := splitPayloads(b, c)
	var out []resume.Event
	for _, p := range ps {
		if err := d.decode(p, &out); err != nil {
			return out, &Error{Format: f, Line: p.line, Offset: p.off, Err: err}
		}
	}
	if splitErr != nil {
		if e, ok := splitErr.(*Error); ok {
			e.Format = f
		}
		return out, splitErr
	}
	return out, nil
}

// decoder turns one provider's payloads into events.
type decoder interface {
	decode(p payload, out *[]resume.Event) error
}

// newEvent returns an event with the "unknown" markers the resume package
// expects.
func newEvent(kind resume.EventKind, key string) resume.Event {
	return resume.Event{Kind: kind, Key: key, Index: -1, Seq: -1, Offset: -1}
}

// unmarshalPayload decodes p into v and names the failure.
func unmarshalPayload(p payload, v any) error {
	if err := json.Unmarshal(p.data, v); err != nil {
		return fmt.Errorf("bad JSON payload: %w", err)
	}
	return nil
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
