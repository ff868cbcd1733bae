package resume_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

func TestPartial(t *testing.T) {
	tests := []struct {
		name      string
		doc       string
		view      string
		tentative []string
	}{
		{name: "nothing", doc: ``, view: ``},
		{name: "space", doc: `  `, view: ``},
		{name: "open object", doc: `{`, view: `{}`, tentative: []string{""}},
		{name: "name cut", doc: `{"lo`, view: `{}`, tentative: []string{""}},
		{name: "name whole", doc: `{"location"`, view: `{}`, tentative: []string{""}},
		{name: "colon", doc: `{"location":`, view: `{}`, tentative: []string{""}},
		{name: "string begun", doc: `{"location":"`, view: `{"location":""}`, tentative: []string{"", "/location"}},
		{name: "string cut", doc: `{"location":"Mont`, view: `{"location":"Mont"}`, tentative: []string{"", "/location"}},
		{name: "string cut in utf8", doc: "{\"location\":\"Montr\xc3", view: `{"location":"Montr"}`, tentative: []string{"", "/location"}},
		{name: "string cut in escape", doc: `{"s":"a\u00`, view: `{"s":"a"}`, tentative: []string{"", "/s"}},
		{name: "string cut in surrogate pair", doc: `{"s":"a\ud83d\ude`, view: `{"s":"a"}`, tentative: []string{"", "/s"}},
		{name: "string whole", doc: `{"a":"x"`, view: `{"a":"x"}`, tentative: []string{""}},
		{name: "comma", doc: `{"a":"x",`, view: `{"a":"x"}`, tentative: []string{""}},
		{name: "number cut", doc: `{"a":"x","n":12`, view: `{"a":"x"}`, tentative: []string{""}},
		{name: "number ended", doc: `{"a":"x","n":12,`, view: `{"a":"x","n":12}`, tentative: []string{""}},
		{name: "literal cut", doc: `{"t":tr`, view: `{}`, tentative: []string{""}},
		{name: "literal", doc: `{"t":true`, view: `{"t":true}`, tentative: []string{""}},
		{name: "array", doc: `{"a":[1,2`, view: `{"a":[1]}`, tentative: []string{"", "/a"}},
		{name: "array of objects", doc: `{"a":[{"b":1},{"c"`, view: `{"a":[{"b":1},{}]}`, tentative: []string{"", "/a", "/a/1"}},
		{name: "nested string", doc: `[[{"k~/":"v`, view: `[[{"k~/":"v"}]]`, tentative: []string{"", "/0", "/0/0", "/0/0/k~0~1"}},
		{name: "whole", doc: `{"a":[1,{"b":null}]} `, view: `{"a":[1,{"b":null}]}`, tentative: nil},
		{name: "top string", doc: `"ab`, view: `"ab"`, tentative: []string{""}},
		{name: "top number", doc: `12`, view: ``},
		{name: "whitespace kept", doc: "{\n  \"a\": [ 1 ,", view: "{\n  \"a\": [ 1]}", tentative: []string{"", "/a"}},
	}
	for _, tt := range tests {
		for _, n := range []int{1, 0} {
			c := resume.NewCall("0", resume.Options{})
			require.NoError(t, feed(c, tt.doc, n), tt.name)
			assert.Equal(t, tt.tentative, c.Tentative(), "%s (chunk %d)", tt.name, n)
			assert.Equal(t, tt.view, string(c.AppendPartial(nil)), tt.name)
			assert.Equal(t, tt.view, string(c.Shown())+string(c.AppendClosers(nil)), tt.name)
			if tt.view != "" {
				assert.True(t, json.Valid(c.AppendPartial(nil)), "%s: %s", tt.name, c.AppendPartial(nil))
			}
		}
	}
}

