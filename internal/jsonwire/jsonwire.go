// Package jsonwire holds the stateless byte-level pieces of the JSON
// grammar that the stateful readers share: the byte tables, the UTF-8
// leading-byte ranges, the number state machine, and the eight-bytes-at-a-
// time scans. Package tokenizer is built on them, and its Lookahead reads
// the same grammar with them. Index reads a whole value in one pass, for
// payloads that arrive whole, and Reindex the next payload of a stream
// from the last one's tokens; the tokenizer's tests hold Index to the
// tokenizer's verdict and tokens, and this package's tests hold Reindex
// to Index. It also decodes string contents, finds line ends for the
// text containers of package provider, and renders and shortens the JSON
// Pointers that errors carry, so that the tokenizer and package repair
// word them alike.
//
// On amd64 with AVX2, SkipSpace, ScanString, ScanStringRest and
// AppendUnescaped read 32 bytes a step and IndexLineEnd 64
// (vector_amd64.s); AppendUnescapedDense, ScanUnescape and
// SkipValidString read 32 (unescape_amd64.s).
// The purego build tag, another architecture or an older CPU leaves the
// pure-Go scans, which end in the same place on every input.
package jsonwire

import (
	"encoding/binary"
	"math/bits"
)

// Plain marks bytes that may stand in a string as they are and need no
// further look: printable ASCII other than '"' and '\\'.
var Plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Space marks the four whitespace bytes of RFC 8259.
var Space = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// HexValue maps a hex digit to its value and anything else to -1.
var HexValue = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = int8(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = int8(c - 'a' + 10)
		t[c-'a'+'A'] = int8(c - 'a' + 10)
	}
	return t
}()

// Eight bytes at a time: masks for the SWAR scans below.
const (
	ones8   = 0x0101010101010101
	highs8  = 0x8080808080808080
	spaces8 = 0x2020202020202020
)

// The masks of SkipPlain, as variables: the compiler folds a load of
// each into the operation, where a constant took a move of its own
// every step.
var (
	quotes8v      uint64 = '"' * ones8
	slashes8v     uint64 = '\\' * ones8
	minusOnes8v   uint64 = -ones8 & (1<<64 - 1)
	minusSpaces8v uint64 = -spaces8 & (1<<64 - 1)
	highs8v       uint64 = highs8
	spaces8v      uint64 = spaces8
	digitHigh8v   uint64 = 0x46 * ones8
	minusZeros8v  uint64 = -('0' * ones8) & (1<<64 - 1)
)

// NOTE: The word-at-a-time loops here run while i <= len(b)-8 (or -16)
// and load from b[i:]. So written, the compiler proves every load in
// bounds; under i+8 <= len(b), which it cannot take for the same thing
// (i+8 might overflow), b[i:i+8] took two or three checks a step, and
// those were a fifth of the instructions of SkipManyDigits.

// skipSpaceSWAR is SkipSpace eight bytes at a time. Indented JSON has
// long runs of spaces; it takes them a word at a time, and jumps to the
// first byte of a word that is not a space.
//
//lint:ignore U1000 on amd64 only the assembly of SkipSpace jumps to it
func skipSpaceSWAR(b []byte, i int) int {
	for last := len(b) - 8; i <= last; {
		x := binary.LittleEndian.Uint64(b[i:]) ^ spaces8
		if x == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(x) >> 3 // the first byte that is not ' '
		if !Space[b[i]] {
			return i
		}
		i++ // '\n', '\t' or '\r'
	}
	for i < len(b) && Space[b[i]] {
		i++
	}
	return i
}

// SkipPlain returns the index of the first byte of b at or after i that is
// not Plain: a quote, a backslash, a control or a non-ASCII byte.
func SkipPlain(b []byte, i int) int {
	for last := len(b) - 8; i <= last; {
		// Flag a zero byte in w^quotes or w^slashes, a byte below 0x20
		// (w-spaces8) and a byte of 0x80 or above (w). Subtracting one
		// flags a zero byte, and also any byte of 0x81 or above, which w
		// flags anyway. The lowest flagged byte is always a true match: a
		// false one can only come from a borrow out of a true match below
		// it. (One expression, with no temporaries for the quote and
		// backslash words, keeps SkipPlain inlinable.)
		w := binary.LittleEndian.Uint64(b[i:])
		if special := (((w ^ quotes8v) + minusOnes8v) | ((w ^ slashes8v) + minusOnes8v) | (w + minusSpaces8v) | w) & highs8v; special != 0 {
			return i + bits.TrailingZeros64(special)>>3
		}
		i += 8
	}
	for i < len(b) && Plain[b[i]] {
		i++
	}
	return i
}

