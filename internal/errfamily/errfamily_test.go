package errfamily

import (
	"errors"
	"fmt"
	"testing"
)

func TestNewLimit(t *testing.T) {
	err := NewLimit("too big")
	if err.Error() != "too big" {
		t.Errorf("message %q", err.Error())
	}
	wrapped := fmt.Errorf("reading: %w", err)
	if !errors.Is(wrapped, ErrLimit) || !errors.Is(wrapped, err) {
		t.Errorf("errors.Is misses Limit or the sentinel in %v", wrapped)
	}
	if errors.Is(wrapped, ErrSyntax) || errors.Is(NewLimit("too big"), err) {
		t.Errorf("errors.Is matches what it should not")
	}
}
