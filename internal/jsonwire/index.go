package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// A Tok is one token of a whole JSON value that Index has read: its bytes
// are b[Off:End], Next is the index of the token after its value (a
// name's is its value's), and Kind is one of the Kind constants.
type Tok struct {
	Off, End, Next int32
	Kind           byte
}

// The kinds of a Tok: a value's first byte, or KindName.
const (
	KindObject    = '{'
	KindArray     = '['
	KindEndObject = '}'
	KindEndArray  = ']'
	KindString    = '"'
	KindName      = ':'
	KindNumber    = '0'
	KindTrue      = 't'
	KindFalse     = 'f'
	KindNull      = 'n'
)

// The bounds of what Index reads; past them it leaves the verdict to the
// tokenizer, whose limits are the ones that count.
const (
	indexMaxLen    = 1 << 30
	indexMaxDepth  = 1000
	indexMaxNumber = 4096 // the tokenizer's default MaxNumberLength
)

// The states of Index between two tokens.
const (
	wantValue = iota
	wantName
	afterValue
)

// Index reads b, which should hold one JSON value with only whitespace
// around it, and appends its tokens to toks; a string's or a name's bytes
// include its quotes, and a container's run to past its closing bracket.
// stack is scratch room, returned for reuse.
//
// ok is true only when b is valid JSON that the tokenizer accepts with its
// default options. ok false means invalid, or beyond what Index reads (a
// top-level number, nesting deeper than a thousand, a number longer than
// the tokenizer's default): the tokenizer then gives the verdict and the
// error. It reads a whole value in one pass and keeps no state between
// calls, where the tokenizer takes input in pieces.
func Index(b []byte, toks []Tok, stack []int32) (_ []Tok, _ []int32, ok bool) {
	if len(b) > indexMaxLen {
		return toks, stack, false
	}
	i, state := SkipSpace(b, 0), wantValue
	inObject := false // whether the innermost container open is an object
	for {
		n := int32(len(toks))
		kind := byte(KindString) // of a string that b[i] opens, read below the switch
		switch state {
		case wantName:
			if i >= len(b) || b[i] != '"' {
				return toks, stack, false
			}
			kind = KindName
		case wantValue:
			if i >= len(b) {
				return toks, stack, false
			}
			switch c := b[i]; c {
			case '"':
			case '{', '[':
				if len(stack) == indexMaxDepth {
					return toks, stack, false
				}
				o := i
				i = skipSpace(b, i+1)
				if i < len(b) && b[i] == c+2 { // '}' or ']': empty
					toks = append(toks, Tok{int32(o), int32(i + 1), n + 2, c}, Tok{int32(i), int32(i + 1), n + 2, c + 2})
					i, state = i+1, afterValue
					continue
				}
				stack = append(stack, n)
				toks = append(toks, Tok{Off: int32(o), Kind: c})
				if inObject = c == '{'; inObject {
					state = wantName
				}
				continue
			case 't', 'f', 'n':
				lit := Literals[LiteralIndex(c)]
				if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
					return toks, stack, false
				}
				toks = append(toks, Tok{int32(i), int32(i + len(lit)), n + 1, c})
				i, state = i+len(lit), afterValue
				continue
			default:
				if c != '-' && !IsDigit(c) {
					return toks, stack, false
				}
				j := ScanInt(b, i)
				if j != 0 && b[j] == '.' {
					k := j + 1
					if j = SkipManyDigits(b, k); j == k || j == len(b) {
						j = 0
					}
				}
				if j != 0 && b[j]|0x20 == 'e' {
					j = ScanExponent(b, j)
				}
				if j == 0 || j-i > indexMaxNumber {
					return toks, stack, false
				}
				toks = append(toks, Tok{int32(i), int32(j), n + 1, KindNumber})
				i, state = j, afterValue
				continue
			}
		default: // afterValue
			i = skipSpace(b, i)
			if len(stack) == 0 {
				return toks, stack, i == len(b)
			}
			if i >= len(b) {
				return toks, stack, false
			}
			switch c := b[i]; {
			case c == ',':
				i = skipSpace(b, i+1)
				if inObject {
					state = wantName
				} else {
					state = wantValue
				}
			case inObject && c == '}' || !inObject && c == ']':
				toks, stack = closeTok(toks, stack, i)
				inObject = len(stack) > 0 && toks[stack[len(stack)-1]].Kind == '{'
				i++
			default:
				return toks, stack, false
			}
			continue
		}
		// A string or a name opens at b[i]. Most are short and plain
		// (names, ids, types): two words end those of up to fifteen bytes
		// with no call.
		j := -1
		for k := i + 1; k+8 < len(b) && k <= i+9; k += 8 {
			w := binary.LittleEndian.Uint64(b[k:])
			if special := (((w ^ '"'*ones8) - ones8) | ((w ^ '\\'*ones8) - ones8) | (w - spaces8) | w) & highs8; special != 0 {
				if k += bits.TrailingZeros64(special) >> 3; b[k] == '"' {
					j = k + 1
				}
				break
			}
		}
		if j < 0 {
			var ok bool
			if j, ok = ScanString(b, i+1); !ok {
				return toks, stack, false
			}
		}
		toks = append(toks, Tok{int32(i), int32(j), n + 1, kind})
		if kind == KindString {
			i, state = j, afterValue
			continue
		}
		if i = skipSpace(b, j); i >= len(b) || b[i] != ':' {
			return toks, stack, false
		}
		i, state = skipSpace(b, i+1), wantValue
	}
}

// skipSpace is SkipSpace for compact JSON, where the next byte is most
// often not a space: then it makes no call.
func skipSpace(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i
	}
	return SkipSpace(b, i)
}

// closeTok appends the token of the closing bracket at b[i] and ends the
// container that it closes.
func closeTok(toks []Tok, stack []int32, i int) ([]Tok, []int32) {
	n := int32(len(toks))
	o := stack[len(stack)-1]
	toks[o].End, toks[o].Next = int32(i+1), n+1
	return append(toks, Tok{int32(i), int32(i + 1), n + 1, toks[o].Kind + 2}), stack[:len(stack)-1]
}
