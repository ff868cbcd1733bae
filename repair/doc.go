// Package repair is the opt-in repair pass for tool-call arguments that a
// model got almost right, and the strict decode that follows it.
//
// Repair runs only when called, on complete text, and only with the kinds
// of repair the caller names. The zero [Options] repairs nothing. Every
// change is an [Edit] in a [Log]: its kind, its offset in the input, the
// bytes removed and the bytes inserted. [Apply] replays a log, and is how
// the output is built. [Decode] then checks and decodes the output.
//
//	out, log, err := repair.Repair(args, repair.Options{Kinds: repair.LLM})
//	if err != nil { ... }                // *repair.Error: offset, pointer, cause
//	if log.Truncated() { ... }           // never with LLM; see Truncated
//	err = repair.Decode(out, &v, repair.DecodeOptions{RejectDuplicates: true})
//
// # Kinds
//
// Each kind is off unless named. The preset [LLM] is every kind but
// [Truncated], [Ellipsis] and [MultiValue]; [All] adds them. "deltajson
// repair --list" shows an example of each.
//
//   - [Fence]: a Markdown code fence, with or without a language tag,
//     and a bracket wrapped around one ([```json ... ```]).
//   - [Prose]: text around the one object or array; two candidates are an
//     error ([ErrAmbiguous]), not a guess, and so is another value after
//     it that no prose starts with: a quote of any kind, a number (.5
//     too), a tuple or call of values ((1, 2), ObjectId("x")), or a
//     literal standing alone (None, NaN).
//   - [TrailingComma]: a comma before a closer, just after an opener, or
//     after the top-level value.
//   - [SingleQuote], [SmartQuote]: 'strings', “strings”, `strings´
//     and `strings` become "strings".
//   - [UnquotedKey]: {name: 1} and {2: 1} become {"name": 1}, {"2": 1}.
//   - [Comment]: //, /* */ and # comments are removed; where a value is
//     due, // and # need whitespace after them (#ops there is a word).
//   - [Literal]: True, False, None, undefined become true, false, null,
//     null; a Python tuple, ((1, 2), (3,)), becomes [[1, 2], [3]], and
//     (1), no tuple, becomes 1.
//   - [ControlChar]: a raw control character in a string is escaped.
//   - [InvalidEscape]: \' becomes '; any other bad escape, like \d in
//     "C:\data", gets its backslash escaped, so no character is lost.
//   - [MissingComma]: [1 2] becomes [1, 2], when whitespace or a comment
//     separates the two values, or a bracket ends the first ([{}{}]).
//   - [Truncated]: input cut off by a token limit is closed: an open
//     string, a partial true/false/null or number (2. becomes 2.0), a
//     dangling name (given null, or dropped when an earlier member has
//     its name), open brackets; a dangling comma is dropped. Its edit is
//     marked Truncated: show the result, never execute it.
//   - [Ellipsis]: ... standing for elements left out is removed.
//   - [MissingColon], [MissingValue]: {"a" 1} and {"a":,} get their : or null.
//   - [Number]: .3, 2., 2e become 0.3, 2.0, 2e0.
//   - [UnquotedString]: a bare value, {a: hello world}, a URL, 0.0.1, 05,
//     a /regex/, becomes a string with every character kept.
//   - [UnicodeSpace]: a no-break, zero-width or other Unicode space
//     between tokens becomes ' '.
//   - [StringConcat]: "a" + "b" becomes "ab".
//   - [InnerQuote], [MissingQuote]: quotes inside a string and quotes
//     missing around one; see below.
//   - [Bracket]: closing brackets that do not match, are missing before
//     an outer one, or come after the value.
//   - [Wrapper]: callback({...}); and ObjectId("x") lose the call.
//   - [MultiValue]: several top-level values become one array.
//   - [EscapedJSON]: {\"a\": \"b\"} becomes {"a": "b"}; see below.
//
// # Quotes
//
// A double quote ends a string when a delimiter (, : ] }), the end of the
// input, a comment, a line end (in a string that holds no raw line end),
// or whitespace and the start of a next value follows it. A comma counts only when what follows it reads as
// the structure going on: a line end, the end of the input, a closer, a
// comment, an ellipsis; in an object the next member (a quoted name, or
// a bare one and a colon); elsewhere the next element (a value, or a
// bare one that a separator ends before any quote). Strict JSON always
// reads so. A quote followed by anything else, as in "a 24" screen" or
// "He said "yes", then left", is read with the kinds on:
//
//   - after a comma that goes on so, with MissingQuote, it opens the next
//     string, and the string before ends before the comma: "a,"b" is
//     "a", "b" (in an object, when it opens a name that a colon follows);
//   - otherwise, with InnerQuote, it is escaped, when a later quote ends
//     the string; if none does, or the one that does ends a name (a
//     colon follows it), the string ends at the first such quote that a
//     comma follows, or else at the first such quote. Where no quote
//     ends it and a comma follows one, it ends, with MissingQuote, after
//     them where the text shows (as below), if it does: {"a": "He said
//     "yes", then left} keeps ", then left".
//
// A string that the end of the input leaves open ends, with MissingQuote,
// where the text shows it does when the input ends with a closing
// bracket. Brackets opened in the string close in it; outside them, it
// ends at the first line end, comma that the structure goes on after,
// or closer that begins the closers of every bracket open: {"a":"b} is
// {"a":"b"}, {"a": "[x]} is {"a": "[x]"}, {"a": "b}c} is {"a": "b}c"}.
// Failing those, it ends at its first , ] } or line end. Without a
// closing bracket at the end, the input was cut: Truncated.
//
// # Escaped JSON
//
// A text whose quotes are escaped once more, as the content of a JSON
// string is, is read with EscapedJSON as the JSON it stands for: its
// escapes are read once, then the other kinds repair the result. It
// reads so when its first quote is escaped and it begins with that \",
// a { or a [ (whitespace aside): \"a\", {\"a\": 1}, [{\"a\": 1}];
// or when prose or a fence comes first and the first quote after the
// first { or [ is escaped: Result: {\"a\": 1}, or the same in a fence,
// whose prose and fence the other kinds then remove. A string literal
// around such a text that begins with { or [, "{\"a\": 1}", goes with
// it, unless the literal is strict JSON: that is a string and comes
// back as is.
//
// The escapes read once are \" \\ \/ and \b \f \n \r \t; each is an
// edit, and a repair of the text read once spans the escapes it covers
// in the input, so the log replays on the input. \u escapes, and
// escapes JSON does not define, are left for the strings that hold
// them. A backslash that ends the text began an escape the end cut off
// (Truncated). So [\"a\", \"x\\\"y\"] is ["a", "x\"y"]; where the
// writer escaped an inner quote once only, \"x \\"y\\"\", the bare quote
// stays a quote, and gives "x \"y\"", as jsonrepair does.
//
// # Several values
//
// A second top-level value is never dropped. With MultiValue, values
// separated by commas or whitespace (NDJSON) are joined into an array;
// without it, a second object, array, string or number is an error. A
// top-level object closed early, {"a": 1}, "b": 2}, is opened again
// (Bracket) when a name and a colon follow the comma. A bare value at
// the top level (UnquotedString) is read only when no object or array
// is found in the text, and must be all of it.
//
// # Guarantees
//
// The lexer is token-aware: bytes inside a valid double-quoted string are
// never changed, except a raw control character, a bad escape, or a
// quote that does not end the string, when those kinds are on.
// "http://x" holds no comment and {"a":"b:c"} no name.
//
// Nothing is removed quietly: an edit removes only whitespace, a fence,
// or what its kind names (prose, a comment, a call around a value, an
// ellipsis, a stray closer, the + between strings). Where a text reads
// two ways and one keeps every character, that one is taken.
//
//   - Strict JSON comes back as is, the same slice, with an empty log.
//   - The output is strict RFC 8259 JSON (checked by the tokenizer)
//     or there is an *[Error] with the offset and JSON Pointer of what
//     could not be repaired, and the kind that would have, if any.
//   - Apply(in, log) reproduces the output byte for byte.
//   - Repairing the output again logs nothing.
//   - Work is linear in the input; [Options.MaxInput] and
//     [Options.MaxDepth] bound it. Untrusted input never panics.
//
// FuzzRepair checks these on any input and kind set.
//
// # What it does not repair
//
//   - NaN, Infinity, hex, octal, leading +: no JSON number means the
//     same; with UnquotedString they become strings, every character
//     kept, never a guessed number.
//   - Doubled commas ([1,,2]) and a missing value in an array: several
//     readings.
//   - A string literal holding escaped JSON that is strict JSON
//     ("{\"a\": 1}" is a string; decode it, then repair what it holds).
//   - Invalid UTF-8: replacing it loses data silently.
//   - A string with a bad escape is not taken for raw text: in
//     "C:\Users\name", InvalidEscape escapes the backslash of \U, but \n
//     is a valid escape and stays a line feed. Whether the writer meant
//     a path or a line break is not in the bytes.
//   - A single- or smart-quoted string ends only at a quote followed by
//     a delimiter, the end of the input, or whitespace and a next value,
//     so that 'it's' stays one string.
//   - Non-ASCII unquoted names; prose around a lone scalar (only objects
//     and arrays are candidates).
//   - A number longer than [tokenizer.DefaultMaxNumberLength] bytes: the
//     strict check of the output has the tokenizer's default limits, so
//     Repair and [Decode] refuse it, with an error that matches
//     [tokenizer.ErrLimit], strict or not.
//
// TestJSONRepairSuite lists the cases of jsonrepair's own suite where
// Repair gives another value, each with its reason.
//
// With [Prose], a candidate that fails at its first token ("[the docs]")
// is prose and the search goes on; one that fails later is broken JSON,
// and Repair reports its error rather than extract a value nested in it.
package repair
