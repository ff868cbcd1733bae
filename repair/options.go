package repair

import (
	"math"

	"github.com/deltajson/deltajson/internal/limit"
)

// Default limits, used when an [Options] field is zero.
const (
	DefaultMaxInput = 64 << 20 // bytes
	DefaultMaxDepth = 10000    // nested objects and arrays
	DefaultMaxEdits = 1 << 18  // edits in one log: about 50 MB at most
)

// Options configures [Repair]. The zero value repairs nothing: it checks
// that the input is strict JSON and returns it unchanged.
type Options struct {
	// Kinds is the set of repairs allowed, such as [LLM] or
	// TrailingComma|Literal. No kind is on by default.
	Kinds Kind

	// MaxInput is the largest input accepted, in bytes. Zero means
	// DefaultMaxInput; a negative value means no limit.
	MaxInput int

	// MaxDepth is the deepest nesting of objects and arrays accepted.
	// Zero or a negative value means DefaultMaxDepth, which is also the
	// most the strict check behind Repair accepts.
	MaxDepth int

	// MaxEdits is the most edits one Repair may make. Each holds its
	// offset and texts, about 200 bytes, and a broken input can need one
	// per byte. Zero means DefaultMaxEdits; a negative value means no
	// limit.
	MaxEdits int
}

func (o *Options) maxInput() int { return limit.Of(o.MaxInput, DefaultMaxInput, math.MaxInt) }

func (o *Options) maxEdits() int { return limit.Of(o.MaxEdits, DefaultMaxEdits, math.MaxInt) }

func (o *Options) maxDepth() int {
	if o.MaxDepth <= 0 {
		return DefaultMaxDepth
	}
	return o.MaxDepth
}
