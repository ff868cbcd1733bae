package resume_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// TestWatchDeepCost checks that a watch that cannot match costs a token
// nothing that grows with its depth or the names on its path: at any
// depth a delta of values allocates nothing. Rendering the pointer of
// every value, as the watches once did, allocates once the path no
// longer fits inside the tokenizer, and costs depth × name length.
func TestWatchDeepCost(t *testing.T) {
	piece := []byte(strings.Repeat("1,", 64))
	for _, depth := range []int{1, 1000, 5000} {
		for _, nameLen := range []int{1, 10, 200} {
			name := strings.Repeat("k", nameLen)
			var open strings.Builder
			for range depth {
				open.WriteString(`{"` + name + `":`)
			}
			open.WriteString("[")
			// The watches share a prefix with the path, or its depth, or
			// would match an element that does not come.
			ref := name // as a pointer shows it
			if nameLen > 128 {
				ref = name[:128] + "…"
			}
			deep := strings.Repeat("/"+ref, depth)
			watches := []string{"/content", "", "/" + ref + "/x", deep + "/99999999", deep + "x/0", deep}
			c := resume.NewCall("0", resume.Options{Capacity: open.Len() + 1<<20, Tokenizer: tokenizer.Options{MaxDepth: -1}})
			events := make([]int, len(watches))
			for i, p := range watches {
				c.Watch(p, func(resume.PathEvent) { events[i]++ })
			}
			require.NoError(t, c.Delta([]byte(open.String()), -1, -1))
			allocs := testing.AllocsPerRun(20, func() {
				if err := c.Delta(piece, -1, -1); err != nil {
					panic(err)
				}
			})
			assert.Zero(t, allocs, "depth %d, names of %d bytes", depth, nameLen)
			// Only "" and the array itself match: "" has an event for
			// every token, the array for '[' and every element. Under a
			// name cut in pointers, which could be another's, no watch
			// matches.
			runs := 21 // AllocsPerRun runs once more to warm up
			array := 1 + 64*runs
			if nameLen > 128 {
				array = 0
			}
			assert.Equal(t, []int{0, 2*depth + 1 + 64*runs, 0, 0, 0, array}, events,
				"depth %d, names of %d bytes", depth, nameLen)
		}
	}
}

// refEvent is a path event with its watch's index, its bytes copied.
type refEvent struct {
	W     int
	Kind  tokenizer.Kind
	Raw   string
	Text  string
	Final bool
}

// refWatcher is the reference rule for watches: render the tokenizer's
// whole pointer for every value that begins and compare it, unless a
// reference token on the way ends in "…", as a cut name does.
type refWatcher struct {
	pointers []string
	active   []bool
	depth    []int
	kind     []tokenizer.Kind
	emitted  []int
	events   []refEvent
	starts   []string // the pointer of every value that began
}

func newRefWatcher(pointers []string) *refWatcher {
	n := len(pointers)
	return &refWatcher{pointers: pointers, active: make([]bool, n), depth: make([]int, n),
		kind: make([]tokenizer.Kind, n), emitted: make([]int, n)}
}

func (r *refWatcher) token(tk *tokenizer.Tokenizer, args []byte, tok tokenizer.Token) {
	starts := tok.First() && tok.Kind() != tokenizer.KindName &&
		tok.Kind() != tokenizer.KindEndObject && tok.Kind() != tokenizer.KindEndArray
	var ptr string
	if starts {
		p := tk.AppendPointer(nil)
		if tok.Kind() == tokenizer.KindBeginArray {
			p = p[:len(p)-2]
		}
		ptr = string(p)
		r.starts = append(r.starts, ptr)
	}
	end := int(tok.End())
	for i, pointer := range r.pointers {
		if !r.active[i] {
			if !starts || ptr != pointer || cutName(ptr) {
				continue
			}
			r.active[i], r.depth[i], r.kind[i], r.emitted[i] = true, tok.Depth(), tok.Kind(), int(tok.Offset())
		}
		if tok.Depth() < r.depth[i] || tok.Depth() == r.depth[i] && tok.Kind() == tokenizer.KindName {
			continue
		}
		ev := refEvent{W: i, Kind: r.kind[i], Raw: string(args[r.emitted[i]:end])}
		ev.Text = ev.Raw
		if r.kind[i] == tokenizer.KindString {
			ev.Text = string(tok.AppendText(nil))
		}
		r.emitted[i] = end
		if tok.Depth() == r.depth[i] && tok.Last() &&
			(r.kind[i] != tokenizer.KindBeginObject && r.kind[i] != tokenizer.KindBeginArray ||
				tok.Kind() == tokenizer.KindEndObject || tok.Kind() == tokenizer.KindEndArray) {
			r.active[i] = false
			ev.Final = true
		}
		r.events = append(r.events, ev)
	}
}

