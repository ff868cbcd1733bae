package tokenizer

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// transcript is everything a run of the Tokenizer shows a caller, with
// string pieces joined so that runs with different chunking compare equal.
type transcript struct {
	Tokens []string // "kind@offset/depth:raw"
	Err    string   // "" for io.EOF at the end
	Offset int64    // of the error
	Ptr    string   // of the error
	Status Status
}

func (tr transcript) String() string {
	return fmt.Sprintf("%s\nerr=%q off=%d ptr=%q status=%v", strings.Join(tr.Tokens, "\n"), tr.Err, tr.Offset, tr.Ptr, tr.Status)
}

// run feeds in cut at the given split points and reads every token. It
// checks piece invariants on the way and panics on a broken one, so that
// fuzz targets and tests share the checks.
func run(in []byte, cuts []int, opts Options) transcript {
	return runHook(in, cuts, opts, nil)
}

// runHook is run with a hook called at each cut, after the chunk before
// it has been read; the hook may replace the Tokenizer.
func runHook(in []byte, cuts []int, opts Options, hook func(*Tokenizer)) transcript {
	tk := New(opts)
	var tr transcript
	var pending []byte // raw of a string being joined from pieces
	var pendingOff int64
	var pendingKind Kind
	var pendingDepth int
	prev := 0
	cuts = append(cuts, len(in))
	for ci, c := range cuts {
		if c < prev || c > len(in) {
			continue
		}
		// A chunk's capacity is its length, as with a fresh buffer per
		// delta, so that no slicing past a chunk's end can go unnoticed.
		if err := tk.Feed(in[prev:c:c]); err != nil {
			tr.Err = err.Error()
			break
		}
		prev = c
		if ci == len(cuts)-1 {
			tk.Close()
		}
		for {
			tok, err := tk.Next()
			if err == ErrNeedMore {
				if hook != nil {
					hook(&tk)
				}
				break
			}
			if err != nil {
				var se *SyntaxError
				if errors.As(err, &se) {
					tr.Err, tr.Offset, tr.Ptr = err.Error(), se.Offset, se.Pointer
				} else if err.Error() != "EOF" {
					tr.Err = err.Error()
				}
				tr.Status = tk.Status()
				return tr
			}
			if tok.Kind() == KindString || tok.Kind() == KindName {
				if tok.First() {
					if pending != nil {
						panic("first piece while another string is open")
					}
					pending, pendingOff, pendingKind, pendingDepth = []byte{}, tok.Offset(), tok.Kind(), tok.Depth()
				} else if pendingOff+int64(len(pending)) != tok.Offset() {
					panic(fmt.Sprintf("piece at %d does not follow the previous one ending at %d", tok.Offset(), pendingOff+int64(len(pending))))
				}
				if tok.Kind() != pendingKind || tok.Depth() != pendingDepth {
					panic("piece kind or depth changed")
				}
				checkPiece(tok)
				pending = append(pending, tok.Raw...)
				if !tok.Last() {
					continue
				}
				tr.Tokens = append(tr.Tokens, fmt.Sprintf("%v@%d/%d:%s", tok.Kind(), pendingOff, tok.Depth(), pending))
				pending = nil
				continue
			}
			if !tok.First() || !tok.Last() || tok.Len() == 0 {
				panic("non-string token is not whole")
			}
			tr.Tokens = append(tr.Tokens, fmt.Sprintf("%v@%d/%d:%s", tok.Kind(), tok.Offset(), tok.Depth(), tok.Raw))
		}
	}
	tr.Status = tk.Status()
	return tr
}

// checkPiece panics if a piece ends inside a UTF-8 sequence, an escape
// or a surrogate pair: it must decode on its own to valid UTF-8 with no
// replacement characters that the raw text did not spell.
func checkPiece(tok Token) {
	raw := tok.Raw
	if tok.First() {
		raw = raw[1:]
	}
	if tok.Last() {
		raw = raw[:len(raw)-1]
	}
	// An escape must not be cut: count trailing backslashes.
	n := 0
	for i := len(raw) - 1; i >= 0 && raw[i] == '\\'; i-- {
		n++
	}
	if n%2 == 1 {
		panic(fmt.Sprintf("piece %q ends inside an escape", tok.Raw))
	}
	if i := strings.LastIndex(string(raw), `\u`); i >= 0 && len(raw)-i < 6 && (i == 0 || raw[i-1] != '\\') {
		panic(fmt.Sprintf("piece %q ends inside a \\u escape", tok.Raw))
	}
	if i := strings.LastIndex(string(raw), `\u`); i >= 0 && len(raw)-i == 6 {
		if r, ok := jsonwire.Hex4(raw[i+2:]); ok && r >= 0xD800 && r < 0xDC00 && (i == 0 || raw[i-1] != '\\') {
			panic(fmt.Sprintf("piece %q ends between the halves of a surrogate pair", tok.Raw))
		}
	}
	if !utf8.Valid(raw) {
		panic(fmt.Sprintf("piece %q ends inside a UTF-8 sequence", tok.Raw))
	}
}

// hasLoneSurrogate reports whether some \u escape in b holds half of a
// surrogate pair alone. It is the reference for the one place where the
// Tokenizer is stricter than encoding/json, which decodes such an escape
// to U+FFFD. It assumes b is otherwise valid JSON.
func hasLoneSurrogate(b []byte) bool {
	inString := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '"':
			inString = !inString
		case inString && b[i] == '\\':
			if i+5 < len(b) && b[i+1] == 'u' {
				r, _ := jsonwire.Hex4(b[i+2:])
				switch {
				case r >= 0xDC00 && r <= 0xDFFF:
					return true
				case r >= 0xD800 && r < 0xDC00:
					if i+11 >= len(b) || b[i+6] != '\\' || b[i+7] != 'u' {
						return true
					}
					if r2, _ := jsonwire.Hex4(b[i+8:]); r2 < 0xDC00 || r2 > 0xDFFF {
						return true
					}
					i += 6
				}
			}
			i++ // skip the escaped byte
		}
	}
	return false
}
