package resume_test

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/bytedance/sonic"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/valyala/fastjson"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
)

// BenchmarkStream streams a document as tool-call argument deltas of n
// bytes and compares this package with what handlers do without it:
// validate the whole buffer again after every delta (sonic, fastjson,
// encoding/json), or pipe the deltas into a pull decoder
// (go-json-experiment's jsontext.Decoder.ReadToken through io.Pipe).
//
// Documents: toolargs is made up here (toolargs_test.go, 20 KB with long
// CJK, emoji and escaped strings, arrays of small objects, numbers);
// twitter is fastjson's testdata/twitter.json (MIT), read from the module
// cache by corpus.BenchFile.
//
// Reparsing is quadratic: a mode whose work would pass reparseBudget
// bytes per op is skipped (twitter at small n). Run the slow ones with
// -benchtime 1x or 3x.
func BenchmarkStream(b *testing.B) {
	docs := []struct {
		name string
		data []byte
	}{{"toolargs", []byte(toolargs)}}
	if tw, err := corpus.BenchFile("twitter"); err == nil {
		docs = append(docs, struct {
			name string
			data []byte
		}{"twitter", tw})
	} else if !errors.Is(err, corpus.ErrAbsent) {
		b.Fatal(err)
	}
	modes := []struct {
		name    string
		stream  func(doc []byte, n int) error
		reparse bool
	}{
		{name: "resume", stream: streamResume},
		{name: "reparse-sonic", stream: reparse(func(p []byte) bool { return sonic.Valid(p) }), reparse: true},
		{name: "reparse-fastjson", stream: reparse(func(p []byte) bool { return fastjson.ValidateBytes(p) == nil }), reparse: true},
		{name: "reparse-encoding-json", stream: reparse(json.Valid), reparse: true},
		{name: "jsontext-pipe", stream: streamJSONText},
	}
	for _, doc := range docs {
		for _, n := range []int{1, 8, 64, 512, 0} {
			chunk := "all"
			if n > 0 {
				chunk = strconv.Itoa(n)
			}
			for _, m := range modes {
				b.Run(doc.name+"/chunk="+chunk+"/"+m.name, func(b *testing.B) {
					if m.reparse && reparseWork(len(doc.data), n) > reparseBudget {
						b.Skipf("reparsing %d bytes in %d-byte deltas validates %.0e bytes per op", len(doc.data), n, reparseWork(len(doc.data), n))
					}
					b.SetBytes(int64(len(doc.data)))
					b.ReportAllocs()
					for b.Loop() {
						if err := m.stream(doc.data, n); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

const reparseBudget = 2e9

// reparseWork is the bytes validated when reparsing after every delta.
func reparseWork(size, n int) float64 {
	if n <= 0 {
		return float64(size)
	}
	deltas := float64((size + n - 1) / n)
	return deltas * float64(size) / 2
}

// streamResume is the handler's work with this package: a call per
// stream, a delta per piece, the status read after each, then the end.
func streamResume(doc []byte, n int) error {
	if n <= 0 {
		n = len(doc)
	}
	c := resume.NewCall("0", resume.Options{Capacity: len(doc)})
	for i := 0; i < len(doc); i += n {
		if err := c.Delta(doc[i:min(i+n, len(doc))], -1, -1); err != nil {
			return err
		}
		if c.Status() == resume.StatusInvalid {
			return c.Err()
		}
	}
	if err := c.End(nil); err != nil {
		return err
	}
	if c.Status() != resume.StatusReady {
		return c.Err()
	}
	return nil
}

// reparse is the handler's work without it: append each delta to a
// buffer and validate the whole buffer; a valid buffer is a whole value.
func reparse(valid func([]byte) bool) func(doc []byte, n int) error {
	return func(doc []byte, n int) error {
		if n <= 0 {
			n = len(doc)
		}
		buf := make([]byte, 0, len(doc))
		ok := false
		for i := 0; i < len(doc); i += n {
			buf = append(buf, doc[i:min(i+n, len(doc))]...)
			ok = valid(buf)
		}
		if !ok {
			return errors.New("reparse: not valid at the end")
		}
		return nil
	}
}

// streamJSONText pipes the deltas into a jsontext.Decoder and reads every
// token.
func streamJSONText(doc []byte, n int) error {
	if n <= 0 {
		n = len(doc)
	}
	pr, pw := io.Pipe()
	go func() {
		for i := 0; i < len(doc); i += n {
			if _, err := pw.Write(doc[i:min(i+n, len(doc))]); err != nil {
				return
			}
		}
		pw.Close()
	}()
	d := jsontext.NewDecoder(pr)
	for {
		if _, err := d.ReadToken(); err != nil {
			pr.Close()
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}
