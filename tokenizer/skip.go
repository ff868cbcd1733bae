package tokenizer

import (
	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/internal/prefixscan"
)

// NOTE: skip is validFast with frames: the same lexing and grammar, with
// each open container's opening offset, element index and member name
// kept, so that a Tokenizer can be set up at a place inside the value.
// The places are the ones right after a comma in an array, where the
// state is the least: no member name, no lexeme. Like validFast it stops
// where it is not sure; Next, from the place, reads the rest and words
// any error. The place is the older of the last two it passed, so that
// Next reads at least one token before it stops.

func init() { prefixscan.Skip = skip }

// skipGap is the fewest bytes between two places skip keeps; tests set
// it lower.
var skipGap = 64

// skipAhead is the most bytes skip reads past its last place (or the
// start) before it stops at a comma in an object: Next reads them again
// from the place, and an object with no array in it has no place.
const skipAhead = 4 << 10

// keep records the place at with the frames f.
func keep(p *prefixscan.Place, at int, f []prefixscan.Frame) {
	p.At, p.N = at, len(f)
	copy(p.F[:], f)
}

// skip is prefixscan.Skip.
func skip(t *Tokenizer, b []byte, s *prefixscan.Scan) *prefixscan.Place {
	if int64(len(b)) > t.lim.maxBytes {
		return nil
	}
	maxDepth := min(t.lim.maxDepth, prefixscan.Depth)
	f, places := &s.Work, &s.Places
	places[0].At, places[1].At = 0, 0
	older := 0 // the older place is places[older]
	depth, obj := 0, false
	exp := uint8(expValue)
	b = b[:len(b):len(b)]
	i := 0
loop:
	for uint(i) < uint(len(b)) {
		c := b[i]
		if c <= ' ' {
			if !jsonwire.Space[c] {
				break
			}
			if i = jsonwire.SkipIndent(b, i+1); i < len(b) && b[i] <= ' ' {
				i = jsonwire.SkipSpace(b, i)
			}
			continue
		}
		if c|0x20 == '}' { // '}' or ']'
			if obj != (c == '}') || exp != expComma && exp != expFirstName && exp != expFirstValue {
				break
			}
			if depth--; depth == 0 {
				exp = expEnd
			} else {
				obj, exp = f[depth-1].Obj, expComma
			}
			i++
			continue
		}
		name := false
		switch exp {
		case expComma:
			if c != ',' {
				break loop
			}
			i++
			exp = expName
			if !obj {
				exp = expValue
				f[depth-1].Index++
				if i >= places[older^1].At+skipGap {
					keep(&places[older], i, f[:depth])
					older ^= 1
				}
			} else if i > places[older^1].At+skipAhead {
				break loop
			}
			continue
		case expColon:
			if c != ':' {
				break loop
			}
			exp = expValue
			i++
			continue
		case expName, expFirstName:
			if c != '"' {
				break loop
			}
			name = true
		case expEnd:
			break loop
		}
		var j int
		switch c {
		case '{', '[':
			if depth == maxDepth {
				break loop
			}
			obj = c == '{'
			f[depth] = prefixscan.Frame{Open: i, Obj: obj}
			exp = expFirstValue
			if obj {
				exp = expFirstName
			}
			depth++
			i++
			continue
		case '"':
			if j = jsonwire.SkipPlain(b, i+1); j == len(b) || b[j] != '"' {
				var closed bool
				if j, closed = jsonwire.ScanString(b, j); !closed {
					break loop
				}
			} else {
				j++
			}
			if int64(j-i-2) > t.lim.maxString {
				break loop
			}
			if name {
				f[depth-1].Name = [2]int{i + 1, j - 1}
				if exp = expColon; j < len(b) && b[j] == ':' {
					if exp, j = expValue, j+1; j < len(b) && b[j] == ' ' {
						j++
					}
				}
				i = j
				continue
			}
		case 't':
			if i+4 > len(b) || string(b[i:i+4]) != "true" {
				break loop
			}
			j = i + 4
		case 'f':
			if i+5 > len(b) || string(b[i:i+5]) != "false" {
				break loop
			}
			j = i + 5
		case 'n':
			if i+4 > len(b) || string(b[i:i+4]) != "null" {
				break loop
			}
			j = i + 4
		default:
			// A number, as Next reads it; one that ends b is left to Next.
			k := i
			if c == '-' {
				k++
			}
			if j = jsonwire.SkipManyDigits(b, k); uint(j) >= uint(len(b)) || j == k || j > k+1 && b[k] == '0' {
				break loop
			}
			d := b[j]
			if d == '.' {
				k = j + 1
				if j = jsonwire.SkipManyDigits(b, k); uint(j) >= uint(len(b)) || j == k {
					break loop
				}
				d = b[j]
			}
			if d|0x20 == 'e' {
				if j = jsonwire.ScanExponent(b, j); j == 0 {
					break loop
				}
			}
			if j-i > t.lim.maxNumber {
				break loop
			}
		}
		if i, exp = j, expComma; depth == 0 {
			exp = expEnd
		} else if j < len(b) && b[j] == ',' {
			// The comma, and a space after it.
			if exp, i = expValue, j+1; obj {
				exp = expName
				if i > places[older^1].At+skipAhead {
					break loop
				}
			} else {
				f[depth-1].Index++
				if i >= places[older^1].At+skipGap {
					keep(&places[older], i, f[:depth])
					older ^= 1
				}
			}
			if i < len(b) && b[i] == ' ' {
				i++
			}
		}
	}
	if i == len(b) && exp == expEnd {
		// b is one whole value, with spaces after it at most.
		places[older] = prefixscan.Place{At: len(b)}
		return &places[older]
	}
	p := &places[older]
	if p.At == 0 {
		return nil
	}
	// The state Next leaves after the comma at the end of a chunk.
	t.base, t.depth, t.expect = int64(p.At), p.N, expValue
	t.top = top{index: int64(p.F[p.N-1].Index)}
	for _, fr := range p.F[:p.N-1] {
		if fr.Obj {
			t.path.pushNamed(b[fr.Name[0]:fr.Name[1]])
		} else {
			t.path.pushArray(int64(fr.Index))
		}
	}
	t.setInfo()
	return p
}
