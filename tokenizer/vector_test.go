package tokenizer

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// The vector scans of package jsonwire must not change what a Tokenizer
// hands out. These tests read the same inputs, cut the same ways, with
// the vector scans on and off, and want the same tokens, pieces and
// errors.

// pieces records everything Next returns for in fed cut at cuts: each
// token and string piece as it comes (not joined), and the error that
// ends the read, with its offset and pointer. feed places each chunk
// where the Tokenizer reads it (nil: in place in in).
func pieces(in []byte, cuts []int, feed func([]byte) []byte) []string {
	var log []string
	tk := New(Options{})
	prev := 0
	for k, c := range append(cuts, len(in)) {
		if c < prev || c > len(in) {
			continue
		}
		chunk := in[prev:c:c]
		if feed != nil {
			chunk = feed(chunk)
		}
		if err := tk.Feed(chunk); err != nil {
			return append(log, "feed: "+err.Error())
		}
		prev = c
		if k == len(cuts) {
			tk.Close()
		}
		for {
			tok, err := tk.Next()
			if err == ErrNeedMore {
				break
			}
			if err != nil {
				var se *SyntaxError
				if errors.As(err, &se) {
					return append(log, fmt.Sprintf("error %q at %d %q", err, se.Offset, se.Pointer))
				}
				return append(log, "end: "+err.Error())
			}
			log = append(log, fmt.Sprintf("%v@%d/%d first=%v last=%v %q", tok.Kind(), tok.Offset(), tok.Depth(), tok.First(), tok.Last(), tok.Raw))
		}
	}
	return log
}

// checkPaths compares the two paths on in cut at cuts, and checks the
// pieces' invariants (run panics on a broken one) on the vector path.
func checkPaths(t *testing.T, in []byte, cuts []int, feed func([]byte) []byte) bool {
	t.Helper()
	was := jsonwire.UseVector(false)
	defer jsonwire.UseVector(was)
	narrow := pieces(in, cuts, feed)
	jsonwire.UseVector(true)
	wide := pieces(in, cuts, feed)
	run(in, cuts, Options{})
	if strings.Join(narrow, "\n") != strings.Join(wide, "\n") {
		for k := range max(len(narrow), len(wide)) {
			var a, b string
			if k < len(narrow) {
				a = narrow[k]
			}
			if k < len(wide) {
				b = wide[k]
			}
			if a != b {
				t.Errorf("input %q cut at %v: at token %d the pure-Go path gives\n\t%s\nand the vector path\n\t%s", in, cuts, k, a, b)
				return false
			}
		}
	}
	return true
}

// vectorDocs are documents whose runs the vector scans take: long
// strings of ASCII and of 2-, 3- and 4-byte characters, with escapes,
// control bytes and bad UTF-8 placed at every place from 0 to 64 in
// them and at their end, and long whitespace.
func vectorDocs() [][]byte {
	bgs := []string{"abcdefghijklmnopqrstuvwxyz", "é", "€", "😀", "名前:前田あゆみ\\n第一印象", "a\\u00e9\\n😀b€"}
	stops := []string{`\n`, `\uD83D\uDE00`, `\x`, `\uDE00`, "\x01", "\t", "\x80", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "\xff", `"`}
	var docs [][]byte
	for _, bg := range bgs {
		body := strings.Repeat(bg, 120/len(bg)+1)
		for p := 0; p <= 65; p++ {
			for _, stop := range stops {
				at := min(p, len(body))
				if p == 65 {
					at = len(body)
				}
				for at > 0 && at < len(body) && body[at]&0xC0 == 0x80 {
					at-- // between characters: the stop is what is wrong, if anything
				}
				s := body[:at] + stop + body[at:]
				docs = append(docs, []byte(`{"k": ["`+s+`", "`+body+`"],`+"\n"+strings.Repeat(" ", p)+`"`+s[:at]+`": 1}`))
			}
		}
	}
	for n := 0; n <= 70; n++ {
		ws := strings.Repeat(" ", n)
		docs = append(docs, []byte("[\n"+ws+"1,\n"+ws+"\t\r\n"+ws+`"x"`+ws+"]"+ws))
	}
	return docs
}

func TestVectorPaths(t *testing.T) {
	if !jsonwire.VectorAvailable() {
		t.Log("no vector scans in this build or on this CPU: both runs take the pure-Go path")
	}
	rng := rand.New(rand.NewPCG(23, 23))
	for _, doc := range vectorDocs() {
		cuts := [][]int{nil, {len(doc) / 2}, {33, 65}, {rng.IntN(len(doc) + 1)}}
		for _, n := range []int{7, 32, 33} {
			var c []int
			for k := n; k < len(doc); k += n {
				c = append(c, k)
			}
			cuts = append(cuts, c)
		}
		for _, c := range cuts {
			if !checkPaths(t, doc, c, nil) {
				return
			}
		}
	}
}

func FuzzVectorPaths(f *testing.F) {
	for k, doc := range vectorDocs() {
		if k%100 == 0 {
			f.Add(doc, uint64(k))
		}
	}
	f.Add([]byte(`{"a":"名前:前田あゆみ 第一印象:なんか怖っ！今の印象:とりあえずキモい。噛み合わない"}`), uint64(1))
	f.Add(bytes.Repeat([]byte(" "), 100), uint64(2))
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		if len(in) > 4096 {
			t.Skip()
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		var cuts []int
		for k := 0; seed != 0 && k < len(in); {
			k += 1 + rng.IntN(80)
			cuts = append(cuts, k)
		}
		checkPaths(t, in, cuts, nil)
		// in as the contents of a long string, and after long whitespace.
		s := append([]byte(`["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`), in...)
		checkPaths(t, append(s, `"]`...), cuts, nil)
		checkPaths(t, append(bytes.Repeat([]byte("\n "), 20), in...), cuts, nil)
	})
}
