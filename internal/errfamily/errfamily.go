// Package errfamily holds the sentinel errors that deltajson's packages
// share, so that errors.Is answers alike whichever package failed: the
// tokenizer exports them, and the other packages export the same values
// or errors that match them.
//
//   - Syntax: the input is not JSON (tokenizer, repair).
//   - DuplicateName: an object names a member twice (resume, repair).
//   - Limit: a limit on size, depth or count was passed (every package).
//   - Checkpoint, CheckpointVersion: a checkpoint is corrupt, or from an
//     unknown version (tokenizer, resume).
package errfamily

import "errors"

var (
	Syntax            = errors.New("invalid JSON")
	DuplicateName     = errors.New("duplicate object name")
	Limit             = errors.New("limit exceeded")
	Checkpoint        = errors.New("corrupt checkpoint")
	CheckpointVersion = errors.New("checkpoint from an unknown version")
)

// NewLimit returns a sentinel with its own message that errors.Is also
// finds to be Limit.
func NewLimit(msg string) error { return &limitError{msg} }

type limitError struct{ msg string }

func (e *limitError) Error() string        { return e.msg }
func (e *limitError) Is(target error) bool { return target == Limit }
