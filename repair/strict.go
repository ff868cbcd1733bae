package repair

import (
	"errors"
	"fmt"

	"github.com/deltajson/deltajson/tokenizer"
)

// strictValid reports whether b is strict RFC 8259 JSON: one value, valid
// UTF-8, no trailing data. On failure it returns an *Error with the offset
// of the first bad byte and its JSON Pointer.
//
// It is tokenizer.Validate: a second, independent implementation of the
// grammar, so that a bug in the repair parser cannot pass as valid output.
func strictValid(b []byte) error {
	err := tokenizer.Validate(b)
	if err == nil {
		return nil
	}
	var se *tokenizer.SyntaxError
	if errors.As(err, &se) {
		cause := ErrSyntax
		if errors.Is(se.Err, tokenizer.ErrDepthLimit) {
			cause = ErrTooDeep // as Repair says it
		}
		return &Error{Offset: se.Offset, Pointer: se.Pointer, Err: fmt.Errorf("%w: %w", cause, se.Err)}
	}
	return &Error{Err: fmt.Errorf("%w: %w", ErrSyntax, err)}
}
