package tokenizer

import (
	"errors"
	"strconv"

	"github.com/deltajson/deltajson/internal/errfamily"
	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Sentinel causes, checked with errors.Is on a *SyntaxError.
// Input cut short at the end of the stream wraps io.ErrUnexpectedEOF.
var (
	// ErrSyntax: a byte that RFC 8259 does not allow where it stands.
	ErrSyntax = errfamily.ErrSyntax
	// ErrInvalidUTF8: a byte that is not part of valid UTF-8 in a string.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrSurrogate: a \u escape holding half of a surrogate pair alone.
	ErrSurrogate = errors.New("lone surrogate in \\u escape")
	// ErrTrailingData: non-whitespace after the complete top-level value.
	ErrTrailingData = errors.New("data after top-level value")
	// ErrLimit is matched by every limit error below, and by every other
	// deltajson package's limit errors.
	ErrLimit = errfamily.ErrLimit
	// ErrDepthLimit: nesting deeper than Options.MaxDepth.
	ErrDepthLimit = errfamily.NewLimit("nesting depth limit exceeded")
	// ErrBytesLimit: a stream longer than Options.MaxBytes.
	ErrBytesLimit = errfamily.NewLimit("stream length limit exceeded")
	// ErrStringLimit: a string longer than Options.MaxStringLength.
	ErrStringLimit = errfamily.NewLimit("string length limit exceeded")
	// ErrNumberLimit: a number longer than Options.MaxNumberLength.
	ErrNumberLimit = errfamily.NewLimit("number length limit exceeded")
)

// SyntaxError reports where and why the input stopped being JSON.
// Its offset and message do not depend on how the input was chunked.
type SyntaxError struct {
	// Offset is the absolute offset of the first byte that makes the input
	// invalid, or the length of the input when it ended too early.
	Offset int64
	// Pointer is the RFC 6901 JSON Pointer of the value being read. Error
	// quotes it whole up to 128 bytes, and a longer one by its two ends.
	Pointer string
	// Err is the cause: one of the Err* variables, or io.ErrUnexpectedEOF.
	Err error
	// detail says what was seen and what was expected.
	detail string
}

func (e *SyntaxError) Error() string {
	b := []byte("tokenizer: ")
	b = append(b, e.detail...)
	b = append(b, " at offset "...)
	b = strconv.AppendInt(b, e.Offset, 10)
	if e.Pointer != "" {
		b = append(b, " ("...)
		b = jsonwire.AppendPointerShown(b, e.Pointer)
		b = append(b, ')')
	}
	return string(b)
}

// Unwrap returns the cause, for errors.Is.
func (e *SyntaxError) Unwrap() error { return e.Err }

// quoteByte names a byte in a message. Only the byte itself is quoted,
// never a decoded character, so that a message cannot depend on which
// other bytes happened to be in the same chunk.
func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return jsonwire.HexByte(c)
}
