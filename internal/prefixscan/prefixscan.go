// Package prefixscan is the way package repair has the tokenizer skip
// most of a value's strict prefix without reading it token by token. It
// is no API: tokenizer sets Skip as it starts, and repair reads it.
package prefixscan

// Depth is the deepest nesting Skip reads past.
const Depth = 32

// Frame is an open container at the place Skip stops, offsets in the
// bytes it read.
type Frame struct {
	Open  int    // the offset of the opening bracket
	Index int    // an array's element index: the element being read, or the next one
	Name  [2]int // an object's member name being read, quotes excluded
	Obj   bool   // the container is an object
}

// Place is a place Skip may stop at: its offset, and the N containers
// open there, outermost first.
type Place struct {
	At int
	N  int
	F  [Depth]Frame
}

// Scan is the memory Skip works in, kept by the caller from call to
// call so that no call clears it.
type Scan struct {
	Places [2]Place
	Work   [Depth]Frame
}

// Skip is tokenizer's func(t *tokenizer.Tokenizer, b []byte, s *Scan)
// *Place: t, just made with New, reads b, the start of one value, as far
// as a place after a comma in an array that lies before every error and
// every cut in b, with at least one whole token between the place and
// them. It returns the place, with t in the state a Tokenizer has after
// Next returned ErrNeedMore there; a place with no container open at
// len(b) when b is one whole, strict value with spaces after it at most,
// leaving t as it was; or nil, leaving t as it was. It is
// typed any because this package cannot import tokenizer.
var Skip any
