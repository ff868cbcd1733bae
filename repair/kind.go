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
	// SmartQuote turns a “curly-quoted” or ‘curly-quoted’ string, or a
	// `backticked` one, into a double-quoted one.
	SmartQuote
	// UnquotedKey quotes a bare identifier used as an object name: {a: 1}.
	UnquotedKey
	// Comment removes // line, /* block */ and # line comments. Where a
	// value or a name is due, a line comment must have whitespace after
	// its // or #: there #ops or //cdn.example.com/a.js is a word, and an
	// error, not a comment to remove.
	Comment
	// Literal maps Python and JavaScript literals to JSON:
	// True, False, None, undefined become true, false, null, null, and a
	// Python tuple becomes an array: ((1, 2), (3,)) becomes [[1, 2], [3]];
	// (1), one value in parentheses, is 1.
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
	// an open string, completes a partial true/false/null or number (1.,
	// -, 1e become 1.0, -0, 1e0), drops a dangling comma, and closes open
	// brackets. A dangling name gets null, as jsonrepair gives it, unless
	// a member of the object before it, in its text, has that name: then
	// it goes with its comma, so that decoded it does not hide that one.
	// Its edits say Truncated: a handler must not execute a call whose
	// arguments were cut off; the result is for display and salvage.
	Truncated
	// Ellipsis removes a ... that stands for elements or members left
	// out, with the comma that goes with it: [1, 2, ...] and {"a":1, ...}.
	// Like a cut, it says data is missing, so [LLM] leaves it out.
	Ellipsis
	// MissingColon inserts the colon between an object name and its
	// value: {"a" 1} becomes {"a": 1}. A bare name and a bare word,
	// {see the docs}, are a phrase, and an error.
	MissingColon
	// MissingValue inserts null where a member's value is missing before
	// a comma or a closer: {"a":} and {"a":,"b":2}.
	MissingValue
	// Number completes a number with digits missing around its point or
	// exponent: .3, -.3, 2., 2e and - become 0.3, -0.3, 2.0, 2e0, -0.
	// A number JSON cannot write as it stands (05, 0.0.1, 2e3.4) is no
	// number: with [UnquotedString] it becomes a string, every character
	// kept, as jsonrepair does.
	Number
	// UnquotedString quotes a bare value that is no JSON literal: {a: b},
	// [hello world], a URL, a date, 0.0.1, a /regex/. It runs to the next
	// , ] } [ { line end or comment, trailing spaces left out. At the top
	// level, with [Prose] on, it is tried only when no object or array is
	// found in the text.
	UnquotedString
	// UnicodeSpace turns a Unicode space between tokens (no-break, em,
	// ideographic, zero-width space, byte order mark, ...) into ' '.
	UnicodeSpace
	// StringConcat joins strings written as a JavaScript concatenation:
	// "a" + "b" becomes "ab". It removes the + and what separates it from
	// the strings, comments included.
	StringConcat
	// InnerQuote escapes a double quote inside a string that does not end
	// it, because no delimiter follows (a comma only where the structure
	// goes on after it; see the package doc) and a later quote does end
	// the string: "a 24" screen" becomes "a 24\" screen". Of the two
	// readings, it is the one that keeps every character.
	InnerQuote
	// MissingQuote adds a quote that the text lacks but shows where it
	// goes: a string that runs to the end of a text whose brackets are
	// closed ends where the package doc's Quotes says ({"a":"b} becomes
	// {"a":"b"}, {"a":"[x]} becomes {"a":"[x]"}); a quote after a comma
	// that the structure goes on after ends the string before the comma
	// ("a,"b" becomes "a","b"); a bare word followed by a quote gets its
	// opening quote (abc" becomes "abc"). A string that the end of the
	// input cuts, with no closing bracket after it, is [Truncated].
	MissingQuote
	// Bracket repairs closing brackets: one that closes nothing open is
	// replaced by the one due ({"a":2] becomes {"a":2}), or removed after
	// the top-level value ({"a":1}}) or where it repeats the closer before
	// it and a comma follows ([{"a":1}},{"b":2}]); one that closes an outer bracket
	// gets the inner ones inserted before it ([{"b":2] becomes
	// [{"b":2}]); an object met by { or [ in an array is closed there
	// ([{"a":1{"a":2}] becomes [{"a":1},{"a":2}]); an object closed
	// early, followed by , and more members, is opened again, with the
	// stray closers after it removed ({"a":1}}, "b":2}). A closer
	// followed by a member that fits only in the object around the
	// innermost bracket is that bracket's closer mistyped:
	// {"a": [1}, "b": 2} becomes {"a": [1], "b": 2}.
	Bracket
	// Wrapper removes a function call around a value: a JSONP callback,
	// callback({...}); and MongoDB's ObjectId("x"), NumberLong("2"),
	// ISODate("..."). It removes the name, the parentheses and a ; after
	// a top-level call.
	Wrapper
	// MultiValue joins several top-level values, separated by commas or
	// whitespace (NDJSON), into one array: 1,2,3 becomes [1,2,3]. It
	// changes the shape of the value, so [LLM] leaves it out: without it
	// a second value is an error, never dropped.
	MultiValue
	// EscapedJSON reads a text whose quotes are all escaped once more, as
	// a JSON string holds JSON, as the JSON it stands for: {\"a\": 1}
	// becomes {"a": 1}. See "Escaped JSON" in the package doc.
	EscapedJSON

	kindEnd
)

