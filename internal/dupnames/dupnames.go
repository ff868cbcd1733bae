// Package dupnames finds an object name that repeats within its object,
// in text already known to be valid JSON. RFC 8259 leaves what such an
// object means to each parser: encoding/json keeps the last value, other
// decoders the first, so a validator and a handler can read different
// arguments from the same text. repair.Decode rejects them on request, a
// resume call at its ready gate by default.
//
// It reads the text with package tokenizer, which alone decides what JSON
// is here: this package only keeps the names of the objects open.
package dupnames

import (
	"bytes"
	"hash/maphash"
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// Dup is a name that repeats within its object.
type Dup struct {
	Offset  int64  // where its second occurrence opens (the quote)
	Pointer string // the JSON Pointer of that member
	Name    string // unescaped
}

// walkOptions lift the tokenizer's limits: the text was valid under the
// caller's, which may be wider than the defaults.
var walkOptions = tokenizer.Options{MaxDepth: -1, MaxNumberLength: -1}

// Find reads b, which must be valid JSON, and reports the first name that
// repeats within its object, at any depth. Names are compared after
// unescaping ("a" and "\u0061" are one), and, when fold is not nil, as
// fold maps them. Names without escapes cost no allocation unless fold is
// given, an object has more than smallObject of them, or the nesting is
// deeper than the arrays on Find's stack. Text that is not valid JSON is
// read up to its first error.
func Find(b []byte, fold func(string) string) (Dup, bool) {
	// The containers open, outermost first, and the names of the objects
	// among them in one slice: an inner object's come after its parent's
	// and go when it closes. The arrays behind the slices keep a small
	// document off the heap.
	var levelBuf [16]level
	var nameBuf [64]name
	stack, names := levelBuf[:0], nameBuf[:0]
	tk := tokenizer.New(walkOptions)
	_ = tk.Feed(b) // a new tokenizer takes any chunk
	tk.Close()
	for {
		tok, err := tk.Next()
		if err != nil {
			return Dup{}, false // io.EOF, or the error of text that is not JSON
		}
		kind := tok.Kind()
		if kind == tokenizer.KindEndObject || kind == tokenizer.KindEndArray {
			names = names[:stack[len(stack)-1].first]
			stack = stack[:len(stack)-1]
			continue
		}
		if len(stack) > 0 && !stack[len(stack)-1].obj && tok.First() {
			stack[len(stack)-1].index++ // a value begins in an array
		}
		switch kind {
		case tokenizer.KindBeginObject, tokenizer.KindBeginArray:
			stack = append(stack, level{obj: kind == tokenizer.KindBeginObject, index: -1, first: len(names)})
		case tokenizer.KindName:
			// b is one chunk, and no string limit is set: every name is
			// one token. Its bytes are taken from b, not from Raw, which
			// may alias the tokenizer (and so keep it off the stack).
			top := &stack[len(stack)-1]
			off := int(tok.Offset())
			top.raw = b[off+1 : off+tok.Len()-1]
			var dup bool
			if dup, names = top.seen(names, nameKey(top.raw, fold)); dup {
				return Dup{Offset: tok.Offset(), Pointer: pointer(stack), Name: string(jsonwire.AppendUnescaped(nil, top.raw))}, true
			}
		}
	}
}

// nameKey is what names are compared by: the name raw, the inside of its
// string, unescaped and mapped by fold.
func nameKey(raw []byte, fold func(string) string) []byte {
	for _, c := range raw { // names are short: a loop, not a call
		if c == '\\' {
			raw = jsonwire.AppendUnescaped(nil, raw)
			break
		}
	}
	if fold != nil {
		raw = []byte(fold(string(raw)))
	}
	return raw
}

// smallObject is the most names of an object kept in the slice of names,
// where each new name is compared with all before it (by hash first);
// past it, a map of the object's own takes over.
const smallObject = 128

// A name is a name's key (see nameKey) and its hash.
type name struct {
	hash uint64
	key  []byte
}

// A level is one open object or array.
type level struct {
	obj   bool
	index int    // arrays: the current element's index
	raw   []byte // objects: the current name, as written
	first int    // objects: where its names begin in the slice of names
	set   map[string]struct{}
}

// seen records key, a name of the innermost object, whose names so far
// are names[l.first:], and reports whether it was there already. It
// returns names with key added, or moved to l's map.
func (l *level) seen(names []name, key []byte) (bool, []name) {
	if l.set != nil {
		if _, ok := l.set[string(key)]; ok {
			return true, names
		}
		l.set[string(key)] = struct{}{}
		return false, names
	}
	h := hash(key)
	for _, n := range names[l.first:] {
		if n.hash == h && bytes.Equal(n.key, key) {
			return true, names
		}
	}
	names = append(names, name{h, key})
	if len(names)-l.first > smallObject {
		l.set = make(map[string]struct{}, 2*smallObject)
		for _, n := range names[l.first:] {
			l.set[string(n.key)] = struct{}{}
		}
		names = names[:l.first]
	}
	return false, names
}

// seed is hash's, one per process, so that an input cannot be made to
// collide on purpose.
var seed = maphash.MakeSeed()

func hash(b []byte) uint64 { return maphash.Bytes(seed, b) }

// pointer is the JSON Pointer of the innermost member or element, with
// every name whole.
func pointer(stack []level) string {
	var p []byte
	for _, l := range stack {
		if l.obj {
			p = jsonwire.AppendPointerToken(p, jsonwire.AppendUnescaped(nil, l.raw))
		} else {
			p = strconv.AppendInt(append(p, '/'), int64(l.index), 10)
		}
	}
	return string(p)
}
