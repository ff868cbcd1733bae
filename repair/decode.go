package repair

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// DecodeOptions configures [Decode]. The zero value decodes like
// encoding/json, except that trailing data and non-strict input are
// always rejected.
type DecodeOptions struct {
	// RejectDuplicates rejects an object with the same name twice, at any
	// depth, comparing names after unescaping ("a" and "\u0061" are the
	// same) and without regard to case ("path", "PATH" and "Path" are
	// the same), because encoding/json and sonic match struct fields
	// that way. Without it, the last one wins, which lets a crafted input
	// show one value to a validator and another to the handler. An object
	// whose names differ only in case is rejected too; decode such data
	// into a map without this option.
	RejectDuplicates bool

	// RejectUnknown rejects a name that matches no field of the target
	// struct.
	RejectUnknown bool
}

// Decode is the final, strict step: it checks that b is exactly one strict
// RFC 8259 value and decodes it into v. It never repairs; call [Repair]
// first if needed. Errors are *[Error] with the byte offset and JSON
// Pointer of the problem, wrapping [ErrSyntax], [ErrTooDeep],
// [ErrDuplicateName], [ErrUnknownField] or encoding/json's error (such as
// a *json.UnmarshalTypeError), which names no byte of the input.
//
// The decoder is sonic where it runs (amd64 and arm64, see its build
// constraints) and encoding/json elsewhere; on an error, encoding/json
// decodes again to say what it is, so errors are the same everywhere.
func Decode(b []byte, v any, opts DecodeOptions) error {
	if err := strictValid(b); err != nil {
		return err
	}
	if opts.RejectDuplicates {
		if err := checkDuplicates(b); err != nil {
			return err
		}
	}
	if err := unmarshal(b, v, opts.RejectUnknown); err != nil {
		return locate(b, v, opts.RejectUnknown, err)
	}
	return nil
}

// locate turns a decoder error into an *Error with offset and pointer.
// The fast decoders do not say where an unknown field is, so this path
// decodes again, into a fresh value, with a decoder that does. It runs
// only on error.
//
// The cause is encoding/json's error on every platform: sonic's quotes
// the input around the problem, and the arguments may hold personal
// data that an error must not carry into a log.
func locate(b []byte, v any, rejectUnknown bool, err error) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Err: err}
	}
	err = stdError(b, rv.Type().Elem(), rejectUnknown)
	fresh := reflect.New(rv.Type().Elem()).Interface()
	// v2 semantics, made close to v1 where it matters for matching names.
	err2 := jsonv2.Unmarshal(b, fresh,
		jsonv2.RejectUnknownMembers(rejectUnknown),
		jsonv2.MatchCaseInsensitiveNames(true),
		jsontext.AllowDuplicateNames(true))
	var se *jsonv2.SemanticError
	if errors.As(err2, &se) {
		cause := err
		if errors.Is(se.Err, jsonv2.ErrUnknownName) {
			cause = fmt.Errorf("%w %q", ErrUnknownField, se.JSONPointer.LastToken())
		}
		return &Error{Offset: se.ByteOffset, Pointer: string(se.JSONPointer), Err: cause}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		ptr := ""
		if te.Field != "" {
			ptr = "/" + strings.ReplaceAll(te.Field, ".", "/")
		}
		return &Error{Offset: te.Offset, Pointer: ptr, Err: err}
	}
	return &Error{Err: err}
}

// stdError returns encoding/json's error for decoding b into a new value
// of type t. If encoding/json takes b, which only a fast decoder can
// refuse, it returns an error of its own in the place of the fast
// decoder's, naming no byte of the input.
func stdError(b []byte, t reflect.Type, rejectUnknown bool) error {
	if err := decodeStd(b, reflect.New(t).Interface(), rejectUnknown); err != nil {
		return err
	}
	return fmt.Errorf("repair: %s refused a value that encoding/json decodes into %v", decoderName, t)
}

// decodeStd decodes b into v with encoding/json.
func decodeStd(b []byte, v any, rejectUnknown bool) error {
	d := json.NewDecoder(bytes.NewReader(b))
	if rejectUnknown {
		d.DisallowUnknownFields()
	}
	return d.Decode(v)
}

// A dupLevel is one open object or array in checkDuplicates.
type dupLevel struct {
	obj   bool
	index int      // arrays: index of the current element
	name  string   // objects: the current name, unescaped
	names []string // objects: names seen, while few
	set   map[string]struct{}
}

// seen records name and reports whether it was already there. Small
// objects use a slice; a map takes over past 16 names.
func (l *dupLevel) seen(name string) bool {
	if l.set != nil {
		if _, ok := l.set[name]; ok {
			return true
		}
		l.set[name] = struct{}{}
		return false
	}
	for _, n := range l.names {
		if n == name {
			return true
		}
	}
	l.names = append(l.names, name)
	if len(l.names) > 16 {
		l.set = make(map[string]struct{}, 2*len(l.names))
		for _, n := range l.names {
			l.set[n] = struct{}{}
		}
		l.names = nil
	}
	return false
}

// foldName maps name to one spelling for all the names that field
// matching takes for it: the same letters in any case ("K", "k" and the
// Kelvin sign are one). It errs on the side of treating names as the same.
func foldName(name string) string {
	plain := true
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 0x80 || 'A' <= c && c <= 'Z' {
			plain = false
			break
		}
	}
	if plain {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		b.WriteRune(unicode.ToLower(unicode.ToUpper(r)))
	}
	return b.String()
}

// checkDuplicates walks b, which must be strict JSON, and reports the
// first name that repeats within its object, at any depth.
func checkDuplicates(b []byte) error { return checkDuplicatesBy(b, foldName) }

// checkDuplicatesBy is checkDuplicates with names compared as key maps
// them.
func checkDuplicatesBy(b []byte, key func(string) string) error {
	var stack []dupLevel
	expectName := false
	for i := 0; i < len(b); {
		switch c := b[i]; c {
		case ' ', '\t', '\n', '\r', ':':
			i++
		case '{':
			stack = append(stack, dupLevel{obj: true})
			expectName = true
			i++
		case '[':
			stack = append(stack, dupLevel{})
			i++
		case '}', ']':
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
				name, ok := unescapeName(b[i:end])
				if !ok {
					return &Error{Offset: int64(i), Err: fmt.Errorf("%w: bad object name", ErrSyntax)}
				}
				dup := top.seen(key(name))
				top.name = name
				if dup {
					return &Error{Offset: int64(i), Pointer: dupPointer(stack), Err: fmt.Errorf("%w %q", ErrDuplicateName, name)}
				}
			}
			i = end
		default:
			// A number or literal: skip to the next delimiter.
			for i < len(b) && !isSpace(b[i]) && b[i] != ',' && b[i] != ']' && b[i] != '}' {
				i++
			}
		}
	}
	return nil
}

// stringEnd returns the offset just past the string that opens at b[i].
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// unescapeName returns the text of a quoted JSON name.
func unescapeName(q []byte) (string, bool) {
	if bytes.IndexByte(q, '\\') < 0 {
		return string(q[1 : len(q)-1]), true
	}
	var s string
	err := json.Unmarshal(q, &s)
	return s, err == nil
}

func dupPointer(stack []dupLevel) string {
	var sb strings.Builder
	for _, l := range stack {
		if l.obj {
			appendPointerToken(&sb, l.name)
		} else {
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(l.index))
		}
	}
	return sb.String()
}
