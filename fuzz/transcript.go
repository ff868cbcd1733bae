package fuzz

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/deltajson/deltajson/tokenizer"
)

// Transcript is everything a tokenizer run shows its caller, with string
// pieces joined, so that runs cut differently compare equal.
type Transcript struct {
	Tokens  []string // "kind@offset/depth:raw"
	Strings []string // decoded strings and names, in order
	Err     string   // "" at a clean end
	Offset  int64
	Pointer string
}

// Run feeds in cut at the split points in cuts (ascending, in range) and
// reads every token. hook, if not nil, runs after each chunk has been read
// and may replace the tokenizer, as a restart would. Run returns an error
// if a piece breaks the piece rules.
func Run(in []byte, cuts []int, opts tokenizer.Options, hook func(*tokenizer.Tokenizer) error) (Transcript, error) {
	tk := tokenizer.New(opts)
	var tr Transcript
	var raw, text []byte
	var off int64
	prev := 0
	cuts = append(cuts, len(in))
	for i, c := range cuts {
		if err := tk.Feed(in[prev:c:c]); err != nil { // no spare capacity to hide a slicing bug
			return tr, fmt.Errorf("feed: %w", err)
		}
		prev = c
		if i == len(cuts)-1 {
			tk.Close()
		}
		for {
			tok, err := tk.Next()
			if err == tokenizer.ErrNeedMore {
				if hook != nil {
					if err := hook(&tk); err != nil {
						return tr, err
					}
				}
				break
			}
			if err != nil {
				var se *tokenizer.SyntaxError
				if errors.As(err, &se) {
					tr.Err, tr.Offset, tr.Pointer = se.Error(), se.Offset, se.Pointer
				} else if err != io.EOF {
					return tr, err
				}
				return tr, nil
			}
			if tok.Kind() != tokenizer.KindString && tok.Kind() != tokenizer.KindName {
				tr.Tokens = append(tr.Tokens, fmt.Sprintf("%v@%d/%d:%s", tok.Kind(), tok.Offset(), tok.Depth(), tok.Raw))
				continue
			}
			if tok.First() {
				raw, text, off = raw[:0], text[:0], tok.Offset()
			}
			if err := CheckPiece(tok); err != nil {
				return tr, err
			}
			raw = append(raw, tok.Raw...)
			text = tok.AppendText(text)
			if tok.Last() {
				tr.Tokens = append(tr.Tokens, fmt.Sprintf("%v@%d/%d:%s", tok.Kind(), off, tok.Depth(), raw))
				tr.Strings = append(tr.Strings, string(text))
			}
		}
	}
	return tr, nil
}

// CheckPiece reports a string piece that ends inside a UTF-8 sequence,
// an escape or a surrogate pair, or that does not decode on its own.
func CheckPiece(tok tokenizer.Token) error {
	raw := tok.Raw
	if tok.First() {
		raw = raw[1:]
	}
	if tok.Last() {
		raw = raw[:len(raw)-1]
	}
	if !utf8.Valid(raw) {
		return fmt.Errorf("piece %q ends inside a UTF-8 sequence", tok.Raw)
	}
	// Find the last escape that starts in the piece.
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if i+1 >= len(raw) {
			return fmt.Errorf("piece %q ends inside an escape", tok.Raw)
		}
		if raw[i+1] == 'u' {
			if i+6 > len(raw) {
				return fmt.Errorf("piece %q ends inside a \\u escape", tok.Raw)
			}
			if strings.ContainsAny(string(raw[i+2]), "dD") && strings.ContainsAny(string(raw[i+3]), "89abAB") {
				if i+12 > len(raw) {
					return fmt.Errorf("piece %q ends between the halves of a surrogate pair", tok.Raw)
				}
				i += 6
			}
			i += 5
			continue
		}
		i++
	}
	if text := tok.AppendText(nil); !utf8.Valid(text) || strings.ContainsRune(string(text), utf8.RuneError) && !strings.ContainsRune(string(raw), utf8.RuneError) && !strings.Contains(strings.ToLower(string(raw)), `\ufffd`) {
		return fmt.Errorf("piece %q does not decode on its own: %q", tok.Raw, text)
	}
	return nil
}

// Cuts turns fuzzer bytes into ascending split points of a text of length
// n: each byte is a gap to the next cut, so the fuzzer controls both where
// and how often the text is cut.
func Cuts(n int, gaps []byte) []int {
	var cuts []int
	at := 0
	for _, g := range gaps {
		at += int(g) % 17 // a gap of 0 gives an empty chunk
		if at > n {
			break
		}
		cuts = append(cuts, at)
	}
	return cuts
}
