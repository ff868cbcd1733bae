package tokenizer

import (
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viewOf is what a Lookahead tells of a text, as a Tokenizer that reads
// it whole says it: where the last value, container or string piece
// ends, whether a string is open there, the closers of the containers
// open, and the status.
type viewOf struct {
	end      int64
	inString bool
	closers  string
	status   Status
}

func readView(in []byte, opts Options) viewOf {
	tk := New(opts)
	_ = tk.Feed(in)
	var v viewOf
	var kinds []Kind
	for {
		tok, err := tk.Next()
		if err != nil {
			break
		}
		switch kind := tok.Kind(); kind {
		case KindName:
			continue
		case KindBeginObject, KindBeginArray:
			kinds = append(kinds, kind)
		case KindEndObject, KindEndArray:
			kinds = kinds[:len(kinds)-1]
		}
		v.end, v.inString = tok.End(), tok.Kind() == KindString && !tok.Last()
	}
	if v.inString {
		v.closers = `"`
	}
	for i := len(kinds) - 1; i >= 0; i-- {
		v.closers += map[Kind]string{KindBeginObject: "}", KindBeginArray: "]"}[kinds[i]]
	}
	v.status = tk.Status()
	return v
}

// holder feeds a Tokenizer through a Lookahead, as package resume does:
// the chunks the Lookahead takes are held back, and fed at once before
// the first chunk it does not take.
type holder struct {
	t       *testing.T
	in      []byte
	opts    Options
	tk      Tokenizer
	a       Lookahead
	fed     int  // in[:fed] is fed to tk
	holding bool // in[fed:at] is held back, read by a
	start   int64
	at      int
	err     error
}

// chunk reads in[h.at:end], and checks what the Lookahead says against a
// Tokenizer that reads in[:end] whole.
func (h *holder) chunk(end int) {
	p := h.in[h.at:end]
	if !h.holding && h.err == nil {
		h.holding, h.start = h.a.Start(&h.tk), h.tk.Offset()
	}
	if h.holding {
		var took bool
		if len(p) == 1 {
			took = h.a.Byte(p[0])
		} else {
			took = h.a.Read(p)
		}
		if took {
			h.at = end
			h.check()
			return
		}
		h.feed(end - len(p))
		h.holding = false
	}
	h.at = end
	h.feed(end)
}

func (h *holder) feed(end int) {
	if h.err != nil || end == h.fed {
		return
	}
	require.NoError(h.t, h.tk.Feed(h.in[h.fed:end]))
	h.fed = end
	if err := drain(&h.tk); err != ErrNeedMore {
		h.err = err
	}
}

func (h *holder) check() {
	want := readView(h.in[:h.at], h.opts)
	name := string(h.in[:h.at])
	require.NotEqual(h.t, StatusFailed, want.status, "%q: the Lookahead took bytes the Tokenizer fails", name)
	assert.Equal(h.t, want.status == StatusComplete, h.a.Complete(), "%q: Complete", name)
	if end := h.a.End(); end > 0 {
		assert.Equal(h.t, want.end, end, "%q: End", name)
	} else {
		assert.LessOrEqual(h.t, want.end, h.start, "%q: End 0, and the Tokenizer shows more than it had read at Start", name)
	}
	assert.Equal(h.t, want.inString, h.a.InString(), "%q: InString", name)
	assert.Equal(h.t, want.closers, string(h.a.AppendClosers(nil)), "%q: closers", name)
}

// checkLookahead reads in cut at cuts through a holder, checking the
// Lookahead after every chunk it takes, and then checks that the
// Tokenizer ends as one that read in without a Lookahead: the same error,
// offset and pointer.
func checkLookahead(t *testing.T, in []byte, cuts []int, opts Options) {
	h := &holder{t: t, in: in, opts: opts, tk: New(opts)}
	for _, c := range append(cuts, len(in)) {
		if c > h.at && c <= len(in) {
			h.chunk(c)
		}
	}
	h.feed(len(in))
	h.tk.Close()
	if h.err == nil {
		h.err = drain(&h.tk)
	}
	want := run(in, nil, opts)
	var se *SyntaxError
	if errors.As(h.err, &se) {
		assert.Equal(t, want.Err, se.Error(), "%q", in)
		assert.Equal(t, want.Offset, se.Offset, "%q", in)
		assert.Equal(t, want.Ptr, se.Pointer, "%q", in)
	} else {
		assert.Equal(t, io.EOF, h.err, "%q", in)
		assert.Empty(t, want.Err, "%q", in)
	}
}

var lookaheadOptions = []Options{
	{}, {MaxDepth: 3}, {MaxNumberLength: 5}, {MaxBytes: 24}, {AllowMultipleValues: true},
}

// TestLookaheadMatchesTokenizer reads texts valid and not through a
// Lookahead in chunks of 1, 3 and 7 bytes and random ones, under
// several limits: what it says after each chunk it takes is what a
// Tokenizer says of the same bytes, and the Tokenizer that reads them
// after it ends as one that read them alone.
func TestLookaheadMatchesTokenizer(t *testing.T) {
	docs := append([]string{
		`[1,2 , 3] `, `{"a":12345,"b":123456,"c":-1.5e+3}`, `[[[[1]]]]`, `{"a":{"b":{"c":{}}}}`,
		`[true,false,null] [1]`, `"x" "y"`, `{"a":"\u00e9\ud83d\ude00\n","b":"東京"}`, `[0 1]`,
		strings.Repeat("[", 70) + strings.Repeat("]", 70), strings.Repeat(`{"a":[`, 40) + "1" + strings.Repeat("]}", 40),
	}, smallDocs...)
	r := rand.New(rand.NewPCG(3, 4))
	for range 120 {
		var b strings.Builder
		genValue(r, &b, 0, 4)
		doc := []byte(b.String())
		if r.IntN(2) == 0 && len(doc) > 0 {
			doc[r.IntN(len(doc))] = "\"\\{}[],:0e.-tx\x01\xff"[r.IntN(16)]
		}
		docs = append(docs, string(doc))
	}
	for _, opts := range lookaheadOptions {
		for _, doc := range docs {
			in := []byte(doc)
			for _, size := range []int{1, 3, 7} {
				var cuts []int
				for i := size; i < len(in); i += size {
					cuts = append(cuts, i)
				}
				checkLookahead(t, in, cuts, opts)
			}
			checkLookahead(t, in, randomCuts(r, len(in)), opts)
		}
	}
}

// TestLookaheadLongStrings reads long strings of one- to four-byte
// characters and escapes, valid and with a bad byte, in chunks of 31
// to 65 bytes: chunks that begin and end inside a string, often inside
// a character, and hold more than one 32-byte step of it.
func TestLookaheadLongStrings(t *testing.T) {
	text := strings.Repeat(`東京タワー 🗼 \"q\" \\ é\n\ud83d\ude80 tab\there \u00e9 `, 8)
	docs := []string{
		`"` + text + `"`,
		`{"a":"` + text + `","b":["` + text + `",1]}`,
		`["` + text + `"` + strings.Repeat(`,"`+text[:40]+`"`, 4) + `]`,
	}
	for k := range docs[0] {
		if k%37 == 5 {
			docs = append(docs, docs[0][:k]+"\xff"+docs[0][k:], docs[0][:k]+"\x01"+docs[0][k+1:])
		}
	}
	for _, doc := range docs {
		in := []byte(doc)
		for _, size := range []int{31, 32, 33, 63, 64, 65} {
			var cuts []int
			for i := size; i < len(in); i += size {
				cuts = append(cuts, i)
			}
			checkLookahead(t, in, cuts, Options{})
		}
	}
}

func randomCuts(r *rand.Rand, n int) []int {
	var cuts []int
	for i := 0; i < n; {
		i += 1 + r.IntN(8)
		cuts = append(cuts, i)
	}
	return cuts
}

// TestLookaheadTakesValidText: from a new Tokenizer, a Lookahead takes
// every byte of a valid text less than 64 deep, one at a time or all at
// once, and finds it whole.
func TestLookaheadTakesValidText(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		var b strings.Builder
		genValue(r, &b, 0, 5)
		in := []byte(" " + b.String() + "\n")
		require.NoError(t, Validate(in))
		tk := New(Options{})
		var one, all Lookahead
		require.True(t, one.Start(&tk))
		require.True(t, all.Start(&tk))
		for i, c := range in {
			require.True(t, one.Byte(c), "%q: byte %d", in, i)
		}
		require.True(t, all.Read(in), "%q", in)
		assert.True(t, one.Complete(), "%q", in)
		assert.Equal(t, one, all, "%q: a byte at a time and all at once", in)
	}
}

