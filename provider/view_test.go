package provider

import (
	"testing"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

func TestRawIs(t *testing.T) {
	for _, c := range []struct {
		raw, s string
		want   bool
	}{
		{`abc`, "abc", true},
		{`abd`, "abc", false},
		{`ab`, "abc", false},
		{`a\u0062c`, "abc", true},
		{`a\u0062d`, "abc", false},
		{`\u0061`, "a", true},
		{`a\"`, `a"`, true},
		{`a\\b`, `a\b`, true},
		{`a\\b`, `a\\b`, false}, // as long as s, with a backslash: it decodes shorter
		{`\ud83d\ude00`, "😀", true},
		{``, "", true},
		{`xbc\u0064`, "abcd", false}, // the first character differs, escapes after it
		{`\u0061bc\u0064`, "abcd", true},
		{`abc\u0064`, "abcd", true},
	} {
		if got := rawIs([]byte(c.raw), c.s); got != c.want {
			t.Errorf("rawIs(%q, %q) = %v, want %v", c.raw, c.s, got, c.want)
		}
	}
}

// TestGetEscapedNames reads members whose names have escapes, by the tape
// and by the bytes, and finds the same values.
func TestGetEscapedNames(t *testing.T) {
	payload := []byte(`{"t\u0079pe":"x","a":{"in\"ner":[1,{"k":2}]},"type":"y","\u00e9":3}`)
	d := NewDecoder(FormatOpenAIChat)
	if err := d.tape.validate(payload); err != nil {
		t.Fatal(err)
	}
	for _, byTape := range []bool{true, false} {
		v := value(payload)
		if !byTape {
			v = value(append([]byte(nil), payload...)) // not a slice of the tape's payload
		}
		for _, c := range []struct{ path, want string }{
			{"type", `"x"`}, {"é", "3"}, {"a", `{"in\"ner":[1,{"k":2}]}`}, {"missing", ""},
		} {
			if got := string(d.get(v, c.path)); got != c.want {
				t.Errorf("byTape=%v: get(%q) = %q, want %q", byTape, c.path, got, c.want)
			}
		}
		if got := string(d.get(d.get(v, "a"), `in"ner`)); got != `[1,{"k":2}]` {
			t.Errorf("byTape=%v: get(a, in\"ner) = %q", byTape, got)
		}
	}
}

// TestRawIsAgrees holds rawIs to decoding raw and comparing, for every
// pair of a few raw strings, with and without escapes, and a few texts.
func TestRawIsAgrees(t *testing.T) {
	raws := []string{``, `a`, `ab`, `b`, `\u0061`, `\u0061b`, `a\u0062`, `\"`, `\\`, `a\\`, `\\a`,
		`é`, `\u00e9`, `\ud83d\ude00`, `😀`, `type`, `t\u0079pe`, `\u0074ype`, `error`, `\/`}
	texts := []string{"", "a", "ab", "b", `"`, `\`, `a\`, `\a`, "é", "😀", "type", "error", "/"}
	for _, raw := range raws {
		want := string(jsonwire.AppendUnescaped(nil, []byte(raw)))
		for _, s := range texts {
			if got := rawIs([]byte(raw), s); got != (want == s) {
				t.Errorf("rawIs(%q, %q) = %v, want %v", raw, s, got, want == s)
			}
		}
	}
}
