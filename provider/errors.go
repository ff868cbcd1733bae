package provider

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deltajson/deltajson/internal/errfamily"
)

var (
	// ErrTooLarge means a message, a line, a payload or the number of
	// calls passed its cap. Like every package's limit error, it also
	// matches tokenizer.ErrLimit, the one test that serves them all.
	ErrTooLarge = errfamily.NewLimit("too large")
	// ErrChecksum means an AWS event-stream frame failed its CRC32 check.
	ErrChecksum = errors.New("event-stream checksum mismatch")
	// ErrFraming means the bytes are not in the container's framing: a
	// streamed array that is not an array of objects, an event-stream frame
	// whose lengths or headers do not add up. SSE ignores a line it does
	// not know, as its specification says, but a stream with such a line
	// and no event at all is not SSE.
	ErrFraming = errors.New("bad stream framing")
	// ErrPayload means a payload is not JSON, or not the shape its format
	// sends.
	ErrPayload = errors.New("bad payload")
	// ErrProvider means the stream carried the provider's own error event.
	ErrProvider = errors.New("provider sent an error")
	// ErrNoName means a call ended with no tool name, as one whose start
	// came before a reconnect into a new Handler: it cannot run, so it is
	// rejected ([resume.StatusRejected]) and goes to [Options.OnEnd].
	ErrNoName = errors.New("tool call with no name")
	// ErrFinished means input came after [Handler.Finish].
	ErrFinished = errors.New("input after the stream was finished")
	// ErrInHook means [Handler.Payload], [Handler.Message] or
	// [Handler.ReadFrom] was called from one of the Handler's own hooks,
	// while it applies a payload's events: give the input after the
	// hook returns.
	ErrInHook = errors.New("input from inside a hook of the same Handler")
	// ErrUnknownFormat means the stream's format was not named right, or
	// could not be told from its first payloads.
	ErrUnknownFormat = errors.New("unknown stream format")
)

// Error is a failure at one place in a stream. A stream cut off inside a
// message wraps io.ErrUnexpectedEOF.
type Error struct {
	// Offset is the byte offset in the stream of the message (SSE event,
	// line, array element or frame) that failed, or -1 when the message
	// came alone ([Handler.Payload], [Handler.Apply]).
	Offset int64
	// Line is the 1-based line of that message in a text container, or 0.
	Line int
	Err  error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("provider: ")
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d, ", e.Line)
	}
	if e.Offset >= 0 {
		fmt.Fprintf(&b, "offset %d: ", e.Offset)
	}
	fmt.Fprint(&b, e.Err)
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }
