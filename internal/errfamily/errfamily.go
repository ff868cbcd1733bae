// Package errfamily holds the sentinel errors that deltajson's packages
// share, so that errors.Is answers alike whichever package failed: the
// tokenizer exports them, and the other packages export the same values
// or errors that match them.
//
//   - ErrSyntax: the input is not JSON (tokenizer, repair).
//   - ErrDuplicateName: an object names a member twice (resume, repair).
//   - ErrLimit: a limit on size, depth or count was passed (every package).
//   - ErrCheckpoint, ErrCheckpointVersion: a checkpoint is corrupt, or from an
//     unknown version (tokenizer, resume).
package errfamily

import "errors"

var (
	ErrSyntax            = errors.New("invalid JSON")
	ErrDuplicateName     = errors.New("duplicate object name")
	ErrLimit             = errors.New("limit exceeded")
	ErrCheckpoint        = errors.New("corrupt checkpoint")
	ErrCheckpointVersion = errors.New("checkpoint from an unknown version")
)

// NewLimit returns a sentinel with its own message that errors.Is also
// finds to be ErrLimit.
func NewLimit(msg string) error { return &limitError{msg} }

type limitError struct{ msg string }

func (e *limitError) Error() string        { return e.msg }
func (e *limitError) Is(target error) bool { return target == ErrLimit }