// TestLookaheadStart: a Lookahead does not start where it cannot follow
// the Tokenizer, and one not started takes nothing.
func TestLookaheadStart(t *testing.T) {
	var zero Lookahead
	assert.False(t, zero.Step(' '))
	assert.False(t, zero.Byte(' '))
	assert.False(t, zero.Read([]byte(" ")))
	assert.True(t, zero.Read(nil), "nothing to read")

	var tk Tokenizer // the zero Tokenizer, with the default Options
	assert.True(t, zero.Start(&tk))
	assert.True(t, zero.Read([]byte(`{"a":1}`)))
	assert.True(t, zero.Complete())

	for _, tc := range []struct {
		name string
		in   string
		opts Options
	}{
		{"a string limit", `["ab`, Options{MaxStringLength: 10}},
		{"an escape cut", `["a\`, Options{}},
		{"a character cut", "[\"a\xe6", Options{}},
		{"a failed Tokenizer", `[1,]`, Options{}},
		{"deeper than 63", strings.Repeat("[", 64), Options{}},
	} {
		tk := New(tc.opts)
		require.NoError(t, tk.Feed([]byte(tc.in)))
		_ = drain(&tk)
		var a Lookahead
		assert.False(t, a.Start(&tk), tc.name)
		assert.False(t, a.Byte('1'), tc.name)
	}

	tk = New(Options{})
	require.NoError(t, tk.Feed([]byte(`[1,2]`)))
	var a Lookahead
	assert.False(t, a.Start(&tk), "bytes fed and not read")
	tk.Close()
	_ = drain(&tk)
	assert.False(t, a.Start(&tk), "a closed Tokenizer")
}

func TestLookaheadAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	in := []byte(`{"a":[1,-2.5e3,true,null,{"b":"x\u00e9😀"}],"c":"` + strings.Repeat("y", 100) + `"}`)
	tk := New(Options{})
	allocs := testing.AllocsPerRun(100, func() {
		var a Lookahead
		if !a.Start(&tk) || !a.Read(in[:10]) {
			panic("refused")
		}
		for _, c := range in[10:] {
			if !a.Byte(c) {
				panic("refused")
			}
		}
	})
	assert.Zero(t, allocs)
}

func FuzzLookahead(f *testing.F) {
	for _, doc := range smallDocs {
		f.Add([]byte(doc), uint64(1), uint8(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, seed uint64, opt uint8) {
		if len(in) > 1024 {
			return
		}
		r := rand.New(rand.NewPCG(seed, 0))
		checkLookahead(t, in, randomCuts(r, len(in)), lookaheadOptions[int(opt)%len(lookaheadOptions)])
	})
}
