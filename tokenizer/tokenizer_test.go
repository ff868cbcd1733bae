package tokenizer

import (
	"testing"
	"unicode/utf8"
)

func utf8Valid(b []byte) bool { return utf8.Valid(b) }

func TestDebug(t *testing.T) {
	for _, in := range []string{`{"a":[1,2.5e3,"x\u00e9😀\ud83d\ude00",true,null,{"b":false}]}`, `[1,2`, `{"a" 1}`, `"\uX00"`, `[01]`, `123`, `{"k\\/":{"x":[0,[1,[nul]]]}}`} {
		whole := run([]byte(in), nil, Options{})
		var cuts []int
		for i := 1; i < len(in); i++ {
			cuts = append(cuts, i)
		}
		bytewise := run([]byte(in), cuts, Options{})
		t.Log(whole)
		if whole.String() != bytewise.String() {
			t.Errorf("%s\n---\n%s", whole, bytewise)
		}
	}
}
