package resume

import (
	"log/slog"

	"github.com/deltajson/deltajson/tokenizer"
)

// DefaultMaxBytes is the per-call argument cap used when Options.MaxBytes
// is zero.
const DefaultMaxBytes = 8 << 20

// Options configure a Call, or every call of a Set. The zero value is
// strict JSON with DefaultMaxBytes per call and no other limit.
type Options struct {
	// MaxBytes caps one call's argument bytes (the deltas, or the final
	// arguments). Zero means DefaultMaxBytes; negative means no cap.
	MaxBytes int64
	// MaxTotalBytes caps the argument bytes of all calls of a Set
	// together. Zero means no cap.
	MaxTotalBytes int64
	// MaxCalls caps the number of calls a Set holds. Zero means no cap.
	MaxCalls int
	// RequireStart makes a Set refuse (ErrUnknownCall) deltas and end
	// signals for a key no start event announced. By default such an
	// event starts the call, as resume.Event documents, because several
	// providers send no separate start.
	RequireStart bool
	// Capacity is the initial capacity of a call's argument buffer. With
	// it set to the largest expected size a call never allocates per
	// delta.
	Capacity int
	// Tokenizer configures the tokenizer of each call (depth, string and
	// number limits). MaxBytes and AllowMultipleValues are ignored: the
	// call enforces its own cap, and arguments are one value.
	Tokenizer tokenizer.Options
	// Check, when set, is the gate: it runs once, when a call with whole,
	// valid arguments gets its end signal, and a non-nil error (or a
	// panic) makes the call StatusRejected instead of StatusReady. args
	// is what the call would run with (Call.Value); it is borrowed for the
	// duration of the call.
	Check func(c *Call, args []byte) error
	// Logger, when set, receives each call's lifecycle: start, deltas
	// (at Debug), status changes, end signals, duplicates, refusals and
	// the final status. Argument text is not logged unless LogArguments.
	Logger *slog.Logger
	// LogArguments adds the delta text and the final arguments to the log.
	// Arguments may hold personal data; leave it off in production.
	LogArguments bool
}

func (o *Options) maxBytes() int64 {
	switch {
	case o.MaxBytes == 0:
		return DefaultMaxBytes
	case o.MaxBytes < 0:
		return tokenizer.MaxBytesLimit // the most a tokenizer reads
	}
	return o.MaxBytes
}

// maxNumber is the tokenizer's number length limit.
func (o *Options) maxNumber() int {
	if n := o.Tokenizer.MaxNumberLength; n > 0 {
		return min(n, tokenizer.MaxNumberLengthLimit)
	}
	return tokenizer.DefaultMaxNumberLength
}

func (o *Options) tokenizerOptions() tokenizer.Options {
	t := o.Tokenizer
	t.MaxBytes, t.AllowMultipleValues = 0, false
	return t
}
