package tokenizer

import (
	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Kind is the kind of a token.
type Kind uint8

const (
	KindInvalid     Kind = iota // the zero Token: no token
	KindBeginObject             // '{'
	KindEndObject               // '}'
	KindBeginArray              // '['
	KindEndArray                // ']'
	KindName                    // an object member name; may arrive in pieces like String
	KindString                  // a string value, whole or in pieces
	KindNumber                  // a number, always whole
	KindTrue                    // the literal true
	KindFalse                   // the literal false
	KindNull                    // the literal null
)

var kindNames = [...]string{"invalid", "{", "}", "[", "]", "name", "string", "number", "true", "false", "null"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Token is one token, or one piece of a string or name.
//
// Raw holds the token's bytes exactly as they stand in the stream. For a
// string or name cut into pieces, the first piece's Raw starts with the
// opening quote and the last piece's Raw ends with the closing quote, so
// the pieces' Raw concatenated is the whole token. A piece never ends inside
// a UTF-8 sequence, an escape, or a surrogate pair, so each piece decodes
// on its own (see AppendText).
//
// Raw is borrowed: it aliases the chunk given to Feed, a small buffer
// inside the Tokenizer, or (for a literal cut across chunks) the
// package's own copy of the literal, and is valid only until the next
// call of any method on the Tokenizer. Copy it to keep it, and do not
// write into it. Its capacity is its length, so appending to it copies it
// instead of writing over the bytes after it.
type Token struct {
	Raw []byte
	// info packs the offset, depth, kind and flags into one word. With
	// Raw that makes 32 bytes, four words: the most the Go compiler keeps
	// in registers; one more would put every Token through memory, and
	// that cost more than reading the token's bytes. See Offset, Depth,
	// Kind, First and Last.
	info uint64
}

// The layout of Token.info, from the low bits: kind (4 bits), the First
// and Last flags, depth (infoDepthBits), offset (the rest).
const (
	infoFirst      = 1 << 4
	infoLast       = 1 << 5
	infoWhole      = infoFirst | infoLast
	infoDepthShift = 6
	infoDepthBits  = 18
	infoOffShift   = infoDepthShift + infoDepthBits
)

// The largest depth and stream length a Token can express. They bound
// Options.MaxDepth and Options.MaxBytes.
const (
	MaxDepthLimit = 1<<infoDepthBits - 1     // 262143 levels
	MaxBytesLimit = 1 << (64 - infoOffShift) // 1 TiB
)

// tokenInfo packs what Token.info holds.
func tokenInfo(kind Kind, depth int, flags uint64, off int64) uint64 {
	return uint64(kind) | flags | uint64(depth)<<infoDepthShift | uint64(off)<<infoOffShift
}

// Kind is the token's kind.
func (t Token) Kind() Kind { return Kind(t.info & 0xF) }

// Depth is the number of containers open around the token: '{' and '}'
// of a top-level object are at depth 0, its members at depth 1.
func (t Token) Depth() int { return int(t.info >> infoDepthShift & MaxDepthLimit) }

// Offset is the absolute offset of Raw[0] in the stream.
func (t Token) Offset() int64 { return int64(t.info >> infoOffShift) }

// First reports whether the token begins its value: true for every whole
// token, and for the piece of a string or name that holds the opening
// quote.
func (t Token) First() bool { return t.info&infoFirst != 0 }

// Last reports whether the token ends its value: true for every whole
// token, and for the piece of a string or name that holds the closing
// quote.
func (t Token) Last() bool { return t.info&infoLast != 0 }

// Len is the number of stream bytes the token (or piece) covers.
func (t Token) Len() int { return len(t.Raw) }

// End is the absolute offset just past the token (or piece).
func (t Token) End() int64 { return t.Offset() + int64(len(t.Raw)) }

// Whole reports whether the token is whole, not a piece of a string.
// (Status's Complete is about the stream: one whole value read.)
func (t Token) Whole() bool { return t.info&infoWhole == infoWhole }

// AppendText appends the token's value as text to dst. For a string or
// name (or a piece of one) that is the decoded UTF-8, without quotes; for
// any other kind it is Raw. It allocates only if dst must grow.
func (t Token) AppendText(dst []byte) []byte {
	if k := t.Kind(); k != KindString && k != KindName {
		return append(dst, t.Raw...)
	}
	b := t.Raw
	if t.First() && len(b) > 0 {
		b = b[1:]
	}
	if t.Last() && len(b) > 0 {
		b = b[:len(b)-1]
	}
	return jsonwire.AppendUnescaped(dst, b)
}
