package jsonwire

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkUnescaped requires AppendUnescaped to decode the inside of a valid
// string as encoding/json does, after what dst held. encoding/json also
// takes invalid UTF-8, which the tokenizer refuses before any decoding.
func checkUnescaped(t *testing.T, inner string) {
	t.Helper()
	var want string
	if !utf8.ValidString(inner) || json.Unmarshal([]byte(`"`+inner+`"`), &want) != nil {
		return
	}
	if got := string(AppendUnescaped([]byte("pre"), []byte(inner))); got != "pre"+want {
		t.Fatalf("AppendUnescaped(%q) = %q, want %q", inner, got[3:], want)
	}
}

func TestAppendUnescaped(t *testing.T) {
	escapes := []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\u20AC`, `\ud83d\ude00`, `\ud800`, `\udc00x`, `\u0000`}
	for _, e := range escapes {
		for p := 0; p <= 20; p++ {
			plain := strings.Repeat("a", p)
			checkUnescaped(t, plain+e+plain+e)
			checkUnescaped(t, "é"+plain+e)
		}
	}
	checkUnescaped(t, "")
	checkUnescaped(t, strings.Repeat("x", 100))
}

func FuzzAppendUnescaped(f *testing.F) {
	f.Add(`a\nb\"c\u00e9d\ud83d\ude00`)
	f.Add(`\\\\\\\\\\\\`)
	f.Fuzz(checkUnescaped)
}
