// Package tokenizer is a strict, push-fed, zero-allocation JSON tokenizer
// for text that arrives in pieces, such as the arguments of a streamed LLM
// tool call.
//
// Feed chunks of any size with [Tokenizer.Feed] and read tokens with
// [Tokenizer.Next]. Work is proportional to the new bytes, and earlier
// chunks are never needed again. After each chunk [Tokenizer.Status] says
// whether the text so far is a valid prefix ([StatusNeedMore]), one whole
// value ([StatusComplete]), or broken ([StatusFailed]).
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
// Strings and names arrive in pieces as their bytes arrive. A piece never
// ends inside a UTF-8 sequence, an escape or a surrogate pair, so each
// piece decodes on its own ([Token.AppendText]), and the pieces joined
// decode as encoding/json decodes the whole string. Numbers and literals
// come whole; a top-level number ends only at [Tokenizer.Close].
//
// # Errors
//
// An error is a [*SyntaxError]: the offset of the first byte that makes
// the input invalid, the JSON Pointer of the value being read, and a cause
// for errors.Is. Its offset, pointer and message are the same however the
// input was chunked. An error is sticky.
//
// # Strictness
//
// The Tokenizer accepts exactly RFC 8259: invalid UTF-8, raw control
// characters in strings, leading zeros, NaN, comments, trailing commas and
// a byte order mark are errors, and so is data after the value unless
// [Options.AllowMultipleValues]. A lone surrogate escape ("\ud800") is
// [ErrSurrogate]: the one place where the verdict differs from
// encoding/json.Valid && utf8.Valid. Numbers are checked, not converted,
// so huge ones are valid. Duplicate names are not checked.
//
// # State
//
// A [Tokenizer] is a plain value: assignment copies it, and both copies
// go on independently. Between chunks [Tokenizer.MarshalBinary] saves it
// for another process. Once Next
// returns [ErrNeedMore], its state ([Tokenizer.Status], [Tokenizer.Offset],
// [Tokenizer.AppendPointer] and the rest) does not depend on how the input
// was cut. A pointer cuts a member name longer than 128 raw bytes, ending
// it in "…". A [Lookahead] reads ahead of a Tokenizer for a caller that
// keeps the bytes.
//
// # Limits and allocation
//
// [Options] bounds depth, stream length, string length and number length,
// each with its own error, so memory stays bounded. Feeding
// and reading tokens makes 0 allocations while the path fits the
// Tokenizer's inline frames, which hold the paths of tool arguments;
// errors allocate.
//
// # What it does not do
//
// It does not build values, convert numbers, repair anything, or buffer
// the stream: packages resume and repair do the rest.
package tokenizer
