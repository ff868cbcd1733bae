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
	return index(b, toks, stack, nil)
}

// The strings IndexRepeat remembers: at least minRepeat bytes long (a
// variable for tests), and at most maxRepeat.
var minRepeat = 1 << 10

const maxRepeat = 1 << 20

// IndexRepeat is Index for the payloads of a stream that sends a long
// string again, as OpenAI Responses sends a call's whole arguments in
// three events: it keeps in *last a copy of the last string of 1 KiB or
// more that it read (quotes included), and reads a string whose bytes are
// those by comparing them.
func IndexRepeat(b []byte, toks []Tok, stack []int32, last *[]byte) (_ []Tok, _ []int32, ok bool) {
	return index(b, toks, stack, last)
}

func index(b []byte, toks []Tok, stack []int32, last *[]byte) (_ []Tok, _ []int32, ok bool) {
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
			default: // a number or a literal
				j, kind := scalarEnd(b, i)
				if j < 0 {
					return toks, stack, false
				}
				toks = append(toks, Tok{int32(i), int32(j), n + 1, kind})
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
			switch {
			case last != nil && len(*last) > 0 && len(b)-i >= len(*last) && string(b[i:i+len(*last)]) == string(*last):
				j = i + len(*last) // a string's bytes alone make it valid
			default:
				if j, ok = ScanString(b, i+1); !ok {
					return toks, stack, false
				}
				if last != nil && j-i >= minRepeat && j-i <= maxRepeat {
					*last = append((*last)[:0], b[i:j]...)
				}
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

// The bounds of what Reindex reads again, in tokens, and in the depth of
// the containers around them; past them, Index reads the whole value.
const (
	reindexMaxRun   = 16
	reindexMaxDepth = 32
)

// A Run is where Reindex found the last difference: a run of tokens and
// the containers around it. Reindex tries it first, since the events of
// one stream differ in the same place; the zero Run is none.
type Run struct {
	first, last int32 // toks[first:last+1], when last > 0
	depth       int32
	path        [reindexMaxDepth]int32
}

// Reindex is Index for a payload b that differs from the one before it,
// prev, only inside a short run of scalar values and names at one level,
// as the events of one stream do (an argument piece, a sequence number).
// toks must be what Index gave for prev, with ok true, and r the zero Run
// or what Reindex left in it for toks. Reindex reads again only that run,
// and returns toks updated in place, with ok true, when b is valid JSON
// with the same structure: the tokens are then those that Index gives for
// b. The tokens whose bytes differ from before are then among
// toks[first:first+16]: bit i of changed marks toks[first+i]. With ok
// false toks is unchanged, and Index must read b: the difference opens or
// closes a container, reaches past the run, is invalid, or makes the run
// more than twice as long.
func Reindex(prev, b []byte, toks []Tok, r *Run) (_ []Tok, first int, changed uint16, ok bool) {
	if len(toks) < 2 || len(b) > indexMaxLen {
		return toks, 0, 0, false
	}
	if r.last > 0 && int(r.last) < len(toks) {
		// The run of the last difference, when b differs from prev
		// nowhere else.
		i, end := runStart(toks, int(r.first)), int(toks[r.last].End)
		if d := len(b) - len(prev); end+d >= i && string(b[:i]) == string(prev[:i]) && string(b[end+d:]) == string(prev[end:]) {
			if changed, ok := rerun(prev, b, toks, r); ok {
				return toks, int(r.first), changed, true
			}
		}
	}
	a := commonPrefix(prev, b)
	if a == len(prev) && a == len(b) {
		return toks, 0, 0, true
	}
	pe := len(prev) - commonSuffix(prev[a:], b[a:]) // prev[a:pe] differs
	// The run is the tokens k1 to k2: k1 the first that may have changed
	// (one that ends at a may go on in b), k2 the first that ends in the
	// common end. k1 is found from the root down: at each level the
	// members that end before a are skipped, and the first one left is
	// either a container that opens before a, to go down into, or k1.
	// path holds the containers gone down into, which hold the run.
	var run Run
	k1 := -1
	if k := toks[0].Kind; k != KindObject && k != KindArray || int(toks[0].Off) >= a {
		return toks, 0, 0, false
	}
	for m := 0; k1 < 0; {
		if int(run.depth) == len(run.path) {
			return toks, 0, 0, false
		}
		run.path[run.depth], run.depth = int32(m), run.depth+1
		c, end := m+1, int(toks[m].Next)-1 // end: m's closing bracket
		for ; c < end; c = int(toks[c].Next) {
			e := toks[c].End // of the member: of the value, for a name
			if toks[c].Kind == KindName {
				e = toks[c+1].End
			}
			if int(e) >= a {
				break
			}
		}
		if c >= end { // a is at m's closing bracket, or in the space before it
			return toks, 0, 0, false
		}
		if toks[c].Kind == KindName {
			if int(toks[c].End) >= a {
				k1 = c
				break
			}
			c++
		}
		if k := toks[c].Kind; (k == KindObject || k == KindArray) && int(toks[c].Off) < a {
			m = c
		} else {
			k1 = c
		}
	}
	k2 := k1
	for ; k2 < len(toks) && k2-k1 < reindexMaxRun; k2++ {
		if !scalarOrName(toks[k2].Kind) {
			return toks, 0, 0, false
		}
		if int(toks[k2].End) >= pe {
			break
		}
	}
	if k2 == len(toks) || k2-k1 == reindexMaxRun {
		return toks, 0, 0, false
	}
	run.first, run.last = int32(k1), int32(k2)
	if changed, ok = rerun(prev, b, toks, &run); !ok {
		return toks, 0, 0, false
	}
	*r = run
	return toks, k1, changed, true
}

// runStart returns where the run that begins with token k starts: after
// the token before it.
func runStart(toks []Tok, k int) int {
	if t := toks[k-1]; t.Kind == KindObject || t.Kind == KindArray {
		return int(t.Off) + 1
	}
	return int(toks[k-1].End)
}

// rerun reads the tokens of run r again in b, and when they are valid and
// end where the rest of b is the rest of prev, writes them and moves the
// tokens after them. b and prev must be equal before the run, and after
// it from its end in prev, d = len(b)-len(prev) bytes later in b.
func rerun(prev, b []byte, toks []Tok, r *Run) (changed uint16, ok bool) {
	k1, k2, d := int(r.first), int(r.last), len(b)-len(prev)
	// The run must end d bytes later than in prev. b[end], a byte of the
	// rest, ends a number.
	i, end := runStart(toks, k1), int(toks[k2].End)+d
	if end-i > 2*(end-d-i)+256 || end >= len(b) {
		return 0, false
	}
	var run [reindexMaxRun]Tok
	bb := b[:end+1]
	for k := k1; k <= k2; k++ {
		// The separator before token k: after a name a colon, after the
		// bracket that opens its container none, after any other token a
		// comma.
		i = skipSpace(bb, i)
		if sep := separator(toks[k-1].Kind); sep != 0 {
			if i >= len(bb) || bb[i] != sep {
				return 0, false
			}
			i = skipSpace(bb, i+1)
		}
		// A string or name whose bytes are those it had is the same
		// token: a string's bytes alone make it valid.
		old := prev[toks[k].Off:toks[k].End]
		if old[0] == '"' && len(bb)-i >= len(old) && string(bb[i:i+len(old)]) == string(old) {
			run[k-k1] = Tok{int32(i), int32(i + len(old)), toks[k].Next, toks[k].Kind}
			i += len(old)
			continue
		}
		j, kind := scalarEnd(bb, i)
		if j < 0 || toks[k].Kind == KindName && kind != KindString {
			return 0, false
		}
		if toks[k].Kind == KindName {
			kind = KindName
		}
		run[k-k1] = Tok{int32(i), int32(j), toks[k].Next, kind}
		if kind != toks[k].Kind || string(b[i:j]) != string(old) {
			changed |= 1 << (k - k1)
		}
		i = j
	}
	if i != end {
		return 0, false
	}
	for _, m := range r.path[:r.depth] {
		toks[m].End += int32(d)
	}
	copy(toks[k1:], run[:k2-k1+1])
	for m := k2 + 1; m < len(toks); m++ {
		toks[m].Off += int32(d)
		toks[m].End += int32(d)
	}
	return changed, true
}

// scalarOrName reports whether a token of kind k is a name or a value
// with no tokens inside.
func scalarOrName(k byte) bool {
	switch k {
	case KindObject, KindArray, KindEndObject, KindEndArray:
		return false
	}
	return true
}

// separator returns the byte that comes between a token of kind k and
// the token after it, when both are in one container: ':' after a name,
// none after an opening bracket, ',' after anything else.
func separator(k byte) byte {
	switch k {
	case KindName:
		return ':'
	case KindObject, KindArray:
		return 0
	}
	return ','
}

// scalarEnd returns the end of the string, number or literal that begins
// at b[i], and its kind, or -1 when none does.
func scalarEnd(b []byte, i int) (int, byte) {
	if i >= len(b) {
		return -1, 0
	}
	switch c := b[i]; c {
	case '"':
		if j, ok := ScanString(b, i+1); ok {
			return j, KindString
		}
	case 't', 'f', 'n':
		if lit := Literals[LiteralIndex(c)]; len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
			return i + len(lit), c
		}
	default:
		if j := numberEnd(b, i); j > 0 {
			return j, KindNumber
		}
	}
	return -1, 0
}

// numberEnd returns the end of the number that begins at b[i], when a
// byte that is not part of it follows in b and it is no longer than the
// tokenizer's default, and 0 otherwise.
func numberEnd(b []byte, i int) int {
	if c := b[i]; c != '-' && !IsDigit(c) {
		return 0
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
	if j-i > indexMaxNumber {
		return 0
	}
	return j
}

// commonPrefix returns the length of the longest common prefix of p and b.
func commonPrefix(p, b []byte) int {
	n := min(len(p), len(b))
	p, b = p[:n], b[:n]
	i := 0
	for ; i+16 <= n; i += 16 {
		x := binary.LittleEndian.Uint64(p[i:i+8]) ^ binary.LittleEndian.Uint64(b[i:i+8])
		y := binary.LittleEndian.Uint64(p[i+8:i+16]) ^ binary.LittleEndian.Uint64(b[i+8:i+16])
		if x|y != 0 {
			if x != 0 {
				return i + bits.TrailingZeros64(x)>>3
			}
			return i + 8 + bits.TrailingZeros64(y)>>3
		}
	}
	for i < n && p[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common suffix of p and b.
func commonSuffix(p, b []byte) int {
	n := min(len(p), len(b))
	p, b = p[len(p)-n:], b[len(b)-n:]
	i := n // p[i:] and b[i:] are equal
	for ; i >= 16; i -= 16 {
		x := binary.LittleEndian.Uint64(p[i-8:i]) ^ binary.LittleEndian.Uint64(b[i-8:i])
		y := binary.LittleEndian.Uint64(p[i-16:i-8]) ^ binary.LittleEndian.Uint64(b[i-16:i-8])
		if x|y != 0 {
			if x != 0 {
				return n - i + bits.LeadingZeros64(x)>>3
			}
			return n - i + 8 + bits.LeadingZeros64(y)>>3
		}
	}
	for i > 0 && p[i-1] == b[i-1] {
		i--
	}
	return n - i
}
