package provider

// NOTE: assembling Vertex partialArgs into one JSON object. jsonPath is
// "$" followed by ".name", "['name']" / "[\"name\"]" or "[n]" steps.

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// partialArg is one entry of Vertex's partialArgs: a jsonPath and one
// value, a string perhaps in several pieces.
type partialArg struct {
	path         string
	str          []byte // a stringValue's decoded piece
	isStr        bool
	raw          []byte // a number, bool or null, as JSON text
	willContinue bool
}

func readPartialArg(d *Decoder, v value) (partialArg, error) {
	var pa partialArg
	for name, val := range d.members(v) {
		switch string(name) {
		case "jsonPath":
			pa.path = val.str()
		case "stringValue":
			pa.str, pa.isStr = val.text(&d.scratch)
		case "numberValue":
			if len(val) > 0 && (val[0] == '-' || val[0] >= '0' && val[0] <= '9') {
				pa.raw = val
			}
		case "boolValue":
			if len(val) > 0 && (val[0] == 't' || val[0] == 'f') {
				pa.raw = val
			}
		case "nullValue":
			if len(val) > 0 {
				pa.raw = []byte("null")
			}
		case "willContinue":
			pa.willContinue = len(val) > 0 && val[0] == 't'
		}
	}
	if pa.path == "" {
		return pa, fmt.Errorf("partialArgs entry without jsonPath: %w", ErrPayload)
	}
	return pa, nil
}

// partialObj is an ordered JSON tree built from partialArgs.
type partialObj struct {
	kind  byte // '{', '[', '"' or 0 for a raw scalar
	keys  []string
	kids  map[string]*partialObj
	elems []*partialObj
	str   []byte
	raw   []byte
}

func newPartialObj() *partialObj {
	return &partialObj{kind: '{', kids: make(map[string]*partialObj)}
}

type pathStep struct {
	name  string
	index int // -1 for a name step
}

// maxPathSteps bounds a jsonPath's steps, as the tokenizer's default
// depth bounds nesting: the tree is written recursively, and each step is
// a node. (A path of a million steps took 694 MB; eight million
// overflowed the stack.)
const maxPathSteps = 10000

func parsePath(p string) ([]pathStep, error) {
	if !strings.HasPrefix(p, "$") {
		return nil, fmt.Errorf("jsonPath %q does not start with $", p)
	}
	var steps []pathStep
	for s := p[1:]; s != ""; {
		if len(steps) == maxPathSteps {
			return nil, fmt.Errorf("jsonPath %.40q…: more than %d steps", p, maxPathSteps)
		}
		switch {
		case s[0] == '.':
			end := strings.IndexAny(s[1:], ".[")
			if end < 0 {
				end = len(s) - 1
			}
			steps = append(steps, pathStep{name: s[1 : 1+end], index: -1})
			s = s[1+end:]
		case strings.HasPrefix(s, "['") || strings.HasPrefix(s, `["`):
			end := strings.Index(s[2:], string(s[1])+"]")
			if end < 0 {
				return nil, fmt.Errorf("jsonPath %q: unclosed [", p)
			}
			steps = append(steps, pathStep{name: s[2 : 2+end], index: -1})
			s = s[2+end+2:]
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			n, err := strconv.Atoi(s[1:max(end, 1)])
			if end < 0 || err != nil || n < 0 {
				return nil, fmt.Errorf("jsonPath %q: bad index", p)
			}
			steps = append(steps, pathStep{index: n})
			s = s[end+1:]
		default:
			return nil, fmt.Errorf("jsonPath %q: unexpected %q", p, s[0])
		}
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("jsonPath %q names the root", p)
	}
	return steps, nil
}

// apply sets the value of one partialArg; b is what is left of the
// stream's budget (see treeBudget).
func (o *partialObj) apply(pa partialArg, steps []pathStep, b *treeBudget) error {
	n, err := o, error(nil)
	for i, st := range steps {
		want := byte(0) // leaf: the value decides
		if i+1 < len(steps) {
			want = '{'
			if steps[i+1].index >= 0 {
				want = '['
			}
		}
		if n, err = n.child(st, want, b); err != nil {
			return fmt.Errorf("jsonPath %q: %w", pa.path, err)
		}
	}
	switch {
	case pa.isStr:
		if n.kind != '"' {
			n.kind, n.raw = '"', nil
		}
		n.str = append(n.str, pa.str...)
	case pa.raw != nil:
		n.kind, n.raw = 0, append([]byte(nil), pa.raw...)
	}
	return nil
}

