package corpus

import (
	"errors"
	"fmt"

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
