package tokenizer

import "github.com/deltajson/deltajson/internal/jsonwire"

// NOTE: A Lookahead reads bytes a Tokenizer has not been fed yet with a
// byte automaton: step[s][b] is the state after byte b in state s when b
// only moves the grammar on, or an action (a value of nStates or more)
// when b does more: opens or closes a container, begins a number, ends a
// value (a string's closing quote, a literal's last byte, the byte after
// a number), or is refused. Inside strings, escapes, surrogate pairs,
// UTF-8 characters, numbers and literals every byte is a state change,
// so it costs one lookup: that is what makes Step a few stores. The table is built below from internal/jsonwire's grammar, as
// the readers in lex.go are, and the tests hold a Lookahead to the
// Tokenizer on the same bytes (TestLookaheadMatchesTokenizer,
// FuzzLookahead).
//
// It takes only what it is sure of: whitespace, structure, names,
// strings without control bytes, numbers within the length limit and
// literals, in containers less than maxAheadDepth deep and within the
// depth limit; nothing when a string length limit is set. Anything else
// (an invalid byte or escape, a lone surrogate, a close that does not
// match) is refused and left to the Tokenizer, which reads the very same
// bytes, so tokens, errors and offsets are those of a Tokenizer that had
// no Lookahead.

// Lookahead reads bytes ahead of a [Tokenizer] that will be fed them
// later, cheaply, and tells what the Tokenizer would: whether the value
// is whole ([Lookahead.Complete]), where the last value, container or
// string character read ends ([Lookahead.End]), and what string and
// containers are open there ([Lookahead.AppendClosers]). It takes only
// bytes it is sure are valid: at the first other one [Lookahead.Byte]
// and [Lookahead.Read] report false, and the caller feeds the Tokenizer
// every byte the Lookahead took and then the rest, which gives the
// tokens and errors of an uninterrupted run. It holds no bytes; the
// caller keeps them.
//
// Begin it with [Lookahead.Start]. The zero Lookahead takes nothing. It
// is a plain value, like a Tokenizer.
type Lookahead struct {
	s        uint8  // automaton state
	depth    uint8  // containers open, at most maxAheadDepth
	maxDepth uint8  // the depth at which no container opens
	maxNum   int32  // the Tokenizer's number length limit
	kinds    uint64 // bit d set: the container open at depth d is an object
	off      int64  // offset of the next byte
	begin    int64  // off at Start
	// end is End, except inside a string value, where End is off less
	// the bytes of the character read so far (strBack), if that is past
	// begin: so a byte of a string costs no store of it.
	end int64
	// Step takes no byte at stop or past it, and Byte none past limit:
	// stop is limit, or inside a number the offset its length limit
	// falls at, if that is less.
	stop, limit int64
}

// maxAheadDepth bounds the containers a Lookahead keeps open: their
// kinds are bits of one word.
const maxAheadDepth = 63

// Start begins reading ahead of t, which must have read every byte fed to
// it (Next returned ErrNeedMore). It reports whether it could: not when t
// has failed or is closed, a string length limit is set, t stands inside
// an escape or a character cut at a chunk's end, or deeper than 63
// containers. Then the Lookahead takes nothing.
func (a *Lookahead) Start(t *Tokenizer) bool {
	*a = Lookahead{}
	lim := t.lim
	if !t.inited {
		lim = Options{}.limits()
	}
	if t.err != nil || t.closed || t.cut || t.pos != len(t.buf) || lim.maxString < maxStringLimit || t.depth > maxAheadDepth {
		return false
	}
	s, stop := uint8(lsOff), lim.maxBytes
	switch t.lex {
	case lexString:
		if t.nCarry != 0 || t.sub != sNormal {
			return false // a cut escape or character is carried
		}
		s = lsValueStr
		if t.isName {
			s = lsNameStr
		}
	case lexNumber:
		s, stop = lsNumber+t.sub, min(stop, t.tokOff+int64(lim.maxNumber))
	case lexLiteral:
		s = uint8(lsLiteral + litStride*int(t.lit) + int(t.sub))
	default:
		s = [...]uint8{expValue: lsValue, expFirstValue: lsFirstValue, expFirstName: lsFirstName,
			expName: lsName, expColon: lsColon, expComma: lsAfterItem, expEnd: lsEnd}[t.expect]
	}
	a.depth, a.off = uint8(t.depth), t.Offset()
	a.begin = a.off
	if t.depth > 0 {
		a.kinds = t.path.kinds(t.depth - 1)
		if t.top.obj {
			a.kinds |= 1 << (t.depth - 1)
		}
	}
	if s == lsAfterItem {
		s = afterValue(a.kinds, t.depth)
	}
	a.s, a.stop, a.limit = s, stop, lim.maxBytes
	a.maxNum, a.maxDepth = int32(lim.maxNumber), uint8(min(lim.maxDepth, maxAheadDepth))
	return true
}

