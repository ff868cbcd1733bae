package repair

// This file is the fast check behind strictValid: a plain validator on
// jsonwire's scans, with no pointers to track and no token to hand out.
// It answers only "valid"; anything else, and whatever it is unsure of,
// goes to the tokenizer, which gives the error.

import "github.com/deltajson/deltajson/internal/jsonwire"

// fastDepth is the deepest nesting validFast follows; deeper input goes
// to the tokenizer.
const fastDepth = 256

// maxFastNumber is one more than the longest number validFast accepts:
// the tokenizer's default limit (tokenizer.DefaultMaxNumberLength).
const maxFastNumber = 4096

// validFast reports whether b is one strict JSON value that
// tokenizer.Validate accepts. It may report false for a valid one: one
// nested deeper than fastDepth, a number at the very end of b or longer
// than maxFastNumber.
func validFast(b []byte) bool {
	var stack [fastDepth / 64]uint64 // a 1 bit for an object
	depth := 0
	i := skipWS(b, 0)
value:
	if i >= len(b) {
		return false
	}
	switch c := b[i]; {
	case c == '"':
		if i = scanString(b, i+1); i < 0 {
			return false
		}
	case c == '{' || c == '[':
		if depth == fastDepth {
			return false
		}
		if c == '{' {
			stack[depth/64] |= 1 << (depth % 64)
		} else {
			stack[depth/64] &^= 1 << (depth % 64)
		}
		depth++
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == c+2 { // {} or []
			i++
			depth--
			break
		}
		if c == '{' {
			goto name
		}
		goto value
	case c == '-' || jsonwire.IsDigit(c):
		j := jsonwire.ScanInt(b, i)
		if j != 0 && b[j] == '.' {
			k := j + 1
			if j = jsonwire.SkipManyDigits(b, k); j == k || j == len(b) {
				j = 0
			}
		}
		if j != 0 && b[j]|0x20 == 'e' {
			j = jsonwire.ScanExponent(b, j)
		}
		if j == 0 || j-i >= maxFastNumber {
			return false
		}
		i = j
	case c == 't':
		if !hasWord(b, i, "true") {
			return false
		}
		i += 4
	case c == 'f':
		if !hasWord(b, i, "false") {
			return false
		}
		i += 5
	case c == 'n':
		if !hasWord(b, i, "null") {
			return false
		}
		i += 4
	default:
		return false
	}
next: // after a value
	i = skipWS(b, i)
	if depth == 0 {
		return i == len(b)
	}
	if i >= len(b) {
		return false
	}
	if obj := stack[(depth-1)/64]>>((depth-1)%64)&1 == 1; b[i] == ',' {
		i = skipWS(b, i+1)
		if obj {
			goto name
		}
		goto value
	} else if b[i] != closerByte(obj) {
		return false
	}
	i++
	depth--
	goto next
name: // where a member name is due
	if i >= len(b) || b[i] != '"' {
		return false
	}
	if i = scanString(b, i+1); i < 0 {
		return false
	}
	i = skipWS(b, i)
	if i >= len(b) || b[i] != ':' {
		return false
	}
	i = skipWS(b, i+1)
	goto value
}

// skipWS returns the index of the first byte of b at or after i that is
// not whitespace. NOTE: it inlines; most gaps in JSON are empty.
func skipWS(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i
	}
	return jsonwire.SkipSpace(b, i)
}

// scanString returns the index just past the string whose contents
// begin at b[i], or -1 if it does not end in b or is not valid. Short
// plain strings, the most, end in the eight-byte scan.
func scanString(b []byte, i int) int {
	if i = jsonwire.SkipPlain(b, i); i < len(b) && b[i] == '"' {
		return i + 1
	}
	if j, ok := jsonwire.ScanString(b, i); ok {
		return j
	}
	return -1
}

// hasWord reports whether b[i:] begins with w.
func hasWord(b []byte, i int, w string) bool {
	return len(b)-i >= len(w) && string(b[i:i+len(w)]) == w
}
