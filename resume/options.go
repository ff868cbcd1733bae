package resume

import (
	"log/slog"
	"math"

	"github.com/deltajson/deltajson/internal/limit"
	"github.com/deltajson/deltajson/tokenizer"
)

// The caps that zero Options fields stand for. A response carries a few
// calls, rarely dozens; these leave room for many more, and still bound
// what a Set fed by a broken or hostile stream holds: about
// DefaultMaxTotalBytes, plus a call's fixed state (see Call) and the key,
// id and name (each at most MaxIdentityBytes) per call, and
// Options.Capacity per call if set. The caps count argument bytes; a
// growing buffer's spare room comes on top (see Call.reserve): at most as
// much again, and 1 MB, per call.
const (
	DefaultMaxBytes      = 8 << 20  // Options.MaxBytes: per call
	DefaultMaxTotalBytes = 64 << 20 // Options.MaxTotalBytes: all calls of a Set
	DefaultMaxCalls      = 256      // Options.MaxCalls: calls a Set holds
)

// MaxIdentityBytes bounds an event's Key, ID and Name in a Set: providers'
// call ids and tool names are tens of bytes, and a longer one gives
// ErrIdentityTooLong, so that what a Set holds per call stays small.
const MaxIdentityBytes = 1024

// maxRemembered bounds what a Set remembers of calls gone (see Set and
// Set.Remove): the keys of removed calls (and, apart, those of the ones
// that had no ID), the keys and IDs of refused ones, and twice as many
// IDs of removed ones; at most MaxIdentityBytes each, 24 MB in all.
const maxRemembered = 4096

// Options configure a Call, or every call of a Set. The zero value is
// strict JSON under the default caps above.
type Options struct {
	// MaxBytes caps one call's argument bytes (the deltas, or the final
	// arguments). Zero means DefaultMaxBytes; negative means no cap.
	MaxBytes int64
	// MaxTotalBytes caps the argument bytes of all calls of a Set
	// together. Zero means DefaultMaxTotalBytes; negative means no cap.
	MaxTotalBytes int64
	// MaxCalls caps the number of calls a Set holds at once (Remove
	// frees a place). Zero means DefaultMaxCalls; negative means no cap.
	MaxCalls int
	// RequireStart makes a Set refuse (ErrUnknownCall) deltas and end
	// signals for a key no start event announced. By default such an
	// event starts the call, as resume.Event documents, because several
	// providers send no separate start.
	RequireStart bool
	// Capacity is the initial capacity of a call's argument buffer, at
	// most MaxBytes and MaxTotalBytes. With it set to the largest
	// expected size a call never allocates per delta. Each call of a Set
	// reserves it whole, so a Set can hold up to MaxCalls × Capacity
	// beyond its caps, which count argument bytes.
	Capacity int
	// Tokenizer configures the tokenizer of each call (depth, string and
	// number limits). MaxBytes and AllowMultipleValues are ignored: the
	// call enforces its own cap, and arguments are one value.
	Tokenizer tokenizer.Options
	// AllowAnyValue lets a call whose arguments are a JSON value other
	// than an object (an array, a string, a number, true, false or null)
	// become ready. By default the ready gate rejects it with
	// ErrNotObject: every provider sends tool arguments as an object,
	// and a handler that decodes null into a struct gets the zero value
	// without an error.
	AllowAnyValue bool
	// AllowDuplicateNames lets a call whose arguments hold an object with
	// the same name twice become ready. By default the ready gate rejects
	// it (StatusRejected, a *DuplicateNameError): RFC 8259 leaves such an
	// object's meaning to each parser (encoding/json keeps the last
	// value, others the first), so a check and a handler could read two
	// different calls in it. Names are compared after unescaping, and
	// exactly: that "path" and "PATH" reach one field of a Go struct is
	// repair.Decode's to check (DecodeOptions.RejectDuplicates).
	AllowDuplicateNames bool
	// Check, when set, is the gate's last test: it runs once, when a
	// call with whole, valid arguments gets its end signal and has passed
	// the gate's own rules (not hosted, an object, no name twice: see
	// StatusRejected), and a non-nil error (or a panic) makes the call
	// StatusRejected instead of StatusReady. args is what the call would
	// run with (Call.Value, which is nil until it is ready); it is
	// borrowed for the duration of the call and must not be modified.
	Check func(c *Call, args []byte) error
	// Logger, when set, receives each call's lifecycle: start, deltas
	// (at Debug), status changes, end signals, duplicates, refusals and
	// the final status. Argument text is not logged unless LogArguments.
	Logger *slog.Logger
	// LogArguments adds the delta text and the final arguments to the log.
	// Arguments may hold personal data; leave it off in production.
	LogArguments bool
}

// maxBytes is the per-call cap; with none, the most a tokenizer reads.
func (o *Options) maxBytes() int64 {
	return limit.Of(o.MaxBytes, DefaultMaxBytes, tokenizer.MaxBytesLimit)
}

// maxTotal is the total cap of a Set, math.MaxInt64 for none: a Set's
// room is maxTotal minus the bytes it holds, with no case for "no cap".
func (o *Options) maxTotal() int64 {
	return limit.Of(o.MaxTotalBytes, DefaultMaxTotalBytes, math.MaxInt64)
}

// maxCalls is the cap on a Set's calls, math.MaxInt for none.
func (o *Options) maxCalls() int { return limit.Of(o.MaxCalls, DefaultMaxCalls, math.MaxInt) }

func (o *Options) tokenizerOptions() tokenizer.Options {
	t := o.Tokenizer
	t.MaxBytes, t.AllowMultipleValues = 0, false
	return t
}
