package tokenizer

import (
	"math"

	"github.com/deltajson/deltajson/internal/limit"
)

// Default limits. A zero field in Options selects the default, and a
// negative one the largest limit there is, as in package resume.
const (
	DefaultMaxDepth        = 10000 // like encoding/json
	DefaultMaxNumberLength = 4096  // bytes of one number token
)

// Options configure a Tokenizer. The zero value is strict RFC 8259 with
// the default limits.
type Options struct {
	// MaxDepth is the deepest nesting of objects and arrays allowed.
	// Zero means DefaultMaxDepth; a negative value, or one above
	// MaxDepthLimit, means MaxDepthLimit.
	MaxDepth int
	// MaxBytes is the most bytes the whole stream may have. Zero or a
	// negative value means MaxBytesLimit (1 TiB), the most a Token's
	// offset can express; the tokenizer's memory does not grow with the
	// stream.
	MaxBytes int64
	// MaxStringLength is the most raw bytes one string or name may have
	// between its quotes. Zero or a negative value means no limit:
	// strings arrive in pieces and are never buffered.
	MaxStringLength int64
	// MaxNumberLength is the most bytes one number may have. A number cut
	// across chunks is buffered whole, so this bounds that buffer. Zero
	// means DefaultMaxNumberLength; a negative value, or one above
	// MaxNumberLengthLimit, means MaxNumberLengthLimit.
	MaxNumberLength int
	// AllowMultipleValues accepts a sequence of top-level values, each
	// separated by optional whitespace, as in JSON Lines or concatenated
	// JSON. By default anything but whitespace after the first value is
	// an error (ErrTrailingData).
	AllowMultipleValues bool
}

// limits is Options with the defaults filled in.
type limits struct {
	maxDepth  int
	maxBytes  int64
	maxString int64
	maxNumber int
	multiple  bool
}

// MaxNumberLengthLimit bounds Options.MaxNumberLength.
const MaxNumberLengthLimit = 1 << 30

// maxStringLimit bounds Options.MaxStringLength, so that offset
// arithmetic cannot overflow.
const maxStringLimit = math.MaxInt64 >> 2

func (o Options) limits() limits {
	return limits{
		maxDepth:  limit.Of(o.MaxDepth, DefaultMaxDepth, MaxDepthLimit),
		maxBytes:  limit.Of(o.MaxBytes, MaxBytesLimit, MaxBytesLimit),
		maxString: limit.Of(o.MaxStringLength, maxStringLimit, maxStringLimit),
		maxNumber: o.numberLimit(),
		multiple:  o.AllowMultipleValues,
	}
}

// numberLimit returns the number length limit that o sets.
func (o Options) numberLimit() int {
	return limit.Of(o.MaxNumberLength, DefaultMaxNumberLength, MaxNumberLengthLimit)
}
