package repair

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deltajson/deltajson/internal/errfamily"
	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Sentinel causes, wrapped by [Error]; test for them with errors.Is.
// ErrSyntax is tokenizer.ErrSyntax and ErrDuplicateName is
// resume.ErrDuplicateName; the limit errors also match tokenizer.ErrLimit.
var (
	// ErrTooLarge: the input is longer than Options.MaxInput.
	ErrTooLarge = errfamily.NewLimit("input too large")
	// ErrTooManyEdits: the repair needs more edits than Options.MaxEdits.
	ErrTooManyEdits = errfamily.NewLimit("too many edits")
	// ErrTooDeep: objects and arrays nest deeper than the depth limit.
	ErrTooDeep = errfamily.NewLimit("nesting too deep")
	// ErrAmbiguous: with Prose on, more than one JSON value was found,
	// and repair will not guess which one is meant.
	ErrAmbiguous = errors.New("more than one JSON value in the input")
	// ErrNoValue: no JSON value was found.
	ErrNoValue = errors.New("no JSON value found")
	// ErrSyntax: the input is not JSON, and no enabled kind repairs it.
	// Error.Need names a kind that would, if one exists.
	ErrSyntax = errfamily.ErrSyntax
	// ErrDuplicateName: an object has the same name twice (Decode).
	ErrDuplicateName = errfamily.ErrDuplicateName
	// ErrUnknownField: a name matches no field of the target (Decode).
	ErrUnknownField = errors.New("unknown field")
)

// Error reports what could not be repaired or decoded, and where.
// Input cut short wraps io.ErrUnexpectedEOF.
//
// Where the input is strict JSON up to the token that could not be
// repaired, as it is with no kind on, the error wraps the tokenizer's
// *[tokenizer.SyntaxError] on the input and has its Offset and Pointer:
// the tokenizer decides where a text stops being JSON.
type Error struct {
	// Offset is the byte offset in the input where the problem is. For
	// an error that wraps the tokenizer's, it is the tokenizer's: the
	// first byte that no JSON text can have there, or the length of the
	// input when it ended too early. After a repair, it is the first
	// byte of the token or escape that could not be read (for a number,
	// the byte where it stops being one), or, for input that ends inside
	// a string, number or literal, where that begins.
	Offset int64
	// Pointer is the RFC 6901 JSON Pointer to the value being read, or
	// just read, as the tokenizer has it; "" is the top-level value, and
	// while a member name is due or being read, the object.
	Pointer string
	// Need is a kind that would repair this, or 0 if none would.
	Need Kind
	// Err is the cause: one of the sentinels above, io.ErrUnexpectedEOF,
	// or an error wrapping them with detail.
	Err error

	// detail is the parser's words after ErrSyntax's, if it made the
	// error: asTokenizer adds them to the tokenizer's if those say less.
	detail string
}

func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString("repair: offset ")
	sb.WriteString(strconv.FormatInt(e.Offset, 10))
	if e.Pointer != "" {
		sb.WriteString(" at ")
		sb.Write(jsonwire.AppendPointerShown(nil, e.Pointer))
	}
	sb.WriteString(": ")
	sb.WriteString(e.Err.Error())
	if e.Need != 0 {
		sb.WriteString(" (repairable with kind ")
		sb.WriteString(e.Need.String())
		sb.WriteByte(')')
	}
	return sb.String()
}

func (e *Error) Unwrap() error { return e.Err }

// appendPointerToken appends one reference token, escaped per RFC 6901.
func appendPointerToken(sb *strings.Builder, name string) {
	sb.WriteByte('/')
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case '~':
			sb.WriteString("~0")
		case '/':
			sb.WriteString("~1")
		default:
			sb.WriteByte(name[i])
		}
	}
}

// syntaxError returns the *Error of the parser at off, with detail, its
// words, kept for asTokenizer.
func syntaxError(off int, pointer string, need Kind, detail error) *Error {
	return &Error{Offset: int64(off), Pointer: pointer, Need: need, Err: fmt.Errorf("%w: %w", ErrSyntax, detail), detail: detail.Error()}
}