// LLM is the preset for what language models get wrong: every kind except
// [Truncated], which a caller must ask for on its own because the output
// of a truncated call must not be executed; [Ellipsis], which says data
// was left out as a cut does; and [MultiValue], which turns several
// values into an array.
const LLM = All &^ (Truncated | Ellipsis | MultiValue)

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
	{"literal", `[True, False, None, undefined, (1, 2)]`, `[true, false, null, null, [1, 2]]`},
	{"control-char", "[\"line1\nline2\"]", `["line1\nline2"]`},
	{"invalid-escape", `["C:\data", "it\'s"]`, `["C:\\data", "it's"]`},
	{"missing-comma", `[1 2 {"a":1 "b":2}]`, `[1, 2, {"a":1, "b":2}]`},
	{"truncated", `{"a":[1,"b`, `{"a":[1,"b"]}`},
	{"ellipsis", `{"ids": [1, 2, ...], ...}`, `{"ids": [1, 2 ] }`},
	{"missing-colon", `{"a" 1, "b" "c"}`, `{"a": 1, "b": "c"}`},
	{"missing-value", `{"a":, "b":}`, `{"a":null, "b":null}`},
	{"number", `[.5, -.5, 2., 1e]`, `[0.5, -0.5, 2.0, 1e0]`},
	{"unquoted-string", `["a", b c, https://x.y/z]`, `["a", "b c", "https://x.y/z"]`},
	{"unicode-space", "{\"a\":\u00a01}", `{"a": 1}`},
	{"string-concat", `["a" + "b"]`, `["ab"]`},
	{"inner-quote", `{"a": "a 24" screen"}`, `{"a": "a 24\" screen"}`},
	{"missing-quote", `{"a":"b, "c":"d}`, `{"a":"b", "c":"d"}`},
	{"bracket", `[{"a":1]]`, `[{"a":1}]`},
	{"wrapper", `cb({"_id": ObjectId("5f1")});`, `{"_id": "5f1"}`},
	{"multi-value", "{\"a\":1}\n{\"a\":2}", "[{\"a\":1},\n{\"a\":2}]"},
	{"escaped-json", `{\"a\": [\"b\"]}`, `{"a": ["b"]}`},
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
// a raw newline and <U+00A0> for a no-break space, or "" if k is not a
// single kind.
func (k Kind) Example() string {
	if bits.OnesCount32(uint32(k)) != 1 || k >= kindEnd {
		return ""
	}
	kn := kindNames[bits.TrailingZeros32(uint32(k))]
	ex := strings.NewReplacer("\n", "⏎", "\u00a0", "<U+00A0>").Replace(kn.in + "  ->  " + kn.out)
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
