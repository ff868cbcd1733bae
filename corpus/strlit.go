package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// unquote decodes one JSON string literal and keeps raw bytes as they are.
// encoding/json would turn invalid UTF-8 into U+FFFD; here only \u escapes
// are interpreted, and an unpaired surrogate escape becomes U+FFFD because
// UTF-8 cannot hold it. It returns the bytes after the closing quote.
func unquote(b []byte) (s, rest []byte, err error) {
	if len(b) == 0 || b[0] != '"' {
		return nil, b, errors.New("string literal must start with '\"'")
	}
	out := make([]byte, 0, len(b))
	for i := 1; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			return out, b[i+1:], nil
		case c != '\\':
			j := i + 1
			for j < len(b) && b[j] != '"' && b[j] != '\\' {
				j++
			}
			out = append(out, b[i:j]...)
			i = j
			continue
		}
		if i+1 >= len(b) {
			break
		}
		switch e := b[i+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(b[i+2:])
			if !ok {
				return nil, b, fmt.Errorf("bad \\u escape at byte %d", i)
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
					r2, _ := hex4(b[i+2:])
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						out = utf8.AppendRune(out, d)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return nil, b, fmt.Errorf("bad escape \\%c at byte %d", e, i)
		}
		i += 2
	}
	return nil, b, errors.New("string literal not closed")
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
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
