package resume

import (
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/tokenizer"
)

// pathState is what checkFastPath compares between calls: the visible
// state and the Lookahead's.
type pathState struct {
	args     string
	status   Status
	err      string
	viewEnd  int
	inString bool
	stack    uint64
	held     int
	ahead    tokenizer.Lookahead
	quickEnd int
	events   int64
	deltas   int64
	ended    bool
	lastSeq  int64
	seqs     string // the numbered deltas remembered, oldest first
	view     string
	tkDepth  int
	tokEnd   int64
}

func snapshot(c *Call) pathState {
	d := c.tok().Depth()
	mask := uint64(0)
	if d >= 64 {
		mask = ^uint64(0)
	} else {
		mask = 1<<d - 1
	}
	var ahead tokenizer.Lookahead
	var seqs []seqEntry
	if c.x != nil {
		for i := range c.x.nSeqs {
			seqs = append(seqs, c.x.seqAt(i))
		}
	}
	held, inString := 0, c.inString
	if c.holding {
		held, ahead, inString = len(c.args)-c.holdStart, c.ahead, c.ahead.InString()
	}
	return pathState{
		args: string(c.args), status: c.status, err: fmt.Sprint(c.err),
		viewEnd: c.view(), inString: inString, stack: c.stack & mask,
		held: held, ahead: ahead, quickEnd: c.quickEnd, events: c.eventCount(), deltas: c.deltaCount(),
		ended: c.ended, view: string(c.AppendPartial(nil)), tkDepth: c.tok().Depth(), tokEnd: c.tokEnd,
		lastSeq: c.lastSeq, seqs: fmt.Sprint(seqs),
	}
}

var mutationAtoms = []string{
	`"`, `\`, `\u`, `\ud83d`, `\ude00`, `\ud800\udc00`, `\udbff`, `\udc00`, `\uD83D\uDE00`, `\u00e9`, `\n`, `\x`,
	"\xe0\xa0\x80", "\xe0\x9f", "\xed\x9f\xbf", "\xed\xa0\x80", "\xf0\x90\x80\x80", "\xf0\x8f", "\xf4\x8f\xbf\xbf", "\xf4\x90",
	"\xc2\x80", "\xc1\xbf", "\xf5", "\xff", "\x7f", "\x01", "é", "😀",
	`{`, `}`, `[`, `]`, `:`, `,`, ` `, "\n", "\t",
	`0`, `1`, `-`, `.`, `e`, `E`, `+`, `123456789`, `00`, `-0.5e+7`,
	`true`, `false`, `null`, `tru`, `nul`, `t`, `f`, `n`, `a`, `x`,
}

func genValue(r *rand.Rand, depth int, sb *strings.Builder) {
	k := r.IntN(9)
	if depth > 6 && k < 2 {
		k = 2 + r.IntN(7)
	}
	ws := func() {
		if r.IntN(4) == 0 {
			sb.WriteString([]string{" ", "\n", "\t ", "\r\n"}[r.IntN(4)])
		}
	}
	switch k {
	case 0, 1: // an object or an array
		obj := k == 0
		sb.WriteString([]string{"[", "{"}[k^1])
		n := r.IntN(4)
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString(",")
			}
			ws()
			if obj {
				genString(r, sb)
				ws()
				sb.WriteString(":")
				ws()
			}
			genValue(r, depth+1, sb)
			ws()
		}
		sb.WriteString([]string{"]", "}"}[k^1])
	case 2, 3:
		genString(r, sb)
	case 4, 5:
		sb.WriteString([]string{"0", "-0", "1", "-12", "3.25", "1e5", "-2.5E-3", "123456789012", "0.000001", "7e+2"}[r.IntN(10)])
	case 6:
		sb.WriteString([]string{"true", "false", "null"}[r.IntN(3)])
	default:
		genString(r, sb)
	}
}

func genString(r *rand.Rand, sb *strings.Builder) {
	sb.WriteString(`"`)
	n := r.IntN(5)
	for i := 0; i < n; i++ {
		sb.WriteString([]string{"a", "bc", `\"`, `\\`, `\/`, `\n`, `\u00e9`, `\ud83d\ude00`, `\uD800\uDFFF`, "é", "😀", "東", "\xf4\x8f\xbf\xbf", "\xed\x9f\xbf", "\xe0\xa0\x80", "\x7f", "\xf0\x90\x80\x80"}[r.IntN(17)])
	}
	sb.WriteString(`"`)
}

func genDoc(r *rand.Rand) string {
	var sb strings.Builder
	if r.IntN(5) == 0 {
		sb.WriteString(" ")
	}
	if r.IntN(6) == 0 {
		sb.WriteString(strings.Repeat("[", r.IntN(70)))
	}
	genValue(r, 0, &sb)
	if r.IntN(4) == 0 {
		sb.WriteString(" ")
	}
	doc := []byte(sb.String())
	// mutations
	for m := r.IntN(3); m > 0 && len(doc) > 0; m-- {
		i := r.IntN(len(doc) + 1)
		switch r.IntN(4) {
		case 0:
			a := mutationAtoms[r.IntN(len(mutationAtoms))]
			doc = append(doc[:i:i], append([]byte(a), doc[i:]...)...)
		case 1:
			if i < len(doc) {
				doc = append(doc[:i:i], doc[i+1:]...)
			}
		case 2:
			if i < len(doc) {
				doc[i] = byte(r.IntN(256))
			}
		case 3:
			doc = doc[:i]
		}
	}
	return string(doc)
}

