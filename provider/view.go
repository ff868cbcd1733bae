package provider

// NOTE: a read-only view of one payload that tokenizer.Validate has
// accepted. The tokenizer decides what JSON is; this file only finds the
// ends of values it has already accepted, so that a decoder can pick the
// few fields it wants without decoding the rest.

import (
	"bytes"
	"io"
	"slices"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// value is one JSON value of a validated payload, with no space around
// it, or nil for a value that is absent.
type value []byte

// skipValue returns the index just past the value that starts at b[i].
// The payload is valid, so it only needs to find quotes and brackets:
// a string's end is its first quote not escaped.
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i+1)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j+1) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i + 1
	for j < len(b) && !jsonwire.Space[b[j]] && b[j] != ',' && b[j] != '}' && b[j] != ']' {
		j++
	}
	return j
}

// skipString returns the index just past the closing quote of the string
// whose contents begin at b[i].
func skipString(b []byte, i int) int {
	for {
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			return len(b)
		}
		q += i
		n := 0 // backslashes before the quote
		for k := q - 1; k >= i && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
}

// inner returns the bytes inside the string v, as they stand (escapes
// and all), or nil when v is not a string.
func (v value) inner() []byte {
	if !v.isString() {
		return nil
	}
	return v[1 : len(v)-1]
}

// isNull reports whether v is absent or null.
func (v value) isNull() bool { return len(v) == 0 || v[0] == 'n' }

// isString reports whether v is a string.
func (v value) isString() bool { return len(v) > 0 && v[0] == '"' }

// isObject reports whether v is an object.
func (v value) isObject() bool { return len(v) > 0 && v[0] == '{' }

// is reports whether v is the string s, compared decoded.
func (v value) is(s string) bool {
	if !v.isString() {
		return false
	}
	raw := v[1 : len(v)-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw) == s
	}
	var tmp [64]byte
	return len(raw) <= 6*len(s) && string(jsonwire.AppendUnescaped(tmp[:0], raw)) == s
}

// text appends the decoded contents of the string v to *scratch and
// returns them; a string with no escape is returned as it stands in the
// payload, with nothing appended. ok is false when v is not a string.
func (v value) text(scratch *[]byte) (s []byte, ok bool) {
	if !v.isString() {
		return nil, false
	}
	raw := v[1 : len(v)-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[:len(raw):len(raw)], true
	}
	n := len(*scratch)
	*scratch = jsonwire.AppendUnescaped(*scratch, raw)
	return (*scratch)[n:len(*scratch):len(*scratch)], true
}

// str is text for a field that is an identity (a name, an id, a type):
// an allocated string, or "" when v is not a string.
func (v value) str() string {
	if !v.isString() {
		return ""
	}
	raw := v[1 : len(v)-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	return string(jsonwire.AppendUnescaped(nil, raw))
}

// int returns v as an int when it is a whole number of at most 15
// digits, such as an index.
func (v value) int() (int, bool) {
	n, neg, s := 0, false, []byte(v)
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	if len(s) == 0 || len(s) > 15 {
		return 0, false
	}
	for _, c := range s {
		if !jsonwire.IsDigit(c) {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// members iterates over the members of an object value.
type members struct {
	b   value
	i   int
	t   *tape
	tmp [32]byte // a name with escapes, decoded
}

// members returns an iterator over v's members; none when v is not an
// object.
func (d *Decoder) members(v value) members {
	if !v.isObject() {
		return members{}
	}
	return members{b: v, i: 1, t: &d.tape}
}

// next returns the next member's name, decoded (valid until the next call),
// and its value.
func (m *members) next() (name []byte, v value, ok bool) {
	b := m.b
	i := jsonwire.SkipSpace(b, m.i)
	if i >= len(b) || b[i] == '}' {
		return nil, nil, false
	}
	if b[i] == ',' {
		i = jsonwire.SkipSpace(b, i+1)
	}
	end := skipString(b, i+1)
	name = b[i+1 : end-1]
	if bytes.IndexByte(name, '\\') >= 0 {
		if len(name) > 6*len(m.tmp) {
			name = nil // longer than any name a decoder asks for
		} else if d := jsonwire.AppendUnescaped(m.tmp[:0], name); len(d) <= len(m.tmp) {
			name = d
		} else {
			name = nil
		}
	}
	i = jsonwire.SkipSpace(b, end) + 1 // past ':'
	i = jsonwire.SkipSpace(b, i)
	end = m.t.skip(b, i)
	m.i = end
	return name, b[i:end], true
}

// get returns the value of v's first member called name, or nil.
func (d *Decoder) get(v value, name string) value {
	m := d.members(v)
	for {
		n, val, ok := m.next()
		if !ok {
			return nil
		}
		if string(n) == name {
			return val
		}
	}
}

// elems iterates over the elements of an array value.
type elems struct {
	b value
	i int
	t *tape
}

// elems returns an iterator over v's elements; none when v is not an
// array.
func (d *Decoder) elems(v value) elems {
	if len(v) == 0 || v[0] != '[' {
		return elems{}
	}
	return elems{b: v, i: 1, t: &d.tape}
}

func (e *elems) next() (value, bool) {
	b := e.b
	i := jsonwire.SkipSpace(b, e.i)
	if i >= len(b) || b[i] == ']' {
		return nil, false
	}
	if b[i] == ',' {
		i = jsonwire.SkipSpace(b, i+1)
	}
	end := e.t.skip(b, i)
	e.i = end
	return b[i:end], true
}

// tape holds where the containers and long strings of the buffer
// validated last end, so that skipping one costs a search, not a scan: a decoder skips each
// level of a payload on its way down, and without it read a value once
// per level above it.
type tape struct {
	base  []byte
	spans []span // every container and long string value, in the order they open
	stack []int
	tk    tokenizer.Tokenizer
}

// span is where a container opens in the buffer, and the offset just past
// its closing bracket.
type span struct{ open, end int }

// validate reads b with the tokenizer, which decides that it is one
// strict JSON value, and notes where its containers end.
func (t *tape) validate(b []byte) error {
	t.base, t.spans, t.stack = b, t.spans[:0], t.stack[:0]
	t.tk.Reset(tokenizer.Options{})
	t.tk.Feed(b)
	t.tk.Close()
	for {
		tok, err := t.tk.Next()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			t.base = nil
			return err
		}
		switch tok.Kind() {
		case tokenizer.BeginObject, tokenizer.BeginArray:
			t.stack = append(t.stack, len(t.spans))
			t.spans = append(t.spans, span{int(tok.Offset()), len(b)})
		case tokenizer.EndObject, tokenizer.EndArray:
			k := t.stack[len(t.stack)-1]
			t.stack = t.stack[:len(t.stack)-1]
			t.spans[k].end = int(tok.Offset()) + 1
		case tokenizer.String:
			if tok.Whole() && len(tok.Raw) >= longString {
				t.spans = append(t.spans, span{int(tok.Offset()), int(tok.End())})
			}
		}
	}
}

// longString is the shortest string value the tape notes: a shorter one
// costs less to scan than to search for.
const longString = 64

// skip is skipValue, with a search of the tape for a container or a long
// string of the buffer validated last.
func (t *tape) skip(b []byte, i int) int {
	if c := b[i]; (c == '{' || c == '[' || c == '"' && len(b)-i >= longString) && t != nil && len(t.base) > 0 {
		// b[i:] shares its end with base when b is a slice of it.
		if off := cap(t.base) - cap(b[i:]); off >= 0 && off < len(t.base) && &t.base[off] == &b[i] {
			if k, ok := slices.BinarySearchFunc(t.spans, off, func(s span, off int) int { return s.open - off }); ok {
				return i + t.spans[k].end - off
			}
		}
	}
	return skipValue(b, i)
}

// trimValue returns the value in a whole payload, without the space
// around it.
func trimValue(b []byte) value {
	i := jsonwire.SkipSpace(b, 0)
	j := len(b)
	for j > i && jsonwire.Space[b[j-1]] {
		j--
	}
	return b[i:j]
}
