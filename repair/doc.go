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
// [Truncated]; [All] adds it. "deltajson repair --list" shows examples.
//
//   - [Fence]: a Markdown code fence, with or without a language tag.
//   - [Prose]: text around the one object or array; two candidates are an
//     error ([ErrAmbiguous]), not a guess.
//   - [TrailingComma]: a comma before a closer, or just after an opener.
//   - [SingleQuote], [SmartQuote]: 'strings' and “strings” become "strings".
//   - [UnquotedKey]: {name: 1} becomes {"name": 1}.
//   - [Comment]: //, /* */ and # comments are removed; where a value or a
//     name is due, // and # need whitespace after them (#ops there is a
//     word, and an error).
//   - [Literal]: True, False, None, undefined become true, false, null, null.
//   - [ControlChar]: a raw control character in a string is escaped.
//   - [InvalidEscape]: \' becomes '; any other bad escape, like \d in
//     "C:\data", gets its backslash escaped, so no character is lost.
//   - [MissingComma]: [1 2] becomes [1, 2], when whitespace or a comment
//     separates the two values, or a bracket ends the first ([{}{}]). A
//     string that touches the value before or after it ("a""b", or
//     "echo "null"") is an error: a quote inside a string that was not
//     escaped is the likelier reading, and no comma would repair it.
//   - [Truncated]: input cut off by a token limit is closed: an open
//     string, a partial true/false/null, open brackets; a dangling name,
//     comma or partial number is dropped. Its edit is marked Truncated:
//     show the result, never execute it.
//
// # Guarantees
//
// The lexer is token-aware: bytes inside a valid double-quoted string are
// never changed, except a raw control character or a bad escape when
// those kinds are on. "http://x" holds no comment and {"a":"b:c"} no name.
//
//   - Strict JSON comes back as is, the same slice, with an empty log.
//   - The output is strict RFC 8259 JSON (checked with tokenizer.Validate)
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
//   - NaN, Infinity, hex, octal, leading +, leading zeros, .5: no JSON
//     number means the same, and guessing a value is worse than failing.
//   - Bare words as values ({"a": hello}): a string or a forgotten
//     quote around a longer text? Unknowable; it is an error.
//   - Missing colons, missing values ({"a":}), doubled commas ([1,,2])
//     and mismatched brackets ([1}): each has several readings.
//   - Several values one after another (NDJSON, or two objects in the
//     prose): which one is the call is not for a repair pass to decide.
//   - Invalid UTF-8: replacing it loses data silently.
//   - A string with a bad escape is not taken for raw text: in
//     "C:\Users\name", InvalidEscape escapes the backslash of \U, but \n
//     is a valid escape and stays a line feed. Whether the writer meant
//     a path or a line break is not in the bytes.
//   - A single- or smart-quoted string ends only at a quote followed by
//     , : ] } or the end of the input, so that 'it's' stays one string;
//     a missing comma right after such a string is therefore not seen.
//   - Non-ASCII unquoted names; prose around a lone scalar (only objects
//     and arrays are candidates).
//   - A byte order mark: no kind removes it as such. With Prose it is
//     text before the value like any other, and goes (logged) with it.
//
// With [Prose], a candidate that fails at its first token ("[the docs]")
// is prose and the search goes on; one that fails later is broken JSON,
// and Repair reports its error rather than extract a value nested in it.
package repair
