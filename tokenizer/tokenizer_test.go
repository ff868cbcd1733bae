package tokenizer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allCuts returns every split point of a text of length n.
func allCuts(n int) []int {
	cuts := make([]int, 0, n)
	for i := 1; i < n; i++ {
		cuts = append(cuts, i)
	}
	return cuts
}

// smallDocs are valid and invalid texts that exercise every lexeme and
// every grammar state.
var smallDocs = []string{
	`{"a":[1,2.5e3,"x\u00e9😀\ud83d\ude00",true,null,{"b":false}]}`,
	`{"name":"get_weather","args":{"city":"東京","temp":-12.5E-3,"tags":["☀️","🌧"]}}`,
	`  [ 0 , -0 , 0.0 , 1e9 , 1E+9 , 1e-9 , -123.456e+78 ]  `,
	`"\"\\\/\b\f\n\r\t\u0000\u001f\uffff"`,
	`{"k\\/":{"x":[0,[1,[null]]]}}`,
	`[[[[[[[[[[[]]]]]]]]]]]`,
	`{"":{"":{"":""}}}`,
	`123`, `-0.5e+10`, `true`, `"lone"`,
	// Invalid ones: the error must not move with the chunking.
	`[1,2`, `{"a" 1}`, `"\uX00"`, `[01]`, `{"k\\/":{"x":[0,[1,[nul]]]}}`,
	`{"a":1,}`, `[1,]`, `[,1]`, `{"a":1 "b":2}`, `{a:1}`, `["a\qb"]`,
	`["\ud800"]`, `["\ud800\u0041"]`, `["\udc00"]`, `["\ud83d\ude0"]`, `"\ud83d\`,
	"[\"a\x01b\"]", "[\"\xff\"]", "[\"\xe0\x80\x80\"]", "[\"\xed\xa0\x80\"]", "[\"\xf4\x90\x80\x80\"]", "[\"\xc3\"]",
	`1 2`, `{} x`, `[1.]`, `[1.e5]`, `[-]`, `[-a]`, `[1e]`, `[1e+]`, `[.5]`, `[+1]`, `[tru]`, `[trux]`, `[nulll]`,
	`[NaN]`, `[1,/*c*/2]`, `[1]]`, `{"a":{"b":[1,{"c":x}]}}`, ``, `   `, `{`, `{"a"`, `{"a":`, `[`, `"abc`,
}

func TestChunkingInvariance(t *testing.T) {
	for _, doc := range smallDocs {
		in := []byte(doc)
		whole := run(in, nil, Options{})
		assert.Equal(t, whole, run(in, allCuts(len(in)), Options{}), "byte at a time: %q", doc)
		for cut := 1; cut < len(in); cut++ {
			if got := run(in, []int{cut}, Options{}); !assert.Equal(t, whole, got, "%q cut at %d", doc, cut) {
				break
			}
		}
	}
}

func TestVerdictMatchesEncodingJSON(t *testing.T) {
	for _, doc := range smallDocs {
		in := []byte(doc)
		tr := run(in, nil, Options{})
		want := json.Valid(in) && utf8.Valid(in) && !hasLoneSurrogate(in)
		assert.Equal(t, want, tr.Err == "", "%q: %s", doc, tr.Err)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name   string
		prefix string // the input up to the first bad byte
		rest   string
		cause  error
		ptr    string
		msg    string
	}{
		{"missing colon", `{"a" `, `1}`, ErrSyntax, "/a", "invalid character '1' after object name (expecting ':')"},
		{"trailing comma in object", `{"a":1,`, `}`, ErrSyntax, "", "invalid character '}' looking for beginning of object name"},
		{"trailing comma in array", `[1,`, `]`, ErrSyntax, "/1", "invalid character ']' looking for beginning of value"},
		{"leading zero", `[0`, `1]`, ErrSyntax, "/0", "invalid character '1' after leading zero in number"},
		{"bad escape", `["a\`, `qb"]`, ErrSyntax, "/0", `invalid character 'q' in string escape`},
		{"bad hex", `"\u`, `X00"`, ErrSyntax, "", `invalid character 'X' in \u hexadecimal escape`},
		{"bad hex later", `{"a":["\u00`, `G0"]}`, ErrSyntax, "/a/0", `invalid character 'G' in \u hexadecimal escape`},
		{"lone high at quote", `["\ud800`, `"]`, ErrSurrogate, "/0", "high surrogate not followed by a low surrogate"},
		{"high then other escape", `["\ud800\`, `n"]`, ErrSurrogate, "/0", "high surrogate not followed by a low surrogate"},
		{"high then non-low", `["\ud800\u`, `0041"]`, ErrSurrogate, "/0", "high surrogate not followed by a low surrogate"},
		{"lone low", `["\ud`, `c00"]`, ErrSurrogate, "/0", "low surrogate without a high surrogate before it"},
		{"control char", `["a`, "\x01\"]", ErrSyntax, "/0", `invalid control character 0x01 in string`},
		{"bad UTF-8 lead", `["`, "\xff\"]", ErrInvalidUTF8, "/0", "invalid UTF-8 byte 0xff in string"},
		{"overlong", "[\"\xe0", "\x80\x80\"]", ErrInvalidUTF8, "/0", "invalid UTF-8 byte 0x80 in string, where 0xa0 to 0xbf must continue the character"},
		{"surrogate in UTF-8", "[\"\xed", "\xa0\x80\"]", ErrInvalidUTF8, "/0", "invalid UTF-8 byte 0xa0 in string, where 0x80 to 0x9f must continue the character"},
		{"past U+10FFFF", "[\"\xf4", "\x90\x80\x80\"]", ErrInvalidUTF8, "/0", "invalid UTF-8 byte 0x90 in string, where 0x80 to 0x8f must continue the character"},
		{"cut UTF-8", "[\"\xc3", "\"]", ErrInvalidUTF8, "/0", "invalid UTF-8 byte 0x22 in string, where 0x80 to 0xbf must continue the character"},
		{"trailing data", `{} `, `x`, ErrTrailingData, "", "invalid character 'x' after top-level value"},
		{"second value", `1 `, `2`, ErrTrailingData, "", "invalid character '2' after top-level value"},
		{"bad literal", `[tru`, `x]`, ErrSyntax, "/0", "invalid character 'x' in literal true (expecting 'e')"},
		{"NaN", `[`, `NaN]`, ErrSyntax, "/0", "invalid character 'N' looking for beginning of value or ']'"},
		{"comment", `[1,`, `/*c*/2]`, ErrSyntax, "/1", "invalid character '/' looking for beginning of value"},
		{"dot without digits", `[1.`, `]`, ErrSyntax, "/0", "invalid character ']' in number (expecting digit)"},
		{"exponent without digits", `[1e`, `]`, ErrSyntax, "/0", "invalid character ']' in number exponent (expecting sign or digit)"},
		{"plus sign", `[`, `+1]`, ErrSyntax, "/0", "invalid character '+' looking for beginning of value or ']'"},
		{"deep pointer", `{"a":{"b":[1,{"c":`, `x}]}}`, ErrSyntax, "/a/b/1/c", "invalid character 'x' looking for beginning of value"},
		{"pointer escapes", `{"a/b~c":`, `x}`, ErrSyntax, "/a~1b~0c", "invalid character 'x' looking for beginning of value"},
		{"non-ASCII byte outside strings", `[`, "é]", ErrSyntax, "/0", "invalid character 0xc3 looking for beginning of value or ']'"},
		{"close mismatch", `[1`, `}`, ErrSyntax, "/0", "invalid character '}' after array element (expecting ',' or ']')"},
		{"eof in string", `{"a":"abc`, ``, io.ErrUnexpectedEOF, "/a", "unexpected end of input in string"},
		{"eof in name", `{"ab`, ``, io.ErrUnexpectedEOF, "", "unexpected end of input in object name"},
		{"eof in number", `[-`, ``, io.ErrUnexpectedEOF, "/0", "unexpected end of input in number"},
		{"eof in literal", `[nu`, ``, io.ErrUnexpectedEOF, "/0", "unexpected end of input in literal null"},
		{"eof after value", `{"a":1`, ``, io.ErrUnexpectedEOF, "/a", "unexpected end of input after object value (expecting ',' or '}')"},
		{"empty", ``, ``, io.ErrUnexpectedEOF, "", "unexpected end of input looking for beginning of value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(tc.prefix + tc.rest)
			for _, cuts := range [][]int{nil, allCuts(len(in))} {
				tr := run(in, cuts, Options{})
				assert.Equal(t, int64(len(tc.prefix)), tr.Offset, "offset")
				assert.Equal(t, tc.ptr, tr.Ptr, "pointer")
				assert.Contains(t, tr.Err, tc.msg)
				assert.Equal(t, StatusFailed, tr.Status)
			}
			tk := New(Options{})
			require.NoError(t, tk.Feed(in))
			tk.Close()
			err := drain(&tk)
			assert.ErrorIs(t, err, tc.cause)
			var se *SyntaxError
			require.ErrorAs(t, err, &se)
			// Sticky: the same error again, and Feed refuses more.
			_, again := tk.Next()
			assert.Same(t, err, again)
		})
	}
}

// drain reads tokens until an error other than ErrNeedMore.
func drain(tk *Tokenizer) error {
	for {
		if _, err := tk.Next(); err != nil {
			return err
		}
	}
}

func TestTokens(t *testing.T) {
	in := `{"a":[1,"x"],"b":{}}`
	tr := run([]byte(in), nil, Options{})
	assert.Equal(t, []string{
		`{@0/0:{`, `name@1/1:"a"`, `[@5/1:[`, `number@6/2:1`, `string@8/2:"x"`, `]@11/1:]`,
		`name@13/1:"b"`, `{@17/1:{`, `}@18/1:}`, `}@19/0:}`,
	}, tr.Tokens)
	assert.Equal(t, "", tr.Err)
	assert.Equal(t, StatusComplete, tr.Status)
}

func TestNumbersAndLiteralsAreNeverHalfShown(t *testing.T) {
	tk := New(Options{})
	feed := func(s string) []Token {
		if s != "" {
			require.NoError(t, tk.Feed([]byte(s)))
		}
		var toks []Token
		for {
			tok, err := tk.Next()
			if err == ErrNeedMore || err == io.EOF {
				return toks
			}
			require.NoError(t, err)
			tok.Raw = bytes.Clone(tok.Raw)
			toks = append(toks, tok)
		}
	}
	assert.Len(t, feed(`[3.`), 1) // just '['
	assert.Equal(t, inNumber, tk.cutLexeme())
	assert.Empty(t, feed(`1`))
	toks := feed(`2,tr`)
	require.Len(t, toks, 1)
	assert.Equal(t, "3.12", string(toks[0].Raw))
	assert.Equal(t, int64(1), toks[0].Offset())
	assert.Equal(t, inLiteral, tk.cutLexeme())
	toks = feed(`ue]`)
	require.Len(t, toks, 2)
	assert.Equal(t, KindTrue, toks[0].Kind())
	assert.Equal(t, "true", string(toks[0].Raw))
	assert.Equal(t, int64(6), toks[0].Offset())

	// A top-level number ends only with the input.
	tk = New(Options{})
	assert.Empty(t, feed(`42`))
	assert.Equal(t, StatusNeedMore, tk.Status())
	tk.Close()
	toks = feed(``)
	require.Len(t, toks, 1)
	assert.Equal(t, "42", string(toks[0].Raw))
	assert.Equal(t, StatusComplete, tk.Status())
}

// stringDocs hold strings whose every cut must keep pieces whole.
var stringDocs = []string{
	`"東京タワー、こんにちは世界"`,
	`"😀🧑‍🚀👩🏽‍💻 and 🇯🇵"`,
	`"\ud83d\ude00\u00e9\u4e16\\n\"\/\b\f\n\r\t"`,
	`{"k\u00e9y😀":"v\\\\\"\u0041"}`,
	"\"mixed: é\\u00e9 ü\\u00fc 𝄞\\ud834\\udd1e\"",
}

func TestPiecesAtEverySplit(t *testing.T) {
	for _, doc := range stringDocs {
		in := []byte(doc)
		var want []string
		collectStrings(t, in, nil, &want)
		for i := 0; i <= len(in); i++ {
			for _, cuts := range [][]int{{i}, allCuts(len(in))} {
				var got []string
				collectStrings(t, in, cuts, &got)
				require.Equal(t, want, got, "%q cut %v", doc, cuts)
			}
		}
		// The decoded text equals encoding/json's.
		var v any
		require.NoError(t, json.Unmarshal(in, &v))
		switch v := v.(type) {
		case string:
			assert.Equal(t, v, want[0])
		case map[string]any:
			for k, val := range v {
				assert.Equal(t, []string{k, val.(string)}, want)
			}
		}
	}
}

// collectStrings decodes each string and name piece by piece, checking
// that every piece decodes on its own.
func collectStrings(t *testing.T, in []byte, cuts []int, out *[]string) {
	tk := New(Options{})
	prev := 0
	var cur []byte
	for _, c := range append(cuts, len(in)) {
		if c < prev || c == prev && c == len(in) && len(cuts) > 0 && cuts[len(cuts)-1] == len(in) {
			continue
		}
		require.NoError(t, tk.Feed(in[prev:c]))
		prev = c
		if c == len(in) {
			tk.Close()
		}
		for {
			tok, err := tk.Next()
			if err == ErrNeedMore || err == io.EOF {
				break
			}
			require.NoError(t, err)
			if tok.Kind() != KindString && tok.Kind() != KindName {
				continue
			}
			checkPiece(tok)
			piece := tok.AppendText(nil)
			require.True(t, utf8.Valid(piece), "piece %q decodes to invalid UTF-8", tok.Raw)
			require.NotContains(t, string(piece), "\uFFFD")
			cur = append(cur, piece...)
			if tok.Last() {
				*out = append(*out, string(cur))
				cur = nil
			}
		}
	}
}

func TestLimits(t *testing.T) {
	t.Run("depth", func(t *testing.T) {
		in := strings.Repeat("[", 5) + "]]]]]"
		tr := run([]byte(in), nil, Options{MaxDepth: 4})
		assert.Equal(t, int64(len("[[[[")), tr.Offset)
		assert.Contains(t, tr.Err, "nesting deeper than 4")
		assert.Equal(t, "", run([]byte(in), nil, Options{MaxDepth: 5}).Err)

		obj := `{"a":[{"b":{}}]}`
		tr = run([]byte(obj), nil, Options{MaxDepth: 3})
		assert.Equal(t, int64(len(`{"a":[{"b":`)), tr.Offset, "an object past the limit")
		assert.Equal(t, "/a/0/b", tr.Ptr)
		assert.Contains(t, tr.Err, "nesting deeper than 3")
		assert.Equal(t, "", run([]byte(obj), nil, Options{MaxDepth: 4}).Err)
	})
	t.Run("10 MB of [", func(t *testing.T) {
		in := bytes.Repeat([]byte("["), 10<<20)
		tk := New(Options{})
		require.NoError(t, tk.Feed(in))
		err := drain(&tk)
		require.ErrorIs(t, err, ErrDepthLimit)
		require.ErrorIs(t, err, ErrLimit)
		var se *SyntaxError
		require.ErrorAs(t, err, &se)
		assert.Equal(t, int64(DefaultMaxDepth), se.Offset)
		assert.Equal(t, strings.Repeat("/0", DefaultMaxDepth), se.Pointer)
		// The message quotes the pointer by its ends: it would otherwise
		// be as long as the nesting.
		assert.Less(t, len(err.Error()), 250, "%s", err)
		assert.Contains(t, err.Error(), "at offset 10000 (/0/0/0")
		assert.Contains(t, err.Error(), "bytes)…/0/0/0")
	})
	t.Run("bytes", func(t *testing.T) {
		in := []byte(`{"a":"0123456789"}`)
		for _, cuts := range [][]int{nil, allCuts(len(in))} {
			tr := run(in, cuts, Options{MaxBytes: 10})
			assert.Equal(t, int64(10), tr.Offset)
			assert.Contains(t, tr.Err, "stream longer than 10 bytes")
		}
		assert.Equal(t, "", run(in, nil, Options{MaxBytes: int64(len(in))}).Err)
	})
	t.Run("string", func(t *testing.T) {
		in := []byte(`["abcd","abcde"]`)
		for _, cuts := range [][]int{nil, allCuts(len(in))} {
			tr := run(in, cuts, Options{MaxStringLength: 4})
			assert.Equal(t, int64(len(`["abcd","abcd`)), tr.Offset)
			assert.Contains(t, tr.Err, "string longer than 4 bytes")
		}
		for _, in := range []string{`["abcd","abcde"]`, `{"abcde":1}`, `["abc","abcd"]`} {
			whole := run([]byte(in), nil, Options{MaxStringLength: 4})
			for c := range len(in) { // one cut, wherever: the fast path hands cut strings on
				assert.Equal(t, whole, run([]byte(in), []int{c}, Options{MaxStringLength: 4}), "%s cut at %d", in, c)
			}
		}
		in = []byte(`["ab\u00e9"]`) // the limit counts raw bytes: the escape is cut at the limit
		assert.Equal(t, int64(len(`["ab\u`)), run(in, nil, Options{MaxStringLength: 4}).Offset)
	})
	t.Run("number", func(t *testing.T) {
		in := []byte(`[1234,12345]`)
		for _, cuts := range [][]int{nil, allCuts(len(in))} {
			tr := run(in, cuts, Options{MaxNumberLength: 4})
			assert.Equal(t, int64(len(`[1234,1234`)), tr.Offset)
			assert.Contains(t, tr.Err, "number longer than 4 bytes")
		}
		long := "[" + strings.Repeat("7", 3000) + "]"
		for _, cuts := range [][]int{nil, allCuts(len(long))} {
			tr := run([]byte(long), cuts, Options{})
			assert.Equal(t, "", tr.Err)
			assert.Equal(t, "number@1/1:"+long[1:len(long)-1], tr.Tokens[1])
		}
	})
}

func TestMultipleValues(t *testing.T) {
	in := []byte("{\"a\":1}\n[2]\n3 \"x\"true")
	for _, cuts := range [][]int{nil, allCuts(len(in))} {
		tr := run(in, cuts, Options{AllowMultipleValues: true})
		assert.Equal(t, "", tr.Err)
		assert.Equal(t, []string{`{@0/0:{`, `name@1/1:"a"`, `number@5/1:1`, `}@6/0:}`, `[@8/0:[`, `number@9/1:2`, `]@10/0:]`,
			`number@12/0:3`, `string@14/0:"x"`, `true@17/0:true`}, tr.Tokens)
	}
	assert.Equal(t, "", run(nil, nil, Options{AllowMultipleValues: true}).Err, "no values is a valid sequence")
	assert.Contains(t, run([]byte("[1] ]"), nil, Options{AllowMultipleValues: true}).Err, "invalid character ']'")
}

// TestNextClose feeds each input whole and asks whether a close may come
// next, and which.
func TestNextClose(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want byte
	}{
		{``, 0},
		{`"abc`, 0},
		{`{`, '}'},
		{`{"a`, 0},
		{`{"a"`, 0},
		{`{"a":`, 0},
		{`{"a": "x`, '}'},
		{`{"a":1`, '}'},
		{`{"a":tr`, '}'},
		{`{"a":1,`, 0},
		{`{"a":1}`, 0},
		{`[`, ']'},
		{`[1`, ']'},
		{`[1,`, 0},
		{`[{}`, ']'},
		{`[{"a":[`, ']'},
		{`[{"a":[]`, '}'},
		{`[[]]`, 0},
		{`[1 x`, 0}, // failed: nothing may come
	} {
		tk := New(Options{})
		require.NoError(t, tk.Feed([]byte(tt.in)))
		if err := drain(&tk); err != ErrNeedMore {
			var se *SyntaxError
			require.ErrorAs(t, err, &se, tt.in)
		}
		assert.Equal(t, string(rune(tt.want)), string(rune(tk.nextClose())), tt.in)
	}
}

func TestState(t *testing.T) {
	tk := New(Options{})
	steps := []struct {
		feed   string
		depth  int
		in     lexeme
		expect expect
		ptr    string
		status Status
	}{
		{`{`, 1, inNone, expectName, "", StatusNeedMore},
		{`"ci`, 1, inName, expectColon, "", StatusNeedMore},
		{`ty"`, 1, inNone, expectColon, "/city", StatusNeedMore},
		{`:"Pa`, 1, inString, expectComma, "/city", StatusNeedMore},
		{`ris","days":[`, 2, inNone, expectValue, "/days/0", StatusNeedMore},
		{`1,2`, 2, inNumber, expectComma, "/days/1", StatusNeedMore},
		{`]`, 1, inNone, expectComma, "/days", StatusNeedMore},
		{`}`, 0, inNone, expectEnd, "", StatusComplete},
		{"\n", 0, inNone, expectEnd, "", StatusComplete},
	}
	for _, s := range steps {
		require.NoError(t, tk.Feed([]byte(s.feed)))
		err := drain(&tk)
		require.Equal(t, ErrNeedMore, err)
		assert.Equal(t, s.depth, tk.Depth(), "after %q", s.feed)
		assert.Equal(t, s.in, tk.cutLexeme(), "after %q", s.feed)
		assert.Equal(t, s.expect, tk.expects(), "after %q", s.feed)
		assert.Equal(t, s.ptr, tk.Pointer(), "after %q", s.feed)
		assert.Equal(t, s.status, tk.Status(), "after %q", s.feed)
	}
	assert.Equal(t, int64(len(`{"city":"Paris","days":[1,2]}`)+1), tk.Offset())
	tk.Close()
	_, err := tk.Next()
	assert.Equal(t, io.EOF, err)
}

func TestMisuse(t *testing.T) {
	tk := New(Options{})
	require.NoError(t, tk.Feed([]byte(`[1,`)))
	assert.Equal(t, ErrUnread, tk.Feed([]byte(`2]`)), "the previous chunk is not read yet")
	require.Equal(t, ErrNeedMore, drain(&tk))
	require.NoError(t, tk.Feed(nil), "an empty chunk is fine")
	require.NoError(t, tk.Feed([]byte(`2]`)))
	tk.Close()
	assert.Equal(t, io.EOF, drain(&tk))
	assert.Equal(t, ErrClosed, tk.Feed([]byte(` `)))

	var zero Tokenizer // the zero value works, with the default limits
	require.NoError(t, zero.Feed([]byte(`{"a":[true]}`)))
	zero.Close()
	assert.Equal(t, io.EOF, drain(&zero))
}

func TestCopyIsIndependent(t *testing.T) {
	in := []byte(`{"a":[{"b":[1,2,{"c":"xyz`)
	tk := New(Options{})
	require.NoError(t, tk.Feed(in))
	require.Equal(t, ErrNeedMore, drain(&tk))
	snapshot := tk // a plain copy
	require.NoError(t, tk.Feed([]byte(`"}]}]}`)))
	tk.Close()
	require.Equal(t, io.EOF, drain(&tk))

	require.NoError(t, snapshot.Feed([]byte(`"]`)))
	err := drain(&snapshot)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "/a/0/b/2/c", se.Pointer)
	assert.Equal(t, int64(len(in)+1), se.Offset)
}

func TestDeepPathSpills(t *testing.T) {
	// Long names and deep nesting overflow the inline path; copies taken
	// on the way must keep their own pointers.
	var b strings.Builder
	var want strings.Builder
	for i := 0; i < 300; i++ {
		name := strings.Repeat(string(rune('a'+i%26)), i%40)
		b.WriteString(`{"` + name + `":[0,`)
		want.WriteString("/" + name + "/1")
	}
	in := []byte(b.String())
	tk := New(Options{})
	require.NoError(t, tk.Feed(in))
	require.Equal(t, ErrNeedMore, drain(&tk))
	assert.Equal(t, want.String(), tk.Pointer())
	copy1 := tk
	// Close 150 levels, then check both.
	require.NoError(t, tk.Feed([]byte("1"+strings.Repeat("]}", 150))))
	require.Equal(t, ErrNeedMore, drain(&tk))
	assert.Equal(t, want.String(), copy1.Pointer())
	parts := strings.SplitAfter(want.String(), "/1")
	assert.Equal(t, strings.Join(parts[:150], ""), tk.Pointer()[:len(strings.Join(parts[:150], ""))])
	require.NoError(t, tk.Feed([]byte(strings.Repeat("]}", 150))))
	require.Equal(t, ErrNeedMore, drain(&tk))
	require.NoError(t, copy1.Feed([]byte("1"+strings.Repeat("]}", 300))))
	require.Equal(t, ErrNeedMore, drain(&copy1))
	assert.Equal(t, StatusComplete, copy1.Status())
	assert.Equal(t, "", tk.Pointer())
	assert.Equal(t, StatusComplete, tk.Status())
}

func TestLongNameInPointerIsCut(t *testing.T) {
	name := strings.Repeat("n", 200)
	tr := run([]byte(`{"`+name+`":x}`), nil, Options{})
	assert.Equal(t, "/"+name[:maxPathName]+"…", tr.Ptr)
	// The same name frozen in a frame, under a container opened right
	// after it, and again after that container closes.
	tr = run([]byte(`{"`+name+`":[1,x]}`), nil, Options{})
	assert.Equal(t, "/"+name[:maxPathName]+"…/1", tr.Ptr)
	tr = run([]byte(`{"`+name+`":[1] x}`), nil, Options{})
	assert.Equal(t, "/"+name[:maxPathName]+"…", tr.Ptr)
	for _, cut := range []int{1, 7} {
		tr = run([]byte(`{"a":{"`+name+`":{"b":[x]}}}`), []int{cut}, Options{})
		assert.Equal(t, "/a/"+name[:maxPathName]+"…/b/0", tr.Ptr, "cut at %d", cut)
	}
}

// TestLongNameCutBetweenCharacters: a name whose 128th byte falls inside
// a character or an escape shows the characters before it, at every
// chunking, whether the name is read whole, kept by reference, or frozen
// in a frame.
func TestLongNameCutBetweenCharacters(t *testing.T) {
	for _, c := range []struct{ unit, shown string }{{"é", "é"}, {"😀", "😀"}, {`\ud83d\ude00`, "😀"}, {`\u00e9`, "é"}} {
		pad := strings.Repeat("x", maxPathName-len(c.unit)+1) // the unit's last byte is past the cut
		name := pad + c.unit + "yy"
		for _, doc := range []struct{ in, ptr string }{
			{`{"` + name + `":x}`, "/" + pad + "…"},
			{`{"` + name + `":[1,x]}`, "/" + pad + "…/1"},
			{`{"a":{"` + name + `":{"b":[x]}}}`, "/a/" + pad + "…/b/0"},
		} {
			in := []byte(doc.in)
			tr := run(in, nil, Options{})
			assert.Equal(t, doc.ptr, tr.Ptr, "%s whole", c.unit)
			assert.True(t, utf8.ValidString(tr.Ptr), tr.Ptr)
			assert.Equal(t, tr, run(in, allCuts(len(in)), Options{}), "%s a byte at a time", c.unit)
			for cut := 1; cut < len(in); cut++ {
				assert.Equal(t, tr, run(in, []int{cut}, Options{}), "%s cut at %d", c.unit, cut)
			}
		}
		// One byte shorter, the unit is whole before the cut.
		name = pad[1:] + c.unit + "yy"
		tr := run([]byte(`{"`+name+`":x}`), nil, Options{})
		assert.Equal(t, "/"+pad[1:]+c.shown+"…", tr.Ptr)
	}
}

func TestZeroAllocs(t *testing.T) {
	doc := []byte(`{"name":"search","args":{"query":"東京 weather 😀 \"quoted\" \u00e9","limit":10,"ratio":0.75,` +
		`"flags":[true,false,null],"nested":{"a":{"b":{"c":[1,2,3,{"d":"e"}]}}}}}`)
	var deep []byte
	for i := 0; i < 64; i++ {
		if i%2 == 0 {
			deep = append(deep, `{"level":`...)
		} else {
			deep = append(deep, '[')
		}
	}
	for i := 63; i >= 0; i-- {
		if i%2 == 0 {
			deep = append(deep, '}')
		} else {
			deep = append(deep, ']')
		}
	}
	for _, d := range [][]byte{doc, deep} {
		for _, chunk := range []int{1, 7, len(d)} {
			var tk Tokenizer
			allocs := testing.AllocsPerRun(20, func() {
				tk.Reset(Options{})
				for i := 0; i < len(d); i += chunk {
					if err := tk.Feed(d[i:min(i+chunk, len(d))]); err != nil {
						panic(err)
					}
					for {
						if _, err := tk.Next(); err != nil {
							break
						}
					}
				}
				tk.Close()
				if err := drain(&tk); err != io.EOF {
					panic(err)
				}
			})
			assert.Zero(t, allocs, "chunk %d", chunk)
		}
	}
}

func TestErrorsAreTyped(t *testing.T) {
	err := Validate([]byte(`{"a":[1,}`))
	var se *SyntaxError
	require.True(t, errors.As(err, &se))
	assert.Equal(t, int64(len(`{"a":[1,`)), se.Offset)
	assert.Equal(t, "/a/1", se.Pointer, "the element after the comma")
	assert.ErrorIs(t, err, ErrSyntax)
	assert.NoError(t, Validate([]byte(` {"a":[1]} `)))
	assert.True(t, Valid([]byte(`[]`)))
	assert.False(t, Valid([]byte(`[`)))
}

// Limits as large as the types hold behave as "no limit": no overflow in
// the offset arithmetic, the same outcome however the input is cut, and a
// checkpoint that restores.
func TestHugeLimits(t *testing.T) {
	opts := Options{MaxDepth: math.MaxInt, MaxStringLength: math.MaxInt64, MaxNumberLength: math.MaxInt, MaxBytes: math.MaxInt64}
	for _, doc := range []string{`["abc"]`, `[123]`, `{"a":[[1.5e3,"x\u00e9"]]}`} {
		in := []byte(doc)
		whole := run(in, nil, opts)
		require.Equal(t, "", whole.Err, doc)
		assert.Equal(t, whole, run(in, allCuts(len(in)), opts), doc)
		assert.Equal(t, whole, runHook(in, allCuts(len(in)), opts, restart(t)), doc)
	}
}

// A negative limit is the largest there is, as in package resume; zero is
// the default.
func TestNegativeLimits(t *testing.T) {
	deep := []byte(strings.Repeat("[", DefaultMaxDepth+1))
	long := []byte("[" + strings.Repeat("7", DefaultMaxNumberLength+1) + "]")
	for _, tc := range []struct {
		opts    Options
		in      []byte
		limited bool
	}{
		{Options{}, deep, true},
		{Options{MaxDepth: -1}, deep, false},
		{Options{}, long, true},
		{Options{MaxNumberLength: -1}, long, false},
		{Options{MaxStringLength: -1, MaxBytes: -1}, []byte(`["` + strings.Repeat("s", 1<<16) + `"]`), false},
	} {
		tk := New(tc.opts)
		require.NoError(t, tk.Feed(tc.in))
		err := drain(&tk)
		if tc.limited {
			assert.ErrorIs(t, err, ErrLimit, "%+v", tc.opts)
		} else {
			assert.Equal(t, ErrNeedMore, err, "%+v", tc.opts)
		}
	}
	assert.Equal(t, MaxNumberLengthLimit, Options{MaxNumberLength: -1}.numberLimit())
	assert.Equal(t, DefaultMaxNumberLength, Options{}.numberLimit())
	assert.Equal(t, 9, Options{MaxNumberLength: 9}.numberLimit())
}

func TestLargeIndexInPointer(t *testing.T) {
	// Element indices take one, two or more bytes in the path stack; each
	// must come back when the nested container closes.
	for _, n := range []int{5, 127, 128, 16383, 16384, 2100000} {
		in := []byte("[" + strings.Repeat("0,", n) + `[[]],{"a":[0,0,x`)
		tr := run(in, nil, Options{})
		assert.Equal(t, fmt.Sprintf("/%d/a/2", n+1), tr.Ptr, "n=%d", n)
		assert.Equal(t, int64(len(in)-1), tr.Offset, "n=%d", n)
	}
}

// Appending to a token's Raw must not write over the chunk, whatever
// buffer Raw comes from: the chunk, the carry of a cut string, the number
// buffer, or a literal.
func TestRawCapacityIsItsLength(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   string
		cuts []int
	}{
		{"whole tokens", `{"a":[1,true,"s"]}`, nil},
		{"cut string and number", `["h\u00e9llo",12345]`, []int{5, 16}},
		{"cut literal", `[false,null]`, []int{3, 9}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.in)
			want := string(in)
			tk := New(Options{})
			prev := 0
			for _, cut := range append(tt.cuts, len(in)) {
				require.NoError(t, tk.Feed(in[prev:cut]))
				prev = cut
				for {
					tok, err := tk.Next()
					if err != nil {
						require.ErrorIs(t, err, ErrNeedMore)
						break
					}
					assert.Equal(t, len(tok.Raw), cap(tok.Raw), "%s %q", tok.Kind(), tok.Raw)
					_ = append(tok.Raw, '#', '#')
				}
			}
			assert.Equal(t, want, string(in))
		})
	}
}

