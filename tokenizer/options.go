package tokenizer

import "math"

// Default limits. A zero field in Options selects the default.
const (
	DefaultMaxDepth        = 10000 // like encoding/json
	DefaultMaxNumberLength = 4096  // bytes of one number token
)

// Options configure a Tokenizer. The zero value is strict RFC 8259 with
// the default limits.
type Options struct {
	// MaxDepth is the deepest nesting of objects and arrays allowed.
	// Zero means DefaultMaxDepth, and a depth above MaxDepthLimit counts
	// as MaxDepthLimit. Number limits above MaxNumberLengthLimit, and
	// string limits above 1<<61, count as those bounds.
	MaxDepth int
	// MaxBytes is the most bytes the whole stream may have. Zero means
	// MaxBytesLimit (1 TiB), the most a Token's offset can express; the
	// tokenizer's memory does not grow with the stream.
	MaxBytes int64
	// MaxStringLength is the most raw bytes one string or name may have
	// between its quotes. Zero means no limit: strings arrive in pieces
	// and are never buffered.
	MaxStringLength int64
	// MaxNumberLength is the most bytes one number may have. A number cut
	// across chunks is buffered whole, so this bounds that buffer.
	// Zero means DefaultMaxNumberLength.
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
	l := limits{
		maxDepth:  o.MaxDepth,
		maxBytes:  o.MaxBytes,
		maxString: o.MaxStringLength,
		maxNumber: o.MaxNumberLength,
		multiple:  o.AllowMultipleValues,
	}
	if l.maxDepth <= 0 {
		l.maxDepth = DefaultMaxDepth
	}
	if l.maxBytes <= 0 || l.maxBytes > MaxBytesLimit {
		l.maxBytes = MaxBytesLimit
	}
	if l.maxString <= 0 || l.maxString > maxStringLimit {
		l.maxString = maxStringLimit
	}
	if l.maxNumber <= 0 {
		l.maxNumber = DefaultMaxNumberLength
	}
	l.maxDepth, l.maxNumber = min(l.maxDepth, MaxDepthLimit), min(l.maxNumber, MaxNumberLengthLimit)
	return l
}