// A number whose end is inside b is read in three steps, written so that
// a caller's loop reads numbers with no call (see ScanInt for how):
//
//	j := ScanInt(b, i)
//	if j != 0 && b[j] == '.' { // the fraction
//		k := j + 1
//		if j = SkipManyDigits(b, k); j == k || j == len(b) {
//			j = 0
//		}
//	}
//	if j != 0 && b[j]|0x20 == 'e' {
//		j = ScanExponent(b, j)
//	}
//
// j is then the index just past the number, an index of b: the number
// ends there, at a byte that is not a digit. Or it is 0 when that is not
// certain: a part runs to the end of b, or something is wrong with it.
// The caller's state machine (NumberStep) handles those cases, and
// reports errors. The steps do not look past the number: a byte after it
// that cannot follow a number is the grammar's business.

// ScanInt reads the sign and integer part of a number that starts at
// b[i] (see above). A leading zero followed by a digit gives 0.
//
// It reads the digits a word at a time (SkipManyDigits), which makes it
// too big to inline: a caller's loop writes it out, as
//
//	k := i
//	if b[i] == '-' {
//		k++
//	}
//	if j = SkipManyDigits(b, k); j == k || j == len(b) || b[k] == '0' && j > k+1 {
//		j = 0
//	}
func ScanInt(b []byte, i int) int {
	k := i
	if b[i] == '-' {
		k++
	}
	if i = SkipManyDigits(b, k); i == k || i == len(b) || b[k] == '0' && i > k+1 {
		return 0
	}
	return i
}

// digitEnds flags, in the high bit of each byte of the little-endian
// word w, the bytes that are not ASCII digits: the lowest flagged byte is
// the first such byte (see SkipManyDigits).
func digitEnds(w uint64) uint64 { return ((w + digitHigh8v) | (w + minusZeros8v)) & highs8v }

// ScanExponent reads the exponent of a number, from its 'e' or 'E' at b[i]
// (see above).
func ScanExponent(b []byte, i int) int {
	i++
	if i < len(b) && (b[i] == '+' || b[i] == '-') {
		i++
	}
	k := i
	if i = SkipDigits(b, k); i == k || i == len(b) {
		return 0
	}
	return i
}

// SkipManyDigits is SkipDigits for runs that are likely long, such as
// the fraction of a float: eight bytes at a time. A byte is flagged (its
// high bit set) when it is above '9' (+0x46 reaches 0x80 from 0x3A up to
// 0xB9) or below '0' (-'0' borrows), or from 0xB0 up (-'0' stays at 0x80
// or above). A carry or a borrow out of a byte only reaches the bytes
// after it, and a digit makes neither, so the lowest flagged byte is
// always the first that is not a digit.
func SkipManyDigits(b []byte, i int) int {
	for last := len(b) - 8; i <= last; {
		if x := digitEnds(binary.LittleEndian.Uint64(b[i:])); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		i += 8
	}
	return SkipDigits(b, i)
}

// SkipDigits returns the index of the first byte of b at or after i that
// is not an ASCII digit.
func SkipDigits(b []byte, i int) int {
	for i < len(b) && IsDigit(b[i]) {
		i++
	}
	return i
}

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c-'0' < 10 }

// SimpleEscape marks the bytes that may follow '\\' other than 'u'.
var SimpleEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// Lead describes a UTF-8 leading byte: how many continuation bytes
// follow and the allowed range of the first of them (RFC 3629 §4).
// Need is 0 for ASCII and for bytes that can never lead a sequence.
type Lead struct{ Need, Lo, Hi byte }

