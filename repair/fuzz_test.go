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
		// The fast path for members gives what the general path gives.
		fastMember = false
		out2, log2, err2 := Repair(in, opts)
		fastMember = true
		if fmt.Sprint(err) != fmt.Sprint(err2) || string(out) != string(out2) || log.String() != log2.String() {
			t.Fatalf("the fast path for members differs on %q:\n%q %v\n%s\n%q %v\n%s", in, out, err, log, out2, err2, log2)
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error is %T, not *Error: %v", err, err)
			}
			return
		}
		checkProperties(t, in, opts, out, log)
	})
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

// FuzzValidFast holds validFast to the tokenizer: what it accepts, the
// tokenizer accepts; and what the tokenizer accepts, it accepts too,
// but for the cases it leaves to the tokenizer (deep nesting, a number
// at the end of the input or too long for it).
func FuzzValidFast(f *testing.F) {
	for _, s := range validInputs {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		`[1,]`, `{"a" 1}`, `01`, `[-]`, `[1.]`, `[1e]`, `[1e+]`, `"\ud800"`, `"\ud800\udc00"`, "\"\x01\"", "\"\xff\"",
		`[true1]`, `{"a":1,}`, `[tru]`, `nul`, ` `, "", `{"a":{"b":[[]]}} x`, `[1]]`, `{]`, `[}`, "\ufeff[]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		fast, ref := validFast(in), tokenizer.Valid(in)
		if fast && !ref {
			t.Fatalf("validFast accepts what the tokenizer rejects: %q: %v", in, tokenizer.Validate(in))
		}
		if ref && !fast && !fastLeaves(in) {
			t.Fatalf("validFast rejects valid %q", in)
		}
	})
}

// fastLeaves reports whether valid JSON in is one validFast leaves to
// the tokenizer: nested deeper than fastDepth, with a number at its end,
// or with a number of maxFastNumber bytes or more.
func fastLeaves(in []byte) bool {
	if t := bytes.TrimRight(in, " \t\r\n"); len(t) > 0 && (t[len(t)-1] >= '0' && t[len(t)-1] <= '9') && len(t) == len(in) {
		return true
	}
	depth, most, run := 0, 0, 0
	for i := 0; i < len(in); i++ {
		switch c := in[i]; {
		case c == '"':
			for i++; in[i] != '"'; i++ {
				if in[i] == '\\' {
					i++
				}
			}
		case c == '[' || c == '{':
			depth++
			most = max(most, depth)
		case c == ']' || c == '}':
			depth--
		}
		if c := in[i]; c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			run++
		} else {
			run = 0
		}
		if run >= maxFastNumber {
			return true
		}
	}
	return most > fastDepth
}
