package repair

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/deltajson/deltajson/internal/dupnames"
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
	if d, ok := dupnames.Find(b, key); ok {
		return &Error{Offset: d.Offset, Pointer: d.Pointer, Err: fmt.Errorf("%w %q", ErrDuplicateName, d.Name)}
	}
	return nil
}