// UTF8First is the Lead of every byte.
var UTF8First = func() (t [256]Lead) {
	for c := 0xC2; c <= 0xDF; c++ {
		t[c] = Lead{1, 0x80, 0xBF}
	}
	for c := 0xE0; c <= 0xEF; c++ {
		t[c] = Lead{2, 0x80, 0xBF}
	}
	t[0xE0].Lo = 0xA0 // no overlong forms
	t[0xED].Hi = 0x9F // no UTF-16 surrogates
	for c := 0xF0; c <= 0xF4; c++ {
		t[c] = Lead{3, 0x80, 0xBF}
	}
	t[0xF0].Lo = 0x90 // no overlong forms
	t[0xF4].Hi = 0x8F // nothing past U+10FFFF
	return t
}()

// Literals are the three JSON literals.
var Literals = [3]string{"true", "false", "null"}

// LiteralIndex is the index in Literals of the literal that begins with
// c, one of 't', 'f' and 'n'.
func LiteralIndex(c byte) uint8 {
	switch c {
	case 'f':
		return 1
	case 'n':
		return 2
	}
	return 0
}

// Number states of NumberStep: the state after reading ...
const (
	NumMinus    = iota // ... a leading '-'
	NumZero            // ... a leading '0'
	NumInt             // ... an integer digit other than a leading '0'
	NumDot             // ... the '.'
	NumFrac            // ... a fraction digit
	NumExp             // ... the 'e' or 'E'
	NumExpSign         // ... the exponent's sign
	NumExpDigit        // ... an exponent digit
)

// NumberFirst returns the state after c, the first byte of a number: '-'
// or a digit.
func NumberFirst(c byte) uint8 {
	switch c {
	case '-':
		return NumMinus
	case '0':
		return NumZero
	}
	return NumInt
}

// NumberCanEnd reports whether a number may end in state s.
func NumberCanEnd(s uint8) bool {
	return s == NumZero || s == NumInt || s == NumFrac || s == NumExpDigit
}

// NumberStep returns the state after c, or false if c cannot continue a
// number in state s. It is a table lookup, so that it inlines into the
// readers' loops.
func NumberStep(s uint8, c byte) (uint8, bool) {
	next := numberNext[s&7][numberClass[c]]
	return next, next != numBad
}

// The classes of bytes a number is made of; numOther is any other byte.
const (
	numOther = iota
	numDigit0
	numDigit19
	numPoint
	numE
	numSign
)

// IsNumberByte reports whether c can be part of a number: a digit, '.',
// 'e', 'E', '+' or '-'.
func IsNumberByte(c byte) bool { return numberClass[c] != numOther }

// numBad marks a byte that cannot continue the number.
const numBad = 0xFF

var numberClass = func() (t [256]uint8) {
	t['0'] = numDigit0
	for c := '1'; c <= '9'; c++ {
		t[c] = numDigit19
	}
	t['.'], t['e'], t['E'], t['+'], t['-'] = numPoint, numE, numE, numSign, numSign
	return t
}()

// numberNext[s][class] is the state after a byte of the class in state s.
var numberNext = func() (t [8][6]uint8) {
	for s := range t {
		for c := range t[s] {
			t[s][c] = numBad
		}
	}
	t[NumMinus][numDigit0], t[NumMinus][numDigit19] = NumZero, NumInt
	t[NumZero][numPoint], t[NumZero][numE] = NumDot, NumExp
	t[NumInt][numDigit0], t[NumInt][numDigit19] = NumInt, NumInt
	t[NumInt][numPoint], t[NumInt][numE] = NumDot, NumExp
	t[NumDot][numDigit0], t[NumDot][numDigit19] = NumFrac, NumFrac
	t[NumFrac][numDigit0], t[NumFrac][numDigit19], t[NumFrac][numE] = NumFrac, NumFrac, NumExp
	t[NumExp][numDigit0], t[NumExp][numDigit19], t[NumExp][numSign] = NumExpDigit, NumExpDigit, NumExpSign
	t[NumExpSign][numDigit0], t[NumExpSign][numDigit19] = NumExpDigit, NumExpDigit
	t[NumExpDigit][numDigit0], t[NumExpDigit][numDigit19] = NumExpDigit, NumExpDigit
	return t
}()

// Hex4 returns the value of the four hex digits that begin b, or false.
func Hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		v := HexValue[c]
		if v < 0 {
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}