// cutName reports whether a reference token of ptr ends in "…".
func cutName(ptr string) bool {
	return strings.Contains(ptr+"/", "…/")
}

// feed gives tk chunk, as a Call gives it a delta, and the tokens to r.
func (r *refWatcher) feed(tk *tokenizer.Tokenizer, args []byte, chunk []byte, close bool) {
	if chunk != nil {
		if err := tk.Feed(chunk); err != nil {
			panic(err)
		}
	}
	if close {
		tk.Close()
	}
	for {
		tok, err := tk.Next()
		if err == tokenizer.ErrNeedMore || err == io.EOF {
			return
		}
		if err != nil {
			panic(err)
		}
		if r != nil {
			r.token(tk, args, tok)
		}
	}
}

// chunks cuts doc into deltas of n bytes (one when n <= 0).
func chunks(doc string, n int) []string {
	if n <= 0 || n > len(doc) {
		n = max(len(doc), 1)
	}
	var out []string
	for i := 0; i < len(doc); i += n {
		out = append(out, doc[i:min(i+n, len(doc))])
	}
	return out
}

// TestWatchDifferential checks the watches against the reference rule on
// random documents (deep paths, long, escaped and cut names, arrays),
// at several chunkings, with watches registered before the first delta
// or between two, and with final arguments that start the call over.
func TestWatchDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	docs := 200
	if testing.Short() {
		docs = 40
	}
	for i := range docs {
		maxDepth := 6
		switch i % 10 {
		case 0:
			maxDepth = 40
		case 1:
			maxDepth = 200 // the tokenizer's path spills
		}
		doc := genWatchDoc(r, maxDepth)
		// Every pointer a value has, by the reference rule.
		all := newRefWatcher(nil)
		var tk tokenizer.Tokenizer
		all.feed(&tk, []byte(doc), []byte(doc), true)
		pointers := pickPointers(r, all.starts)
		for _, n := range []int{1, 7, 0} {
			deltas := chunks(doc, n)
			from := 0 // the delta before which the watches are registered
			if r.IntN(3) == 0 {
				from = r.IntN(len(deltas) + 1)
			}
			var final string // final arguments for End, if any
			cut := len(deltas)
			if r.IntN(4) == 0 {
				final = genWatchDoc(r, 5)
				cut = r.IntN(len(deltas) + 1)
				from = min(from, cut)
			}
			name := fmt.Sprintf("doc %d chunk %d from %d cut %d", i, n, from, cut)
			want := referenceWatch(doc, deltas[:cut], from, final, pointers)
			got := callWatch(t, deltas[:cut], from, final, pointers)
			if !assert.Equal(t, want, got, "%s\ndoc %q\nfinal %q\npointers %q", name, doc, final, pointers) {
				return
			}
		}
	}
}

// referenceWatch gives the events of the reference rule.
func referenceWatch(doc string, deltas []string, from int, final string, pointers []string) []refEvent {
	var tk tokenizer.Tokenizer
	args := []byte(strings.Join(deltas, ""))
	var w *refWatcher
	if from == 0 {
		w = newRefWatcher(pointers)
	}
	for j, d := range deltas {
		if j == from && w == nil {
			w = newRefWatcher(pointers)
		}
		w2 := w
		if j < from {
			w2 = nil
		}
		w2.feed(&tk, args, []byte(d), false)
	}
	if w == nil {
		w = newRefWatcher(pointers)
	}
	switch prefix := string(args); {
	case final == "" && prefix == "":
		return nil // no arguments: "{}", and no tokens
	case final == "" || final == prefix:
	case strings.HasPrefix(final, prefix):
		args = []byte(final)
		w.feed(&tk, args, args[len(prefix):], false)
	default:
		tk = tokenizer.Tokenizer{}
		for i := range w.active {
			w.active[i] = false
		}
		args = []byte(final)
		w.feed(&tk, args, args, false)
	}
	w.feed(&tk, args, nil, true)
	return w.events
}

// callWatch gives the events of Call.Watch.
func callWatch(t *testing.T, deltas []string, from int, final string, pointers []string) []refEvent {
	c := resume.NewCall("0", resume.Options{AllowDuplicateNames: true, AllowAnyValue: true}) // the documents repeat names, and are any value, on purpose
	var events []refEvent
	watch := func() {
		for i, p := range pointers {
			c.Watch(p, func(ev resume.PathEvent) {
				w := i
				if ev.Pointer != p {
					w = -1
				}
				events = append(events, refEvent{w, ev.Kind, string(ev.Raw), string(ev.Text), ev.Final})
			})
		}
	}
	for j, d := range deltas {
		if j == from {
			watch()
		}
		require.NoError(t, c.Delta([]byte(d), -1, -1))
	}
	if from == len(deltas) {
		watch()
	}
	var fin []byte
	if final != "" {
		fin = []byte(final)
	}
	require.NoError(t, c.End(fin))
	require.Equal(t, resume.StatusReady, c.Status(), "%+v", c.Result())
	return events
}

