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
// repairs, against the tokenizer's on the same bytes (what "deltajson
// check" prints): the same pointer, an offset no later than the
// tokenizer's (Repair names the start of the token or escape it could not
// read, the tokenizer the first byte that no JSON text can have there),
// and for invalid UTF-8 the same offset and reason.
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
	seen, utf8Seen := 0, 0
	for _, f := range files {
		if !strings.HasPrefix(f.Name, "n_") {
			continue
		}
		var se *tokenizer.SyntaxError
		if !errors.As(tokenizer.Validate(f.Data), &se) {
			continue
		}
		_, _, err := Repair(f.Data, Options{})
		var re *Error
		require.ErrorAs(t, err, &re, f.Name)
		if errors.Is(re, ErrNoValue) || errors.Is(re, ErrTooLarge) {
			continue
		}
		seen++
		assert.Equal(t, se.Pointer, re.Pointer, "%s: %v | %v", f.Name, se, re)
		assert.LessOrEqual(t, re.Offset, se.Offset, "%s: %v | %v", f.Name, se, re)
		if errors.Is(se, tokenizer.ErrInvalidUTF8) {
			utf8Seen++
			assert.Equal(t, se.Offset, re.Offset, "%s: %v | %v", f.Name, se, re)
		}
	}
	t.Logf("%d n_ cases compared, %d of them invalid UTF-8", seen, utf8Seen)
	assert.Greater(t, seen, 150)
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
