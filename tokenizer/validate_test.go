package tokenizer_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/tokenizer"
)

// validSlow is Validate with Next alone, and whether a valid b is one
// that validFast leaves to Next: a top-level number, or nesting deeper
// than tokenizer.ValidDepth.
func validSlow(b []byte) (err error, beyond bool) {
	var t tokenizer.Tokenizer
	t.Feed(b)
	t.Close()
	for {
		tok, err := t.Next()
		if err == io.EOF {
			return nil, beyond
		}
		if err != nil {
			return err, false
		}
		switch tok.Kind() {
		case tokenizer.KindNumber:
			beyond = beyond || tok.Depth() == 0
		case tokenizer.KindBeginObject, tokenizer.KindBeginArray:
			beyond = beyond || t.Depth() > tokenizer.ValidDepth
		}
	}
}

// checkValidFast requires validFast to accept only what Next accepts,
// and to refuse only what Next refuses or leaves beyond it, and Validate
// to give Next's verdict.
func checkValidFast(t *testing.T, b []byte) {
	t.Helper()
	want, beyond := validSlow(b)
	fast := tokenizer.ValidFast(b)
	switch {
	case fast && want != nil:
		t.Fatalf("validFast accepts %q; Next: %v", b, want)
	case !fast && want == nil && !beyond:
		t.Fatalf("validFast refuses %q, which Next accepts", b)
	}
	got := tokenizer.Validate(b)
	if got == nil || want == nil {
		if got != want {
			t.Fatalf("Validate(%q) = %v, Next: %v", b, got, want)
		}
		return
	}
	if got.Error() != want.Error() {
		t.Fatalf("Validate(%q) = %v, Next: %v", b, got, want)
	}
}

var validCases = []string{
	`{}`, `[]`, ` { } `, "[\n  1,\n  2\n]", `{"a":1}`, `{"a" : [1, 2.5e-3, -0, true, false, null, "x"]}`,
	`{"a":{"b":{"c":[[],{}]}}}`, `"\u00e9\n"`, `"é😀"`, `true`, `null`, `[-1.0E+2]`, `"plain"`,
	`{"a":1,}`, `[1,]`, `{"a"}`, `{"a":}`, `{,}`, `[01]`, `[-01]`, `[1.]`, `[.5]`, `[1e]`, `[1e+]`, `[-]`,
	`[tru]`, `[truex]`, `[trux]`, `{"a":nulL}`, `[fals3]`, `{"a":1}x`, `{"a":1} {}`, `{"a":1`, `[1 2]`,
	`{1:2}`, `["a\x"]`, "[\"\x01\"]", "[\"\xff\"]", `["\ud800"]`, `["\ud83d\ude00"]`, `{"a":1]`, `[1}`,
	`]`, `}`, ``, ` `, "\ufeff{}", "[1,\v2]", `{"a" 1}`, `{"a":1 "b":2}`, `[1:2]`, `{"a",1}`, `"a`, `[`,
	strings.Repeat("[", tokenizer.ValidDepth) + strings.Repeat("]", tokenizer.ValidDepth),
	strings.Repeat("[", tokenizer.ValidDepth+1) + strings.Repeat("]", tokenizer.ValidDepth+1),
	strings.Repeat(`{"a":`, tokenizer.ValidDepth+1) + "1" + strings.Repeat("}", tokenizer.ValidDepth+1),
	strings.Repeat("[", tokenizer.DefaultMaxDepth+1) + strings.Repeat("]", tokenizer.DefaultMaxDepth+1),
	"[1" + strings.Repeat("0", tokenizer.DefaultMaxNumberLength) + "]", "[" + strings.Repeat("1", tokenizer.DefaultMaxNumberLength) + "]",
	`1`, `-5`, `1.5`, `[1E5,1e-5,0.0]`,
	// A value right after a name's colon, and a member or element right
	// after a comma, which validFast reads without going round its loop.
	`{"a": }`, `{"a":]`, `{"a": ]`, `{"a": ,1}`, `{"a": 1, ]`, `{"a":1,]`, `{"a": 1, 2}`, `{"a": 1, b}`,
	`{"a":1,,"b":2}`, `[1, }`, `[1,,2]`, `[1, :]`, `{"a": "b", "c": [1, "x", {"d": null}, []], "e": {}}`,
	`{"a":"b" , "c":"d"}`, `{"a":` + "\n" + `1,` + "\t" + `"b":2}`, `{"a":1, "b"`, `{"a": 1, `, `[1, 2`,
}

func TestValidFast(t *testing.T) {
	eachDoc(t, validCases, checkValidFast)
}

func FuzzValidate(f *testing.F) {
	seedDocs(f, validCases)
	f.Fuzz(func(t *testing.T, b []byte) {
		checkValidFast(t, b)
	})
}

// eachDoc runs check on each of cases, on the vector test documents and
// on JSONTestSuite's files when they are here.
func eachDoc(t *testing.T, cases []string, check func(*testing.T, []byte)) {
	for _, c := range cases {
		check(t, []byte(c))
	}
	for _, doc := range tokenizer.VectorDocs() {
		check(t, doc)
	}
	files, err := fixtures.JSONTestSuite()
	if errors.Is(err, fixtures.ErrAbsent) {
		t.Logf("JSONTestSuite files are not here: %v", err)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		check(t, f.Data)
	}
}

// seedDocs adds cases and every hundredth vector test document to f's
// corpus.
func seedDocs(f *testing.F, cases []string) {
	for _, c := range cases {
		f.Add([]byte(c))
	}
	for k, doc := range tokenizer.VectorDocs() {
		if k%100 == 0 {
			f.Add(doc)
		}
	}
}