// nextNumber feeds chunks to tk, reads them, and returns the Raw of the
// number token they end.
func nextNumber(t *testing.T, tk *Tokenizer, chunks ...string) []byte {
	t.Helper()
	var raw []byte
	for _, c := range chunks {
		require.NoError(t, tk.Feed([]byte(c)))
		for {
			tok, err := tk.Next()
			if err == ErrNeedMore {
				break
			}
			require.NoError(t, err)
			if tok.Kind() == KindNumber {
				raw = tok.Raw
			}
		}
	}
	require.NotNil(t, raw, "no number")
	return raw
}

// TestLongNumberInChunks: a number cut into many chunks is not copied
// whole at each one (a few allocations in all, not one a chunk), and two
// copies of a Tokenizer that go on from inside one keep their own bytes,
// and leave the other's number token as it was made.
func TestLongNumberInChunks(t *testing.T) {
	digits := []byte(strings.Repeat("1234567890", 400))
	allocs := testing.AllocsPerRun(1, func() {
		tk := New(Options{})
		require.NoError(t, tk.Feed([]byte("[")))
		require.Equal(t, ErrNeedMore, drain(&tk))
		for i := range digits {
			require.NoError(t, tk.Feed(digits[i:i+1]))
			require.Equal(t, ErrNeedMore, drain(&tk))
		}
	})
	assert.Less(t, allocs, 20.0, "4000 digits a byte at a time")

	for _, cut := range []int{40, 100, 1000} {
		a := New(Options{})
		require.NoError(t, a.Feed([]byte("[")))
		require.Equal(t, ErrNeedMore, drain(&a))
		for i := 0; i < cut; i += 10 {
			require.NoError(t, a.Feed(digits[i:i+10]))
			require.Equal(t, ErrNeedMore, drain(&a))
		}
		b := a // both go on from inside the number
		rawA := nextNumber(t, &a, "1", "2,")
		rawB := nextNumber(t, &b, "9", "8", "7,")
		c := a // and a third from after a's number, with another
		rawC := nextNumber(t, &c, "5555555555", "5555555555", "5555555555", "5555555555,")
		assert.Equal(t, string(digits[:cut])+"12", string(rawA), "cut at %d", cut)
		assert.Equal(t, string(digits[:cut])+"987", string(rawB), "cut at %d", cut)
		assert.Equal(t, strings.Repeat("5", 40), string(rawC), "cut at %d", cut)
	}
}