// TestPartialEmptyAsObject checks that a call that ends with no argument
// bytes, and so runs with {}, shows {} from then on: its view is its
// value, and what it showed before, nothing, is a prefix of it.
func TestPartialEmptyAsObject(t *testing.T) {
	tests := []struct {
		name   string
		deltas []string
		final  string
		check  error
	}{
		{name: "no delta"},
		{name: "empty delta", deltas: []string{""}},
		{name: "whitespace", deltas: []string{" \n", "\t"}},
		{name: "whitespace final", final: "  "},
		{name: "rejected", check: errors.New("refused")},
	}
	for _, tt := range tests {
		opts := resume.Options{}
		if tt.check != nil {
			opts.Check = func(*resume.Call, []byte) error { return tt.check }
		}
		c := resume.NewCall("0", opts)
		for _, d := range tt.deltas {
			require.NoError(t, c.Delta([]byte(d), -1, -1), tt.name)
		}
		before := string(c.Shown())
		require.NoError(t, c.End([]byte(tt.final)), tt.name)
		require.True(t, c.Result().EmptyAsObject, tt.name)
		if tt.check == nil {
			require.Equal(t, resume.StatusReady, c.Status(), tt.name)
			assert.Equal(t, string(c.Value()), string(c.AppendPartial(nil)), "%s: the view is the value", tt.name)
		}
		assert.Nil(t, c.Tentative(), tt.name)
		assert.Equal(t, "{}", string(c.AppendPartial(nil)), tt.name)
		assert.Equal(t, "{}", string(c.Shown())+string(c.AppendClosers(nil)), tt.name)
		assert.True(t, strings.HasPrefix(string(c.Shown()), before), "%s: the view only grows", tt.name)
		restored, err := resume.Restore(throughBinary(t, c), c.Arguments(), opts)
		require.NoError(t, err, tt.name)
		assert.Equal(t, "{}", string(restored.AppendPartial(nil)), "%s: restored", tt.name)
	}
}

// TestPartialMonotonic feeds documents a byte at a time and checks after
// every byte that the view is valid JSON, that what it shows only grows,
// that no value once shown is retracted or changes type, and that the
// tentative values' pointers resolve in it.
func TestPartialMonotonic(t *testing.T) {
	docs := []string{toolargs}
	for _, s := range corpus.Streams() {
		for _, call := range s.Expect.Calls {
			if call.Valid {
				docs = append(docs, call.Arguments)
			}
		}
	}
	for _, doc := range docs {
		// Decoding every view is quadratic: stride through long documents.
		stride := max(1, len(doc)/500)
		c := resume.NewCall("0", resume.Options{})
		var prevShown []byte
		var prev any
		for i := 0; i < len(doc); i++ {
			require.NoError(t, c.Delta([]byte{doc[i]}, -1, -1))
			require.NotEqual(t, resume.StatusInvalid, c.Status(), "%.40q at %d: %v", doc, i, c.Err())
			view := c.AppendPartial(nil)
			if len(view) == 0 {
				continue
			}
			require.True(t, bytes.HasPrefix(c.Shown(), prevShown), "%.40q at %d", doc, i)
			prevShown = append(prevShown[:0], c.Shown()...)
			if i%stride != 0 {
				continue
			}
			require.True(t, json.Valid(view), "%.40q at %d: %s", doc, i, view)
			next := decode(t, view)
			require.True(t, keeps(prev, next), "%.40q at %d:\n%s", doc, i, view)
			prev = next
			if i%(8*stride) != 0 {
				continue // Tentative reads the view again: not at every stride
			}
			for _, ptr := range c.Tentative() {
				_, ok := resolve(next, ptr)
				require.True(t, ok, "%.40q at %d: %q does not resolve", doc, i, ptr)
			}
		}
		require.NoError(t, c.End(nil))
		assert.JSONEq(t, doc, string(c.AppendPartial(nil)))
	}
}

func decode(t *testing.T, b []byte) any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	require.NoError(t, d.Decode(&v))
	return v
}

// keeps reports whether next still holds everything prev shows, with the
// same types; strings may have grown.
func keeps(prev, next any) bool {
	switch p := prev.(type) {
	case nil:
		return true // no view, or a null: null stays null below
	case map[string]any:
		n, ok := next.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range p {
			nv, ok := n[k]
			if !ok || v == nil && nv != nil || !keeps(v, nv) {
				return false
			}
		}
		return true
	case []any:
		n, ok := next.([]any)
		if !ok || len(n) < len(p) {
			return false
		}
		for i := range p {
			if p[i] == nil && n[i] != nil || !keeps(p[i], n[i]) {
				return false
			}
		}
		return true
	case string:
		n, ok := next.(string)
		return ok && strings.HasPrefix(n, p)
	default:
		return prev == next
	}
}