// Complete reports whether the bytes read make a whole top-level value,
// with nothing after it but whitespace: the Tokenizer's [StatusComplete].
func (a *Lookahead) Complete() bool { return a.s == lsEnd }

// End returns the offset just past the last byte read since Start that
// ends a value, opens or closes a container, or ends a whole character
// (or the opening quote) of a string value; or 0 when none did.
func (a *Lookahead) End() int64 {
	if a.InString() {
		if end := a.off - int64(strBack[a.s-lsValueStr]); end > a.begin {
			return end
		}
	}
	return a.end
}

// InString reports whether End is inside a string value.
func (a *Lookahead) InString() bool { return a.s >= lsValueStr && a.s < lsValueStr+strStates }

// AppendClosers appends to dst what closes the value at End: a quote if a
// string is open there, then '}' or ']' for each open container,
// innermost first.
func (a *Lookahead) AppendClosers(dst []byte) []byte {
	if a.InString() {
		dst = append(dst, '"')
	}
	for d := int(a.depth) - 1; d >= 0; d-- {
		if a.kinds&(1<<d) != 0 {
			dst = append(dst, '}')
		} else {
			dst = append(dst, ']')
		}
	}
	return dst
}

// Step reads b, the next byte, when it only moves the grammar on: a byte
// inside a string, number or literal, whitespace, a colon, a comma, or a
// string's opening quote, the commonest bytes by far. It reports whether
// it took b; if not, the Lookahead is as it was, and b is for
// [Lookahead.Byte]. It makes no value whole.
func (a *Lookahead) Step(b byte) bool {
	// NOTE: kept small enough to inline, so that such a byte costs a
	// lookup and two stores; Byte, which may act, does not inline.
	//
	// Fed a byte at a time, the state is stored and loaded again for the
	// next byte, and the lookup would wait on that load: so in a string
	// value, the commonest state, the row is chosen by a branch, which
	// the processor predicts, and the lookup does not wait.
	//
	// The two tests, s < nStates and off < a.stop, are one: both
	// differences are negative (none overflows: offsets and stop are
	// not). With one branch out, a caller's own test of the result folds
	// into it.
	s := step[lsValueStr][b]
	if a.s != lsValueStr {
		s = step[a.s][b]
	}
	if (int64(s)-nStates)&(a.off-a.stop) < 0 {
		a.s = s
		a.off++
		return true
	}
	return false
}

// Byte reads b, the next byte. It reports whether it took it; if not, the
// Lookahead is as it was, and b is the Tokenizer's to read.
func (a *Lookahead) Byte(b byte) bool {
	next := step[a.s][b]
	if next < nStates {
		return a.Step(b) // unless a number is past its limit, or the stream past its own
	}
	if a.off >= a.limit {
		return false // the stream past its limit
	}
	at, depth := a.off, int(a.depth)
	switch next {
	case laStrEnd, laLiteralEnd:
		a.s, a.end = afterValue(a.kinds, depth), at+1
	case laNumber:
		a.s, a.stop = lsNumber+jsonwire.NumberFirst(b), min(a.limit, at+int64(a.maxNum))
	case laOpenObject, laOpenArray:
		if a.depth >= a.maxDepth {
			return false
		}
		a.s, a.kinds = openKind(a.kinds, depth, next)
		a.depth++
		a.end = at + 1
	case laClose:
		if !closes(a.kinds, depth, b) {
			return false
		}
		a.depth--
		a.s, a.end = afterValue(a.kinds, depth-1), at+1
	case laNumberEnd:
		// b ends the number before it, and is read again after it: only
		// whitespace, a comma or a close can be.
		switch s := step[afterValue(a.kinds, depth)][b]; {
		case s < nStates: // whitespace or a comma
			a.s, a.end = s, at
		case s == laClose && closes(a.kinds, depth, b):
			a.depth--
			a.s, a.end = afterValue(a.kinds, depth-1), at+1
		default:
			return false
		}
		a.stop = a.limit
	default: // laRefuse
		return false
	}
	a.off++
	return true
}

