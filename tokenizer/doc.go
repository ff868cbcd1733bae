// Package tokenizer is a strict, push-fed, zero-allocation JSON tokenizer
// for text that arrives in pieces, such as the arguments of a streamed LLM
// tool call.
//
// Feed it chunks of any size, including empty ones and single bytes, and
// read tokens with Next. Work is proportional to the new bytes: nothing is
// ever read twice, and earlier chunks are never needed again. After each
// chunk the Tokenizer knows whether the text so far is a valid prefix
// ([StatusNeedMore]), one whole value ([StatusComplete]), or broken
// ([StatusFailed]), and in the last case the exact byte where it broke.
//
//	tk := tokenizer.New(tokenizer.Options{})
//	read := func() error { // every token read so far, then why it stopped
//		for {
//			tok, err := tk.Next()
//			if err != nil {
//				return err
//			}
//			use(tok)
//		}
//	}
//	for delta := range deltas {
//		tk.Feed(delta)
//		if err := read(); err != tokenizer.ErrNeedMore {
//			return err // a *tokenizer.SyntaxError: offset, pointer, reason
//		}
//		// valid so far; the delta's buffer may be reused
//	}
//	tk.Close() // the provider's end signal
//	if err := read(); err != io.EOF {
//		return err // cut short (io.ErrUnexpectedEOF) or broken at the end
//	}
//
// # Tokens and pieces
//
// A Token is a small struct: Raw, the bytes as they stand in the stream,
// and one word that packs its kind, whether it is the first or last piece
// of its value, its depth and its absolute offset (read them with Kind,
// First, Last, Depth and Offset). The Go compiler keeps it in registers,
// which matters at one call per token. Raw is borrowed from the chunk (or, for a token cut across
// chunks, from a small buffer in the Tokenizer, or the package's copy of
// a literal), is valid until the next method call, and is not to be
// written into.
//
// Strings and object names arrive in pieces as their bytes arrive. A piece
// never ends inside a UTF-8 sequence, inside an escape (\|n, \u00|e9), or
// between the halves of a surrogate pair (\uD83D|\uDE00): those few bytes,
// at most 12, wait in the Tokenizer until the sequence is whole. So every
// piece decodes on its own, with Token.AppendText, and the decoded pieces
// joined are what encoding/json decodes for the whole string.
//
// Numbers and literals are never shown half-finished: "3." then "12," is
// one Number token "3.12", emitted when the ',' proves it has ended. A
// top-level number can only end at Close.
//
// # Errors
//
// An error is a *SyntaxError with the absolute offset of the first byte
// that makes the input invalid, the JSON Pointer of the value being read,
// and a cause for errors.Is: ErrSyntax, ErrInvalidUTF8, ErrSurrogate,
// ErrTrailingData, a limit (ErrLimit and its four kinds), or
// io.ErrUnexpectedEOF for input cut short at Close. The offset, pointer and
// message are the same however the input was chunked: messages quote only
// the offending byte, never bytes that happen to share its chunk. An error
// is sticky.
//
// # Strictness
//
// The Tokenizer accepts exactly RFC 8259: invalid UTF-8, raw control
// characters in strings, leading zeros, NaN, comments, trailing commas and a
// byte order mark are errors. By default anything but whitespace after the
// value is ErrTrailingData; Options.AllowMultipleValues accepts a sequence
// of values, as in JSON Lines.
//
// A \u escape holding half of a surrogate pair alone ("\ud800") is rejected
// with ErrSurrogate, at the first byte that proves the pair is broken. RFC
// 8259 §8.2 leaves such strings' meaning unpredictable, and a lone
// surrogate cannot be turned into UTF-8 without inventing a character;
// encoding/json replaces it with U+FFFD instead. This is the one place where
// the verdict differs from encoding/json.Valid && utf8.Valid.
//
// Duplicate object names are not checked here: resume's ready gate
// rejects them by default, and repair.Decode can.
//
// The implementation-defined cases of JSONTestSuite come out as follows:
//
//	accepted: i_number_* (the text is checked, not converted: huge and tiny
//	          numbers are valid JSON), i_structure_500_nested_arrays,
//	          i_object_duplicated_key*
//	rejected: i_string_* and i_object_key_lone_2nd_surrogate (invalid UTF-8,
//	          UTF-16, lone surrogates), i_structure_UTF-8_BOM_empty_object
//
// # State
//
// The Tokenizer is a plain value of fixed size (bench/README.md gives the
// sizes): assignment copies the whole state, and both copies go on
// independently. It can also be saved between
// chunks with MarshalBinary and restored with UnmarshalBinary in another
// process (package resume builds checkpoints on this).
//
// The container stack is kept with the JSON Pointer it needs: each open
// level is a frame of its kind and its member name (up to 128 raw bytes; a
// longer name appears cut, ending in "…", in pointers, with the characters
// and escapes that end within its first 128 bytes) or element index. A
// one-bit-per-level stack could not render a pointer, since the names are
// gone with their chunks. Frames live in an inline buffer, which holds
// the paths of tool arguments; deeper paths move to immutable heap nodes,
// which copies share safely. A number cut across chunks is held inline
// while it is short, and on the heap up to Options.MaxNumberLength, in a
// buffer that copies share but never write over each other's bytes in.
// Nothing else grows.
//
// At any time you can ask for [Tokenizer.Status], [Tokenizer.Depth],
// [Tokenizer.Begun], [Tokenizer.Offset] and the current pointer
// ([Tokenizer.AppendPointer], which allocates only if the destination
// must grow). They describe the bytes read so far; once Next returns
// ErrNeedMore the whole chunk is read, and the state no longer depends on
// how the input was cut.
//
// A caller that keeps the bytes itself and wants only the status after
// each small chunk, not its tokens, can read them first with a
// [Lookahead], which follows the Tokenizer's grammar and limits and is
// sure of what it takes, and feed the Tokenizer later, in one go.
//
// # Allocation
//
// Feeding and reading tokens allocates nothing, whether the input comes
// whole or a byte at a time, as long as the path fits the inline buffer; a
// test asserts it with testing.AllocsPerRun. Errors allocate.
//
// # Limits
//
// Options.MaxDepth (default 10000) ends 10 MB of '[' with ErrDepthLimit
// at byte 10000, in bounded memory. MaxBytes, MaxStringLength and
// MaxNumberLength (default 4096) bound the rest, each with its own error.
// A Token's word bounds two of them: a stream is at most MaxBytesLimit
// (1 TiB) long and at most MaxDepthLimit (262143 levels) deep.
//
// # What it does not do
//
// It does not build values, convert numbers, repair anything, or buffer
// the stream. Package resume holds a call's bytes and its status; package
// repair fixes what models get wrong, when asked.
package tokenizer
