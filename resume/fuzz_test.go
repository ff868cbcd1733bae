package resume_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// FuzzCall checks properties on any input: the outcome does not depend on
// the delta size; a call is ready exactly when the tokenizer alone finds
// the input an object, valid, and jsontext finds no name twice in an
// object in it (or it is only whitespace); the partial view is valid
// JSON; and a checkpoint taken at any cut, moved through its binary form
// and restored, ends like the uninterrupted run.
func FuzzCall(f *testing.F) {
	for _, s := range corpus.Streams() {
		for _, c := range s.Expect.Calls {
			f.Add([]byte(c.Arguments), uint8(1), uint16(len(c.Arguments)/2))
		}
	}
	f.Add([]byte(`{"a":"\ud83d\ude00 \u00e9\n","b":[1,-2.5e3,true,null]}`), uint8(3), uint16(9))
	f.Fuzz(func(t *testing.T, doc []byte, n uint8, cut uint16) {
		if len(doc) > 4096 {
			return
		}
		whole := resume.NewCall("0", resume.Options{})
		_ = whole.Delta(doc, -1, -1)
		view := whole.AppendPartial(nil)
		whole.End(nil)
		want := snap(whole)

		// Ready when valid with no name twice in an object, as jsontext
		// decides that; rejected, with ErrDuplicateName, when valid with one.
		_, jerr := jsontext.NewDecoder(bytes.NewReader(doc)).ReadValue()
		dup := errors.Is(jerr, jsontext.ErrDuplicateName)
		trimmed := bytes.Trim(doc, " \t\r\n")
		object := len(trimmed) > 0 && trimmed[0] == '{'
		wantReady := tokenizer.Valid(doc) && !dup && object || len(trimmed) == 0
		if (want.Status == resume.StatusReady) != wantReady {
			t.Fatalf("status %s, tokenizer.Valid %v, duplicate name %v: %v", want.Status, tokenizer.Valid(doc), dup, whole.Err())
		}
		if tokenizer.Valid(doc) && !object && !errors.Is(whole.Err(), resume.ErrNotObject) {
			t.Fatalf("status %s with arguments not an object: %v", want.Status, whole.Err())
		}
		if tokenizer.Valid(doc) && object && dup && !errors.Is(whole.Err(), resume.ErrDuplicateName) {
			t.Fatalf("status %s with a duplicate name: %v", want.Status, whole.Err())
		}
		if len(view) > 0 && !tokenizer.Valid(view) {
			t.Fatalf("partial view %q is not JSON", view)
		}

		size := int(n)%16 + 1
		c := resume.NewCall("0", resume.Options{})
		at := int(cut) % (len(doc) + 1)
		for i := 0; i < at; i += size {
			_ = c.Delta(doc[i:min(i+size, at)], -1, -1)
		}
		if v := c.AppendPartial(nil); len(v) > 0 && !tokenizer.Valid(v) {
			t.Fatalf("partial view %q at %d is not JSON", v, at)
		}
		cp, err := c.Checkpoint()
		if err != nil {
			t.Fatal(err)
		}
		bin, err := cp.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back resume.Checkpoint
		if err := back.UnmarshalBinary(bin); err != nil {
			t.Fatal(err)
		}
		r, err := resume.Restore(back, c.Arguments(), resume.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := at; i < len(doc); i += size {
			_ = r.Delta(doc[i:min(i+size, len(doc))], -1, -1)
		}
		r.End(nil)
		got := snap(r)
		if got.Status != want.Status || got.Err != want.Err || got.Args != want.Args {
			t.Fatalf("cut %d size %d:\n got %s %s\nwant %s %s", at, size, got.Status, got.Err, want.Status, want.Err)
		}
		if got.Status != resume.StatusInvalid && got.View != want.View {
			t.Fatalf("view %q, want %q", got.View, want.View)
		}
	})
}