// Read reads p, the next bytes. It reports whether it took them all; if
// not, the Lookahead is as it was, and p is the Tokenizer's to read.
func (a *Lookahead) Read(p []byte) bool {
	if a.off+int64(len(p)) > a.limit {
		return false
	}
	s := a.s
	if s < lsNameStr || s >= lsNumber {
		return a.read(p, 0, s, a.end)
	}
	// Inside a string, where most deltas of a long one begin and end:
	// they take neither read's loop nor its set-up. First the rest of a
	// character or escape that p's start cuts.
	i, normal := 0, uint8(lsNameStr)
	if s >= lsValueStr {
		normal = lsValueStr
	}
	for ; s != normal; i++ {
		if i == len(p) || step[s][p[i]] >= nStates {
			return a.read(p, i, s, a.end)
		}
		s = step[s][p[i]]
	}
	// A few bytes are stepped through: the scan's call costs more.
	if len(p)-i >= 16 {
		var closed bool
		if i, closed = jsonwire.ScanStringRest(p, i); closed {
			s, end := afterString(s, a.kinds, int(a.depth), a.end, a.off+int64(i))
			return a.read(p, i, s, end)
		}
	}
	// A character that the end of p cuts, or a byte for read.
	for ; i < len(p); i++ {
		if step[s][p[i]] >= nStates {
			return a.read(p, i, s, a.end)
		}
		s = step[s][p[i]]
	}
	a.s = s
	a.off += int64(len(p))
	return true
}

// read is Read from p[i], in state s with End end, for p within the
// stream's limit.
func (a *Lookahead) read(p []byte, i int, s uint8, end int64) bool {
	// NOTE: The state the loop changes byte by byte is in locals, stored
	// once at the end: kept in a, every byte would wait on the store of
	// the one before. The loop reads every byte through readStep, where
	// a byte that only moves the grammar on costs one lookup; what else
	// a byte does is an action. A string's plain run is an action too
	// (laScanName, laScanValue), read by jsonwire.ScanString; a number's
	// length limit is checked where the number ends.
	off := a.off // p[0]'s offset
	depth, kinds, numStop := int(a.depth), a.kinds, a.stop
	for i < len(p) {
		b := p[i]
		next := readStep[s][b]
		i++
		if next < nStates {
			s = next
			continue
		}
		at := off + int64(i) - 1 // b's offset
		switch next {
		case laScanName, laScanValue:
			s = lsNameStr
			if next == laScanValue {
				s = lsValueStr
			}
			var closed bool
			if i, closed = jsonwire.ScanString(p, i); closed {
				s, end = afterString(s, kinds, depth, end, off+int64(i))
			}
		case laStrEnd, laLiteralEnd:
			s, end = afterValue(kinds, depth), at+1
		case laNumber:
			s, numStop = lsNumber+jsonwire.NumberFirst(b), at+int64(a.maxNum)
		case laNumberEnd:
			// b ends the number before it, and is read again after it.
			if at > numStop {
				return false // the Tokenizer fails a number past its limit
			}
			s, end = afterValue(kinds, depth), at
			i--
		case laOpenObject, laOpenArray:
			if depth >= int(a.maxDepth) {
				return false
			}
			s, kinds = openKind(kinds, depth, next)
			depth++
			end = at + 1
		case laClose:
			if !closes(kinds, depth, b) {
				return false
			}
			depth--
			s, end = afterValue(kinds, depth), at+1
		default: // laRefuse
			return false
		}
	}
	a.stop = a.limit
	if isNumberState(s) {
		if off+int64(len(p)) > numStop {
			return false
		}
		a.stop = min(a.limit, numStop)
	}
	a.s, a.depth, a.kinds, a.end = s, uint8(depth), kinds, end
	a.off += int64(len(p))
	return true
}

