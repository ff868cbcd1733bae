package tokenizer

import (
	"io"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// NOTE: Validate reads a valid value once, with validFast, which is
// Next's fast path with no tokens and no path: the same lexing
// (jsonwire's scans, the literals and numbers spelled out as Next has
// them), the same grammar states, and a bit per open container in place
// of the path stack. Like Next's fast path it only accepts: where it is
// not sure (an error, a number at the end of the input, nesting past its
// stack), it says no, and Validate reads the value again with Next,
// which gives the verdict and words the error.

// Validate reports whether b is one strict JSON value under the default
// Options: so a number longer than DefaultMaxNumberLength, or nesting past
// the default depth, is an error. It returns nil or a *SyntaxError, and
// allocates only for the error and for a path too deep for the inline
// frames (see the package doc).
func Validate(b []byte) error {
	if validFast(b) {
		return nil
	}
	var t Tokenizer
	t.Feed(b)
	t.Close()
	for {
		if _, err := t.Next(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// Valid reports whether b is one strict JSON value under the default
// Options (see Validate).
func Valid(b []byte) bool { return Validate(b) == nil }

// validDepth is the deepest nesting validFast reads; Next reads deeper
// values.
const validDepth = 256

// validFast reports that b is one strict JSON value that a Tokenizer
// with the default Options accepts. false says only that it is not sure.
func validFast(b []byte) bool {
	var objs [validDepth / 64]uint64 // bit d: the container at depth d+1 is an object
	depth, obj := uint(0), false
	exp := uint8(expValue)
	b = b[:len(b):len(b)]
	for i := 0; uint(i) < uint(len(b)); {
		c := b[i]
		if c <= ' ' {
			if !jsonwire.Space[c] {
				return false
			}
			if i = jsonwire.SkipIndent(b, i+1); i < len(b) && b[i] <= ' ' {
				i = jsonwire.SkipSpace(b, i)
			}
			continue
		}
		if c|0x20 == '}' { // '}' or ']'
			if obj != (c == '}') || exp != expComma && exp != expFirstName && exp != expFirstValue {
				return false
			}
			if depth--; depth == 0 {
				exp = expEnd
			} else {
				obj, exp = objs[(depth-1)/64]&(1<<((depth-1)%64)) != 0, expComma
			}
			i++
			continue
		}
		name := false
		switch exp {
		case expComma:
			if c != ',' {
				return false
			}
			exp = expValue
			if obj {
				exp = expName
			}
			i++
			continue
		case expColon:
			if c != ':' {
				return false
			}
			exp = expValue
			i++
			continue
		case expName, expFirstName:
			if c != '"' {
				return false
			}
			name = true
		case expEnd:
			return false
		}
	value:
		var j int
		switch c {
		case '{', '[':
			if depth == validDepth {
				return false
			}
			obj = c == '{'
			w, bit := depth/64, uint64(1)<<(depth%64)
			exp = expFirstValue
			if objs[w] &^= bit; obj {
				objs[w] |= bit
				exp = expFirstName
			}
			depth++
			i++
			continue
		case '"':
			if j = jsonwire.SkipPlain(b, i+1); j == len(b) || b[j] != '"' {
				var closed bool
				if j, closed = jsonwire.ScanString(b, j); !closed {
					return false
				}
			} else {
				j++
			}
			if name {
				// The colon, and a space after it, as Next reads them.
				if exp = expColon; j < len(b) && b[j] == ':' {
					if exp, j = expValue, j+1; j < len(b) && b[j] == ' ' {
						j++
					}
					// The value, where it starts at once: the loop's
					// first steps would take it to the same place.
					if j < len(b) && b[j] > ' ' {
						i, c, name = j, b[j], false
						goto value
					}
				}
				i = j
				continue
			}
		case 't':
			if i+4 > len(b) || string(b[i:i+4]) != "true" {
				return false
			}
			j = i + 4
		case 'f':
			if i+5 > len(b) || string(b[i:i+5]) != "false" {
				return false
			}
			j = i + 5
		case 'n':
			if i+4 > len(b) || string(b[i:i+4]) != "null" {
				return false
			}
			j = i + 4
		default:
			// A number, as Next reads it. One that ends b is left to
			// Next, as it leaves it to its general path.
			k := i
			if c == '-' {
				k++
			}
			if j = jsonwire.SkipManyDigits(b, k); uint(j) >= uint(len(b)) || j == k || j > k+1 && b[k] == '0' {
				return false
			}
			d := b[j]
			if d == '.' {
				k = j + 1
				if j = jsonwire.SkipManyDigits(b, k); uint(j) >= uint(len(b)) || j == k {
					return false
				}
				d = b[j]
			}
			if d|0x20 == 'e' {
				if j = jsonwire.ScanExponent(b, j); j == 0 {
					return false
				}
			}
			if j-i > DefaultMaxNumberLength {
				return false
			}
		}
		if i, exp = j, expComma; depth == 0 {
			exp = expEnd
		} else if j < len(b) && b[j] == ',' {
			// The comma, and a space after it.
			if exp, i = expValue, j+1; obj {
				exp = expName
			}
			if i < len(b) && b[i] == ' ' {
				i++
			}
			// The next member or element, where it starts at once.
			if i < len(b) && b[i] > ' ' {
				if c, name = b[i], obj; obj && c != '"' {
					return false
				}
				goto value
			}
		}
	}
	return exp == expEnd
}
