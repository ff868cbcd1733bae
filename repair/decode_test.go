package repair

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/tokenizer"
)

type callArgs struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
	Opts  struct {
		Exact bool `json:"exact"`
	} `json:"opts"`
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		where
		in   string
		opts DecodeOptions
		err  error // nil: decodes
		off  int
		ptr  string // "*": not checked
	}{
		{where: named("ok"), in: `{"query":"go","limit":5,"opts":{"exact":true}}`},
		{where: named("ok-duplicates-allowed"), in: `{"query":"a","query":"b"}`},
		{where: named("trailing-data"), in: `{"query":"go"} {}`, err: ErrSyntax, off: len(`{"query":"go"} `)},
		{where: named("not-strict"), in: `{"query":'go'}`, err: ErrSyntax, off: len(`{"query":`), ptr: "/query"},
		{where: named("cut-off"), in: `{"query":"go"`, err: io.ErrUnexpectedEOF, off: len(`{"query":"go"`), ptr: "*"},
		{where: named("duplicate-top"), in: `{"query":"a","limit":1,"query":"b"}`, opts: DecodeOptions{RejectDuplicates: true},
			err: ErrDuplicateName, off: len(`{"query":"a","limit":1,`), ptr: "/query"},
		{where: named("duplicate-escaped"), in: `{"opts":{"exact":true,"\u0065xact":false}}`, opts: DecodeOptions{RejectDuplicates: true},
			err: ErrDuplicateName, off: len(`{"opts":{"exact":true,`), ptr: "/opts/exact"},
		{where: named("duplicate-in-array"), in: `{"l":[{},{"a~/":1,"a~/":2}]}`, opts: DecodeOptions{RejectDuplicates: true},
			err: ErrDuplicateName, off: len(`{"l":[{},{"a~/":1,`), ptr: "/l/1/a~0~1"},
		{where: named("duplicate-many-names"), in: `{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1,"r":1,"a":2}`,
			opts: DecodeOptions{RejectDuplicates: true}, err: ErrDuplicateName, off: len(`{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1,"r":1,`), ptr: "/a"},
		{where: named("same-name-different-objects"), in: `{"opts":{"exact":true},"x":{"opts":1}}`, opts: DecodeOptions{RejectDuplicates: true}},
		{where: named("unknown-allowed"), in: `{"query":"go","extra":1}`},
		{where: named("unknown-rejected"), in: `{"query":"go","opts":{"exact":true,"fuzzy":1}}`, opts: DecodeOptions{RejectUnknown: true},
			err: ErrUnknownField, off: len(`{"query":"go","opts":{"exact":true,`), ptr: "/opts/fuzzy"},
		{where: named("type-mismatch"), in: `{"query":"go","limit":"five"}`, off: len(`{"query":"go","limit":`), ptr: "/limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v callArgs
			err := Decode([]byte(tc.in), &v, tc.opts)
			if tc.err == nil && tc.ptr == "" {
				require.NoError(t, err, tc.line)
				return
			}
			require.Error(t, err, tc.line)
			if tc.err != nil {
				assert.ErrorIs(t, err, tc.err, tc.line)
			}
			var e *Error
			require.ErrorAs(t, err, &e, tc.line)
			assert.Equal(t, int64(tc.off), e.Offset, "%s: %v", tc.line, err)
			if tc.ptr != "*" {
				assert.Equal(t, tc.ptr, e.Pointer, "%s: %v", tc.line, err)
			}
		})
	}
}

func TestDecodeAfterRepair(t *testing.T) {
	in := []byte("```json\n{query: 'go', limit: 5, opts: {exact: True,},}\n```")
	out, log, err := Repair(in, Options{Kinds: LLM})
	require.NoError(t, err)
	require.False(t, log.Truncated())
	var v callArgs
	require.NoError(t, Decode(out, &v, DecodeOptions{RejectDuplicates: true, RejectUnknown: true}))
	assert.Equal(t, "go", v.Query)
	assert.Equal(t, 5, v.Limit)
	assert.True(t, v.Opts.Exact)
	assert.False(t, errors.Is(err, io.EOF))
	t.Logf("decoder: %s", decoderName)
}

// Field matching ignores case, so names that differ only in case are
// duplicates: otherwise a validator reads "path" and the handler "PATH".
func TestDecodeDuplicatesIgnoreCase(t *testing.T) {
	var v struct {
		Path string `json:"path"`
	}
	for _, in := range []string{
		`{"path":"/tmp/safe","PATH":"/etc/passwd"}`,
		`{"path":"/tmp/safe","Path":"/etc/passwd"}`,
		`{"k":1,"\u212a":2}`, // the Kelvin sign folds to k
		`{"a":{"sıze":1,"SIZE":2,"size":3}}`,
	} {
		err := Decode([]byte(in), &v, DecodeOptions{RejectDuplicates: true, RejectUnknown: true})
		require.ErrorIs(t, err, ErrDuplicateName, in)
	}
	require.NoError(t, Decode([]byte(`{"path":"/tmp/safe","paths":"x"}`), &map[string]string{}, DecodeOptions{RejectDuplicates: true}))
}

// TestDecodeErrorHoldsNoInput: a type mismatch is encoding/json's typed
// error on every platform, with the offset and pointer, and no byte of
// the arguments around it. sonic's own error quoted the input, here a
// number that a log must not get, over several lines.
func TestDecodeErrorHoldsNoInput(t *testing.T) {
	var v struct{ Count int }
	err := Decode([]byte(`{"note":"ssn 123-45-6789","count":"2"}`), &v, DecodeOptions{})
	var e *Error
	require.ErrorAs(t, err, &e)
	var te *json.UnmarshalTypeError
	require.ErrorAs(t, err, &te, "%v", err)
	assert.Equal(t, "/count", e.Pointer)
	assert.Equal(t, int64(34), e.Offset, "the value of count")
	assert.NotContains(t, err.Error(), "123-45")
	assert.NotContains(t, err.Error(), "\n")
}

// TestDecodeTooDeep: Decode says ErrTooDeep where Repair does.
func TestDecodeTooDeep(t *testing.T) {
	deep := []byte(strings.Repeat("[", 10001) + strings.Repeat("]", 10001))
	var v any
	err := Decode(deep, &v, DecodeOptions{})
	assert.ErrorIs(t, err, ErrTooDeep)
	_, _, err = Repair(deep, Options{})
	assert.ErrorIs(t, err, ErrTooDeep)
}

// TestDecodeSyntaxErrorSaysWhat: a syntax error says what was seen and
// what was expected, as the tokenizer words it, which it wraps.
func TestDecodeSyntaxErrorSaysWhat(t *testing.T) {
	for _, tc := range []struct{ in, says string }{
		{`{"path":"a",}`, "looking for beginning of object name"},
		{"\uFEFF{}", "looking for beginning of value"},
	} {
		var v any
		err := Decode([]byte(tc.in), &v, DecodeOptions{})
		assert.ErrorIs(t, err, ErrSyntax, tc.in)
		assert.Contains(t, err.Error(), tc.says, tc.in)
		var se *tokenizer.SyntaxError
		assert.ErrorAs(t, err, &se, tc.in)
	}
}