func TestWatch(t *testing.T) {
	doc := `{"path":"a.md","content":"Grüße \u00e9\n😀 \"q\"","meta":{"n":[1,2.5],"ok":true},"n":-3}`
	for _, n := range chunkSizes {
		c := resume.NewCall("0", resume.Options{})
		type got struct {
			raw, text strings.Builder
			finals    int
			events    int
			kind      tokenizer.Kind
		}
		watched := map[string]*got{}
		for _, p := range []string{"/content", "/meta", "/meta/n/1", "/n", "", "/missing"} {
			g := &got{}
			watched[p] = g
			c.Watch(p, func(ev resume.PathEvent) {
				require.Equal(t, p, ev.Pointer)
				require.Zero(t, g.finals, "%s: event after final", p)
				g.raw.Write(ev.Raw)
				g.text.Write(ev.Text)
				g.events++
				g.kind = ev.Kind
				if ev.Final {
					g.finals++
				}
			})
		}
		require.NoError(t, feed(c, doc, n))
		require.NoError(t, c.End(nil))
		content := watched["/content"]
		assert.Equal(t, `"Grüße \u00e9\n😀 \"q\""`, content.raw.String(), "chunk %d", n)
		assert.Equal(t, "Grüße é\n😀 \"q\"", content.text.String(), "chunk %d", n)
		assert.Equal(t, tokenizer.KindString, content.kind)
		if n == 1 {
			assert.Greater(t, content.events, 10, "a string streams piece by piece")
		}
		assert.Equal(t, `{"n":[1,2.5],"ok":true}`, watched["/meta"].raw.String(), "chunk %d", n)
		assert.Equal(t, tokenizer.KindBeginObject, watched["/meta"].kind)
		assert.Equal(t, `2.5`, watched["/meta/n/1"].raw.String())
		assert.Equal(t, `-3`, watched["/n"].raw.String())
		assert.Equal(t, doc, watched[""].raw.String())
		for p, g := range watched {
			if p == "/missing" {
				assert.Zero(t, g.events)
				continue
			}
			assert.Equal(t, 1, g.finals, "%s chunk %d", p, n)
		}
	}
	t.Run("array", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{})
		var raw strings.Builder
		final := false
		c.Watch("/a", func(ev resume.PathEvent) { raw.Write(ev.Raw); final = final || ev.Final })
		require.NoError(t, feed(c, `{"a":[[1],{"b":[]}],"c":[]}`, 1))
		assert.Equal(t, `[[1],{"b":[]}]`, raw.String())
		assert.True(t, final)
	})
}

// TestPartialLongNames checks that every pointer in Call.Tentative
// resolves in Text to an open container or, last, the open string, and
// that the pointers of distinct members differ, under names far longer
// than the tokenizer keeps for its own pointers, two of which share their
// first 200 bytes.
func TestPartialLongNames(t *testing.T) {
	prefix := strings.Repeat("p", 200)
	nameA, nameB := prefix+strings.Repeat("A", 60), prefix+strings.Repeat("B", 60)
	// A long name with escapes, and '~' and '/' past its first 128 bytes.
	rawC := strings.Repeat(`\u00e9`, 30) + `~/\/x`
	textC := strings.NewReplacer("~", "~0", "/", "~1").Replace(strings.Repeat("é", 30) + "~//x")
	doc := `{"` + nameA + `":{"` + nameB + `":"v1"},"` + nameB + `":{"` + nameA + `":["v2"]},"` + rawC + `":[{"k":"w"}]}`
	a, b, c := "/"+nameA, "/"+nameB, "/"+textC
	want := []string{"", a, a + "/" + nameB, b, b + a, b + a + "/0", c, c + "/0", c + "/0/k"}
	for _, n := range chunkSizes {
		call := resume.NewCall("0", resume.Options{})
		seen := map[string]bool{}
		for i := 0; i < len(doc); {
			end := len(doc)
			if n > 0 {
				end = min(i+n, len(doc))
			}
			require.NoError(t, call.Delta([]byte(doc[i:end]), -1, -1))
			i = end
			view, tentative := call.AppendPartial(nil), call.Tentative()
			if len(view) == 0 {
				continue
			}
			v := decode(t, view)
			for k, ptr := range tentative {
				got, ok := resolve(v, ptr)
				require.True(t, ok, "chunk %d at %d: %q does not resolve in %s", n, end, ptr, view)
				switch got.(type) {
				case map[string]any, []any:
				case string:
					require.Equal(t, len(tentative)-1, k, "chunk %d at %d: %q is a string", n, end, ptr)
				default:
					require.Fail(t, "not tentative", "chunk %d at %d: %q is %v", n, end, ptr, got)
				}
				require.Contains(t, want, ptr, "chunk %d at %d", n, end)
				seen[ptr] = true
			}
		}
		if n == 1 {
			assert.Len(t, seen, len(want), "byte by byte, every value is tentative once")
		}
	}
}

// resolve returns the value that the JSON Pointer ptr names in v, a
// value decoded by decode, as RFC 6901 says.
func resolve(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) || tok != strconv.Itoa(i) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}
