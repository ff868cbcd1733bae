package repair

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// where names a table case and the line it is written on, so that a
// failure points at the case.
type where struct {
	name string
	line string
}

func named(name string) where {
	_, file, line, _ := runtime.Caller(1)
	return where{name, fmt.Sprintf("%s:%d", file[strings.LastIndexByte(file, '/')+1:], line)}
}

type repairCase struct {
	where
	in    string
	kinds Kind
	want  string // expected output, if no error
	log   []Kind // expected kinds of the log entries, in order
	offs  []int  // expected offsets of the log entries, if given

	err    error // expected cause, checked with errors.Is
	errOff int   // expected error offset, if err != nil
	need   Kind  // expected Error.Need, if err != nil
}

var repairCases = []repairCase{
	// Fences.
	{where: named("fence/json-tag"), in: "```json\n{\"a\":1}\n```", kinds: Fence,
		want: "{\"a\":1}\n", log: []Kind{Fence, Fence}, offs: []int{0, len("```json\n{\"a\":1}\n")}},
	{where: named("fence/no-tag"), in: "```\n[1]\n```\n", kinds: Fence,
		want: "[1]\n\n", log: []Kind{Fence, Fence}},
	{where: named("fence/unclosed"), in: "```json\n{\"a\":1}", kinds: Fence,
		want: `{"a":1}`, log: []Kind{Fence}},
	{where: named("fence/one-line"), in: "```json{\"a\":1}```", kinds: Fence,
		want: `{"a":1}`, log: []Kind{Fence, Fence}},
	{where: named("fence/off"), in: "```json\n{}\n```", kinds: LLM &^ Fence &^ Prose,
		err: ErrSyntax, errOff: 0, need: Fence},
	{where: named("fence/inside-string-untouched"), in: "```\n{\"md\":\"```js\\nx\\n```\"}\n```", kinds: Fence,
		want: "{\"md\":\"```js\\nx\\n```\"}\n", log: []Kind{Fence, Fence}},

	// Prose.
	{where: named("prose/before-after"), in: `Here you go: {"a":1} Hope this helps!`, kinds: Prose,
		want: `{"a":1} `, log: []Kind{Prose, Prose}, offs: []int{0, len(`Here you go: {"a":1} `)}},
	{where: named("prose/with-fence"), in: "Sure:\n```json\n{\"a\":1}\n```\nDone.", kinds: Prose | Fence,
		want: "{\"a\":1}\n\n", log: []Kind{Prose, Fence, Fence, Prose},
		offs: []int{0, len("Sure:\n"), len("Sure:\n```json\n{\"a\":1}\n"), len("Sure:\n```json\n{\"a\":1}\n```\n")}},
	{where: named("prose/brackets-in-prose"), in: `See [the docs]: {"a":1}`, kinds: Prose,
		want: `{"a":1}`, log: []Kind{Prose}},
	{where: named("prose/two-values"), in: `first {"a":1} then {"b":2}`, kinds: Prose,
		err: ErrAmbiguous, errOff: len(`first {"a":1} then `)},
	{where: named("prose/broken-value-not-mined"), in: `Here: {"a": 1, "b": {"c": 2} oops}`, kinds: Prose | MissingComma,
		err: ErrSyntax, errOff: len(`Here: {"a": 1, "b": {"c": 2} `), need: UnquotedKey},
	{where: named("prose/broken-second-value"), in: `{"a":1} or maybe {"a": x}`, kinds: Prose,
		err: ErrAmbiguous, errOff: len(`{"a":1} or maybe `)},
	{where: named("prose/none"), in: `no json here`, kinds: Prose,
		err: ErrNoValue, errOff: 0},
	{where: named("prose/none-but-a-cut-string"), in: `"abc`, kinds: LLM,
		err: ErrSyntax, errOff: len(`"abc`), need: Truncated},
	{where: named("prose/none-but-a-cut-literal"), in: `tru`, kinds: LLM,
		err: ErrSyntax, errOff: len(`tru`), need: Truncated},
	{where: named("prose/off"), in: `{"a":1} thanks`, kinds: LLM &^ Prose,
		err: ErrSyntax, errOff: len(`{"a":1} `), need: Prose},
	{where: named("prose/url-in-string"), in: `Result: {"u":"http://x.y/z#a"} // done`, kinds: Prose | Comment,
		want: `{"u":"http://x.y/z#a"} `, log: []Kind{Prose, Comment}},

	// Commas.
	{where: named("comma/trailing-object"), in: `{"a":1,}`, kinds: TrailingComma,
		want: `{"a":1}`, log: []Kind{TrailingComma}, offs: []int{len(`{"a":1`)}},
	{where: named("comma/trailing-array-comment"), in: `[1, /* x */ ]`, kinds: TrailingComma | Comment,
		want: `[1  ]`, log: []Kind{TrailingComma, Comment}, offs: []int{len(`[1`), len(`[1, `)}},
	{where: named("comma/leading-array"), in: `[,1]`, kinds: TrailingComma,
		want: `[1]`, log: []Kind{TrailingComma}, offs: []int{len(`[`)}},
	{where: named("comma/double-not-repaired"), in: `[1,,2]`, kinds: All,
		err: ErrSyntax, errOff: len(`[1,`)},
	{where: named("comma/double-in-object"), in: `{"a":1,,"b":2}`, kinds: All,
		err: ErrSyntax, errOff: len(`{"a":1,`)},
	{where: named("comma/trailing-off"), in: `[1,]`, kinds: LLM &^ TrailingComma,
		err: ErrSyntax, errOff: len(`[1,`), need: TrailingComma},
	{where: named("comma/missing-array"), in: `[1 2 "a" {} []]`, kinds: MissingComma,
		want: `[1, 2, "a", {}, []]`, log: []Kind{MissingComma, MissingComma, MissingComma, MissingComma},
		offs: []int{len(`[1`), len(`[1 2`), len(`[1 2 "a"`), len(`[1 2 "a" {}`)}},
	{where: named("comma/missing-object"), in: "{\"a\":1\n\"b\":2}", kinds: MissingComma,
		want: "{\"a\":1,\n\"b\":2}", log: []Kind{MissingComma}},
	{where: named("comma/missing-before-comment"), in: `[1 /*c*/ 2]`, kinds: MissingComma | Comment,
		want: `[1,  2]`, log: []Kind{MissingComma, Comment}},
	{where: named("comma/glued-number-not-split"), in: `[01]`, kinds: LLM &^ UnquotedString,
		err: ErrSyntax, errOff: len(`[0`), need: UnquotedString},
	{where: named("comma/glued-number-a-string"), in: `[01]`, kinds: UnquotedString,
		want: `["01"]`, log: []Kind{UnquotedString, UnquotedString}},
	{where: named("comma/glued-strings"), in: `["a""b"]`, kinds: MissingComma,
		err: ErrSyntax, errOff: len(`["a"`)},
	{where: named("comma/unescaped-quotes-off"), in: `{"argv": ["sh", "-c", "echo "null""]}`, kinds: LLM &^ InnerQuote,
		err: ErrSyntax, errOff: len(`{"argv": ["sh", "-c", "echo "`)},
	{where: named("quote/inner-unescaped"), in: `{"argv": ["sh", "-c", "echo "null""]}`, kinds: InnerQuote,
		want: `{"argv": ["sh", "-c", "echo \"null\""]}`, log: []Kind{InnerQuote, InnerQuote},
		offs: []int{len(`{"argv": ["sh", "-c", "echo `), len(`{"argv": ["sh", "-c", "echo "null`)}},
	{where: named("quote/inner-before-comma"), in: `{"msg": "He said "yes", then left"}`, kinds: LLM,
		want: `{"msg": "He said \"yes\", then left"}`, log: []Kind{InnerQuote, InnerQuote},
		offs: []int{len(`{"msg": "He said `), len(`{"msg": "He said "yes`)}},
	{where: named("quote/inner-before-comma-array"), in: `["He said "yes", then left", 2]`, kinds: LLM,
		want: `["He said \"yes\", then left", 2]`, log: []Kind{InnerQuote, InnerQuote}},
	{where: named("quote/inner-before-comma-top"), in: `"He said "yes", then left"`, kinds: LLM,
		want: `"He said \"yes\", then left"`, log: []Kind{InnerQuote, InnerQuote}},
	{where: named("quote/comma-before-member"), in: `{"msg": "He said "yes", "c": 1}`, kinds: LLM,
		want: `{"msg": "He said \"yes", "c": 1}`, log: []Kind{InnerQuote}},
	{where: named("quote/comma-before-bare-member"), in: `{"msg": "a "b", c: 1}`, kinds: LLM,
		want: `{"msg": "a \"b", "c": 1}`, log: []Kind{InnerQuote, UnquotedKey, UnquotedKey}},
	{where: named("quote/comma-before-line-end"), in: "[\"x \"y\",\n z w]", kinds: LLM,
		want: "[\"x \\\"y\",\n \"z w\"]", log: []Kind{InnerQuote, UnquotedString, UnquotedString}},
	{where: named("quote/comma-no-closer"), in: `{"msg": "He said "yes", then left}`, kinds: LLM,
		want: `{"msg": "He said \"yes\", then left"}`, log: []Kind{InnerQuote, InnerQuote, MissingQuote}},
	{where: named("quote/comma-closer-ends-name"), in: `{"a": "x "y", z w "c": 1}`, kinds: LLM,
		err: ErrSyntax, errOff: len(`{"a": "x "y", z `)},
	{where: named("quote/missing-after-comma-inner"), in: `{"msg": "He said, "yes", then left"}`, kinds: LLM,
		want: `{"msg": "He said, \"yes\", then left"}`, log: []Kind{InnerQuote, InnerQuote}},
	{where: named("quote/missing-after-comma"), in: `["a,"b"]`, kinds: MissingQuote,
		want: `["a","b"]`, log: []Kind{MissingQuote}},
	{where: named("quote/comma-before-numeric-name"), in: `{"a": "x", 5: "y"}`, kinds: LLM,
		want: `{"a": "x", "5": "y"}`, log: []Kind{UnquotedKey, UnquotedKey}},
	{where: named("quote/comma-before-negative-name"), in: `{"a": "x",-1:"y"}`, kinds: LLM,
		want: `{"a": "x","-1":"y"}`, log: []Kind{UnquotedKey, UnquotedKey}},
	{where: named("quote/comma-before-time"), in: `{"a": "at "noon", 12:30 ok"}`, kinds: LLM,
		want: `{"a": "at \"noon\", 12:30 ok"}`, log: []Kind{InnerQuote, InnerQuote}},
	{where: named("bracket/reopened-numeric-name"), in: `{"a": 1}, 5: 2}`, kinds: LLM,
		want: `{"a": 1, "5": 2}`, log: []Kind{Bracket, UnquotedKey, UnquotedKey}},
	{where: named("bracket/mistyped-before-member"), in: `{"a": [1, 2}, "b": 2}`, kinds: LLM,
		want: `{"a": [1, 2], "b": 2}`, log: []Kind{Bracket}},
	{where: named("bracket/mistyped-in-array"), in: `[{"a": [1, 2}, "b": 2}]`, kinds: LLM,
		want: `[{"a": [1, 2], "b": 2}]`, log: []Kind{Bracket}},
	{where: named("bracket/mistyped-before-array-member"), in: `{"k": ["v1", "v2"}, "l": ["v3"]}`, kinds: LLM,
		want: `{"k": ["v1", "v2"], "l": ["v3"]}`, log: []Kind{Bracket}},
	{where: named("bracket/mistyped-nested"), in: `{"x": {"a": [1, 2}, "b": 2}}`, kinds: LLM,
		want: `{"x": {"a": [1, 2], "b": 2}}`, log: []Kind{Bracket}},
	{where: named("bracket/outer-closed-nested"), in: `{"x": {"a": [1, 2}, "b": 2}`, kinds: LLM,
		want: `{"x": {"a": [1, 2]}, "b": 2}`, log: []Kind{Bracket}},
	{where: named("bracket/reopened-after-stray"), in: `{"a": 1}}, "c": 2}`, kinds: LLM,
		want: `{"a": 1, "c": 2}`, log: []Kind{Bracket, Bracket}},
	{where: named("bracket/reopened-nested-after-stray"), in: `{"a": {"b": 1}, "c": 2}}, "d": 3}`, kinds: LLM,
		want: `{"a": {"b": 1}, "c": 2, "d": 3}`, log: []Kind{Bracket, Bracket}},
	// A second value after the top-level one, written loosely, is not
	// prose: an error, or with MultiValue an element.
	{where: named("multi/single-quoted-not-prose"), in: `{"a":1} 'b'`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/after-comma-not-prose"), in: `{"a":1}, 'b'`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1}`), need: MultiValue},
	{where: named("multi/smart-quoted-not-prose"), in: `{"a":1} “b”`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/backticked-not-prose"), in: "{\"a\":1} `b`", kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/point-number-not-prose"), in: `{"a":1} .5`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/literal-not-prose"), in: `{"a":1} None`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/nan-not-prose"), in: `{"a":1} NaN`, kinds: All,
		err: ErrAmbiguous, errOff: len(`{"a":1} `)},
	{where: named("multi/tuple-not-prose"), in: `{"a":1} (1, 2)`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/call-not-prose"), in: `{"a":1} ObjectId("x")`, kinds: LLM,
		err: ErrAmbiguous, errOff: len(`{"a":1} `), need: MultiValue},
	{where: named("multi/word-is-prose"), in: `{"a":1} None of these apply.`, kinds: LLM,
		want: `{"a":1} `, log: []Kind{Prose}},
	{where: named("multi/parens-are-prose"), in: `{"a":1} (see above)`, kinds: LLM,
		want: `{"a":1} `, log: []Kind{Prose}},
	{where: named("multi/loose-values-joined"), in: "{\"a\":1}, 'b', .5, (1, 2), `c`, None", kinds: All,
		want: `[{"a":1}, "b", 0.5, [1, 2], "c", null]`},
	{where: named("quote/backticks"), in: "{\"a\": `b c`}", kinds: SmartQuote,
		want: `{"a": "b c"}`, log: []Kind{SmartQuote, SmartQuote}},
	{where: named("truncated/name-given-null"), in: `{"a": 1, "b`, kinds: Truncated,
		want: `{"a": 1, "b":null}`, log: []Kind{Truncated}},
	{where: named("truncated/number-completed"), in: `[1., -`, kinds: Truncated | Number,
		want: `[1.0, -0]`, log: []Kind{Number, Truncated}},
	{where: named("truncated/duplicate-name-dropped"), in: `[{"key": "value", "key`, kinds: Truncated,
		want: `[{"key": "value"}]`, log: []Kind{Truncated}, offs: []int{len(`[{"key": "value"`)}},
	{where: named("truncated/duplicate-name-colon-dropped"), in: `{"a": "x", "a": `, kinds: Truncated,
		want: `{"a": "x"}`, log: []Kind{Truncated}},
	{where: named("truncated/duplicate-bare-name-dropped"), in: `{key: 1, key`, kinds: Truncated | UnquotedKey,
		want: `{"key": 1}`, log: []Kind{UnquotedKey, UnquotedKey, Truncated}},
	{where: named("bracket/doubled-in-array"), in: `[{"key":"value"}},{"key":"value"}]`, kinds: LLM,
		want: `[{"key":"value"},{"key":"value"}]`, log: []Kind{Bracket}},
	{where: named("bracket/doubled-in-object"), in: `{"a": [1]], "b": 2}`, kinds: Bracket,
		want: `{"a": [1], "b": 2}`, log: []Kind{Bracket}},
	{where: named("bracket/mistyped-not-doubled"), in: `[[1, 2}, 3]`, kinds: Bracket,
		want: `[[1, 2], 3]`, log: []Kind{Bracket}},
	{where: named("literal/parens-not-tuple"), in: `{"a": (1), "b": (1,), "c": ((1, 2)), "d": ()}`, kinds: Literal,
		want: `{"a": 1, "b": [1], "c": [1, 2], "d": []}`},
	{where: named("colon/phrase-not-member"), in: `{"x": 1, see the docs}`, kinds: LLM,
		err: ErrSyntax, errOff: len(`{"x": 1, see `)},
	{where: named("colon/phrase-alone"), in: `{hello world}`, kinds: LLM,
		err: ErrSyntax, errOff: len(`{hello `)},
	{where: named("colon/bare-name-literal"), in: `{a true}`, kinds: LLM,
		want: `{"a": true}`},
	{where: named("quote/multiline-inner-at-line-end"), in: "[\"this\n\"quote\"\ntext\"]", kinds: LLM,
		want: `["this\n\"quote\"\ntext"]`, log: []Kind{ControlChar, InnerQuote, InnerQuote, ControlChar}},
	{where: named("quote/one-line-ends-at-line-end"), in: "[\"a \"b\"\n, \"c\"]", kinds: LLM,
		want: "[\"a \\\"b\"\n, \"c\"]", log: []Kind{InnerQuote}},
	// Hints name a kind that repairs the input.
	{where: named("hint/word-is-not-cut"), in: `hello`, kinds: Prose,
		err: ErrNoValue, errOff: 0, need: 0},
	{where: named("hint/ndjson"), in: "{\"a\":1}\n{\"b\":2}", kinds: LLM,
		err: ErrAmbiguous, errOff: len("{\"a\":1}\n"), need: MultiValue},
	{where: named("hint/ndjson-no-kind"), in: "{\"a\":1}\n{\"b\":2}", kinds: 0,
		err: ErrSyntax, errOff: len("{\"a\":1}\n"), need: MultiValue},
	// A string that no quote closes keeps the brackets it opened, and
	// closers that the closers at the end do not need.
	{where: named("quote/open-keeps-brackets"), in: `{"regex": "[a-z]}`, kinds: LLM,
		want: `{"regex": "[a-z]"}`, log: []Kind{MissingQuote}},
	{where: named("quote/open-keeps-nested-brackets"), in: `{"a": "f(x[0])}`, kinds: LLM,
		want: `{"a": "f(x[0])"}`, log: []Kind{MissingQuote}},
	{where: named("quote/open-keeps-closer"), in: `{"a": "b}c}`, kinds: LLM,
		want: `{"a": "b}c"}`, log: []Kind{MissingQuote}},
	{where: named("quote/open-keeps-other-closer"), in: `["x}]`, kinds: LLM,
		want: `["x}"]`, log: []Kind{MissingQuote}},
	{where: named("quote/open-keeps-closer-nested"), in: `{"a": ["x]]}`, kinds: LLM,
		want: `{"a": ["x]"]}`, log: []Kind{MissingQuote}},
	{where: named("quote/open-keeps-comma"), in: `{"msg": "hello, how are you}`, kinds: LLM,
		want: `{"msg": "hello, how are you"}`, log: []Kind{MissingQuote}},
	{where: named("quote/open-ends-before-member"), in: `{"a": "x, b: 1}`, kinds: LLM,
		want: `{"a": "x", "b": 1}`, log: []Kind{MissingQuote, UnquotedKey, UnquotedKey}},
	{where: named("quote/open-single-keeps-closers"), in: `['x] 'y] 'z]`, kinds: LLM,
		want: `["x] 'y] 'z"]`, log: []Kind{SingleQuote, MissingQuote}},
	{where: named("comma/string-touches-number"), in: `[1"a"]`, kinds: LLM,
		err: ErrSyntax, errOff: len(`[1`)},
	{where: named("comma/glued-objects"), in: `[{"a":1}{"b":2}]`, kinds: MissingComma,
		want: `[{"a":1},{"b":2}]`, log: []Kind{MissingComma}},
	{where: named("comma/spaced-strings"), in: `["a" "b"]`, kinds: MissingComma,
		want: `["a", "b"]`, log: []Kind{MissingComma}},

	// Comments where a value is due: a word, not a comment.
	{where: named("comment/hashtag-is-a-word"), in: "{\"recipients\": [\n  #ops,\n  #alerts\n], \"text\": \"deploy done\"}", kinds: LLM &^ UnquotedString,
		err: ErrSyntax, errOff: len("{\"recipients\": [\n  "), need: UnquotedString},
	{where: named("comment/hashtag-a-string"), in: "{\"recipients\": [\n  #ops,\n  #alerts\n], \"text\": \"deploy done\"}", kinds: LLM,
		want: "{\"recipients\": [\n  \"#ops\",\n  \"#alerts\"\n], \"text\": \"deploy done\"}"},
	{where: named("comment/url-is-a-word"), in: "{\"scripts\": [\n  //cdn.x.com/a.js\n]}", kinds: LLM &^ UnquotedString,
		err: ErrSyntax, errOff: len("{\"scripts\": [\n  "), need: UnquotedString},
	{where: named("comment/url-a-string"), in: "{\"scripts\": [\n  //cdn.x.com/a.js\n]}", kinds: LLM,
		want: "{\"scripts\": [\n  \"//cdn.x.com/a.js\"\n]}"},
	{where: named("comment/hash-value"), in: `{"tag": #1, "b": 2}`, kinds: All,
		want: `{"tag": "#1", "b": 2}`, log: []Kind{UnquotedString, UnquotedString}},
	{where: named("comment/spaced-where-a-value-is-due"), in: "[1, # one\n 2]", kinds: Comment,
		want: "[1, \n 2]", log: []Kind{Comment}},
	{where: named("comment/unspaced-after-a-value"), in: "{\"a\": 1, \"b\": 2 #note\n}", kinds: Comment,
		want: "{\"a\": 1, \"b\": 2 \n}", log: []Kind{Comment}},

	// Prose never takes a value out of a broken one around it.
	{where: named("prose/nested-in-cut-object"), in: `{@: "delete", "ids": [42, 43], "confirm": fal`, kinds: LLM,
		err: ErrSyntax, errOff: 1},
	{where: named("prose/nested-in-object"), in: `{@: "x", "opts": {"force": true}}`, kinds: LLM,
		err: ErrSyntax, errOff: 1},
	{where: named("prose/nested-in-array"), in: `[NaN, [1, 2]]`, kinds: LLM &^ UnquotedString,
		err: ErrSyntax, errOff: 1, need: UnquotedString},
	{where: named("prose/nested-in-array-bare"), in: `[NaN, [1, 2]]`, kinds: LLM,
		want: `["NaN", [1, 2]]`},
	{where: named("prose/nested-after-prose"), in: `Sure: {@type: "Cmd", "argv": ["ls"]}`, kinds: LLM,
		err: ErrNoValue, errOff: len(`Sure: `)},
	{where: named("prose/nested-quote-kind-off"), in: `{'cmd': 'rm', 'args': ["-rf", "/tmp/build"]}`, kinds: Fence | Prose | TrailingComma | Literal,
		err: ErrSyntax, errOff: 1, need: SingleQuote},
	{where: named("prose/closed-brackets-before"), in: `See [the docs] and {this}: {"a":1}`, kinds: Prose,
		want: `{"a":1}`, log: []Kind{Prose}},
	{where: named("comma/missing-off"), in: `[1 2]`, kinds: LLM &^ MissingComma,
		err: ErrSyntax, errOff: len(`[1 `), need: MissingComma},

	// Quotes.
	{where: named("quote/single"), in: `{'a':'b'}`, kinds: SingleQuote,
		want: `{"a":"b"}`, log: []Kind{SingleQuote, SingleQuote, SingleQuote, SingleQuote}},
	{where: named("quote/single-apostrophe"), in: `['it's fine', 'x']`, kinds: SingleQuote,
		want: `["it's fine", "x"]`},
	{where: named("quote/single-inner-double"), in: `['say "hi"']`, kinds: SingleQuote,
		want: `["say \"hi\""]`},
	{where: named("quote/single-escaped"), in: `['it\'s']`, kinds: SingleQuote,
		want: `["it's"]`},
	{where: named("quote/smart-double"), in: `{“a”: “b c”}`, kinds: SmartQuote,
		want: `{"a": "b c"}`, log: []Kind{SmartQuote, SmartQuote, SmartQuote, SmartQuote},
		offs: []int{len(`{`), len(`{“a`), len(`{“a”: `), len(`{“a”: “b c`)}},
	{where: named("quote/smart-single-apostrophe"), in: `[‘it’s’]`, kinds: SmartQuote,
		want: `["it’s"]`},
	{where: named("quote/smart-in-string-untouched"), in: `["“a” ‘b’"]`, kinds: All,
		want: `["“a” ‘b’"]`},
	{where: named("quote/single-off"), in: `['a']`, kinds: LLM &^ SingleQuote,
		err: ErrSyntax, errOff: len(`[`), need: SingleQuote},

	// Names.
	{where: named("name/unquoted"), in: `{a: 1, b_2: {c$: 2}, content-type: 3}`, kinds: UnquotedKey,
		want: `{"a": 1, "b_2": {"c$": 2}, "content-type": 3}`},
	{where: named("name/unquoted-url-value"), in: `{url: "http://x:80/a"}`, kinds: UnquotedKey,
		want: `{"url": "http://x:80/a"}`, log: []Kind{UnquotedKey, UnquotedKey}, offs: []int{len(`{`), len(`{url`)}},
	{where: named("name/unquoted-off"), in: `{a:1}`, kinds: LLM &^ UnquotedKey,
		err: ErrSyntax, errOff: len(`{`), need: UnquotedKey},
	{where: named("name/missing-colon"), in: `{"a" 1}`, kinds: All &^ MissingColon,
		err: ErrSyntax, errOff: len(`{"a" `), need: MissingColon},
	{where: named("name/missing-colon-repaired"), in: `{"a" /* c */ 1, b "x"}`, kinds: MissingColon | UnquotedKey | Comment,
		want: `{"a":  1, "b": "x"}`, log: []Kind{MissingColon, Comment, UnquotedKey, UnquotedKey, MissingColon}},
	{where: named("name/missing-start-quote"), in: `{a":1}`, kinds: MissingQuote,
		want: `{"a":1}`, log: []Kind{MissingQuote}},
	{where: named("name/number"), in: `{2: 1}`, kinds: UnquotedKey,
		want: `{"2": 1}`},

	// Comments.
	{where: named("comment/all-three"), in: "{\n// a\n\"a\":1, # b\n\"b\":/* c */2}", kinds: Comment,
		want: "{\n\n\"a\":1, \n\"b\":2}", log: []Kind{Comment, Comment, Comment}},
	{where: named("comment/url-not-comment"), in: `{"u":"http://x"}`, kinds: Comment,
		want: `{"u":"http://x"}`},
	{where: named("comment/between-words"), in: `[1/**/2]`, kinds: Comment | MissingComma,
		want: `[1, 2]`},
	{where: named("comment/off"), in: `[1 // x` + "\n]", kinds: LLM &^ Comment,
		err: ErrSyntax, errOff: len(`[1 `)},

	// Literals.
	{where: named("literal/python"), in: `[True, False, None, undefined]`, kinds: Literal,
		want: `[true, false, null, null]`, log: []Kind{Literal, Literal, Literal, Literal},
		offs: []int{len(`[`), len(`[True, `), len(`[True, False, `), len(`[True, False, None, `)}},
	{where: named("literal/nan-not-repaired"), in: `[NaN]`, kinds: All &^ UnquotedString,
		err: ErrSyntax, errOff: len(`[`), need: UnquotedString},
	{where: named("literal/infinity-not-repaired"), in: `[-Infinity]`, kinds: All &^ UnquotedString,
		err: ErrSyntax, errOff: len(`[-`), need: UnquotedString},
	{where: named("literal/bare-word-not-repaired"), in: `{"a": hello}`, kinds: All &^ UnquotedString,
		err: ErrSyntax, errOff: len(`{"a": `), need: UnquotedString},
	{where: named("literal/bare-words-strings"), in: `{"a": hello world, "b": NaN, "c": -Infinity}`, kinds: UnquotedString,
		want: `{"a": "hello world", "b": "NaN", "c": "-Infinity"}`},
	{where: named("literal/off"), in: `[None]`, kinds: LLM &^ Literal,
		err: ErrSyntax, errOff: len(`[`), need: Literal},

	// Strings.
	{where: named("string/control"), in: "{\"code\":\"a\tb\nc\x01\"}", kinds: ControlChar,
		want: `{"code":"a\tb\nc\u0001"}`, log: []Kind{ControlChar, ControlChar, ControlChar},
		offs: []int{len("{\"code\":\"a"), len("{\"code\":\"a\tb"), len("{\"code\":\"a\tb\nc")}},
	{where: named("string/control-off"), in: "[\"a\nb\"]", kinds: LLM &^ ControlChar,
		err: ErrSyntax, errOff: len("[\"a"), need: ControlChar},
	{where: named("string/invalid-escape"), in: `["C:\data\x41", "it\'s"]`, kinds: InvalidEscape,
		want: `["C:\\data\\x41", "it's"]`, log: []Kind{InvalidEscape, InvalidEscape, InvalidEscape}},
	{where: named("string/invalid-unicode-escape"), in: `["\u12G4"]`, kinds: InvalidEscape,
		want: `["\\u12G4"]`},
	{where: named("string/invalid-escape-off"), in: `["\a"]`, kinds: LLM &^ InvalidEscape,
		err: ErrSyntax, errOff: len(`["\`), need: InvalidEscape},
	// Half a surrogate pair alone; a pair is one escape, and its first
	// half at the end of the input is cut off with the string.
	{where: named("string/lone-surrogates"), in: `["\udc00x", "\ud800\u0041", "\ud83d\uZZ", "\ud83d\ude00"]`, kinds: InvalidEscape,
		want: `["\ufffdx", "\ufffd\u0041", "\ufffd\\uZZ", "\ud83d\ude00"]`, log: []Kind{InvalidEscape, InvalidEscape, InvalidEscape, InvalidEscape},
		offs: []int{2, 13, 29, 35}},
	{where: named("string/lone-surrogate-and-comma"), in: `{"a": "\uDE00",}`, kinds: LLM,
		want: `{"a": "\ufffd"}`, log: []Kind{InvalidEscape, TrailingComma}},
	{where: named("string/lone-surrogate-off"), in: `{"a": ["\ud83d\ude00", "\ud83d"],}`, kinds: LLM &^ InvalidEscape,
		err: ErrSyntax, errOff: len(`{"a": ["\ud83d\ude00", "\ud83d`), need: InvalidEscape},
	{where: named("string/half-pair-at-end"), in: `{"a": "x\uD83D`, kinds: Truncated,
		want: `{"a": "x"}`, log: []Kind{Truncated}},
	{where: named("string/half-pair-at-end-escape"), in: `{"a": "x\uD83D\uDE`, kinds: Truncated,
		want: `{"a": "x"}`, log: []Kind{Truncated}},
	{where: named("string/invalid-utf8-not-repaired"), in: "[\"a\xffb\"]", kinds: All,
		err: ErrSyntax, errOff: len("[\"a")},

	// Truncation.
	{where: named("truncated/string"), in: `{"a":[1,"b`, kinds: Truncated,
		want: `{"a":[1,"b"]}`, log: []Kind{Truncated}, offs: []int{len(`{"a":[1,"b`)}},
	{where: named("truncated/dangling-name"), in: `{"a":1,"b":`, kinds: Truncated,
		want: `{"a":1,"b":null}`, log: []Kind{Truncated}, offs: []int{len(`{"a":1,"b":`)}},
	{where: named("truncated/dangling-comma"), in: `{"a":1,`, kinds: Truncated,
		want: `{"a":1}`, log: []Kind{Truncated}, offs: []int{len(`{"a":1`)}},
	{where: named("truncated/in-name"), in: `{"a":{"bc`, kinds: Truncated,
		want: `{"a":{"bc":null}}`},
	{where: named("truncated/before-colon"), in: `{"a"`, kinds: Truncated,
		want: `{"a":null}`},
	{where: named("truncated/literal"), in: `{"ok":tr`, kinds: Truncated,
		want: `{"ok":true}`},
	{where: named("truncated/number"), in: `[1, 2.`, kinds: Truncated,
		want: `[1, 2.0]`, log: []Kind{Truncated}},
	{where: named("truncated/number-sign"), in: `{"a":-`, kinds: Truncated,
		want: `{"a":-0}`, log: []Kind{Truncated}},
	{where: named("truncated/escape"), in: `["ab\u00`, kinds: Truncated,
		want: `["ab"]`},
	{where: named("truncated/utf8"), in: "[\"ab\xe2\x80", kinds: Truncated,
		want: `["ab"]`},
	{where: named("truncated/after-missing-comma"), in: `{"a":1 "b`, kinds: Truncated | MissingComma,
		want: `{"a":1, "b":null}`, log: []Kind{MissingComma, Truncated}},
	{where: named("truncated/single-quoted"), in: `['ab`, kinds: Truncated | SingleQuote,
		want: `["ab"]`, log: []Kind{SingleQuote, Truncated}},
	{where: named("truncated/top-number-is-complete"), in: `12`, kinds: Truncated,
		want: `12`},
	{where: named("truncated/empty"), in: ``, kinds: All,
		err: ErrNoValue, errOff: 0},
	{where: named("truncated/off"), in: `{"a":1`, kinds: LLM,
		err: io.ErrUnexpectedEOF, errOff: len(`{"a":1`), need: Truncated},
	{where: named("truncated/comment"), in: `[1] /* note`, kinds: Comment | Truncated,
		want: `[1] `, log: []Kind{Truncated}},

	// Escaped JSON.
	{where: named("escaped/object"), in: `{\"a\": \"b\"}`, kinds: EscapedJSON,
		want: `{"a": "b"}`, log: []Kind{EscapedJSON, EscapedJSON, EscapedJSON, EscapedJSON},
		offs: []int{len(`{`), len(`{\"a`), len(`{\"a\": `), len(`{\"a\": \"b`)}},
	{where: named("escaped/array-of-objects"), in: `[{\"a\": 1}, {\"a\": 2}]`, kinds: EscapedJSON,
		want: `[{"a": 1}, {"a": 2}]`},
	{where: named("escaped/string"), in: `\"hello\"`, kinds: EscapedJSON,
		want: `"hello"`, offs: []int{0, len(`\"hello`)}},
	{where: named("escaped/escapes-inside"), in: `{\"a\": \"say \\\"hi\\\"\", \"b\": \"x\\ny\", \"c\": \"\u00e9\"}`, kinds: EscapedJSON,
		want: `{"a": "say \"hi\"", "b": "x\ny", "c": "\u00e9"}`},
	{where: named("escaped/newline-between-tokens"), in: `{\"a\":\n1}`, kinds: EscapedJSON,
		want: "{\"a\":\n1}", log: []Kind{EscapedJSON, EscapedJSON, EscapedJSON}},
	{where: named("escaped/with-other-kinds"), in: `{\"a\": True, \"b\": [1,2,],}`, kinds: EscapedJSON | Literal | TrailingComma,
		want: `{"a": true, "b": [1,2]}`,
		log:  []Kind{EscapedJSON, EscapedJSON, Literal, EscapedJSON, EscapedJSON, TrailingComma, TrailingComma},
		offs: []int{1, len(`{\"a`), len(`{\"a\": `), len(`{\"a\": True, `), len(`{\"a\": True, \"b`),
			len(`{\"a\": True, \"b\": [1,2`), len(`{\"a\": True, \"b\": [1,2,]`)}},
	{where: named("escaped/edit-spans-escapes"), in: `{\"a\": \"x\" + \"y\"}`, kinds: EscapedJSON | StringConcat,
		want: `{"a": "xy"}`, log: []Kind{EscapedJSON, EscapedJSON, EscapedJSON, StringConcat, EscapedJSON},
		offs: []int{1, len(`{\"a`), len(`{\"a\": `), len(`{\"a\": \"x`), len(`{\"a\": \"x\" + \"y`)}},
	{where: named("escaped/raw-newline-in-string"), in: "[\\\"a\nb\\\"]", kinds: EscapedJSON | ControlChar,
		want: `["a\nb"]`, log: []Kind{EscapedJSON, ControlChar, EscapedJSON}},
	{where: named("escaped/literal-not-strict"), in: "\"{\\\"a\\\":\n 1} \" ", kinds: EscapedJSON,
		want: "{\"a\":\n 1}  ", log: []Kind{EscapedJSON, EscapedJSON, EscapedJSON, EscapedJSON}, offs: []int{0, 2, 5, len("\"{\\\"a\\\":\n 1} ")}},
	{where: named("escaped/literal-cut"), in: `"{\"a\": 1}`, kinds: EscapedJSON,
		want: `{"a": 1}`, log: []Kind{EscapedJSON, EscapedJSON, EscapedJSON}},
	{where: named("escaped/literal-as-string"), in: "\"[\\\"a\\\" b\n]\"", kinds: EscapedJSON | ControlChar,
		want: `"[\"a\" b\n]"`, log: []Kind{ControlChar}},
	{where: named("escaped/cut-escape"), in: `[\"a\`, kinds: EscapedJSON | Truncated,
		want: `["a"]`, log: []Kind{EscapedJSON, Truncated, Truncated}, offs: []int{1, len(`[\"a`), len(`[\"a`)}},
	{where: named("escaped/cut-escape-off"), in: `[\"a\"]\`, kinds: EscapedJSON,
		err: io.ErrUnexpectedEOF, errOff: len(`[\"a\"]`), need: Truncated},
	{where: named("escaped/off"), in: `{\"a\": 1}`, kinds: LLM &^ EscapedJSON,
		err: ErrSyntax, errOff: len(`{`), need: EscapedJSON},
	{where: named("escaped/in-fence"), in: "```json\n{\\\"a\\\": 1}\n```", kinds: EscapedJSON | Fence,
		want: "{\"a\": 1}\n", log: []Kind{Fence, EscapedJSON, EscapedJSON, Fence}},
	{where: named("escaped/after-prose"), in: `Result: {\"a\":1}`, kinds: EscapedJSON | Prose,
		want: `{"a":1}`, log: []Kind{Prose, EscapedJSON, EscapedJSON}, offs: []int{0, len(`Result: {`), len(`Result: {\"a`)}},
	{where: named("escaped/prose-fence-and-kinds"), in: "Here:\n```json\n[{\\\"a\\\": \\\"b\\\\\\\"c\\\", \\\"d\\\": [1,2,]}]\n```\nDone.", kinds: All,
		want: "[{\"a\": \"b\\\"c\", \"d\": [1,2]}]\n\n"},
	{where: named("escaped/after-prose-off"), in: `Result: {\"a\":1}`, kinds: LLM &^ EscapedJSON,
		err: ErrNoValue, need: EscapedJSON},
	{where: named("escaped/after-prose-not-escaped"), in: `Result: {"a": "x\"y"}`, kinds: All,
		want: `{"a": "x\"y"}`, log: []Kind{Prose}},
	{where: named("escaped/inner-error-offset"), in: `{\"a\": \"b\" x y}`, kinds: EscapedJSON,
		err: ErrSyntax, errOff: len(`{\"a\": \"b\" `), need: MissingComma},

	// Python tuples, under Literal.
	{where: named("tuple/nested"), in: `((1, 2), (3, 4))`, kinds: Literal,
		want: `[[1, 2], [3, 4]]`, offs: []int{0, 1, len(`((1, 2`), len(`((1, 2), `), len(`((1, 2), (3, 4`), len(`((1, 2), (3, 4)`)}},
	{where: named("tuple/one"), in: `(1,)`, kinds: Literal,
		want: `[1]`, log: []Kind{Literal, Literal, Literal}, offs: []int{0, 2, 3}},
	{where: named("tuple/empty-in-object"), in: `{"a": (), "b": ("x", None)}`, kinds: Literal,
		want: `{"a": [], "b": ["x", null]}`},
	{where: named("tuple/missing-comma"), in: `[(1) (2)]`, kinds: Literal | MissingComma,
		want: `[1, 2]`},
	{where: named("tuple/in-call"), in: `f((1, 2))`, kinds: Literal | Wrapper,
		want: `[1, 2]`},
	{where: named("tuple/cut"), in: `[(1, 2`, kinds: Literal | Truncated,
		want: `[[1, 2]]`},
	{where: named("tuple/prose-in-parentheses"), in: `(see below) {"a": 1}`, kinds: LLM,
		want: `{"a": 1}`, log: []Kind{Prose}},
	{where: named("tuple/words"), in: `(a, b)`, kinds: LLM,
		want: `["a", "b"]`},
	{where: named("tuple/off"), in: `[(1, 2)]`, kinds: LLM &^ Literal &^ UnquotedString,
		err: ErrSyntax, errOff: 1, need: Literal},

	// Mixed, as models write it.
	{where: named("mixed/llm"), in: "Sure! Here is the call:\n```json\n{\n  name: 'search', // tool\n  'args': {query: “go json”, limit: 5, exact: False,},\n}\n```\nLet me know!",
		kinds: LLM, want: "{\n  \"name\": \"search\", \n  \"args\": {\"query\": \"go json\", \"limit\": 5, \"exact\": false}\n}\n\n"},
	{where: named("mixed/zero-options"), in: `{'a':1}`, kinds: 0,
		err: ErrSyntax, errOff: len(`{`), need: SingleQuote},
}

func TestRepair(t *testing.T) {
	for _, tc := range repairCases {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(tc.in)
			out, log, err := Repair(in, Options{Kinds: tc.kinds})
			if tc.err != nil {
				require.Error(t, err, "%s: output %q\n%s", tc.line, out, log)
				assert.ErrorIs(t, err, tc.err, tc.line)
				var e *Error
				require.ErrorAs(t, err, &e, tc.line)
				assert.Equal(t, int64(tc.errOff), e.Offset, "%s: %v", tc.line, err)
				assert.Equal(t, tc.need, e.Need, "%s: %v", tc.line, err)
				return
			}
			require.NoError(t, err, tc.line)
			assert.Equal(t, tc.want, string(out), "%s\n%s", tc.line, log)
			if tc.log != nil {
				var kinds []Kind
				for _, e := range log {
					kinds = append(kinds, e.Kind)
				}
				assert.Equal(t, tc.log, kinds, "%s\n%s", tc.line, log)
			}
			if tc.offs != nil {
				var offs []int
				for _, e := range log {
					offs = append(offs, int(e.Offset))
				}
				assert.Equal(t, tc.offs, offs, "%s\n%s", tc.line, log)
			}
			checkProperties(t, in, Options{Kinds: tc.kinds}, out, log)
		})
	}
}

// checkProperties checks the guarantees of a successful Repair: the log
// replays to the output, the output is strict JSON, repairing it again
// logs nothing, and only enabled kinds were used.
func checkProperties(t *testing.T, in []byte, opts Options, out []byte, log Log) {
	t.Helper()
	replay, err := Apply(in, log)
	require.NoError(t, err)
	require.Equal(t, string(out), string(replay), "log does not replay to the output")
	require.NoError(t, strictValid(out))
	again, log2, err := Repair(out, opts)
	require.NoError(t, err)
	require.Empty(t, log2, "not idempotent")
	require.Equal(t, string(out), string(again))
	require.Zero(t, log.Kinds()&^opts.Kinds, "used a kind that is off")
	for _, e := range log {
		require.Equal(t, e.Kind == Truncated, e.Truncated, "Truncated flag on %v", e)
	}
}

// TestKindOff checks that every kind is off unless enabled: without it,
// the same input fails or is repaired without it.
func TestKindOff(t *testing.T) {
	for _, tc := range repairCases {
		if tc.err != nil {
			continue
		}
		_, log, err := Repair([]byte(tc.in), Options{Kinds: tc.kinds})
		require.NoError(t, err, tc.line)
		for _, k := range Kinds() {
			if log.Kinds()&k == 0 {
				continue
			}
			_, log2, err := Repair([]byte(tc.in), Options{Kinds: tc.kinds &^ k})
			if err == nil {
				assert.Zero(t, log2.Kinds()&k, "%s: kind %s used while off", tc.line, k)
			}
		}
	}
}

var validInputs = []string{
	`{}`, `[]`, `0`, `-1.5e+3`, `"x"`, `true`, `null`, ` {"a" : [1, 2, {"b": null}] } `,
	`{"url":"http://example.com/a#b?c='d'"}`,
	`{"md":"` + "```json\\n{}\\n```" + `"}`,
	`["// not a comment", "/* nor */", "# nor", "True", "None", "it's", "“smart”"]`,
	`{"esc":"\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00"}`,
	"{\"utf8\":\"h\u00e9llo \u4e16\u754c \U0001F600\"}",
	`[[[[[]]]], {"":{"":{}}}]`,
	` "{\"a\": 1,}" `, // escaped JSON in a string: a string
}

func TestValidUnchanged(t *testing.T) {
	for _, s := range validInputs {
		for _, k := range []Kind{0, LLM, All} {
			in := []byte(s)
			out, log, err := Repair(in, Options{Kinds: k})
			require.NoError(t, err, s)
			require.Empty(t, log, s)
			require.Equal(t, s, string(out))
			require.True(t, len(in) == 0 || &out[0] == &in[0], "valid input should come back as is")
		}
	}
}

func TestValidDoesNotAllocate(t *testing.T) {
	in := []byte(`{"query": "go json", "limit": 5, "filters": [{"lang": "en", "safe": true}, null, -1.5e3]}`)
	allocs := testing.AllocsPerRun(100, func() {
		if _, _, err := Repair(in, Options{Kinds: All}); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

func TestZeroOptionsRepairNothing(t *testing.T) {
	for _, tc := range repairCases {
		if tc.err != nil || strictValid([]byte(tc.in)) == nil {
			continue
		}
		_, _, err := Repair([]byte(tc.in), Options{})
		assert.Error(t, err, tc.line)
	}
}

func TestLimits(t *testing.T) {
	_, _, err := Repair([]byte(`[1,2,3]`), Options{MaxInput: 3})
	require.ErrorIs(t, err, ErrTooLarge)

	deep := strings.Repeat("[", 20) + strings.Repeat("]", 20)
	_, _, err = Repair([]byte(deep), Options{MaxDepth: 10})
	require.ErrorIs(t, err, ErrTooDeep)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, int64(len("[[[[[[[[[[")), e.Offset)

	// Far deeper than the default limit, and cut off: no panic.
	deep = strings.Repeat(`{"a":[`, 100000)
	_, _, err = Repair([]byte(deep), Options{Kinds: All})
	require.ErrorIs(t, err, ErrTooDeep)
	_, _, err = Repair([]byte(deep[:len(deep)/15]), Options{Kinds: All, MaxDepth: 20000})
	require.ErrorIs(t, err, ErrTooDeep, "the strict check behind Repair keeps its own limit")
}

// TestMaxEdits: a log never holds more than MaxEdits edits; Repair fails
// at the first edit left out.
func TestMaxEdits(t *testing.T) {
	in := []byte(`{a:1,b:2}`) // four quotes to insert
	_, log, err := Repair(in, Options{Kinds: UnquotedKey, MaxEdits: 4})
	require.NoError(t, err)
	assert.Len(t, log, 4)
	_, _, err = Repair(in, Options{Kinds: UnquotedKey, MaxEdits: 3})
	require.ErrorIs(t, err, ErrTooManyEdits)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, int64(len(`{a:1,`)), e.Offset, "the first edit left out, at b")

	// The default, one past it, and no limit.
	commas := func(n int) []byte { return []byte("[" + strings.Repeat("1 ", n) + "1]") } // n missing
	_, log, err = Repair(commas(DefaultMaxEdits), Options{Kinds: MissingComma})
	require.NoError(t, err)
	assert.Len(t, log, DefaultMaxEdits)
	many := commas(DefaultMaxEdits + 1)
	_, _, err = Repair(many, Options{Kinds: MissingComma})
	require.ErrorIs(t, err, ErrTooManyEdits)
	_, log, err = Repair(many, Options{Kinds: MissingComma, MaxEdits: -1})
	require.NoError(t, err)
	assert.Len(t, log, DefaultMaxEdits+1)
}

func TestErrorPointer(t *testing.T) {
	for _, tc := range []struct {
		where
		in, ptr string
	}{
		{named("array"), `[1, 2, x]`, "/2"},
		{named("object"), `{"a": {"b~/c": [0, {"d": x}]}}`, "/a/b~0~1c/1/d"},
		{named("separator"), `{"a": [1 2]}`, "/a/0"}, // after a value, its pointer, as the tokenizer has it
	} {
		_, _, err := Repair([]byte(tc.in), Options{})
		var e *Error
		require.ErrorAs(t, err, &e, tc.line)
		assert.Equal(t, tc.ptr, e.Pointer, tc.line)
	}
	// Names in single or smart quotes lose their quotes, as double-quoted
	// ones do.
	for in, ptr := range map[string]string{"{“a”: {“b”: :}}": "/a/b", `{'a': {'b/c': :}}`: "/a/b~1c"} {
		_, _, err := Repair([]byte(in), Options{Kinds: LLM})
		var e *Error
		require.ErrorAs(t, err, &e, in)
		assert.Equal(t, ptr, e.Pointer, in)
	}
}

// TestLinear guards against quadratic paths with inputs that would hit
// them: 8x the input must take well under the 64x of a quadratic.
func TestLinear(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("[a ", 1<<15),                 // prose: candidates failing at once
		strings.Repeat("{ ", 1<<15),                  // the same, after whitespace
		"[" + strings.Repeat("'a' ", 1<<16) + "]",    // apostrophe look-ahead
		"[" + strings.Repeat("1 /**/ ", 1<<15) + "]", // comma inserted behind comments
		strings.Repeat("x", 1<<18) + `{"a":1}`,
	} {
		assertLinear(t, []byte(s), All)
	}
	// Candidates that the end of the input cuts, with truncated off: each
	// would read to the end.
	for _, s := range []string{
		strings.Repeat("['", 1<<14) + "x",         // an unclosed string
		strings.Repeat("[/*", 1<<14) + "x",        // an unclosed comment
		"{} " + strings.Repeat("['", 1<<14) + "x", // in trailing prose
	} {
		assertLinear(t, []byte(s), LLM)
	}
	// Strings that no quote closes, each ended at its comma: each would
	// read to the end. The closer at the end says where they end, so the
	// smaller input is made whole too.
	for _, c := range []struct{ open, elem, end string }{
		{"[", "'x, ", "]"},
		{"[", "“x, ", "]"},
		{"[", "‘x, ", "]"},
		{"[", "`x, ", "]"},
		{"[", "'it's, ", "]"},
		{"(", "'x, ", ")"},
		{"{", "a: 'x, ", "}"},
		{"{", `"a": 'x, `, "}"},
	} {
		in := func(n int) []byte { return []byte(c.open + strings.Repeat(c.elem, n) + c.end) }
		assertScales(t, in(1<<10), in(1<<13), LLM)
	}
}

// TestProseSearchAllocs: candidates in prose that fail at once cost no
// allocation each, so that memory does not grow with their number.
func TestProseSearchAllocs(t *testing.T) {
	for _, s := range []string{strings.Repeat("{ ", 1<<14), strings.Repeat("[a ", 1<<14)} {
		in := []byte(s + `{"a":1}`)
		allocs := testing.AllocsPerRun(3, func() { _, _, _ = Repair(in, Options{Kinds: LLM}) })
		assert.Less(t, allocs, float64(100), "%.10q…: %v allocations", in, allocs)
	}
}

// assertLinear checks that Repair on in takes well under the 64x of a
// quadratic path its time on an eighth of in: at most 40x, which leaves
// room for the larger input's cache misses on a busy machine. The two
// sizes are timed in turn, seven times each, and the fastest of each
// compared; a ratio over the limit is measured again, up to four times
// in all: a quadratic path fails every time.
func assertLinear(t *testing.T, in []byte, kinds Kind) {
	t.Helper()
	assertScales(t, in[:len(in)/8], in, kinds)
}

// assertScales is assertLinear for large, about 8x small, and small.
func assertScales(t *testing.T, small, large []byte, kinds Kind) {
	t.Helper()
	var ratios []float64
	for range 4 {
		ts, tl := time.Duration(1<<62), time.Duration(1<<62)
		for range 7 {
			ts = min(ts, timeOf(func() { _, _, _ = Repair(small, Options{Kinds: kinds}) }))
			tl = min(tl, timeOf(func() { _, _, _ = Repair(large, Options{Kinds: kinds}) }))
		}
		ratio := float64(tl) / float64(max(ts, 1))
		if ratio < 8*5.0 {
			return
		}
		ratios = append(ratios, ratio)
	}
	t.Errorf("input %.10q…: 8x the input took %.1fx the time, in each of four measurements", large, ratios)
}

// timeOf returns how long f took.
func timeOf(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}

func TestApplyRejectsBadLog(t *testing.T) {
	in := []byte(`[1,]`)
	for _, log := range []Log{
		{{Kind: TrailingComma, Offset: 2, Removed: "x"}},
		{{Offset: 3}, {Offset: 2}},
		{{Offset: 4, Removed: "]"}},
		{{Offset: 1, Removed: "1,"}, {Offset: 2, Removed: ","}},
	} {
		_, err := Apply(in, log)
		assert.Error(t, err, "%v", log)
	}
}

func TestWriteText(t *testing.T) {
	// The example in WriteText's doc.
	in := []byte("{\n  \"a\": [1,\n    2, 3,]\n}")
	_, log, err := Repair(in, Options{Kinds: TrailingComma})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, log.WriteText(&buf, in))
	assert.Equal(t, `3:9 trailing-comma: removed "," in "a\": [1,\n    2, 3,]\n}"`+"\n", buf.String())

	in = []byte("{\n  \"a\": True,\n}")
	_, log, err = Repair(in, Options{Kinds: LLM})
	require.NoError(t, err)
	buf.Reset()
	require.NoError(t, log.WriteText(&buf, in))
	assert.Equal(t, `2:8 literal: replaced "True" with "true" in "{\n  \"a\": True,\n}"
2:12 trailing-comma: removed "," in "{\n  \"a\": True,\n}"
`, buf.String())

	// The column counts characters: "é" is one, though two bytes.
	in = []byte(`["é" None]`)
	_, log, err = Repair(in, Options{Kinds: LLM})
	require.NoError(t, err)
	buf.Reset()
	require.NoError(t, log.WriteText(&buf, in))
	assert.Equal(t, `1:5 missing-comma: inserted "," in "[\"é\" None]"
1:6 literal: replaced "None" with "null" in "[\"é\" None]"
`, buf.String())

	// The context and a long removed text are cut between characters.
	// The 16 bytes before the comma hold half an "é", 7 whole ones and a
	// quote; the 24 at the end of the second context, half an "é", 4
	// whole ones, a quote and 7 more, of which 16 bytes come after the
	// edit.
	long := strings.Repeat("é", 40)
	in = []byte(`{"a":"` + long + `"` + long + `":1}`)
	log = Log{{Kind: MissingComma, Offset: int64(len(`{"a":"`) + 80 + 1), Inserted: ","},
		{Kind: Fence, Offset: 6, Removed: long}}
	buf.Reset()
	require.NoError(t, log[:1].WriteText(&buf, in))
	assert.Equal(t, `1:48 missing-comma: inserted "," in "`+strings.Repeat("é", 7)+`\"`+strings.Repeat("é", 8)+`"`+"\n", buf.String())
	buf.Reset()
	require.NoError(t, log[1:].WriteText(&buf, in))
	assert.Equal(t, `1:7 fence: removed "`+strings.Repeat("é", 12)+`"…"`+strings.Repeat("é", 12)+`"(80 bytes) in "`+
		`{\"a\":\"`+strings.Repeat("é", 9)+`"…"`+strings.Repeat("é", 4)+`\"`+strings.Repeat("é", 7)+`"(101 bytes)`+"\n", buf.String())
}

// TestKindExamples checks the examples that --list shows: each repairs
// as shown with its kind alone, and is not strict JSON.
func TestKindExamples(t *testing.T) {
	for i, kn := range kindNames {
		k := Kind(1) << i
		out, log, err := Repair([]byte(kn.in), Options{Kinds: k})
		require.NoError(t, err, kn.name)
		assert.Equal(t, kn.out, string(out), kn.name)
		assert.Equal(t, k, log.Kinds(), kn.name)
		_, _, err = Repair([]byte(kn.in), Options{})
		assert.Error(t, err, kn.name)
	}
}

func TestParseKinds(t *testing.T) {
	k, err := ParseKinds("fence, trailing-comma")
	require.NoError(t, err)
	assert.Equal(t, Fence|TrailingComma, k)
	k, err = ParseKinds("all")
	require.NoError(t, err)
	assert.Equal(t, All, k)
	_, err = ParseKinds("fence,bogus")
	assert.Error(t, err)
	for _, k := range Kinds() {
		back, err := ParseKinds(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, back)
		assert.NotEmpty(t, k.Example())
	}
	assert.Equal(t, "fence,prose", (Fence | Prose).String())
	assert.Zero(t, LLM&Truncated)
	assert.True(t, errors.Is(&Error{Err: ErrAmbiguous}, ErrAmbiguous))
}

// TestBadInput feeds input made to hurt: each gets a typed error or a
// repair that holds the guarantees, in time linear in its size (checked
// on an eighth of it) and memory bounded by a small multiple of it.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"deep-nesting", []byte(strings.Repeat(`{"a":[`, 1<<16))},
		{"10MB-of-[", bytes.Repeat([]byte("["), 10<<20)},
		{"1MB-of-dots", bytes.Repeat([]byte("..."), 1<<20/3)},
		{"1MB-of-dots-in-array", []byte("[" + strings.Repeat("..., ", 1<<20/5) + "]")},
		{"repeated-plus", []byte(strings.Repeat(`"a" + `, 1<<16) + `"b"`)},
		{"plus-only", bytes.Repeat([]byte("+"), 1<<20)},
		{"unterminated-comment", []byte("[1, /*" + strings.Repeat("x", 1<<20))},
		{"unterminated-comments", []byte(strings.Repeat("[/* ", 1<<16))},
		{"lone-surrogates", []byte(`["` + strings.Repeat(`\ud800`, 1<<15) + `"]`)},
		{"nul-bytes", append([]byte(`{"a": "`), append(bytes.Repeat([]byte{0}, 1<<16), `"}`...)...)},
		{"nul-bare", bytes.Repeat([]byte{0}, 1<<16)},
		{"invalid-utf8", []byte(`{"a": "` + strings.Repeat("\xff", 1<<16) + `"}`)},
		{"invalid-utf8-bare", []byte(`[` + strings.Repeat("a\xff ", 1<<16) + `]`)},
		{"quotes-no-closer", []byte(`[` + strings.Repeat(`"a" b `, 1<<16))},
		{"inner-quotes", []byte(`["` + strings.Repeat(`a" b `, 1<<16) + `"]`)},
		{"missing-end-quotes", []byte(`[` + strings.Repeat(`"a, `, 1<<16) + `]`)},
		{"missing-end-quotes-object", []byte(`{"a":"b` + strings.Repeat(`, "c`, 1<<16) + `}`)},
		{"bare-words", []byte(`[` + strings.Repeat(`a b, `, 1<<16) + `]`)},
		{"bare-top-lines", []byte(strings.Repeat("a\n", 1<<16))},
		{"ndjson", []byte(strings.Repeat("{\"a\":1}\n", 1<<16))},
		{"missing-colons", []byte(`{` + strings.Repeat(`"a" 1 `, 1<<16) + `}`)},
		{"wrappers", []byte(`[` + strings.Repeat(`ObjectId("1"), `, 1<<15) + `]`)},
		{"open-wrappers", []byte(strings.Repeat(`f(`, 1<<16))},
		{"stray-closers", []byte(`{}` + strings.Repeat(`}]`, 1<<16))},
		{"mismatched", []byte(strings.Repeat(`[}`, 1<<16))},
		{"unicode-spaces", []byte(`[` + strings.Repeat("\u00a01,", 1<<16) + `2]`)},
		{"reopened", []byte(`{"a":1}` + strings.Repeat(`, "a":1}`, 1<<16))},
		{"escaped", []byte(`[` + strings.Repeat(`{\"a\": \"b\\n\"}, `, 1<<15) + `{}]`)},
		{"escaped-backslashes", []byte(`[\"` + strings.Repeat(`\\`, 1<<18) + `\"]`)},
		{"escaped-too-many-edits", []byte(`[` + strings.Repeat(`\"a\", `, 1<<17) + `0]`)},
		{"escaped-literal-open", []byte(`"[\"` + strings.Repeat(`a\n`, 1<<16))},
		{"tuples", []byte(`[` + strings.Repeat(`(1,), `, 1<<16) + `()]`)},
		{"tuples-open", []byte(strings.Repeat(`(`, 1<<16))},
		{"tuples-mismatched", []byte(strings.Repeat(`(]`, 1<<16))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, k := range []Kind{LLM, All} {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				out, log, err := Repair(tc.in, Options{Kinds: k})
				runtime.ReadMemStats(&after)
				if err != nil {
					var e *Error
					require.ErrorAs(t, err, &e)
					assert.NotContains(t, err.Error(), "internal error")
				} else {
					checkProperties(t, tc.in, Options{Kinds: k}, out, log)
				}
				assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64*len(tc.in)+256*DefaultMaxEdits), "memory: edits are bounded by MaxEdits")
			}
			assertLinear(t, tc.in, All)
		})
	}
}

// TestByteClasses holds the fast paths to the slow ones: a string's
// plain bytes are jsonwire's, and no byte a bare value copies without a
// look ends it or needs an escape, in any context.
func TestByteClasses(t *testing.T) {
	for c := range 256 {
		assert.Equal(t, jsonwire.Plain[c], class[c]&clsPlain != 0, "byte %#x", c)
		if class[c]&clsBare == 0 {
			continue
		}
		assert.True(t, c > ' ' && c < 0x80 && c != '\\' && c != '"', "byte %#x", c)
		for _, top := range []frame{{wrap: wrapCall}, {paren: true}, {obj: true}} {
			p := &parser{in: []byte{' ', byte(c), '/', '*'}, kinds: All, stack: []frame{top}}
			assert.False(t, p.bareStop(1), "byte %#x ends a bare value", c)
		}
	}
}

// TestFastPaths holds the fast paths for members, strings and bare
// values (member, str with valid escapes, bare) to the general path, on
// strings with escapes and characters valid or not, with what may
// follow them, and on bare values.
func TestFastPaths(t *testing.T) {
	inputs := []string{
		`{"a\"b": "c\\d", "e": ["\u00e9\ud83d\ude00", "x\"y"]}`,
		`{"a": "b\"c" d", "e": 1}`,
		`{"a": "b\"c", "d": "é\n", "f": "\ud800", "g": "x\qy"}`,
		`["a\"b" + "c", "d\/e":1, "f\tg"]`,
		`{"a\u0041": "b\"c"}, {"d": "e\"f" }`,
		`{"a": "\"", "b": "\\", "c": "\"quoted\" text"` + "\x01" + `"}`,
		`{"a\"": 1 "b\"": 2}`,
		`["\ud83d\ude00", "\ud83d", "\udE00x", "é", "` + "\xff" + `"]`,
		`{"a": "b\"`,
		`{"a": "b\"c\u00`,
		`{"msg": "He said "yes", then left"}`,
		`{"a": "b", c d", "e": "f", g: 1}`,
		`["a", "b "c", d", "e"]`,
		`{tags: [go, json, llm, ...], a: b c, d: e\f, g: h}`,
		"[a\tb, c\\d, e \"f, g]",
		`{"a": ObjectId("5f1"), "b": f("x\"y") , "c": ("d", "e"), "f": "g")`,
		`["a") , "b"]`, `{"a": "x") "}`,
	}
	for _, in := range inputs {
		for _, kinds := range []Kind{0, All, InnerQuote, MissingQuote | StringConcat, InvalidEscape | ControlChar} {
			out, log, err := Repair([]byte(in), Options{Kinds: kinds})
			checkPathOff(t, &fastMember, "the fast path for members", []byte(in), Options{Kinds: kinds}, out, log, err)
			checkPathOff(t, &fastBare, "the fast path for bare values", []byte(in), Options{Kinds: kinds}, out, log, err)
		}
	}
}

// TestConstTexts checks that the texts mkc takes stand for what they
// name, and are the indexes textIndex gives those texts.
func TestConstTexts(t *testing.T) {
	var p parser
	for _, c := range []struct {
		ins  uint32
		text string
	}{
		{insNone, ""}, {insQuote, `"`}, {insBackslash, `\`}, {insColon, ":"}, {insComma, ","},
		{insZero, "0"}, {insOpenArray, "["}, {insCloseArray, "]"}, {insCloseObject, "}"},
		{textNull, "null"}, {textTrue, "true"}, {textFalse, "false"},
	} {
		assert.Equal(t, c.text, p.text(c.ins), c.text)
		assert.Equal(t, c.ins, p.textIndex(c.text), c.text)
		assert.Equal(t, p.mk(Literal, 3, 1, c.text), mkc(Literal, 3, 1, c.ins), c.text)
	}
	assert.Empty(t, p.texts, "a constant text was added as a made one")
}
