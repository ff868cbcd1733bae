package repair

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/deltajson/deltajson/tokenizer"
	"testing"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzRepair checks the guarantees on any input, for a kind set drawn
// from the fuzzer: no panic; success means strict output that the log
// replays to and that repairs to itself with an empty log; strict input
// comes back as is; and with no kind, Repair agrees with encoding/json
// (plus a UTF-8 check) on what is valid.
func FuzzRepair(f *testing.F) {
	for _, tc := range repairCases {
		f.Add([]byte(tc.in), uint32(tc.kinds))
	}
	for _, s := range validInputs {
		f.Add([]byte(s), uint32(All))
	}
	f.Fuzz(func(t *testing.T, in []byte, kinds uint32) {
		opts := Options{Kinds: Kind(kinds) & All}
		out, log, err := Repair(in, opts)

		// Strict is encoding/json's verdict, but for the lone surrogate
		// escapes that only the tokenizer rejects (see its package doc).
		strict := json.Valid(in) && utf8.Valid(in) && tokenizer.Valid(in)
		if _, _, err0 := Repair(in, Options{}); (err0 == nil) != strict {
			t.Fatalf("Repair with no kind says valid=%v, encoding/json says %v: %q", err0 == nil, strict, in)
		}
		if strict {
			if err != nil || len(log) != 0 || string(out) != string(in) {
				t.Fatalf("valid input changed: %q -> %q, %v, %v", in, out, log, err)
			}
			return
		}
		// The fast paths for members, strings and bare values give what
		// the general path gives, and so does the parser that starts
		// where the tokenizer stopped.
		checkPathOff(t, &fastMember, "the fast path for members", in, opts, out, log, err)
		checkPathOff(t, &fastBare, "the fast path for bare values", in, opts, out, log, err)
		checkPathOff(t, &scanFirst, "starting after the strict prefix", in, opts, out, log, err)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error is %T, not *Error: %v", err, err)
			}
			return
		}
		checkProperties(t, in, opts, out, log)
	})
}

// checkPathOff repairs in with opts and the path that *on turns on
// switched off, and fails t unless the output, the log and the error (its
// words, offset and pointer) are out, log and err, those with it on.
func checkPathOff(t testing.TB, on *bool, path string, in []byte, opts Options, out []byte, log Log, err error) {
	t.Helper()
	*on = false
	out2, log2, err2 := Repair(in, opts)
	*on = true
	if fmt.Sprint(err) != fmt.Sprint(err2) || string(out) != string(out2) || log.String() != log2.String() {
		t.Fatalf("%s differs on %q (kinds %v):\non:  %q %v\n%s\noff: %q %v\n%s", path, in, opts.Kinds, out, err, log, out2, err2, log2)
	}
}

// FuzzDuplicates checks the duplicate-name walk of Decode against a
// reference: jsontext, which compares names after unescaping too.
func FuzzDuplicates(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[{"a":{"b":1,"b":2}}]`, `{"a":{"a":1},"b":{"a":1}}`,
		`{"\ud800":1,"\ud801":2}`, `{"a\/b":1,"a/b":2}`, `[1,"a",{"x":[{"y":1},{"y":2,"y":3}]}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if strictValid(in) != nil {
			return
		}
		// Names compared exactly must agree with jsontext; compared
		// without regard to case, as Decode does, they find the same
		// duplicates or more, never fewer.
		ours := checkDuplicatesBy(in, func(s string) string { return s })
		if folded := checkDuplicates(in); ours != nil && folded == nil {
			t.Fatalf("case folding lost a duplicate in %q: %v", in, ours)
		}
		dec := jsontext.NewDecoder(bytes.NewReader(in), jsontext.AllowDuplicateNames(false), jsontext.AllowInvalidUTF8(false))
		_, ref := dec.ReadValue()
		refDup := ref != nil && errors.Is(ref, jsontext.ErrDuplicateName)
		if (ours != nil) != refDup {
			t.Fatalf("duplicates in %q: ours %v, jsontext %v", in, ours, ref)
		}
		if ours != nil {
			var e, r = new(Error), new(jsontext.SyntacticError)
			if errors.As(ours, &e) && errors.As(ref, &r) && e.Offset != r.ByteOffset {
				t.Fatalf("offset of duplicate in %q: ours %d, jsontext %d", in, e.Offset, r.ByteOffset)
			}
		}
	})
}
