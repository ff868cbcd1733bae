package repair

import (
	"errors"
	"fmt"
	"strings"

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
		// se, not se.Err: its words say what was seen and expected.
		return &Error{Offset: se.Offset, Pointer: se.Pointer, Err: fmt.Errorf("%w (%w)", cause, se)}
	}
	return &Error{Err: fmt.Errorf("%w: %w", ErrSyntax, err)}
}

// asTokenizer returns err, an error of the parser, as the tokenizer's
// error on the input when the tokenizer stops there or later: the text up
// to the parser's stop is then strict JSON, and the error is in the token
// the parser could not read, which the tokenizer, the owner of the
// grammar, words. Its offset, pointer and cause are then the tokenizer's,
// and it wraps the *tokenizer.SyntaxError; Need stays the parser's, and
// the parser's words are added where the tokenizer's do not say them. An
// error after a repair, or not a syntax error, is returned as it is.
//
// The tokenizer's error is strictPrefix's, which read the input from
// scanStart: when that is 0, its offsets are the input's.
func (p *parser) asTokenizer(err error) error {
	e, ok := err.(*Error)
	if !ok || !errors.Is(e.Err, ErrSyntax) {
		return err
	}
	se, ok := p.tok.Err().(*tokenizer.SyntaxError)
	if !ok || p.scanStart != 0 {
		// No scan read the input from its start: read it now.
		ok = errors.As(tokenizer.Validate(p.in), &se)
	}
	if !ok || se.Offset < e.Offset || errors.Is(se, tokenizer.ErrLimit) {
		return err
	}
	if e.detail != "" && !strings.Contains(se.Error(), e.detail) {
		return &Error{Offset: se.Offset, Pointer: se.Pointer, Need: e.Need, Err: fmt.Errorf("%w: %s (%w)", ErrSyntax, e.detail, se)}
	}
	return &Error{Offset: se.Offset, Pointer: se.Pointer, Need: e.Need, Err: fmt.Errorf("%w: %w", ErrSyntax, se)}
}
