package resume

import (
	"errors"
	"strconv"

	"github.com/deltajson/deltajson/internal/errfamily"
	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Sentinel errors, checked with errors.Is. An event that gets one of these
// back has changed nothing in the call, unless its doc says otherwise.
// The limit errors also match tokenizer.ErrLimit; ErrDuplicateName,
// ErrCheckpoint and ErrCheckpointVersion are the values of the same names
// in packages tokenizer and repair.
var (
	// ErrDuplicate: the event repeats one already applied (a replayed
	// delta whose bytes match what is held, or a second end signal) and
	// was ignored. Reconnecting callers usually skip it. A delta replayed
	// by a sequence number too old to check its bytes against (see
	// "Reconnects and restarts" in the package doc) gets it too, and so
	// does an event for a call that Set.Remove dropped (ErrRemoved).
	ErrDuplicate = errors.New("resume: duplicate event ignored")
	// ErrEnded: a delta arrived after the call's end signal, or after
	// Abandon (or Set.Finish) gave the call up.
	ErrEnded = errors.New("resume: delta after the end signal")
	// ErrReplay: a replayed delta disagrees with the bytes already held.
	// The error is a *ReplayError.
	ErrReplay = errors.New("resume: replayed delta differs from the bytes held")
	// ErrOutOfOrder: a delta's sequence number is below the largest seen,
	// yet it is none of the numbers seen: not a replay, and too late to
	// apply.
	ErrOutOfOrder = errors.New("resume: delta out of sequence order")
	// ErrGap: a delta starts past the end of the bytes held. The error is
	// a *GapError naming the missing range.
	ErrGap = errors.New("resume: gap in deltas")
	// ErrTooLarge: the call's arguments would pass Options.MaxBytes. The
	// call's status becomes StatusTooLarge; the delta is not kept.
	ErrTooLarge = errfamily.NewLimit("resume: arguments larger than the per-call limit")
	// ErrTotalTooLarge: the arguments of all calls in a Set would pass
	// Options.MaxTotalBytes. The call that crossed it becomes
	// StatusTooLarge.
	ErrTotalTooLarge = errfamily.NewLimit("resume: arguments of all calls larger than the total limit")
	// ErrTooManyCalls: a Set already holds Options.MaxCalls calls.
	ErrTooManyCalls = errfamily.NewLimit("resume: too many calls")
	// ErrUnknownCall: with Options.RequireStart, a delta or end for a key
	// that no start event announced; and whatever the options, an end
	// signal without final arguments for a key no event announced, since
	// it has no call to end (as Anthropic's content_block_stop of a text
	// block).
	ErrUnknownCall = errors.New("resume: event for a call that was never started")
	// ErrRemoved: an event for the key of a call that Set.Remove dropped,
	// a replay of a call that already ran. It is ignored, and
	// errors.Is(err, ErrDuplicate) holds too, so that a loop that skips
	// duplicates skips it.
	ErrRemoved error = &duplicateError{"resume: event for a removed call ignored"}
	// ErrIdentityTooLong: an event's Key, ID or Name is longer than
	// MaxIdentityBytes. A Set refuses the event; for an ID or Name, the
	// call it names becomes StatusRejected, since it cannot be run as
	// the model meant it.
	ErrIdentityTooLong = errfamily.NewLimit("resume: call key, id or name longer than MaxIdentityBytes")
	// ErrHosted: the call is one the provider runs itself (see
	// Event.Hosted), so it ends StatusRejected instead of ready.
	ErrHosted = errors.New("resume: a hosted tool, run by the provider")
	// ErrNoEnd: the stream stopped before the call's end signal (see
	// Call.Abandon). A call that stopped inside its value also matches
	// io.ErrUnexpectedEOF.
	ErrNoEnd = errors.New("resume: no end signal")
	// ErrNotObject: the arguments are a JSON value other than an object,
	// which the ready gate rejects unless Options.AllowAnyValue.
	ErrNotObject = errors.New("resume: arguments are not a JSON object")
	// ErrDuplicateName: the arguments hold an object with the same name
	// twice, which the ready gate rejects unless
	// Options.AllowDuplicateNames. The error is a *DuplicateNameError.
	ErrDuplicateName = errfamily.ErrDuplicateName
	// ErrRejected: the gate check of Options.Check failed. The error is a
	// *CheckError.
	ErrRejected = errors.New("resume: rejected by the gate check")
	// ErrCheckpoint: checkpoint bytes that are corrupt or truncated, or
	// arguments or options given to Restore that are not those the
	// checkpoint was saved with; the error's text says which when it can.
	ErrCheckpoint = errfamily.ErrCheckpoint
	// ErrTextCheckpoint means Call.Checkpoint was asked to save a Text
	// call: its bytes are the whole of its state, and a checkpoint holds
	// none of them.
	ErrTextCheckpoint = errors.New("resume: a text call has no checkpoint")
	// ErrCheckpointVersion: a checkpoint made by another version.
	ErrCheckpointVersion = errfamily.ErrCheckpointVersion
)

// duplicateError is an ignored event that is a duplicate of a kind of
// its own.
type duplicateError struct{ msg string }

func (e *duplicateError) Error() string { return e.msg }

// Is makes errors.Is(err, ErrDuplicate) true.
func (e *duplicateError) Is(target error) bool { return target == ErrDuplicate }

// GapError reports deltas missing between what is held and a delta that
// declared its offset.
type GapError struct {
	// From is the number of bytes held: the first missing offset.
	From int64
	// To is the offset the delta declared: the missing range is [From, To).
	To int64
}

func (e *GapError) Error() string {
	return "resume: gap in deltas: bytes [" + strconv.FormatInt(e.From, 10) + ", " + strconv.FormatInt(e.To, 10) + ") never arrived"
}

// Is makes errors.Is(err, ErrGap) true.
func (e *GapError) Is(target error) bool { return target == ErrGap }

// ReplayError reports a replayed delta whose bytes differ from those held.
type ReplayError struct {
	// Offset is the first argument offset where the replay differs.
	Offset int64
}

func (e *ReplayError) Error() string {
	return "resume: replayed delta differs from the bytes held at offset " + strconv.FormatInt(e.Offset, 10)
}

// Is makes errors.Is(err, ErrReplay) true.
func (e *ReplayError) Is(target error) bool { return target == ErrReplay }

// CheckError is the reason the gate check gave for rejecting a call.
type CheckError struct {
	// Err is what the check returned, or the recovered panic.
	Err error
	// Panicked says that the check panicked rather than returned.
	Panicked bool
}

func (e *CheckError) Error() string {
	if e.Panicked {
		return "resume: gate check panicked: " + e.Err.Error()
	}
	return "resume: rejected by the gate check: " + e.Err.Error()
}

// Unwrap returns the check's own error.
func (e *CheckError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrRejected) true.
func (e *CheckError) Is(target error) bool { return target == ErrRejected }

// DuplicateNameError is the reason the ready gate rejected a call whose
// arguments hold an object with the same name twice (see
// Options.AllowDuplicateNames).
type DuplicateNameError struct {
	// Offset is where the name's second occurrence opens (its quote),
	// in the arguments.
	Offset int64
	// Pointer is the JSON Pointer of that member; as in every pointer
	// of this module, a name longer than 128 bytes is cut, ending in "…".
	Pointer string
	// Name is the name, unescaped.
	Name string
}

func (e *DuplicateNameError) Error() string {
	return "resume: duplicate object name " + strconv.Quote(e.Name) + " at offset " +
		strconv.FormatInt(e.Offset, 10) + " (" + string(jsonwire.AppendPointerShown(nil, e.Pointer)) + ")"
}

// Is makes errors.Is(err, ErrDuplicateName) true.
func (e *DuplicateNameError) Is(target error) bool { return target == ErrDuplicateName }

// limitErr is a cap that was passed: the sentinel and the cap.
type limitErr struct {
	cause error
	limit int64
}

func (e *limitErr) Error() string {
	return e.cause.Error() + " (" + strconv.FormatInt(e.limit, 10) + " bytes)"
}

func (e *limitErr) Unwrap() error { return e.cause }

// noEndErr is the error of an abandoned call: ErrNoEnd, and the
// tokenizer's io.ErrUnexpectedEOF error when the value was unfinished.
type noEndErr struct{ cause error }

func (e *noEndErr) Error() string {
	if e.cause == nil {
		return ErrNoEnd.Error() + " (arguments complete)"
	}
	return ErrNoEnd.Error() + ": " + e.cause.Error()
}

func (e *noEndErr) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrNoEnd}
	}
	return []error{ErrNoEnd, e.cause}
}