// afterString returns the state and End after the closing quote of a
// string read in state s, lsNameStr or lsValueStr, which ends at at.
func afterString(s uint8, kinds uint64, depth int, end, at int64) (uint8, int64) {
	if s == lsNameStr {
		return lsColon, end
	}
	return afterValue(kinds, depth), at
}

// openKind returns the state after opening, at depth d, the container of
// action op (laOpenObject or laOpenArray), and kinds with its kind.
func openKind(kinds uint64, d int, op uint8) (uint8, uint64) {
	if op == laOpenObject {
		return lsFirstName, kinds | 1<<d
	}
	return lsFirstValue, kinds &^ (1 << d)
}

// closes reports whether b, '}' or ']', closes the innermost of depth
// open containers.
func closes(kinds uint64, depth int, b byte) bool {
	return depth > 0 && (kinds&(1<<(depth-1)) != 0) == (b == '}')
}

// afterValue is the state after a whole value with depth containers
// open: lsEnd after the top-level value, and otherwise the state for the
// innermost container's kind.
func afterValue(kinds uint64, depth int) uint8 {
	switch {
	case depth == 0:
		return lsEnd
	case kinds&(1<<(depth-1)) != 0:
		return lsAfterName
	}
	return lsAfterItem
}

// Automaton states: outside a lexeme, the state after reading ...
const (
	lsOff        = iota // ... nothing: a Lookahead not started takes no byte
	lsValue             // ... ':' or ',' in an array, or nothing: a value must come
	lsFirstValue        // ... '[': a value or ']'
	lsFirstName         // ... '{': a name or '}'
	lsName              // ... ',' in an object: a name must come
	lsColon             // ... a member name: ':' must come
	lsAfterName         // ... a value in an object: ',' or '}'
	lsAfterItem         // ... a value in an array: ',' or ']'
	lsEnd               // ... the top-level value: only whitespace

	// Inside a member name or a value string: the first state of a block
	// of strStates (strNormal and so on), strNormal itself.
	lsNameStr
	lsValueStr = lsNameStr + strStates

	// Inside a number: lsNumber plus its jsonwire.Num* state.
	lsNumber = lsValueStr + strStates

	// Inside a literal: lsLiteral plus litStride times its index in
	// jsonwire.Literals plus the bytes of it read (1 to 4).
	lsLiteral = lsNumber + 8
	litStride = 5

	nStates = lsLiteral + litStride*3
)

// The three literals, as nStates counts them.
var _ [3]string = jsonwire.Literals

// States within a string block: after ...
const (
	strNormal = iota // ... a whole character, or the opening quote
	strEsc           // ... '\'
	strU1            // ... "\u"
	strU2            // ... "\u" and a digit other than 'd'
	strU2D           // ... "\ud"
	strU3            // ... "\u" and two digits, not a surrogate's
	strU4            // ... "\u" and three digits, not a surrogate's
	strHi3           // ... "\ud" and one of 8 to b: a high surrogate
	strHi4           // ... three digits of a high surrogate
	strHiEsc         // ... a high surrogate escape: "\u" and a low one must follow
	strHiU           // ... a high surrogate escape and '\'
	strLo1           // ... a high surrogate escape and "\u"
	strLo2           // ... a high surrogate escape and "\ud": c to f must follow
	strLo3           // ... a high surrogate escape and two digits of a low one
	strLo4           // ... a high surrogate escape and three digits of a low one
	str1of2          // ... the lead byte of a two-byte UTF-8 character
	str1of3          // ... the lead byte of a three-byte one, the next in 80 to BF
	str2of3          // ... two bytes of a three-byte one
	str1of4          // ... the lead byte of a four-byte one, F1 to F3
	str2of4          // ... two bytes of a four-byte one
	str3of4          // ... three bytes of a four-byte one
	strE0            // ... E0: the next in A0 to BF (no overlong forms)
	strED            // ... ED: the next in 80 to 9F (no surrogates)
	strF0            // ... F0: the next in 90 to BF (no overlong forms)
	strF4            // ... F4: the next in 80 to 8F (nothing past U+10FFFF)
	strStates
)