// maxPadding is how many nulls a stream's partialArgs may pad arrays with,
// in all, when an index skips elements (an element with no scalar in it,
// such as {}, has no partialArg of its own). Each null costs a node, and
// "$.a[999999999]" is a few bytes: the padding needs a bound of its own.
const maxPadding = 1 << 16

// maxNodes bounds the objects, arrays and values a stream's partialArgs
// make, in all: a path of a few bytes per step makes a node per step.
const maxNodes = 1 << 16

// treeBudget is what is left, for a stream, of maxPadding (pad) and of
// maxNodes (nodes).
type treeBudget struct{ pad, nodes int }

func newTreeBudget() treeBudget { return treeBudget{pad: maxPadding, nodes: maxNodes} }

// child finds or makes the step's node; a new inner node gets kind want.
// A new node costs one of b's nodes, and the elements an index skips cost
// b's padding.
func (o *partialObj) child(st pathStep, want byte, b *treeBudget) (*partialObj, error) {
	mk := func() (*partialObj, error) {
		// Every node is paid for from the same budget as padding, so
		// that the tree stays small whatever the paths.
		if b.nodes == 0 {
			return nil, fmt.Errorf("more than %d objects, arrays and values in all", maxNodes)
		}
		b.nodes--
		c := &partialObj{kind: want, raw: []byte("null")}
		if want == '{' {
			c.kids = make(map[string]*partialObj)
		}
		return c, nil
	}
	if st.index < 0 {
		if o.kind != '{' {
			return nil, fmt.Errorf("name step %q into a non-object", st.name)
		}
		c := o.kids[st.name]
		if c == nil {
			var err error
			if c, err = mk(); err != nil {
				return nil, err
			}
			o.kids[st.name] = c
			o.keys = append(o.keys, st.name)
		}
		return c, nil
	}
	if o.kind != '[' {
		return nil, fmt.Errorf("index step [%d] into a non-array", st.index)
	}
	if gap := st.index - len(o.elems); gap > b.pad {
		return nil, fmt.Errorf("index step [%d] would pad arrays with more than %d nulls in all", st.index, maxPadding)
	} else if gap > 0 {
		b.pad -= gap
	}
	for len(o.elems) <= st.index {
		o.elems = append(o.elems, &partialObj{raw: []byte("null")})
	}
	if c := o.elems[st.index]; c.kind == 0 && want != 0 {
		c, err := mk()
		if err != nil {
			return nil, err
		}
		o.elems[st.index] = c
	}
	return o.elems[st.index], nil
}

// appendJSON appends the tree's compact JSON text to dst.
func (o *partialObj) appendJSON(dst []byte) []byte {
	switch o.kind {
	case '{':
		dst = append(dst, '{')
		for i, k := range o.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, []byte(k))
			dst = append(dst, ':')
			dst = o.kids[k].appendJSON(dst)
		}
		return append(dst, '}')
	case '[':
		dst = append(dst, '[')
		for i, e := range o.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = e.appendJSON(dst)
		}
		return append(dst, ']')
	case '"':
		return appendQuoted(dst, o.str)
	}
	return append(dst, o.raw...)
}

// appendQuoted appends s as a JSON string, escaping only what JSON
// requires (encoding/json also escapes <, > and &), and invalid UTF-8 as
// U+FFFD.
func appendQuoted(dst, s []byte) []byte {
	return append(appendQuotedInner(append(dst, '"'), s), '"')
}

// appendQuotedInner appends s escaped as the inside of a JSON string.
func appendQuotedInner(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	for len(s) > 0 {
		c := s[0]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\n':
			dst = append(dst, `\n`...)
		case c == '\r':
			dst = append(dst, `\r`...)
		case c == '\t':
			dst = append(dst, `\t`...)
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		case c < utf8.RuneSelf:
			dst = append(dst, c)
		default:
			r, n := utf8.DecodeRune(s)
			if r == utf8.RuneError && n == 1 {
				dst = append(dst, `\ufffd`...)
			} else {
				dst = append(dst, s[:n]...)
			}
			s = s[n:]
			continue
		}
		s = s[1:]
	}
	return dst
}
