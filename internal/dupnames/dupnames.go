// Package dupnames finds an object name that repeats within its object,
// in text already known to be valid JSON. RFC 8259 leaves what such an
// object means to each parser: encoding/json keeps the last value, other
// decoders the first, so a validator and a handler can read different
// arguments from the same text. repair.Decode rejects them on request, a
// resume call at its ready gate by default.
//
// It does not validate: package tokenizer decides what JSON is, before
// Find is called. Valid, the text needs only its brackets, commas and
// the ends of its strings found, which costs far less than a token walk
// through long string values.
package dupnames

import (
	"bytes"
	"hash/maphash"
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Dup is a name that repeats within its object.
type Dup struct {
	Offset  int64  // where its second occurrence opens (the quote)
	Pointer string // the JSON Pointer of that member
	Name    string // unescaped
}

// Find reads b, which must be valid JSON, and reports the first name that
// repeats within its object, at any depth. Names are compared after
// unescaping ("a" and "\u0061" are one), and, when fold is not nil, as
// fold maps them. Names without escapes cost no allocation unless fold is
// given, an object has more than smallObject of them, or the nesting is
// deeper than the arrays on Find's stack. On text that is not valid JSON
// its answer means nothing, but it returns one.
func Find(b []byte, fold func(string) string) (Dup, bool) {
	// The containers open, outermost first, and the names of the objects
	// among them in one slice: an inner object's come after its parent's
	// and go when it closes. The arrays behind the slices keep a small
	// document off the heap.
	var levelBuf [16]level
	var nameBuf [64]name
	stack, names := levelBuf[:0], nameBuf[:0]
	// wantName says that the next string is a name: the first thing in
	// an object, or the first after a comma in one.
	wantName := false
	for i := 0; i < len(b); {
		c := b[i]
		if c <= ' ' { // whitespace, in valid text
			i = jsonwire.SkipSpace(b, i+1)
			continue
		}
		switch c {
		case ',':
			wantName = len(stack) > 0 && stack[len(stack)-1].obj
			i++
			continue
		case ':':
			i++
			continue
		case '}', ']':
			if len(stack) == 0 {
				return Dup{}, false
			}
			names = names[:stack[len(stack)-1].first]
			stack = stack[:len(stack)-1]
			wantName = false
			i++
			continue
		}
		if wantName { // c is the name's quote
			wantName = false
			end := jsonwire.SkipValidString(b, i+1)
			top := &stack[len(stack)-1]
			top.raw = b[i+1 : max(end-1, i+1)]
			var dup bool
			if dup, names = top.seen(names, nameKey(top.raw, fold)); dup {
				return Dup{Offset: int64(i), Pointer: pointer(stack), Name: string(jsonwire.AppendUnescaped(nil, top.raw))}, true
			}
			i = end
			continue
		}
		if len(stack) > 0 && !stack[len(stack)-1].obj {
			stack[len(stack)-1].index++ // a value begins in an array
		}
		switch c {
		case '{', '[':
			stack = append(stack, level{obj: c == '{', index: -1, first: len(names)})
			wantName = c == '{'
			i++
		case '"':
			i = jsonwire.SkipValidString(b, i+1)
		default: // a number or a literal
			i++
			for i < len(b) && !delim[b[i]] {
				i++
			}
		}
	}
	return Dup{}, false
}

// delim marks the bytes that end a number or a literal in valid JSON.
var delim = [256]bool{',': true, '}': true, ']': true, ' ': true, '\t': true, '\n': true, '\r': true}

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