// pickPointers picks watched pointers: some that values have, their
// parents and near misses (an index written otherwise, a name that is
// an index, a cut name whole), and some no value has.
func pickPointers(r *rand.Rand, starts []string) []string {
	ps := []string{"", "/content", "x", "/", "//"}
	for range 8 {
		p := starts[r.IntN(len(starts))]
		ps = append(ps, p)
		k := strings.LastIndexByte(p, '/')
		if k < 0 {
			continue
		}
		switch r.IntN(6) {
		case 0:
			ps = append(ps, p[:k]) // the parent
		case 1:
			ps = append(ps, p+"/0", p+"/1")
		case 2:
			ps = append(ps, p[:k]+"/0"+p[k+1:]) // "7" as "07"
		case 3:
			ps = append(ps, p[:k]+"/0", p[:k]+"/10")
		case 4:
			ps = append(ps, strings.TrimSuffix(p, "…"), p+"x")
		case 5:
			ps = append(ps, p) // watched twice
		}
	}
	return ps
}

// genWatchDoc returns a random JSON object at most maxDepth deep, of
// about 300 values at most.
func genWatchDoc(r *rand.Rand, maxDepth int) string {
	g := watchGen{r: r, budget: 300}
	if maxDepth > 100 {
		g.chain = maxDepth - 10 // past what the tokenizer keeps inline
	}
	g.object(maxDepth)
	return g.sb.String()
}

type watchGen struct {
	r      *rand.Rand
	sb     strings.Builder
	budget int // values still to write before containers stay empty
	chain  int // containers of one value still to nest first
}

func (g *watchGen) value(depth int) {
	r, sb := g.r, &g.sb
	g.budget--
	k := r.IntN(10)
	if depth > 0 && (r.IntN(3) == 0 || g.chain > 0) {
		k = 8 + r.IntN(2) // a deep path: a chain of containers
		g.chain--
	}
	switch {
	case depth <= 0 || k < 2:
		sb.WriteString([]string{"1", "-2.5e3", "true", "false", "null", "0"}[r.IntN(6)])
	case k < 5:
		g.string(false)
	case k < 6 || k == 8:
		g.object(depth - 1)
	default:
		sb.WriteByte('[')
		n := r.IntN(4)
		if r.IntN(6) == 0 {
			n = 9 + r.IntN(5) // two-digit indexes
		}
		if k >= 8 {
			n = 1 + r.IntN(2)
		}
		for j := range n {
			if g.budget <= 0 && j > 0 {
				break
			}
			if j > 0 {
				sb.WriteString(", ")
			}
			g.value(depth - 1)
		}
		sb.WriteByte(']')
	}
}

func (g *watchGen) object(depth int) {
	g.sb.WriteByte('{')
	n := 1 + g.r.IntN(3)
	if g.chain > 0 {
		n = 1
	}
	for j := range n {
		if g.budget <= 0 && j > 0 {
			break
		}
		if j > 0 {
			g.sb.WriteByte(',')
		}
		g.string(true)
		g.sb.WriteString(" : ")
		g.value(depth)
	}
	g.sb.WriteByte('}')
}

// watchNames are member names, as JSON, that make pointers interesting.
var watchNames = []string{`"content"`, `"a"`, `""`, `"0"`, `"1"`, `"10"`, `"07"`, `"a/b"`, `"~1"`, `"~"`,
	`"\/"`, `"\u007e0"`, `"é"`, `"\u00e9"`, `"😀"`, `"\ud83d\ude00"`, `"\"q\""`, `"a\\b"`, `"x\ny"`}

// string writes a string: for a name, often one of watchNames,
// sometimes long (cut in pointers, at escapes and characters).
func (g *watchGen) string(name bool) {
	r, sb := g.r, &g.sb
	if name && r.IntN(3) != 0 {
		sb.WriteString(watchNames[r.IntN(len(watchNames))])
		return
	}
	n := r.IntN(8)
	if r.IntN(3) == 0 {
		n = 110 + r.IntN(40)
	}
	sb.WriteByte('"')
	parts := []string{"a", "b", "~", "/", `\/`, `\"`, `\\`, `\n`, `\u00e9`, "é", "日", "😀", `\ud83d\ude00`}
	for range n {
		if r.IntN(3) == 0 {
			sb.WriteString(parts[r.IntN(len(parts))])
		} else {
			sb.WriteByte("xyz"[r.IntN(3)])
		}
	}
	sb.WriteByte('"')
}

