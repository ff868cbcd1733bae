package repair

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/tokenizer"
)

// TestErrorsBesideTokenizer holds Repair's errors, on input that no kind
// repairs, to the tokenizer's on the same bytes (what "deltajson check"
// prints): the error wraps the tokenizer's *tokenizer.SyntaxError, with
// its offset and pointer, so that the tokenizer alone decides where JSON
// stops being JSON. With every kind on, an input refused before any
// repair is refused where the tokenizer stops too.
func TestErrorsBesideTokenizer(t *testing.T) {
	var files []fixtures.File
	raw := false // the original files are here; they have invalid UTF-8
	for i, load := range []func() ([]fixtures.File, error){fixtures.JSONTestSuite, fixtures.JSONTestSuiteSonic} {
		fs, err := load()
		if errors.Is(err, fixtures.ErrAbsent) {
			t.Logf("skipping a source: %v", err)
			continue
		}
		require.NoError(t, err)
		files, raw = append(files, fs...), raw || i == 0
	}
	if len(files) == 0 {
		t.Skip("no JSONTestSuite source is present")
	}
	seen, utf8Seen, allSeen := 0, 0, 0
	for _, f := range files {
		if !strings.HasPrefix(f.Name, "n_") {
			continue
		}
		var se *tokenizer.SyntaxError
		if !errors.As(tokenizer.Validate(f.Data), &se) || errors.Is(se, tokenizer.ErrLimit) {
			continue
		}
		_, _, err := Repair(f.Data, Options{})
		var re *Error
		require.ErrorAs(t, err, &re, f.Name)
		if errors.Is(re, ErrNoValue) || errors.Is(re, ErrTooLarge) {
			continue
		}
		seen++
		var wrapped *tokenizer.SyntaxError
		if assert.ErrorAs(t, err, &wrapped, "%s: %v", f.Name, err) {
			assert.Equal(t, se.Offset, wrapped.Offset, f.Name)
		}
		assert.Equal(t, se.Pointer, re.Pointer, "%s: %v | %v", f.Name, se, re)
		assert.Equal(t, se.Offset, re.Offset, "%s: %v | %v", f.Name, se, re)
		assert.True(t, errors.Is(err, ErrSyntax), "%s: %v", f.Name, err)
		if errors.Is(se, tokenizer.ErrInvalidUTF8) {
			utf8Seen++
		}
		// Every kind on: an error that wraps the tokenizer's is the
		// tokenizer's on the input, not on a text repaired or read once.
		out, log, err := Repair(f.Data, Options{Kinds: All})
		if errors.As(err, &wrapped) {
			allSeen++
			require.ErrorAs(t, err, &re, f.Name)
			assert.Equal(t, se.Offset, re.Offset, "%s: %v | %v", f.Name, se, re)
			assert.Equal(t, se.Offset, wrapped.Offset, "%s: %v | %v", f.Name, se, re)
			assert.Equal(t, se.Pointer, re.Pointer, "%s: %v | %v", f.Name, se, re)
		} else if err == nil {
			assert.NoError(t, tokenizer.Validate(out), "%s\n%s", f.Name, log)
		}
	}
	t.Logf("%d n_ cases compared, %d of them invalid UTF-8; %d refused with every kind on", seen, utf8Seen, allSeen)
	assert.Greater(t, seen, 150)
	assert.Positive(t, allSeen)
	if raw {
		assert.Positive(t, utf8Seen)
	}
}

// TestUTF8ErrorLikeTokenizer puts every lead byte, followed by every
// second byte and then by a good and a bad third one, in a string: where
// the tokenizer finds invalid UTF-8, Repair (with every kind on, none of
// which repairs it) gives the same offset, pointer and reason.
func TestUTF8ErrorLikeTokenizer(t *testing.T) {
	compared := 0
	for c0 := 0x80; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for _, c2 := range []byte{0x80, 'y'} {
				in := []byte{'{', '"', 'k', '"', ':', '[', '"', 'x', byte(c0), byte(c1), c2, 0x80, 'z', '"', ']', '}'}
				var se *tokenizer.SyntaxError
				if !errors.As(tokenizer.Validate(in), &se) || !errors.Is(se, tokenizer.ErrInvalidUTF8) {
					continue
				}
				_, _, err := Repair(in, Options{Kinds: All})
				var re *Error
				require.ErrorAs(t, err, &re, "% x", in)
				compared++
				if re.Offset != se.Offset || re.Pointer != se.Pointer || !strings.Contains(se.Error(), strings.TrimPrefix(re.Err.Error(), ErrSyntax.Error()+": ")) {
					t.Fatalf("% x:\n tokenizer: %v\n repair:    %v", in, se, re)
				}
			}
		}
	}
	assert.Greater(t, compared, 40000)
}

// TestErrorPointerDecodesNames: a name's escapes are decoded in the
// pointer as the tokenizer decodes them, JSON's own included.
func TestErrorPointerDecodesNames(t *testing.T) {
	long := strings.Repeat("é", 70) // 140 bytes: cut after 128, as the tokenizer cuts
	for _, in := range []string{`{"` + long + `":[1 2]}`, `{"x` + long + `":[1 2]}`, `{"x` + long + `":{"a":x}}`, `{"\/\r":x`, `{"\/":`, `{"\/"Z`, `{"\/":"` + "\xbc", `{"a\u00e9\ud83d\ude00":[1 2]}`, `{"~\t":{"x":tru}}`} {
		var se *tokenizer.SyntaxError
		require.ErrorAs(t, tokenizer.Validate([]byte(in)), &se, in)
		_, _, err := Repair([]byte(in), Options{})
		var re *Error
		require.ErrorAs(t, err, &re, in)
		assert.Equal(t, se.Pointer, re.Pointer, "%q", in)
	}
}

// TestReadAgainError: a top-level candidate that a probe refused, read
// again as a bare value, fails with the probe's error in full: its
// cause and its Pointer, as a first read gives them.
func TestReadAgainError(t *testing.T) {
	_, _, err := Repair([]byte(" A{\"\"\",0}"), Options{Kinds: All &^ Fence})
	e, ok := errors.AsType[*Error](err)
	require.True(t, ok, "%v", err)
	assert.NotEmpty(t, e.Pointer, "%v", err)
	assert.NotEqual(t, "repair: offset 8: invalid JSON", err.Error())
}
