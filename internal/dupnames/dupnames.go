// Package dupnames finds an object name that repeats within its object,
// in text already known to be valid JSON. RFC 8259 leaves what such an
// object means to each parser: encoding/json keeps the last value, other
// decoders the first, so a validator and a handler can read different
// arguments from the same text. repair.Decode rejects them on request, a
// resume call at its ready gate by default.
package dupnames

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// Dup is a name that repeats within its object.
type Dup struct {
	Offset  int64  // where its second occurrence opens (the quote)
	Pointer string // the JSON Pointer of that member
	Name    string // unescaped
}

// Find walks b, which must be valid JSON, and reports the first name that
// repeats within its object, at any depth. Names are compared after
// unescaping ("a" and "\u0061" are one), and, when fold is not nil, as
// fold maps them. Names without escapes cost no allocation unless fold is
// given or an object has more than smallObject of them.
//
// The walk looks at braces and strings only: a string followed by a
// colon is a name, and arrays and commas do not matter to which object
// a name is in. Only when a name repeats does a second walk (locate)
// follow every container, for the member's JSON Pointer.
func Find(b []byte, fold func(string) string) (Dup, bool) {
	var levelBuf [16]level
	var nameBuf [64]name
	objects, names := levelBuf[:0], nameBuf[:0]
	for i := 0; i < len(b); {
		if i = skipTo(b, i); i == len(b) {
			break
		}
		switch b[i] {
		case '{':
			objects = append(objects, level{obj: true, first: len(names)})
			i++
		case '}':
			names = names[:objects[len(objects)-1].first]
			objects = objects[:len(objects)-1]
			i++
		default: // '"'
			end := stringEnd(b, i)
			if j := jsonwire.SkipSpace(b, end); j < len(b) && b[j] == ':' {
				var dup bool
				if dup, names = objects[len(objects)-1].seen(names, nameKey(b[i+1:end-1], fold)); dup {
					return locate(b, fold)
				}
			}
			i = end
		}
	}
	return Dup{}, false
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

// locate is Find's walk of every container, which knows each member's
// JSON Pointer.
func locate(b []byte, fold func(string) string) (Dup, bool) {
	// The names of the objects open, outermost first, in one slice: an
	// inner object's come after its parent's and go when it closes. The
	// arrays behind the slices keep a small document off the heap.
	var levelBuf [16]level
	var nameBuf [64]name
	stack, names := levelBuf[:0], nameBuf[:0]
	expectName := false
	for i := 0; i < len(b); {
		// Whitespace, colons, numbers and literals say nothing here.
		for i < len(b) && !structural[b[i]] {
			i++
		}
		if i == len(b) {
			break
		}
		switch c := b[i]; c {
		case '{', '[':
			stack = append(stack, level{obj: c == '{', first: len(names)})
			expectName = c == '{'
			i++
		case '}', ']':
			names = names[:stack[len(stack)-1].first]
			stack = stack[:len(stack)-1]
			expectName = false
			i++
		case ',':
			top := &stack[len(stack)-1]
			top.index++
			expectName = top.obj
			i++
		case '"':
			end := stringEnd(b, i)
			if expectName {
				expectName = false
				top := &stack[len(stack)-1]
				top.raw = b[i+1 : end-1]
				var dup bool
				if dup, names = top.seen(names, nameKey(top.raw, fold)); dup {
					return Dup{Offset: int64(i), Pointer: pointer(stack), Name: string(jsonwire.AppendUnescaped(nil, top.raw))}, true
				}
			}
			i = end
		}
	}
	return Dup{}, false
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

// pointer is the JSON Pointer of the innermost member or element.
func pointer(stack []level) string {
	var p []byte
	for _, l := range stack {
		if l.obj {
			p = jsonwire.AppendPointerName(p, l.raw, false)
		} else {
			p = strconv.AppendInt(append(p, '/'), int64(l.index), 10)
		}
	}
	return string(p)
}

// stringEnd returns the offset just past the string that opens at b[i].
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		// Eight bytes at a time, up to a quote or a backslash: in each
		// word w^quotes or w^slashes has a zero byte there, which
		// subtracting ones flags (a false flag can only come from a
		// borrow out of a true one below it).
		for i+8 <= len(b) {
			w := binary.LittleEndian.Uint64(b[i:])
			q, s := w^quotes, w^slashes
			if m := ((q - ones) | (s - ones)) &^ w & highs; m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		if i == len(b) {
			break
		}
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

const (
	ones    = 0x0101010101010101
	highs   = 0x8080808080808080
	quotes  = '"' * ones
	braces  = ('{' &^ 6) * ones // and '}', with bits 1 and 2 cleared
	slashes = '\\' * ones
)

// skipTo returns the index of the first '{', '}' or '"' at or after b[i],
// or len(b): eight bytes at a time, as stringEnd. Outside strings every
// byte is ASCII, so a byte of a word with its top bit set is in the
// next string, whose quote comes first.
func skipTo(b []byte, i int) int {
	for i+8 <= len(b) {
		w := binary.LittleEndian.Uint64(b[i:])
		// Clearing bits 1 and 2 makes '{' (0x7b) and '}' (0x7d) one
		// byte, so that one test finds both; the other bytes it maps
		// there, 'y' and DEL, are never outside a string in valid JSON.
		v := w &^ (6 * ones)
		if m := ((v ^ braces - ones) | (w ^ quotes - ones)) &^ w & highs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(b) && b[i] != '{' && b[i] != '}' && b[i] != '"' {
		i++
	}
	return i
}

// structural marks the bytes locate acts on.
var structural = [256]bool{'{': true, '}': true, '[': true, ']': true, ',': true, '"': true}
