package fuzz

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/repair"
	"github.com/deltajson/deltajson/tokenizer"
)

// This fails to compile once a kind takes bit 25, which FuzzRepair
// reads as part of a cap on the edits.
const _ uint32 = 1<<25 - 1 - uint32(repair.All)

// FuzzRepair checks the repair pass's guarantees: valid input comes back
// untouched with an empty log; the output is strict JSON or there is a
// *repair.Error with an offset in the input; repairing the output again
// logs nothing; the log replays to the output; a cut-off input is marked.
func FuzzRepair(f *testing.F) {
	for _, k := range repair.Kinds() {
		f.Add([]byte(k.Example()), uint32(repair.All))
	}
	for _, s := range []string{
		"```json\n{'a': True, \"b\": [1,2,],}\n```", `Here: {"a": 1} thanks`, `{"url": "http://x.y/z", // c` + "\n}",
		`{a: 1 "b": None}`, `{"s": "tab	here", "e": "\q"}`, `{"cut": [1, 2, {"x": "abc`, `“smart”`,
		`{"a": "\uDE00",}`, `["\ud83d\ude00", "\ud83d`,
		// The kinds for jsonrepair's repairs.
		`"The TV has a 24" screen"`, `{"a":"b,"c":"d}`, `["hello, world]`, `[1, 2, ...]`, `{"a" 2, b: c d}`,
		`[.3, 2., 05, 0.0.1, -]`, `"a" + 'b' + /* c */ "d"`, `callback_123({"_id": ObjectId("1")});`,
		`{"a": 1}}]`, `[{"i":1{"i":2}]`, `{"key": "v"}, "key2": "v2"}`, "1\n2\n3", "a,b", "{\"a\":\u00a0\"b\"}",
		"[```json\n{}\n```]", "{`a´: `b´}", `/re[g]ex/`, `{"a":}`, `{"foo"`,
		// Escaped JSON and tuples.
		`{\"a\": \"b\\\"c\"}`, `[{\"a\": True,}, \"x\" + \"y\"]`, `\"hello \\"world\\"\"`, `\"cut\`,
		`"{\"a\": 1}"`, "\"[\\\"a\\\"\n]\"", `"{\"a\": [1,`, `[\"\u00e9\", \"\q\"]`,
		`((1, 2), (3, 4))`, `(1,)`, `{"a": (), "b": ((None,),)}`, `(see below) {"a": 1}`, `(a, b]`,
	} {
		f.Add([]byte(s), uint32(repair.LLM))
		f.Add([]byte(s), uint32(repair.All))
		f.Add([]byte(s), uint32(0)) // no kind: the errors beside the tokenizer's
		f.Add([]byte(s), uint32(repair.All|2<<25))
	}
	for _, s := range seedTexts(f) {
		f.Add(s, uint32(repair.All))
	}
	f.Fuzz(func(t *testing.T, in []byte, kinds uint32) {
		// The top seven bits of kinds, when not zero, are a small cap on
		// the edits.
		opts := repair.Options{Kinds: repair.Kind(kinds) & repair.All, MaxEdits: int(kinds >> 25)}
		out, log, err := repair.Repair(in, opts)
		if opts.MaxEdits > 0 && len(log) > opts.MaxEdits {
			t.Fatalf("%d edits, past MaxEdits %d", len(log), opts.MaxEdits)
		}
		if err != nil {
			var re *repair.Error
			if !errors.As(err, &re) {
				t.Fatalf("error is not a *repair.Error: %v", err)
			}
			if strings.Contains(re.Error(), "internal error") {
				t.Fatalf("a bug in repair: %v\n%q", re, in)
			}
			if re.Offset < 0 || re.Offset > int64(len(in)) {
				t.Fatalf("error offset %d outside the input of %d bytes", re.Offset, len(in))
			}
			if opts.Kinds == 0 {
				besideTokenizer(t, in, re)
			}
			return
		}
		if tokenizer.Valid(in) && (len(log) != 0 || !bytes.Equal(in, out)) {
			t.Fatalf("valid input changed: %q -> %q, log %v", in, out, log)
		}
		if verr := tokenizer.Validate(out); verr != nil {
			t.Fatalf("output is not strict JSON: %v\n%q", verr, out)
		}
		replayed, aerr := repair.Apply(in, log)
		if aerr != nil || !bytes.Equal(replayed, out) {
			t.Fatalf("log does not replay to the output: %v\n%q\n%q", aerr, replayed, out)
		}
		again, log2, err := repair.Repair(out, opts)
		if err != nil || len(log2) != 0 || !bytes.Equal(again, out) {
			t.Fatalf("repair is not idempotent: %v, log %v", err, log2)
		}
		for _, e := range log {
			if e.Kind&opts.Kinds == 0 {
				t.Fatalf("edit of kind %v, which is not enabled", e.Kind)
			}
			if e.Kind == repair.Truncated && !log.Truncated() {
				t.Fatal("a truncation edit does not mark the log truncated")
			}
		}
	})
}

// besideTokenizer checks an error of Repair with no kind on against the
// tokenizer's on the same input, as repair.Error documents it: the same
// pointer, and an offset no later (the start of the token the tokenizer
// finds wrong at some byte of). Limits are each package's own.
func besideTokenizer(t *testing.T, in []byte, re *repair.Error) {
	var se *tokenizer.SyntaxError
	if !errors.As(tokenizer.Validate(in), &se) {
		t.Fatalf("repair failed on input the tokenizer accepts: %v", re)
	}
	if !errors.Is(re, repair.ErrSyntax) || errors.Is(se, tokenizer.ErrLimit) {
		return
	}
	if re.Pointer != se.Pointer || re.Offset > se.Offset {
		t.Fatalf("repair and tokenizer disagree on %q:\n repair:    %v\n tokenizer: %v", in, re, se)
	}
}