func checkFastPath(t *testing.T, doc string, cuts []int, opts Options, ops []byte) {
	t.Helper()
	a := NewCall("0", opts)
	b := NewCall("0", opts)
	ref := opts
	ref.Tokenizer.MaxStringLength = 1 << 40
	ref.Logger = nil
	c := NewCall("0", ref)
	prev := 0
	var prevD []byte
	prevSeq := int64(-1)
	for k, cut := range cuts {
		d := []byte(doc[prev:cut])
		prev = cut
		op := byte(0)
		if k < len(ops) {
			op = ops[k]
		}
		// With op's bit 0x40 the delta is numbered, above every number
		// before it; with 0x80 the delta before it comes again first.
		seq := int64(-1)
		if op&0x40 != 0 {
			seq = int64(2 * k)
		}
		if op&0x80 != 0 && prevSeq >= 0 {
			ra, rb := a.Delta(prevD, prevSeq, -1), b.delta(prevD, prevSeq, -1, -1)
			c.Delta(prevD, prevSeq, -1)
			if sa, sb := snapshot(a), snapshot(b); fmt.Sprint(ra) != fmt.Sprint(rb) || sa != sb {
				t.Fatalf("doc %q cuts %v step %d (replay %q):\nfast    %+v err %v\ngeneral %+v err %v", doc, cuts, k, prevD, sa, ra, sb, rb)
			}
		}
		prevD, prevSeq = d, seq
		ea := a.Delta(d, seq, -1)
		eb := b.delta(d, seq, -1, -1)
		ec := c.Delta(d, seq, -1)
		sa, sb := snapshot(a), snapshot(b)
		if fmt.Sprint(ea) != fmt.Sprint(eb) || sa != sb {
			t.Fatalf("doc %q cuts %v opts %+v step %d (delta %q):\nfast    %+v err %v\ngeneral %+v err %v", doc, cuts, opts.Tokenizer, k, d, sa, ea, sb, eb)
		}
		if fmt.Sprint(ea) != fmt.Sprint(ec) || a.status != c.status || fmt.Sprint(a.err) != fmt.Sprint(c.err) {
			t.Fatalf("doc %q cuts %v step %d (delta %q): fast %v %v %v, nohold %v %v %v", doc, cuts, k, d, ea, a.status, a.err, ec, c.status, c.err)
		}
		if a.status != StatusInvalid && string(a.AppendPartial(nil)) != string(c.AppendPartial(nil)) {
			t.Fatalf("doc %q cuts %v step %d: view %q, nohold %q", doc, cuts, k, a.AppendPartial(nil), c.AppendPartial(nil))
		}
		if v := a.AppendPartial(nil); len(v) > 0 && !tokenizer.Valid(v) {
			t.Fatalf("doc %q cuts %v step %d: view %q invalid", doc, cuts, k, v)
		}
		switch op % 16 {
		case 1: // checkpoint both (flush)
			_, e1 := a.Checkpoint()
			_, e2 := b.Checkpoint()
			if e1 != nil || e2 != nil {
				t.Fatal(e1, e2)
			}
		case 2: // restore from in-memory checkpoint
			if a.ended && a.status == StatusIncomplete {
				break
			}
			cp, err := a.Checkpoint()
			if err != nil {
				t.Fatal(err)
			}
			cp2, _ := b.Checkpoint()
			ra, err1 := Restore(cp, a.args, opts)
			rb, err2 := Restore(cp2, b.args, opts)
			if err1 != nil || err2 != nil {
				t.Fatalf("restore %v %v doc %q cuts %v k %d ops %v opts %+v status %v %v", err1, err2, doc, cuts, k, ops, opts, a.status, a.err)
			}
			a, b = ra, rb
		case 3:
			a.Tentative()
			b.Tentative()
		case 4: // end
			e1 := a.End(nil)
			e2 := b.End(nil)
			c.End(nil)
			if fmt.Sprint(e1) != fmt.Sprint(e2) {
				t.Fatalf("end %v %v", e1, e2)
			}
		case 5:
			a.Abandon()
			b.Abandon()
			c.Abandon()
		}
	}
	a.End(nil)
	b.End(nil)
	c.End(nil)
	sa, sb := snapshot(a), snapshot(b)
	if sa != sb || a.status != c.status || fmt.Sprint(a.err) != fmt.Sprint(c.err) {
		t.Fatalf("doc %q cuts %v: at end\nfast %+v\ngen  %+v\nnohold %v %v", doc, cuts, sa, sb, c.status, c.err)
	}
	if ra, rb := a.Result(), b.Result(); fmt.Sprint(ra) != fmt.Sprint(rb) {
		t.Fatalf("results differ %+v %+v", ra, rb)
	}
}

