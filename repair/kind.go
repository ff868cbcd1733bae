package repair

import (
	"fmt"
	"math/bits"
	"strings"
)

// A Kind names one class of repair. Kinds combine as a bit set: the Kinds
// field of [Options] says which repairs are allowed, and every [Edit] in a
// [Log] carries exactly one Kind.
type Kind uint32

// The kinds of repair. Each is off unless named in [Options.Kinds].
const (
	// Fence removes a Markdown code fence around the value: ```json … ```.
	Fence Kind = 1 << iota
	// Prose removes text before and after the single JSON object or array
	// in the input. Several candidate values are an error ([ErrAmbiguous]).
	Prose
	// TrailingComma removes a comma before a closing bracket, and a
	// leading comma just after an opening one: [1,2,] and [,1].
	TrailingComma
	// SingleQuote turns a 'single-quoted' string into a double-quoted one.
	SingleQuote
	// SmartQuote turns a “curly-quoted” or ‘curly-quoted’ string into a
	// double-quoted one.
	SmartQuote
	// UnquotedKey quotes a bare identifier used as an object name: {a: 1}.
	UnquotedKey
	// Comment removes // line, /* block */ and # line comments. Where a
	// value or a name is due, a line comment must have whitespace after
	// its // or #: there #ops or //cdn.example.com/a.js is a word, and an
	// error, not a comment to remove.
	Comment
	// Literal maps Python and JavaScript literals to JSON:
	// True, False, None, undefined become true, false, null, null.
	Literal
	// ControlChar escapes a raw control character (U+0000 to U+001F)
	// inside a string: a raw newline becomes \n.
	ControlChar
	// InvalidEscape repairs an escape JSON does not define. \' becomes ';
	// any other, such as \a or \x41, gets its backslash escaped (\\a), so
	// the decoded string keeps every character the model wrote. Half a
	// surrogate pair alone, such as \ud83d, stands for no character: it
	// becomes \ufffd, as decoders that let it pass read it.
	InvalidEscape
	// MissingComma inserts a comma between two values, or two members,
	// that are separated only by whitespace (or a comment): [1 2] and
	// {"a":1 "b":2}; or that touch where a bracket ends the first:
	// [{}{}]. A string touching a value is left alone, an error: in
	// "echo "null"" the quotes are most likely not escaped.
	MissingComma
	// Truncated closes a value cut off at the end of the input: it closes
	// an open string, completes a partial true/false/null, drops a
	// dangling name or comma, drops a number that cannot end where it is
	// cut (1., -, 1e) with its name, keeps one that can (0644 cut to 0
	// stays 0, flagged like every truncated edit), and closes open
	// brackets.
	// Its edits say Truncated: a handler must not execute a call whose
	// arguments were cut off; the result is for display and salvage.
	Truncated

	kindEnd
)

// LLM is the preset for what language models get wrong: every kind except
// [Truncated], which a caller must ask for on its own because the output
// of a truncated call must not be executed.
const LLM = All &^ Truncated

// All is every kind, [Truncated] included.
const All = kindEnd - 1

// kindNames gives each kind, by bit position, its name and an example
// that TestKindExamples checks.
var kindNames = [...]struct{ name, in, out string }{
	{"fence", "```json\n{\"a\":1}\n```", "{\"a\":1}\n"},
	{"prose", `Sure! {"a":1} Hope it helps.`, `{"a":1} `},
	{"trailing-comma", `[[1,2,], [,3]]`, `[[1,2], [3]]`},
	{"single-quote", `{'a':'it's'}`, `{"a":"it's"}`},
	{"smart-quote", `{“a”:‘b’}`, `{"a":"b"}`},
	{"unquoted-key", `{a: 1}`, `{"a": 1}`},
	{"comment", `[1 /* one */, 2] # two`, `[1 , 2] `},
	{"literal", `[True, False, None, undefined]`, `[true, false, null, null]`},
	{"control-char", "[\"line1\nline2\"]", `["line1\nline2"]`},
	{"invalid-escape", `["C:\data", "it\'s"]`, `["C:\\data", "it's"]`},
	{"missing-comma", `[1 2 {"a":1 "b":2}]`, `[1, 2, {"a":1, "b":2}]`},
	{"truncated", `{"a":[1,"b`, `{"a":[1,"b"]}`},
}

// Kinds lists every kind, one bit each, in the order [Kind.String] and the
// command line show them.
func Kinds() []Kind {
	ks := make([]Kind, 0, len(kindNames))
	for k := Kind(1); k < kindEnd; k <<= 1 {
		ks = append(ks, k)
	}
	return ks
}

// Example returns a one-line example of the repair k makes, with ⏎ for
// a raw newline, or "" if k is not a single kind.
func (k Kind) Example() string {
	if bits.OnesCount32(uint32(k)) != 1 || k >= kindEnd {
		return ""
	}
	kn := kindNames[bits.TrailingZeros32(uint32(k))]
	ex := strings.ReplaceAll(kn.in+"  ->  "+kn.out, "\n", "⏎")
	if k == Truncated {
		ex += "  (edit marked truncated)"
	}
	return ex
}

// String returns the kind's name, such as "trailing-comma", or the names
// of a set joined by commas.
func (k Kind) String() string {
	if k == 0 {
		return "none"
	}
	if bits.OnesCount32(uint32(k)) == 1 && k < kindEnd {
		return kindNames[bits.TrailingZeros32(uint32(k))].name
	}
	var sb strings.Builder
	for b := Kind(1); b < kindEnd; b <<= 1 {
		if k&b != 0 {
			if sb.Len() > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(kindNames[bits.TrailingZeros32(uint32(b))].name)
		}
	}
	if k >= kindEnd {
		if sb.Len() > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "Kind(%#x)", uint32(k&^All))
	}
	return sb.String()
}

// MarshalText renders k as [Kind.String] does.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText parses what [ParseKinds] accepts.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKinds(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// ParseKinds parses a comma-separated list of kind names. The names "all"
// and "llm" stand for [All] and [LLM]; "none" or "" is the empty set.
func ParseKinds(s string) (Kind, error) {
	var k Kind
	for name := range strings.SplitSeq(s, ",") {
		name = strings.TrimSpace(name)
		switch name {
		case "", "none":
			continue
		case "all":
			k |= All
			continue
		case "llm":
			k |= LLM
			continue
		}
		found := false
		for i, kn := range kindNames {
			if kn.name == name {
				k |= 1 << i
				found = true
				break
			}
		}
		if !found {
			return 0, fmt.Errorf("repair: unknown kind %q", name)
		}
	}
	return k, nil
}
