package resume

import (
	"errors"
	"strconv"

	"github.com/deltajson/deltajson/internal/errfamily"
	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Sentinel errors, checked with [errors.Is]. An event refused with one of
// them changes nothing in its call, unless its doc says otherwise.
//
// The limit errors also match [tokenizer.ErrLimit], and ErrDuplicateName,
// ErrCheckpoint and ErrCheckpointVersion are the values of the same names
// in packages tokenizer and repair.
var (
	// ErrDuplicate: the event repeats one already applied, and was ignored.
	// The package doc's "Reconnects and restarts" says which events are
	// replays; [ErrRemoved] matches it too.
	ErrDuplicate = errors.New("resume: duplicate event ignored")
	// ErrEnded: a delta came after the call's end signal, or after
	// [Call.Abandon] or [Set.Finish] gave the call up.
	ErrEnded = errors.New("resume: delta after the end signal")
	// ErrReplay: a replayed delta differs from the bytes held; the error
	// is a [*ReplayError].
	ErrReplay = errors.New("resume: replayed delta differs from the bytes held")
	// ErrOutOfOrder: a delta's sequence number is below the largest seen
	// but is none of the numbers seen, so it is neither a replay nor
	// applicable.
	ErrOutOfOrder = errors.New("resume: delta out of sequence order")
	// ErrGap: a delta starts past the end of the bytes held; the error is
	// a [*GapError].
	ErrGap = errors.New("resume: gap in deltas")
	// ErrTooLarge: the call's arguments would pass [Options.MaxBytes].
	// The call becomes [StatusTooLarge], and the delta is not kept.
	ErrTooLarge = errfamily.NewLimit("resume: arguments larger than the per-call limit")
	// ErrTotalTooLarge: the arguments of a Set's calls together would pass
	// [Options.MaxTotalBytes]. The call that crossed it becomes
	// [StatusTooLarge].
	ErrTotalTooLarge = errfamily.NewLimit("resume: arguments of all calls larger than the total limit")
	// ErrTooManyCalls: a Set already holds [Options.MaxCalls] calls.
	ErrTooManyCalls = errfamily.NewLimit("resume: too many calls")
	// ErrUnknownCall: a delta or end for a key no start announced, under
	// [Options.RequireStart]; or, always, an end without final arguments
	// for a key no event announced (as Anthropic's content_block_stop of
	// a text block).
	ErrUnknownCall = errors.New("resume: event for a call that was never started")
	// ErrRemoved: an event for a call that [Set.Remove] dropped, ignored
	// as a replay; it also matches [ErrDuplicate].
	ErrRemoved error = &duplicateError{"resume: event for a removed call ignored"}
	// ErrIdentityTooLong: an event's Key, ID or Name is longer than
	// [MaxIdentityBytes]. The event is refused, and a call given such an ID
	// or Name becomes [StatusRejected].
	ErrIdentityTooLong = errfamily.NewLimit("resume: call key, id or name longer than MaxIdentityBytes")
	// ErrHosted: the call is one the provider runs itself ([Event.Hosted]),
	// so its end makes it [StatusRejected] instead of ready.
	ErrHosted = errors.New("resume: a hosted tool, run by the provider")
	// ErrNoEnd: the stream stopped before the call's end signal
	// ([Call.Abandon]); a call cut inside its value also matches
	// [io.ErrUnexpectedEOF].
	ErrNoEnd = errors.New("resume: no end signal")
	// ErrNotObject: the arguments are a JSON value other than an object,
	// which the ready gate rejects unless [Options.AllowAnyValue].
	ErrNotObject = errors.New("resume: arguments are not a JSON object")
	// ErrDuplicateName: an object in the arguments has the same name
	// twice, which the ready gate rejects unless
	// [Options.AllowDuplicateNames]; the error is a [*DuplicateNameError].
	ErrDuplicateName = errfamily.ErrDuplicateName
	// ErrRejected: the check of [Options.Check] failed; the error is a
	// [*CheckError].
	ErrRejected = errors.New("resume: rejected by the gate check")
	// ErrCheckpoint: checkpoint bytes that are corrupt or truncated, or
	// arguments or options given to [Restore] that the checkpoint was not
	// saved with.
	ErrCheckpoint = errfamily.ErrCheckpoint
	// ErrTextCheckpoint: [Call.Checkpoint] was asked to save a call whose
	// input is text ([Event.Text]), whose bytes are its whole state.
	ErrTextCheckpoint = errors.New("resume: a text call has no checkpoint")
	// ErrCheckpointVersion: a checkpoint made by another version.
	ErrCheckpointVersion = errfamily.ErrCheckpointVersion
)

// duplicateError is an ignored event that is a duplicate of a kind of
// its own.
type duplicateError struct{ msg string }

func (e *duplicateError) Error() string { return e.msg }

// Is makes errors.Is(err, [ErrDuplicate]) true.
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

// Is makes errors.Is(err, [ErrGap]) true.
func (e *GapError) Is(target error) bool { return target == ErrGap }

// ReplayError reports a replayed delta whose bytes differ from those held.
type ReplayError struct {
	// Offset is the first argument offset where the replay differs.
	Offset int64
}

func (e *ReplayError) Error() string {
	return "resume: replayed delta differs from the bytes held at offset " + strconv.FormatInt(e.Offset, 10)
}

// Is makes errors.Is(err, [ErrReplay]) true.
func (e *ReplayError) Is(target error) bool { return target == ErrReplay }

// CheckError is the reason [Options.Check] gave for rejecting a call.
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

// Is makes errors.Is(err, [ErrRejected]) true.
func (e *CheckError) Is(target error) bool { return target == ErrRejected }

// DuplicateNameError is the reason the ready gate rejected a call whose
// arguments hold an object with the same name twice (see
// [Options.AllowDuplicateNames]).
type DuplicateNameError struct {
	// Offset is where the name's second occurrence opens (its quote),
	// in the arguments.
	Offset int64
	// Pointer is the JSON Pointer of that member, with every name whole.
	Pointer string
	// Name is the name, unescaped.
	Name string
}

func (e *DuplicateNameError) Error() string {
	return "resume: duplicate object name " + strconv.Quote(e.Name) + " at offset " +
		strconv.FormatInt(e.Offset, 10) + " (" + string(jsonwire.AppendPointerShown(nil, e.Pointer)) + ")"
}

// Is makes errors.Is(err, [ErrDuplicateName]) true.
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