func genOptions(r *rand.Rand, n int) Options {
	var o Options
	switch r.IntN(4) {
	case 0:
		o.Capacity = r.IntN(n + 2)
	case 1:
		o.Capacity = 4096
	}
	if r.IntN(4) == 0 && n > 0 {
		o.MaxBytes = int64(1 + r.IntN(n))
	}
	if r.IntN(3) == 0 {
		o.Tokenizer.MaxNumberLength = 1 + r.IntN(6)
	}
	if r.IntN(3) == 0 {
		o.Tokenizer.MaxDepth = 1 + r.IntN(5)
	}
	if r.IntN(8) == 0 {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return o
}

func genCuts(r *rand.Rand, n int) []int {
	var cuts []int
	mode := r.IntN(3)
	for i := 0; i < n; {
		var s int
		switch mode {
		case 0:
			s = 1
		case 1:
			s = 1 + r.IntN(3)
			if r.IntN(8) == 0 && i > 0 {
				s = 0
			}
		default:
			s = 1 + r.IntN(12)
		}
		i = min(i+s, n)
		cuts = append(cuts, i)
	}
	return cuts
}

// TestFastPathMatchesGeneralPath feeds random documents, most of them
// mutated into invalid ones, in random deltas to three calls: one through
// Delta, whose fast paths (one byte through Lookahead.Byte, several at once) run
// under quickEnd; one through delta, the general path; and one that
// holds nothing back. After every delta the first two must agree on every
// field (arguments, status, error, view, hold state, quickEnd, counters),
// and the first must agree with the third on status, error and view.
// Checkpoints, restores, Tentative, End and Abandon are mixed in, and the
// options vary the capacity, the caps, the limits and a logger.
func TestFastPathMatchesGeneralPath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 0))
	n := 4000
	if testing.Short() {
		n = 500
	}
	for range n {
		doc := genDoc(r)
		cuts := genCuts(r, len(doc))
		opts := genOptions(r, len(doc))
		ops := make([]byte, len(cuts))
		if r.IntN(3) == 0 {
			for i := range ops {
				if r.IntN(10) == 0 {
					ops[i] = byte(r.IntN(6))
				}
			}
		}
		checkFastPath(t, doc, cuts, opts, ops)
	}
}

func FuzzFastPath(f *testing.F) {
	f.Add([]byte(`{"a":"\ud83d\ude00 é","b":[1,-2.5e3,true,null]}`), int64(1), []byte{1, 2, 3})
	f.Add([]byte(`{"a":"\ud83d\ude00 é","b":[1,-2.5e3,true,null],"c":"0123456789abcdef"}`), int64(2),
		[]byte{0x40, 0xc0, 0x41, 0xc0, 0x40, 0xc2, 0x40, 0x40, 0xc0, 0x40, 0xc0, 0x40, 0x40, 0xc3, 0x40, 0xc0})
	f.Fuzz(func(t *testing.T, doc []byte, seed int64, ops []byte) {
		if len(doc) > 2048 {
			return
		}
		r := rand.New(rand.NewPCG(uint64(seed), 0))
		cuts := genCuts(r, len(doc))
		opts := genOptions(r, len(doc))
		checkFastPath(t, string(doc), cuts, opts, ops)
	})
}

// TestOneByteAfterValues feeds, one byte at a time, what may follow a
// value: the end of a number (whitespace, a comma, the right close, the
// wrong one, junk) and commas in objects and arrays, at the top and
// around the depth where the Lookahead stops. Each delta is checked against the general
// path and a call that holds nothing back.
func TestOneByteAfterValues(t *testing.T) {
	tails := []string{"", " ", ",", "}", "]", "x", " ,", " }", "\n]", "e", ".", "-"}
	heads := []string{"[1", "[-0.5", "[12e3", `{"a":7`, `{"a":[1,2`, "1", "-0", `{"a":"s"`, "[true", `[{"a":null`}
	var docs []string
	for _, h := range heads {
		for _, tl := range tails {
			docs = append(docs, h+tl, h+tl+`,2]}`, h+tl+` 3`)
		}
	}
	const aheadDepth = 63 // the deepest a Lookahead reads
	for _, depth := range []int{aheadDepth - 2, aheadDepth - 1, aheadDepth, aheadDepth + 1} {
		open := strings.Repeat("[", depth-1)
		docs = append(docs, open+`{"a":1,"b":[2,3],"c":"d"}`+strings.Repeat("]", depth-1),
			open+`[1,2 , 3]`+strings.Repeat("]", depth-1), open+`{"a":1]`)
	}
	for _, doc := range docs {
		cuts := make([]int, len(doc))
		for i := range cuts {
			cuts[i] = i + 1
		}
		checkFastPath(t, doc, cuts, Options{}, nil)
	}
}
