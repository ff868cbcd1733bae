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
// validFast answers first, and tokenizer.Validate when it is not sure:
// implementations of the grammar apart from the repair parser, so that a
// bug in the parser cannot pass as valid output. FuzzValidFast holds
// validFast to the tokenizer.
func strictValid(b []byte) error {
	if validFast(b) {
		return nil
	}
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
