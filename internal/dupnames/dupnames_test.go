package dupnames

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFind(t *testing.T) {
	many := func(dupAt int) string { // an object of 40 names, one repeated at the end
		var sb strings.Builder
		sb.WriteString(`{`)
		for i := range 40 {
			sb.WriteString(`"n` + strconv.Itoa(i) + `":0,`)
		}
		sb.WriteString(`"n` + strconv.Itoa(dupAt) + `":1}`)
		return sb.String()
	}
	long := strings.Repeat("n", 200) // longer than the tokenizer keeps for its own pointers
	longDup := `{"` + long + `":{"k":1,"k":2}}`
	for _, tc := range []struct {
		in   string
		fold bool
		want Dup
		dup  bool
	}{
		{in: `{"a":1,"b":2}`},
		{in: `{"a":{"a":1},"b":{"a":1}}`}, // one name in two objects
		{in: `[{"a":1},{"a":2}]`},         // in two elements
		{in: `{"a":{"x":1,"y":2},"b":3}`}, // an inner object's names go when it closes
		{in: `{"a":1,"a":2}`, want: Dup{Offset: 7, Pointer: "/a", Name: "a"}, dup: true},
		{in: `{"a":1,"\u0061":2}`, want: Dup{Offset: 7, Pointer: "/a", Name: "a"}, dup: true},
		{in: `{"l":[{},{"a~/":1,"a~/":2}]}`, want: Dup{Offset: 18, Pointer: "/l/1/a~0~1", Name: "a~/"}, dup: true},
		{in: `{"x":{"p":[1,2]},"y":0,"x":3}`, want: Dup{Offset: 23, Pointer: "/x", Name: "x"}, dup: true},
		{in: ` [ 1 , "s" , { "k" : true , "k" : null } ] `, want: Dup{Offset: 28, Pointer: "/2/k", Name: "k"}, dup: true},
		{in: many(3), want: Dup{Offset: int64(len(many(3)) - len(`"n3":1}`)), Pointer: "/n3", Name: "n3"}, dup: true}, // past smallObject: the map
		{in: many(39), want: Dup{Offset: int64(len(many(39)) - len(`"n39":1}`)), Pointer: "/n39", Name: "n39"}, dup: true},
		{in: `{"path":1,"PATH":2}`},
		{in: longDup, want: Dup{Offset: int64(len(longDup) - len(`"k":2}}`)), Pointer: "/" + long + "/k", Name: "k"}, dup: true},
		{in: `{"path":1,"PATH":2}`, fold: true, want: Dup{Offset: 10, Pointer: "/PATH", Name: "PATH"}, dup: true},
	} {
		var fold func(string) string
		if tc.fold {
			fold = strings.ToLower
		}
		got, dup := Find([]byte(tc.in), fold)
		assert.Equal(t, tc.dup, dup, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

// TestFindAllocs: a document of small objects, not deeper than the
// arrays on Find's stack, with names without escapes, costs nothing.
func TestFindAllocs(t *testing.T) {
	doc := []byte(`{"a":[{"x":1,"y":"s","z":[true,null]},{"x":2,"y":"t"}],"b":{"c":{"d":{"e":1}}},"f":"\u00e9"}`)
	allocs := testing.AllocsPerRun(100, func() {
		if _, dup := Find(doc, nil); dup {
			panic("dup")
		}
	})
	assert.Zero(t, allocs)
}