// strBack is, for each state within a string block, the bytes of the
// character (or escape) read so far: the offset where the last whole
// character ends is that many bytes back.
var strBack = [strStates]uint8{
	strEsc: 1, strU1: 2, strU2: 3, strU2D: 3, strU3: 4, strU4: 5,
	strHi3: 4, strHi4: 5, strHiEsc: 6, strHiU: 7, strLo1: 8, strLo2: 9, strLo3: 10, strLo4: 11,
	str1of2: 1, str1of3: 1, str2of3: 2, str1of4: 1, str2of4: 2, str3of4: 3,
	strE0: 1, strED: 1, strF0: 1, strF4: 1,
}

// Actions: what a byte does besides changing state.
const (
	laRefuse     = nStates + iota // not valid here, or not sure: the Tokenizer's to read
	laOpenObject                  // '{' where a value may begin
	laOpenArray                   // '['
	laClose                       // '}' or ']' where a close may come
	laStrEnd                      // the quote that ends a value string
	laNumber                      // the first byte of a number
	laNumberEnd                   // the byte after a whole number, read again after it
	laLiteralEnd                  // the last byte of a literal

	// Only in readStep: the byte leads to a string's normal state, and
	// what follows is for jsonwire.ScanString.
	laScanName
	laScanValue
)

// isNumberState reports whether s is inside a number.
func isNumberState(s uint8) bool { return s >= lsNumber && s < lsNumber+8 }

// step has a row for every uint8, so that indexing it with a state needs
// no bounds check; the rows from nStates on are never reached, and refuse
// every byte.
var step = buildStep()

// readStep is step for Read: where step goes to the normal state of a
// name or a value string, on the opening quote or the last byte of a
// character or escape, readStep has laScanName or laScanValue.
var readStep = func() [256][256]uint8 {
	t := step
	for s := range nStates {
		for b := range 256 {
			switch {
			case s == lsNameStr+strNormal:
			case s == lsValueStr+strNormal:
			case t[s][b] == lsNameStr+strNormal:
				t[s][b] = laScanName
			case t[s][b] == lsValueStr+strNormal:
				t[s][b] = laScanValue
			}
		}
	}
	return t
}()

func buildStep() (t [256][256]uint8) {
	for s := range t {
		for b := range t[s] {
			t[s][b] = laRefuse
		}
	}
	space := func(s int) {
		for _, b := range []byte(" \t\n\r") {
			t[s][b] = uint8(s)
		}
	}
	// ']' is not a value, so it is refused after ',' (lsValue), as '}'
	// is after ',' in an object (lsName): the Tokenizer reports those.
	for _, s := range []int{lsValue, lsFirstValue} {
		space(s)
		t[s]['"'] = lsValueStr + strNormal // shown as it begins: see End
		t[s]['{'], t[s]['['] = laOpenObject, laOpenArray
		for _, b := range []byte("-0123456789") {
			t[s][b] = laNumber
		}
		for i, lit := range jsonwire.Literals {
			t[s][lit[0]] = uint8(lsLiteral + litStride*i + 1)
		}
	}
	t[lsFirstValue][']'] = laClose
	for _, s := range []int{lsFirstName, lsName} {
		space(s)
		t[s]['"'] = lsNameStr + strNormal
	}
	t[lsFirstName]['}'] = laClose
	space(lsColon)
	t[lsColon][':'] = lsValue
	// After a value the state knows the container's kind, so a comma
	// is only a change of state.
	space(lsAfterName)
	t[lsAfterName][','], t[lsAfterName]['}'] = lsName, laClose
	space(lsAfterItem)
	t[lsAfterItem][','], t[lsAfterItem][']'] = lsValue, laClose
	space(lsEnd)

	stringStates(&t, lsNameStr, lsColon)
	stringStates(&t, lsValueStr, laStrEnd)

	for n := range 8 {
		for b := range 256 {
			switch next, ok := jsonwire.NumberStep(uint8(n), byte(b)); {
			case ok:
				t[lsNumber+n][b] = uint8(lsNumber) + next
			case jsonwire.NumberCanEnd(uint8(n)):
				t[lsNumber+n][b] = laNumberEnd
			}
		}
	}
	for i, lit := range jsonwire.Literals {
		for read := 1; read < len(lit); read++ {
			s := lsLiteral + litStride*i + read
			t[s][lit[read]] = uint8(s + 1)
			if read == len(lit)-1 {
				t[s][lit[read]] = laLiteralEnd
			}
		}
	}
	return t
}

