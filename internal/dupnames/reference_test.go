package dupnames

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// findTokens is Find by a walk of tokenizer tokens: the reference that
// Find's walk by brackets and string ends is held to.
func findTokens(b []byte, fold func(string) string) (Dup, bool) {
	var stack []level
	var names []name
	tk := tokenizer.New(tokenizer.Options{MaxDepth: -1, MaxNumberLength: -1})
	_ = tk.Feed(b)
	tk.Close()
	for {
		tok, err := tk.Next()
		if err != nil {
			return Dup{}, false
		}
		kind := tok.Kind()
		if kind == tokenizer.KindEndObject || kind == tokenizer.KindEndArray {
			names = names[:stack[len(stack)-1].first]
			stack = stack[:len(stack)-1]
			continue
		}
		if len(stack) > 0 && !stack[len(stack)-1].obj && tok.First() {
			stack[len(stack)-1].index++
		}
		switch kind {
		case tokenizer.KindBeginObject, tokenizer.KindBeginArray:
			stack = append(stack, level{obj: kind == tokenizer.KindBeginObject, index: -1, first: len(names)})
		case tokenizer.KindName:
			top := &stack[len(stack)-1]
			off := int(tok.Offset())
			top.raw = b[off+1 : off+tok.Len()-1]
			var dup bool
			if dup, names = top.seen(names, nameKey(top.raw, fold)); dup {
				return Dup{Offset: tok.Offset(), Pointer: pointer(stack), Name: string(jsonwire.AppendUnescaped(nil, top.raw))}, true
			}
		}
	}
}

// FuzzFind holds Find to findTokens on valid JSON, with names compared
// as they are and folded, and has it return on any other text.
func FuzzFind(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":2}`, `{"a":1,"a":2}`, `{"a":{"b":[1,{"c":"\"","c":2}]}}`,
		` [ 1 , "s" , { "k" : true , "k" : null } ] `, `{"a\\":"\\\"","a\\":"x"}`,
		`{"A":1,"a":2}`, `[[[],{}],{"x":-1.5e3,"y":[true,false,null]}]`, `{"\u0061":0,"a":1}`,
		`{"a":1,"a"`, `}}]`, `{"a":"b`, `{1:2,1:2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, dup := Find(b, nil)
		gotFold, dupFold := Find(b, strings.ToLower)
		if !tokenizer.Valid(b) {
			return
		}
		want, wantDup := findTokens(b, nil)
		require.Equal(t, wantDup, dup)
		require.Equal(t, want, got)
		want, wantDup = findTokens(b, strings.ToLower)
		require.Equal(t, wantDup, dupFold)
		require.Equal(t, want, gotFold)
	})
}

// TestFindInvalid: text that is not JSON gets an answer, and no panic.
func TestFindInvalid(t *testing.T) {
	for _, s := range []string{`}`, `]]`, `{"a`, `{"a":"b`, `{"a\`, `{1:2,1:2}`, `[,,]`, "{\x00\"a\":1}", `{"a":1,"a"`} {
		assert.NotPanics(t, func() { Find([]byte(s), nil) }, s)
	}
}
