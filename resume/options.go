package resume

import (
	"log/slog"
	"math"

	"github.com/deltajson/deltajson/internal/limit"
	"github.com/deltajson/deltajson/tokenizer"
)

// The caps that zero [Options] fields stand for; the package doc's "Caps"
// says what else a Set holds.
const (
	DefaultMaxBytes      = 8 << 20  // Options.MaxBytes: per call
	DefaultMaxTotalBytes = 64 << 20 // Options.MaxTotalBytes: all calls of a Set
	DefaultMaxCalls      = 256      // Options.MaxCalls: calls a Set holds
)

// MaxIdentityBytes bounds an event's Key, ID and Name: a longer one gives
// [ErrIdentityTooLong].
const MaxIdentityBytes = 1024

// maxRemembered bounds what a Set remembers of calls gone (see Set and
// Set.Remove): the keys of removed calls (and, apart, those of the ones
// that had no ID), the keys and IDs of refused ones, and twice as many
// IDs of removed ones; at most MaxIdentityBytes each, 24 MB in all.
const maxRemembered = 4096

// Options configure a [Call], or every call of a [Set]. The zero value is
// strict JSON under the default caps.
type Options struct {
	// MaxBytes caps one call's argument bytes, from deltas or final
	// arguments. Zero means [DefaultMaxBytes]; negative means no cap.
	MaxBytes int64
	// MaxTotalBytes caps the argument bytes of a Set's calls together.
	// Zero means [DefaultMaxTotalBytes]; negative means no cap.
	MaxTotalBytes int64
	// MaxCalls caps the calls a Set holds at once ([Set.Remove] frees a
	// place). Zero means [DefaultMaxCalls]; negative means no cap.
	MaxCalls int
	// RequireStart makes a Set refuse with [ErrUnknownCall] a delta or end
	// for a key no [EventStart] announced; by default such an event starts
	// the call, since several providers send no start.
	RequireStart bool
	// Capacity is the initial capacity of each call's argument buffer
	// (at most MaxBytes and MaxTotalBytes). A call given its largest
	// size here allocates no more as deltas come.
	Capacity int
	// Tokenizer configures each call's tokenizer (depth, string and
	// number limits); its MaxBytes and AllowMultipleValues are ignored.
	Tokenizer tokenizer.Options
	// AllowAnyValue lets a call whose arguments are a JSON value other
	// than an object become ready; by default the gate rejects it with
	// [ErrNotObject], since every provider sends an object.
	AllowAnyValue bool
	// AllowDuplicateNames lets a call whose arguments hold an object with
	// the same name twice become ready; by default the gate rejects it with
	// a [*DuplicateNameError], since parsers differ on which value counts.
	// Names are compared unescaped and exactly.
	AllowDuplicateNames bool
	// Check, when set, runs once as the gate's last test on a call that
	// ended whole, valid and past the gate's own rules, with args its
	// [Call.Value] (borrowed, not to be modified). An error or a panic
	// makes the call [StatusRejected] with a [*CheckError].
	Check func(c *Call, args []byte) error
	// Logger, when set, receives each call's lifecycle (see the package
	// doc's "Observability"), without argument text unless LogArguments.
	Logger *slog.Logger
	// LogArguments adds the deltas' text and the final arguments to the
	// log; they may hold personal data.
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
