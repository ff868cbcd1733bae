package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf16"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// unquote decodes one JSON string literal and keeps raw bytes as they are.
// encoding/json would turn invalid UTF-8 into U+FFFD; here only escapes
// are interpreted (by jsonwire.AppendUnescaped, once they are checked),
// and an unpaired surrogate escape becomes U+FFFD because UTF-8 cannot
// hold it. It returns the bytes after the closing quote.
func unquote(b []byte) (s, rest []byte, err error) {
	if len(b) == 0 || b[0] != '"' {
		return nil, b, errors.New("string literal must start with '\"'")
	}
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '"':
			return jsonwire.AppendUnescaped(make([]byte, 0, i-1), b[1:i]), b[i+1:], nil
		case '\\':
			switch {
			case i+1 >= len(b):
				return nil, b, errors.New("string literal not closed")
			case jsonwire.SimpleEscape[b[i+1]]:
				i++
			case b[i+1] == 'u':
				if _, ok := jsonwire.Hex4(b[i+2:]); !ok {
					return nil, b, fmt.Errorf("bad \\u escape at byte %d", i)
				}
				i += 5
			default:
				return nil, b, fmt.Errorf("bad escape \\%c at byte %d", b[i+1], i)
			}
		}
	}
	return nil, b, errors.New("string literal not closed")
}

// argText turns a wire field holding argument text into the text. A JSON
// string gives its decoded bytes; an object or other value (some
// OpenAI-compatible servers send arguments unquoted) gives its compact
// JSON text with key order kept. ok is false for an absent or null field.
func argText(raw json.RawMessage) (text []byte, ok bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, false, nil
	}
	if raw[0] == '"' {
		if at := loneSurrogate(raw); at >= 0 {
			// unquote would put U+FFFD in its place: a change to the
			// arguments that nobody would be told of.
			return nil, false, fmt.Errorf("argument text has an unpaired surrogate escape %s at byte %d of its string: UTF-8 cannot hold it", raw[at:at+6], at)
		}
		s, _, err := unquote(raw)
		if s == nil && err == nil {
			s = []byte{}
		}
		return s, err == nil, err
	}
	return compact(raw), true, nil
}

// compact is json.Compact into a fresh slice. Its input was already
// validated by the payload decode, so it does not fail.
func compact(raw []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return append([]byte(nil), raw...)
	}
	return buf.Bytes()
}

// loneSurrogate returns the index in lit, a JSON string literal, of the
// first \u escape of a surrogate that is not half of a pair, or -1. Other
// bad escapes are unquote's to report.
func loneSurrogate(lit []byte) int {
	for i := 1; i < len(lit); i++ {
		if lit[i] != '\\' {
			continue
		}
		if n := jsonwire.EscapeLen(lit, i); n > 0 {
			i += n - 1
			continue
		}
		if r, ok := jsonwire.Hex4(lit[i+2:]); ok && lit[i+1] == 'u' && utf16.IsSurrogate(r) {
			return i
		}
		return -1 // a bad escape of another kind
	}
	return -1
}
