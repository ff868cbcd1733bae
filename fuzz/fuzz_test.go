package fuzz

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"io"
	"testing"
	"unicode/utf8"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/tokenizer"
)

// seedTexts gathers JSON texts from every corpus this machine has.
func seedTexts(f *testing.F) [][]byte {
	var texts [][]byte
	add := func(files []fixtures.File, err error) {
		if errors.Is(err, fixtures.ErrAbsent) {
			f.Logf("seed corpus absent: %v", err)
			return
		}
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			texts = append(texts, file.Data)
		}
	}
	add(fixtures.GoFuzzJSON())
	add(fixtures.JSONTestSuite())
	add(fixtures.JSONTestSuiteSonic())
	for _, s := range corpus.Streams() {
		for _, c := range s.Expect.Calls {
			texts = append(texts, []byte(c.Arguments))
		}
	}
	return texts
}

var defaultGaps = []byte{1, 3, 0, 7, 2, 5, 11, 1, 1, 13}

func FuzzDifferential(f *testing.F) {
	for _, s := range seedTexts(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		tr, err := Run(in, nil, tokenizer.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := json.Valid(in) && utf8.Valid(in)
		got := tr.Err == ""
		if want && !got {
			verr := tokenizer.Validate(in)
			if errors.Is(verr, tokenizer.ErrSurrogate) || errors.Is(verr, tokenizer.ErrNumberLimit) {
				return // documented: stricter than encoding/json here
			}
		}
		if got != want {
			t.Fatalf("verdict %v, encoding/json+utf8 say %v: %s", got, want, tr.Err)
		}
		if !got {
			return
		}
		// Strings and names decode as encoding/json decodes them.
		var ref []string
		dec := json.NewDecoder(bytes.NewReader(in))
		dec.UseNumber()
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("encoding/json failed on valid input: %v", err)
			}
			if s, ok := tok.(string); ok {
				ref = append(ref, s)
			}
		}
		if len(ref) != len(tr.Strings) {
			t.Fatalf("%d strings, encoding/json has %d", len(tr.Strings), len(ref))
		}
		for i := range ref {
			if ref[i] != tr.Strings[i] {
				t.Fatalf("string %d decodes to %q, encoding/json says %q", i, tr.Strings[i], ref[i])
			}
		}
	})
}

func FuzzChunking(f *testing.F) {
	for _, s := range seedTexts(f) {
		f.Add(s, defaultGaps)
	}
	f.Fuzz(func(t *testing.T, in, gaps []byte) {
		whole, cut, cuts := wholeAndCut(t, in, gaps)
		assertSame(t, whole, cut, cuts)
	})
}

// wholeAndCut reads in whole, and cut where gaps say.
func wholeAndCut(t *testing.T, in, gaps []byte) (whole, cut Transcript, cuts []int) {
	whole, err := Run(in, nil, tokenizer.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cuts = Cuts(len(in), gaps)
	if cut, err = Run(in, cuts, tokenizer.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	return whole, cut, cuts
}

func FuzzResume(f *testing.F) {
	for _, s := range seedTexts(f) {
		f.Add(s, uint16(len(s)/2))
	}
	f.Fuzz(func(t *testing.T, in []byte, at uint16) {
		whole, err := Run(in, nil, tokenizer.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		cuts := []int{int(at) % (len(in) + 1)}
		restarted, err := Run(in, cuts, tokenizer.Options{}, func(tk *tokenizer.Tokenizer) error {
			data, err := tk.MarshalBinary()
			if err != nil {
				return err
			}
			var fresh tokenizer.Tokenizer
			if err := fresh.UnmarshalBinary(data); err != nil {
				return err
			}
			*tk = fresh
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		assertSame(t, whole, restarted, cuts)
	})
}

func FuzzPieces(f *testing.F) {
	f.Add([]byte(`"東京😀\ud83d\ude00\u00e9\\n"`), []byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	for _, s := range seedTexts(f) {
		f.Add(s, defaultGaps)
	}
	f.Fuzz(func(t *testing.T, in, gaps []byte) {
		// Run checks every piece; the joined texts must not depend on the cuts.
		whole, cut, _ := wholeAndCut(t, in, gaps)
		if len(whole.Strings) != len(cut.Strings) {
			t.Fatalf("%d strings whole, %d cut", len(whole.Strings), len(cut.Strings))
		}
		for i := range whole.Strings {
			if whole.Strings[i] != cut.Strings[i] {
				t.Fatalf("string %d: %q whole, %q cut", i, whole.Strings[i], cut.Strings[i])
			}
		}
	})
}

func FuzzCheckpointDecode(f *testing.F) {
	for _, s := range [][]byte{[]byte(`{"a":[1,{"b":"x\u00`), []byte(`[1.5`), []byte(`"\ud83d`), []byte(`{"k":tr`)} {
		tk := tokenizer.New(tokenizer.Options{})
		tk.Feed(s)
		for {
			if _, err := tk.Next(); err != nil {
				break
			}
		}
		data, _ := tk.MarshalBinary()
		f.Add(data, false)
		f.Add(data[5:len(data)-4], true)
	}
	f.Fuzz(func(t *testing.T, data []byte, withCRC bool) {
		if withCRC { // get past the checksum to reach the field checks
			body := append([]byte("DJTK\x01"), data...)
			data = binary.LittleEndian.AppendUint32(body, crc32.ChecksumIEEE(body))
		}
		var tk tokenizer.Tokenizer
		if tk.UnmarshalBinary(data) != nil {
			return
		}
		for _, more := range []string{`e9"}]}`, `"]]}}`, "1,2]", `\ude00"`, ""} {
			c := tk
			if c.Feed([]byte(more)) != nil {
				continue
			}
			c.Close()
			for i := 0; i < 64; i++ {
				if _, err := c.Next(); err != nil && err != tokenizer.ErrNeedMore {
					break
				}
			}
			_ = c.Pointer()
			if _, err := c.MarshalBinary(); err != nil && !errors.Is(err, tokenizer.ErrMidChunk) {
				t.Fatalf("a restored state does not marshal again: %v", err)
			}
		}
	})
}

func assertSame(t *testing.T, want, got Transcript, cuts []int) {
	t.Helper()
	if want.Err != got.Err || want.Offset != got.Offset || want.Pointer != got.Pointer {
		t.Fatalf("cut at %v: error %q at %d (%s), whole gives %q at %d (%s)", cuts, got.Err, got.Offset, got.Pointer, want.Err, want.Offset, want.Pointer)
	}
	if len(want.Tokens) != len(got.Tokens) {
		t.Fatalf("cut at %v: %d tokens, whole gives %d", cuts, len(got.Tokens), len(want.Tokens))
	}
	for i := range want.Tokens {
		if want.Tokens[i] != got.Tokens[i] {
			t.Fatalf("cut at %v: token %d is %s, whole gives %s", cuts, i, got.Tokens[i], want.Tokens[i])
		}
	}
}