// stringStates fills the block of string states that begins at base;
// the closing quote leads to end.
func stringStates(t *[256][256]uint8, base int, end uint8) {
	set := func(from int, bytes string, to int) {
		for _, b := range []byte(bytes) {
			t[base+from][b] = uint8(base + to)
		}
	}
	span := func(from int, lo, hi byte, to int) {
		for b := int(lo); b <= int(hi); b++ {
			t[base+from][b] = uint8(base + to)
		}
	}
	const hex, hexD = "0123456789abcdefABCDEF", "dD"

	// A UTF-8 lead byte's range for the next byte (jsonwire.UTF8First)
	// picks the state; it takes its range and leads to the state with one
	// byte more read, which takes 80 to BF.
	utf8 := []struct {
		lead        jsonwire.Lead
		state, then int
	}{
		{jsonwire.Lead{Need: 1, Lo: 0x80, Hi: 0xBF}, str1of2, strNormal},
		{jsonwire.Lead{Need: 2, Lo: 0x80, Hi: 0xBF}, str1of3, str2of3},
		{jsonwire.Lead{Need: 2, Lo: 0xA0, Hi: 0xBF}, strE0, str2of3},
		{jsonwire.Lead{Need: 2, Lo: 0x80, Hi: 0x9F}, strED, str2of3},
		{jsonwire.Lead{Need: 3, Lo: 0x80, Hi: 0xBF}, str1of4, str2of4},
		{jsonwire.Lead{Need: 3, Lo: 0x90, Hi: 0xBF}, strF0, str2of4},
		{jsonwire.Lead{Need: 3, Lo: 0x80, Hi: 0x8F}, strF4, str2of4},
	}
	for b := range 256 {
		c := byte(b)
		switch {
		case jsonwire.Plain[c]:
			t[base+strNormal][c] = uint8(base + strNormal)
		case c == '"':
			t[base+strNormal][c] = end
		case c == '\\':
			t[base+strNormal][c] = uint8(base + strEsc)
		}
		for _, u := range utf8 {
			if jsonwire.UTF8First[c] == u.lead {
				t[base+strNormal][c] = uint8(base + u.state)
			}
		}
		if jsonwire.SimpleEscape[c] {
			t[base+strEsc][c] = uint8(base + strNormal)
		}
	}
	for _, u := range utf8 {
		span(u.state, u.lead.Lo, u.lead.Hi, u.then)
	}
	span(str2of3, 0x80, 0xBF, strNormal)
	span(str2of4, 0x80, 0xBF, str3of4)
	span(str3of4, 0x80, 0xBF, strNormal)

	// \uXXXX: the first two digits tell a high surrogate (D800 to DBFF),
	// which must be followed by a low one, from a lone low one (DC00 to
	// DFFF), which is refused: the Tokenizer rejects both alone.
	set(strEsc, "u", strU1)
	set(strU1, hex, strU2)
	set(strU1, hexD, strU2D)
	set(strU2, hex, strU3)
	set(strU2D, "01234567", strU3)
	set(strU2D, "89abAB", strHi3)
	set(strU3, hex, strU4)
	set(strU4, hex, strNormal)
	set(strHi3, hex, strHi4)
	set(strHi4, hex, strHiEsc)
	set(strHiEsc, `\`, strHiU)
	set(strHiU, "u", strLo1)
	set(strLo1, hexD, strLo2)
	set(strLo2, "cdefCDEF", strLo3)
	set(strLo3, hex, strLo4)
	set(strLo4, hex, strNormal)
}

// kinds returns the kinds of the containers of the n frozen frames, at
// most 64: bit d set when the one at depth d is an object.
func (p *pathStack) kinds(n int) uint64 {
	var bits uint64
	d, b, next := n-1, p.buf[:p.n], p.spill
	for d >= 0 {
		if len(b) < 2 {
			if next == nil {
				break // unreachable while depth counts frames
			}
			b, next = next.frames, next.next
			continue
		}
		size, kind := int(b[len(b)-2]), b[len(b)-1]
		if kind != 'a' {
			bits |= 1 << d
		}
		b, d = b[:len(b)-2-size], d-1
	}
	return bits
}