// EscapeLen returns the length of the valid escape that begins with the
// backslash at b[i] and ends inside b: 2 for a simple escape, 6 for
// "\uXXXX" outside the surrogates, 12 for a surrogate pair. It returns 0
// for anything else, including an escape that b cuts short.
func EscapeLen(b []byte, i int) int {
	if i+1 >= len(b) {
		return 0
	}
	if SimpleEscape[b[i+1]] {
		return 2
	}
	if b[i+1] != 'u' {
		return 0
	}
	r, ok := Hex4(b[i+2:])
	switch {
	case !ok || r >= 0xDC00 && r <= 0xDFFF:
		return 0
	case r < 0xD800 || r > 0xDFFF:
		return 6
	}
	if i+11 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
		if r2, ok := Hex4(b[i+8:]); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
			return 12
		}
	}
	return 0
}

// UTF8Len returns the length of the valid multi-byte UTF-8 sequence that
// begins at b[i] and ends inside b, or 0. i must be an index of b.
func UTF8Len(b []byte, i int) int {
	lead := UTF8First[b[i]]
	n := int(lead.Need)
	if n == 0 || i+n >= len(b) || b[i+1] < lead.Lo || b[i+1] > lead.Hi {
		return 0
	}
	for k := 2; k <= n; k++ {
		if b[i+k]&0xC0 != 0x80 {
			return 0
		}
	}
	return n + 1
}

// utf8Len4 is UTF8Len for i+4 <= len(b), with the sequence and the bytes
// after it in one load: the second byte's range, then the continuation
// bits of the rest at once.
func utf8Len4(b []byte, i int) int {
	lead := UTF8First[b[i]]
	n := lead.Need & 3
	w := binary.LittleEndian.Uint32(b[i : i+4])
	if c := byte(w >> 8); n == 0 || c < lead.Lo || c > lead.Hi || w&contMask[n] != contBits[n] {
		return 0
	}
	return int(n) + 1
}

// contMask and contBits, by a Lead's Need, select the top two bits of
// the sequence's third and fourth bytes in a little-endian word of it,
// and what they must be: 10, a continuation byte.
var (
	contMask = [4]uint32{2: 0x00C00000, 3: 0xC0C00000}
	contBits = [4]uint32{2: 0x00800000, 3: 0x80800000}
)

// ScanString reads the contents of a string that begin at b[i], over
// whole valid sequences only. When the closing quote is in b it returns
// the index just past it and true. Otherwise it returns the index of the
// first byte it did not read (the end of b, a sequence that b cuts short,
// or something wrong) and false: a point between two characters, from
// which the caller's state machine goes on and reports any error.
//
// With the vector scans on (see vector) and 32 bytes in b it reads 32
// bytes a step, the last step overlapping the one before, over two-byte
// escapes, up to a quote, a control byte or another escape, which it
// reads here; fewer than 32 bytes left it reads in one step of the last
// 32 (scanStringTail). What the vector scans leave (bad UTF-8, and a b of
// fewer than 32 bytes) scanStringNarrow reads, from the start of the
// character they stopped in.
func ScanString(b []byte, i int) (int, bool) {
	for {
		// Most strings are short and plain (names, ids), and escapes come
		// close together (code, quoted JSON): two words of SWAR first
		// take them with no vector set-up, and leave a point between
		// characters when they do not; so do the last 16 bytes of b, as
		// at the end of a delta.
		if i = SkipPlain(b[:min(i+16, len(b))], i); i == len(b) {
			return i, false
		}
		switch b[i] {
		case '"':
			return i + 1, true
		case '\\':
			if i+1 < len(b) && SimpleEscape[b[i+1]] { // most escapes, with no call
				i += 2
				if vector && len(b)-i >= 32 {
					// Where one escape is, more are near (quoted JSON,
					// code): the escaped scan steps over them.
					n, quote := scanEscapedVector(b[i:])
					if quote {
						return i + n + 1, true
					}
					i += n
				}
				continue
			}
			n := EscapeLen(b, i)
			if n == 0 {
				return i, false
			}
			i += n
			continue
		}
		if !vector {
			break
		}
		var j int
		var stop bool
		wide := len(b)-i >= 32
		if wide {
			n, s := scanStringVector(b[i:])
			j, stop = i+n, s
		} else if len(b) >= 32 && i < len(b) {
			j, stop = scanStringTail(b, i)
		} else {
			break
		}
		if !stop {
			i = charStart(b, i, j)
			if j == len(b) {
				// The end of b, which may cut a character: the narrow
				// scan would stop at its start.
				return i, false
			}
			if wide && len(b)-j < 32 {
				// Fewer than 32 bytes left after the steps, or bad UTF-8
				// in them: the tail scan reads them, or finds it.
				continue
			}
			break
		}
		n := 0
		switch b[j] {
		case '"':
			return j + 1, true
		case '\\':
			n = EscapeLen(b, j)
		}
		if n == 0 { // a control byte, or a bad or cut escape
			return j, false
		}
		i = j + n
	}
	return scanStringNarrow(b, i)
}

