package tokenizer

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// pointerModel computes the JSON Pointer a Tokenizer should report
// between tokens from the tokens alone, the simple way: a stack of frames,
// with element counts and names.
type pointerModel struct {
	frames []modelFrame
}

type modelFrame struct {
	obj   bool
	count int    // elements begun, in an array
	name  string // decoded; "" with !named
	named bool
}

// token moves the model past one whole token (or the first piece of a
// string; the rest change nothing).
func (m *pointerModel) token(t *testing.T, tok Token) {
	top := len(m.frames) - 1
	if tok.Kind() != KindName && tok.Kind() != KindEndObject && tok.Kind() != KindEndArray && top >= 0 && !m.frames[top].obj && tok.First() {
		m.frames[top].count++ // a value begins in an array
	}
	switch tok.Kind() {
	case KindBeginObject, KindBeginArray:
		m.frames = append(m.frames, modelFrame{obj: tok.Kind() == KindBeginObject})
	case KindEndObject, KindEndArray:
		m.frames = m.frames[:top]
	case KindName:
		var s string
		require.NoError(t, json.Unmarshal(tok.Raw, &s), "name %q", tok.Raw)
		m.frames[top].name, m.frames[top].named = s, true
	}
}

func (m *pointerModel) pointer() string {
	var b strings.Builder
	for _, f := range m.frames {
		switch {
		case !f.obj:
			b.WriteString("/" + strconv.Itoa(max(f.count-1, 0)))
		case f.named:
			b.WriteString("/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(f.name))
		}
	}
	return b.String()
}

// TestPointerAfterEveryToken checks Pointer after each token of generated
// documents against pointerModel: deep ones that spill the path stack,
// wide arrays whose indices need two varint bytes, and names that need
// unescaping and RFC 6901 escaping.
func TestPointerAfterEveryToken(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	docs := []string{
		`[[1],2,[3,[4,5]],{"a":[6,{"b":7}],"c":8}]`,
		`{"a~b/c":[{"\u00e9\n":[1,2]},3]}`,
	}
	// Arrays down to where the path stack spills, after names of each
	// length mod 3, so that every byte position of the inline buffer's end
	// sees an array frame pushed.
	for _, name := range []string{"", "a", "ab"} {
		docs = append(docs, `{"`+name+`":`+strings.Repeat("[", 200)+strings.Repeat("]", 200)+"}")
	}
	// Containers at indices where the varint grows from one byte to two
	// and from two to three, inside a wide array that is itself below
	// another array frame.
	var wide strings.Builder
	wide.WriteString(`{"w":[0,[`)
	for i := range 16390 {
		if i > 0 {
			wide.WriteByte(',')
		}
		switch i {
		case 127, 128, 16383, 16384, 16389:
			wide.WriteString(`[[1],{"k":[2]}]`)
		default:
			wide.WriteByte('0')
		}
	}
	wide.WriteString(`]]}`)
	docs = append(docs, wide.String())
	for range 200 {
		var b strings.Builder
		genValue(rng, &b, 0, 1+rng.IntN(160))
		docs = append(docs, b.String())
	}
	for _, doc := range docs {
		checkPointers(t, doc)
	}
}

// checkPointers feeds doc, valid JSON, whole and checks Pointer after
// every token against pointerModel. (Names are whole tokens then, so
// their raw bytes decode alone.)
func checkPointers(t *testing.T, doc string) {
	t.Helper()
	tk := New(Options{MaxDepth: 1000})
	require.NoError(t, tk.Feed([]byte(doc)))
	tk.Close()
	var m pointerModel
	for {
		tok, err := tk.Next()
		if err == io.EOF {
			return
		}
		require.NoError(t, err, "%.200s", doc)
		m.token(t, tok)
		if got, want := tk.Pointer(), m.pointer(); got != want {
			t.Fatalf("after %s at %d: Pointer() = %q, want %q\n%.300s", tok.Kind(), tok.Offset(), got, want, doc)
		}
	}
}

// genValue writes a random value nesting down to maxDepth.
func genValue(rng *rand.Rand, b *strings.Builder, depth, maxDepth int) {
	names := []string{"a", "id", `a~b`, `x/y`, `\u00e9t\u00e9`, `tab\t`, "long_name_of_twenty"}
	if depth >= maxDepth || rng.IntN(8) == 0 && depth > 0 {
		fmt.Fprint(b, []string{"1", `"s"`, "true", "null", "-2.5e3"}[rng.IntN(5)])
		return
	}
	n, width := rng.IntN(4), 3
	if rng.IntN(10) == 0 {
		n, width = 120+rng.IntN(40), 1 // indices past 127 take two varint bytes
	}
	deep := rng.IntN(n + 1) // the one element that goes deeper
	obj := rng.IntN(2) == 0
	b.WriteByte("[{"[b2i(obj)])
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if obj {
			fmt.Fprintf(b, `"%s":`, names[rng.IntN(len(names))])
		}
		if i == deep {
			genValue(rng, b, depth+1, maxDepth)
		} else {
			genValue(rng, b, depth+1, min(maxDepth, depth+width))
		}
	}
	b.WriteByte("]}"[b2i(obj)])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