// FuzzWatch holds Call.Watch to the reference rule on any valid JSON text
// the fuzzer makes, cut into deltas of a size it picks, with the watches
// registered before a delta it picks: every pointer a value of the text
// has is watched, with near misses.
func FuzzWatch(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 5))
	for range 20 {
		f.Add([]byte(genWatchDoc(r, 8)), uint8(1), uint8(0))
	}
	f.Add([]byte(`{"a":[1,{"b":"x\u00e9\ud83d\ude00"}],"a":{"":[[],{}]},"~/":null}`), uint8(3), uint8(2))
	f.Add([]byte(`[[[["`+strings.Repeat("é", 70)+`"]]]]`), uint8(7), uint8(1))
	f.Fuzz(func(t *testing.T, doc []byte, n, from uint8) {
		if len(doc) == 0 || !tokenizer.Valid(doc) {
			return
		}
		all := newRefWatcher(nil)
		var tk tokenizer.Tokenizer
		all.feed(&tk, doc, doc, true)
		pointers := pickPointers(rand.New(rand.NewPCG(uint64(len(doc)), uint64(n))), all.starts)
		deltas := chunks(string(doc), int(n))
		at := int(from) % (len(deltas) + 1)
		want := referenceWatch(string(doc), deltas, at, "", pointers)
		got := callWatch(t, deltas, at, "", pointers)
		require.Equal(t, want, got, "doc %q in deltas of %d, watches before delta %d, pointers %q", doc, n, at, pointers)
	})
}

// TestWatchRestart: final arguments that replace the deltas restart the
// watched value, and the first event after that says so; joined from
// there, the events give the final value.
func TestWatchRestart(t *testing.T) {
	for _, final := range []string{`{"content":"Bye"}`, `{"x":1,"content":"Hello"}`} {
		c := resume.NewCall("0", resume.Options{})
		var text []byte
		var restarts, finals int
		c.Watch("/content", func(ev resume.PathEvent) {
			if ev.Restart {
				restarts++
				text = text[:0]
			}
			if ev.Final {
				finals++
			}
			text = append(text, ev.Text...)
		})
		require.NoError(t, c.Delta([]byte(`{"content":"Hel`), -1, -1))
		require.NoError(t, c.Delta([]byte(`lo"}`), -1, -1))
		require.NoError(t, c.End([]byte(final)))
		require.Equal(t, resume.StatusReady, c.Status())
		assert.True(t, c.Result().Mismatch)
		assert.Equal(t, 1, restarts, final)
		assert.Equal(t, 2, finals, final)
		var v struct{ Content string }
		require.NoError(t, json.Unmarshal(c.Value(), &v))
		assert.Equal(t, v.Content, string(text), final)
	}
	// Final arguments that only go on from the deltas restart nothing.
	c := resume.NewCall("0", resume.Options{})
	restarts := 0
	c.Watch("/content", func(ev resume.PathEvent) {
		if ev.Restart {
			restarts++
		}
	})
	require.NoError(t, c.Delta([]byte(`{"content":"Hel`), -1, -1))
	require.NoError(t, c.End([]byte(`{"content":"Hello"}`)))
	assert.Zero(t, restarts)
}

// TestWatchCutNames: two names longer than a pointer shows, that share
// its 128 bytes, render alike; a watch on that pointer sees neither
// member's value, rather than both, and a short name beside them is
// watched as ever.
func TestWatchCutNames(t *testing.T) {
	p := strings.Repeat("p", 130)
	doc := `{"` + p + `A":"secret-for-A","` + p + `B":"value-for-B","c":"see"}`
	for _, from := range []int{0, len(`{"`) + 131} { // before the first delta, and inside the first name
		c := resume.NewCall("0", resume.Options{})
		seen := map[string]string{}
		watch := func(ptr string) {
			c.Watch(ptr, func(e resume.PathEvent) { seen[ptr] += string(e.Text) })
		}
		require.NoError(t, c.Delta([]byte(doc[:from]), -1, -1))
		for _, ptr := range []string{"/" + p[:128] + "…", "/" + p + "A", "/c"} {
			watch(ptr)
		}
		require.NoError(t, c.Delta([]byte(doc[from:]), -1, -1))
		assert.Equal(t, map[string]string{"/c": "see"}, seen, "watches set after %d bytes", from)
	}
}