// TestColonReadWithName: Next reads a colon that follows a name at once,
// and one space after it, with the name; any other colon on its own. The
// tokens are the same either way.
func TestColonReadWithName(t *testing.T) {
	for _, c := range []struct {
		in     string
		expect expect
		offset int64 // after the name
	}{
		{`{"a":1}`, expectValue, 5},
		{`{"a": 1}`, expectValue, 6},
		{`{"a":  1}`, expectValue, 6},
		{`{"a" : 1}`, expectColon, 4},
		{"{\"a\"\n:1}", expectColon, 4},
	} {
		tk := New(Options{})
		require.NoError(t, tk.Feed([]byte(c.in)))
		tk.Close()
		for _, want := range []Kind{KindBeginObject, KindName} {
			tok, err := tk.Next()
			require.NoError(t, err, c.in)
			require.Equal(t, want, tok.Kind(), c.in)
		}
		assert.Equal(t, c.expect, tk.expects(), c.in)
		assert.Equal(t, c.offset, tk.Offset(), c.in)
		assert.Equal(t, "/a", tk.Pointer(), c.in)
		tok, err := tk.Next()
		require.NoError(t, err, c.in)
		assert.Equal(t, KindNumber, tok.Kind(), c.in)
		assert.Equal(t, int64(strings.IndexByte(c.in, '1')), tok.Offset(), c.in)
	}
	// A name that ends its chunk leaves the colon to the next one.
	tk := New(Options{})
	require.NoError(t, tk.Feed([]byte(`{"a"`)))
	require.Equal(t, ErrNeedMore, drain(&tk))
	assert.Equal(t, expectColon, tk.expects())
}

