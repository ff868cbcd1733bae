package corpus

import (
	"fmt"
	"strings"

	"github.com/deltajson/deltajson/provider"
)

var (
	// ErrUnknownFormat means the format was not named right or could not
	// be detected; it is package provider's.
	ErrUnknownFormat = provider.ErrUnknownFormat
	// ErrChecksum means an AWS event-stream frame failed its CRC32 check.
	ErrChecksum = provider.ErrChecksum
	// ErrProvider means the stream carried the provider's own error event.
	ErrProvider = provider.ErrProvider
	// ErrTooLarge means the stream is longer than MaxStreamBytes, has more
	// than MaxEvents events, or passes one of package provider's caps.
	ErrTooLarge = provider.ErrTooLarge
)

// Error is a failure to read one stream, with the place it happened.
// A truncated stream wraps io.ErrUnexpectedEOF.
type Error struct {
	Format Format
	// Line is the 1-based line of the payload in a text container, or 0
	// for the binary event-stream.
	Line int
	// Offset is the byte offset of the payload (or frame) in the stream.
	Offset int64
	Err    error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("corpus: ")
	if e.Format != FormatUnknown && e.Format != FormatAuto {
		b.WriteString(e.Format.String())
		b.WriteString(": ")
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d, ", e.Line)
	}
	fmt.Fprintf(&b, "offset %d: %v", e.Offset, e.Err)
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }
