package provider

// NOTE: a read-only view of one payload that tokenizer.Validate has
// accepted. The tokenizer decides what JSON is; this file only finds the
// ends of values it has already accepted, so that a decoder can pick the
// few fields it wants without decoding the rest.

import (
	"bytes"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// value is one JSON value of a validated payload, with no space around
// it, or nil for a value that is absent.
type value []byte

// skipValue returns the index just past the value that starts at b[i].
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		j, _ := jsonwire.ScanString(b, i+1)
		return j
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j, _ = jsonwire.ScanString(b, j+1)
				j--
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
	tmp [32]byte // a name with escapes, decoded
}

// members returns an iterator over v's members; none when v is not an
// object.
func (v value) members() members {
	if !v.isObject() {
		return members{}
	}
	return members{b: v, i: 1}
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
	end := skipValue(b, i)
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
	end = skipValue(b, i)
	m.i = end
	return name, b[i:end], true
}

// get returns the value of v's first member called name, or nil.
func (v value) get(name string) value {
	m := v.members()
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
}

// elems returns an iterator over v's elements; none when v is not an
// array.
func (v value) elems() elems {
	if len(v) == 0 || v[0] != '[' {
		return elems{}
	}
	return elems{b: v, i: 1}
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
	end := skipValue(b, i)
	e.i = end
	return b[i:end], true
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