// TestChunkReusedAfterName: once Next has read a chunk to its end, with a
// member name last, the caller may write over the chunk before the next
// Feed; the name in the pointer is the one read.
func TestChunkReusedAfterName(t *testing.T) {
	for in, rest := range map[string]string{`{"ab":`: `1}`, `{"ab"`: `:1}`, `{"ab": `: `1}`} {
		buf := []byte(in)
		tk := New(Options{})
		require.NoError(t, tk.Feed(buf))
		for _, want := range []Kind{KindBeginObject, KindName} {
			tok, err := tk.Next()
			require.NoError(t, err, in)
			require.Equal(t, want, tok.Kind(), in)
		}
		copy(buf, strings.Repeat(",", len(buf))) // reused before ErrNeedMore
		require.NoError(t, tk.Feed([]byte(rest)), in)
		assert.Equal(t, "/ab", tk.Pointer(), in)
		tk.Close()
		assert.Equal(t, io.EOF, drain(&tk), in)
	}
}

// TestStringOfBadValues: String of a value outside an enum says so, as
// Kind's and Status's do, instead of panicking.
func TestStringOfBadValues(t *testing.T) {
	assert.Equal(t, "invalid", expect(9).String())
	assert.Equal(t, "invalid", lexeme(9).String())
	assert.Equal(t, "invalid", Kind(99).String())
	assert.Equal(t, "colon", expectColon.String())
	assert.Equal(t, "name", inName.String())
}

// TestCheckpointLongPointer: a failed tokenizer whose pointer is longer
// than a megabyte restores, with the same error.
func TestCheckpointLongPointer(t *testing.T) {
	name := strings.Repeat("n", 120)
	in := []byte(strings.Repeat(`{"`+name+`":`, 9000) + "x")
	tk := New(Options{})
	require.NoError(t, tk.Feed(in))
	err := drain(&tk)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	require.Greater(t, len(se.Pointer), 1<<20)
	b, err := tk.MarshalBinary()
	require.NoError(t, err)
	var back Tokenizer
	require.NoError(t, back.UnmarshalBinary(b))
	assert.Equal(t, se.Error(), back.Err().Error())
}
