package ledger

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/deltajson/deltajson/internal/errfamily"
)

// Errors that callers branch on, wrapped by every [*Error] a [Store]
// returns and checked with errors.Is. ErrIDTooLong and
// ErrCheckpointTooLarge also match tokenizer.ErrLimit.
var (
	// ErrEmptyID: a call needs an ID to be claimed.
	ErrEmptyID = errors.New("empty call ID")
	// ErrIDTooLong: the ID is longer than MaxIDBytes.
	ErrIDTooLong = errfamily.NewLimit("call ID too long")
	// ErrCheckpointTooLarge: the checkpoint is larger than
	// MaxCheckpointBytes.
	ErrCheckpointTooLarge = errfamily.NewLimit("checkpoint too large")
	// ErrNotClaimed: Done or Fail for an ID with no claim.
	ErrNotClaimed = errors.New("call not claimed")
	// ErrOutcome: Done after Fail, or Fail after Done; an outcome never
	// changes.
	ErrOutcome = errors.New("outcome already recorded")
	// ErrCorrupt: the store holds bytes it cannot read (a damaged or
	// truncated file, or one that is not a ledger). The store does not
	// start afresh over them.
	ErrCorrupt = errors.New("ledger corrupt")
	// ErrVersion: the store was written by a newer version of this
	// package, in a format this one does not know.
	ErrVersion = errors.New("ledger from a newer version")
	// ErrUnavailable: the store could not be read or written: an I/O
	// error, a full or read-only disk, a file locked by another process,
	// a server that cannot be reached or refuses the write. The error
	// wraps the cause too.
	ErrUnavailable = errors.New("ledger unavailable")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("ledger closed")
)

// An Error is a failed [Store] operation. It wraps a sentinel (Kind) and,
// when there is one, the cause from below (Err), so that errors.Is finds
// both.
type Error struct {
	Op   string // the operation: "open", "claim", "done", "fail", "lookup", "save checkpoint", "checkpoint", "close"
	ID   string // the call's ID, cut to its first 64 bytes; empty for open and close
	Kind error  // one of the Err sentinels of this package, or a context error
	Err  error  // the cause, or nil
}

// NewError returns an *Error for op on id, of kind, with cause err (which
// may be nil). It cuts id to 64 bytes, so that an error does not hold a
// long ID. Stores outside this package build their errors with it.
func NewError(op, id string, kind, err error) *Error {
	if len(id) > idInError {
		cut := idInError
		for cut > 0 && !utf8.RuneStart(id[cut]) {
			cut--
		}
		id = id[:cut] + "…"
	}
	return &Error{Op: op, ID: id, Kind: kind, Err: err}
}

// idInError is how much of an ID an Error keeps.
const idInError = 64

func (e *Error) Error() string {
	s := "ledger: " + e.Op
	if e.ID != "" {
		s += " " + strconv.Quote(e.ID)
	}
	s += ": " + e.Kind.Error()
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns Kind and Err.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// CheckID returns [ErrEmptyID] or [ErrIDTooLong] (bare, for the caller to
// wrap with [NewError]) when id cannot be a call's ID, or nil. Stores call
// it before they touch their storage.
func CheckID(id string) error {
	switch {
	case id == "":
		return ErrEmptyID
	case len(id) > MaxIDBytes:
		return ErrIDTooLong
	}
	return nil
}
