package bench

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/bytedance/sonic"
	"github.com/deltajson/deltajson/tokenizer"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/tidwall/gjson"
	"github.com/valyala/fastjson"
)

// errInvalid stands for the verdict of a validator that returns only a bool.
var errInvalid = &invalidError{}

type invalidError struct{}

func (*invalidError) Error() string { return "bench: peer reports invalid JSON" }

// impl is one way of reading a whole document. run returns done when the
// document is one valid JSON value and it was read to its end: io.EOF for
// the token readers, nil for the validators. Anything else is a failure.
// The benchmarks compare against done once, after the timed loop.
type impl struct {
	name string
	run  func(data []byte) error
	done error
}

// impls are deltajson first, then its peers; benchmarks and tests share them.
var impls = []impl{
	{"deltajson", tokenize, io.EOF},
	{"fastjson-validate", fastjson.ValidateBytes, nil},
	{"sonic-valid", func(data []byte) error { return verdict(sonic.Valid(data)) }, nil},
	{"encoding-json-valid", func(data []byte) error { return verdict(json.Valid(data)) }, nil},
	{"encoding-json-token", encodingJSONTokens, io.EOF},
	{"jsontext-token", jsontextTokens, io.EOF},
	{"gjson-valid", func(data []byte) error { return verdict(gjson.ValidBytes(data)) }, nil},
}

// tokenize reads every token of data with a fresh Tokenizer, fed in one
// chunk, and returns the error that ended the read.
//
// NOTE: New returns a value that stays on the stack, so this must not
// allocate; TestTokenizeAllocs holds it to that.
func tokenize(data []byte) error {
	tk := tokenizer.New(tokenizer.Options{})
	if err := tk.Feed(data); err != nil {
		return err
	}
	tk.Close()
	for {
		if _, err := tk.Next(); err != nil {
			return err
		}
	}
}

func encodingJSONTokens(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); err != nil {
			return err
		}
	}
}

func jsontextTokens(data []byte) error {
	// A *bytes.Buffer is jsontext's documented path for reading in
	// place, with no copy (10-17% faster than a bytes.Reader).
	dec := jsontext.NewDecoder(bytes.NewBuffer(data))
	for {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
	}
}

func verdict(ok bool) error {
	if ok {
		return nil
	}
	return errInvalid
}