// ScanStringRest is ScanString for the rest of a string that began
// before b[i] and ran on to it, as at the start of a delta of a long
// one: it goes to the vector scans first, and back to them after an
// escape, where ScanString tries SWAR.
func ScanStringRest(b []byte, i int) (int, bool) {
	for vector && len(b) >= 32 && i < len(b) {
		var j int
		var stop bool
		if len(b)-i >= 32 {
			n, s := scanStringVector(b[i:])
			j, stop = i+n, s
		} else {
			j, stop = scanStringTail(b, i)
		}
		switch {
		case stop && b[j] == '"':
			return j + 1, true
		case stop && b[j] == '\\':
			// A \u escape, or one the step cut: the scan goes on after it.
			n := EscapeLen(b, j)
			if n == 0 {
				return j, false
			}
			i = j + n
			continue
		case stop:
			return j, false // a control byte
		case j == len(b):
			return charStart(b, i, j), false
		}
		i = charStart(b, i, j)
		break
	}
	return ScanString(b, i)
}

// charStart returns j when b[lo:j] is whole characters, and otherwise
// the index of the lead byte of the character that j cuts. b[lo:j] must
// be valid UTF-8 but for a character cut at its end, and lo a point
// between two characters, as after scanStringVector.
func charStart(b []byte, lo, j int) int {
	for k := j - 1; k >= lo && k >= j-3; k-- {
		c := b[k]
		if c < 0x80 {
			break
		}
		if c >= 0xC0 { // a lead: its length by its high bits alone
			n := 2
			if c >= 0xE0 {
				n++
			}
			if c >= 0xF0 {
				n++
			}
			if k+n > j {
				return k
			}
			break
		}
	}
	return j
}

// scanStringNarrow is ScanString a character, or eight plain bytes, at a
// time.
func scanStringNarrow(b []byte, i int) (int, bool) {
	for {
		if i < len(b) && Plain[b[i]] { // not between two non-ASCII characters
			i = SkipPlain(b, i)
		}
		if i >= len(b) {
			return i, false
		}
		var n int
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			n = EscapeLen(b, i)
		case c >= 0x80 && i+4 <= len(b):
			// A run of multi-byte characters, as in CJK text.
			for {
				if n = utf8Len4(b, i); n == 0 {
					return i, false
				}
				if i += n; i+4 > len(b) || b[i] < 0x80 {
					break
				}
			}
			continue
		case c >= 0x80:
			n = UTF8Len(b, i)
		}
		if n == 0 {
			return i, false
		}
		i += n
	}
}

// SkipIndent returns the index of the first byte of b at or after i that
// is not ' ', reading sixteen bytes a step while sixteen remain: the
// indentation after a newline. It inlines, so that a caller's loop reads
// indentation with no call; the caller reads any spaces it leaves.
func SkipIndent(b []byte, i int) int {
	for last := len(b) - 16; i <= last; {
		w := b[i:]
		x := binary.LittleEndian.Uint64(w) ^ spaces8v
		y := binary.LittleEndian.Uint64(w[8:]) ^ spaces8v
		if v := x | y; v != 0 {
			if x != 0 {
				return i + bits.TrailingZeros64(x)>>3
			}
			// v is y, and known not zero: its trailing zeros take no
			// test for zero, where y's did.
			return i + 8 + bits.TrailingZeros64(v)>>3
		}
		i += 16
	}
	return i
}
