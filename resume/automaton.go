package resume

import "github.com/deltajson/deltajson/internal/jsonwire"

// NOTE: The hold-back grammar (hold.go) reads bytes with an automaton:
// lexStep[s][b] is the state after byte b in state s when b only moves
// the grammar on, or an action (a value of nStates or more) when b does
// more: opens or closes a container, begins a number, ends a value (a
// string's closing quote, a literal's last byte, the byte after a
// number), or is refused. A string's opening quote is only a change of
// state (see Call.viewInString). Inside strings, escapes, surrogate
// pairs, UTF-8 characters, numbers and literals every byte is a state
// change, so it costs one lookup; that is what lets Call.Delta take such
// a one-byte delta in a few stores, without a call (take, under
// quickEnd). The table is built
// below from the grammar, and is checked against the tokenizer by the
// tests that compare held deltas with it (TestHeldDeltasMatchTheTokenizer,
// FuzzPartialView).

// Automaton states: outside a lexeme, the state after reading ...
const (
	lsValue      = iota // ... ':' or ',' in an array, or nothing: a value must come
	lsFirstValue        // ... '[': a value or ']'
	lsFirstName         // ... '{': a name or '}'
	lsName              // ... ',' in an object: a name must come
	lsColon             // ... a member name: ':' must come
	lsAfterName         // ... a value in an object: ',' or '}'
	lsAfterItem         // ... a value in an array: ',' or ']'
	lsAfter             // ... a value deeper than the grammar keeps kinds: only whitespace
	lsEnd               // ... the top-level value: only whitespace

	// Inside a member name or a value string: the first state of a block
	// of strStates (strNormal and so on).
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
	strNormal = iota // ... a whole character
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
	strCont1         // ... all but one byte of a UTF-8 character
	strCont2         // ... all but two bytes, the next in 80 to BF
	strCont3         // ... the lead byte of a four-byte character, F1 to F3
	strE0            // ... E0: the next in A0 to BF (no overlong forms)
	strED            // ... ED: the next in 80 to 9F (no surrogates)
	strF0            // ... F0: the next in 90 to BF (no overlong forms)
	strF4            // ... F4: the next in 80 to 8F (nothing past U+10FFFF)
	strStates
)

// Actions: what a byte does besides changing state.
const (
	actRefuse     = nStates + iota // not valid here, or not sure: the tokenizer's to read
	actOpenObject                  // '{' where a value may begin
	actOpenArray                   // '['
	actClose                       // '}' or ']' where a close may come
	actStrEnd                      // the quote that ends a value string
	actNumber                      // the first byte of a number
	actNumberEnd                   // the byte after a whole number, read again after it
	actLiteralEnd                  // the last byte of a literal
)

// lexStep has a row for every uint8, so that indexing it with a state
// needs no bounds check; the rows from nStates on are never reached, and
// refuse every byte.
var lexStep = buildLexStep()

func buildLexStep() (t [256][256]uint8) {
	for s := range t {
		for b := range t[s] {
			t[s][b] = actRefuse
		}
	}
	space := func(s int) {
		for _, b := range []byte(" \t\n\r") {
			t[s][b] = uint8(s)
		}
	}
	// ']' is not a value, so it is refused after ',' (lsValue), as '}'
	// is after ',' in an object (lsName): the tokenizer reports those.
	for _, s := range []int{lsValue, lsFirstValue} {
		space(s)
		t[s]['"'] = lsValueStr + strNormal // shown as it begins: see Call.take
		t[s]['{'], t[s]['['] = actOpenObject, actOpenArray
		for _, b := range []byte("-0123456789") {
			t[s][b] = actNumber
		}
		for i, lit := range jsonwire.Literals {
			t[s][lit[0]] = uint8(lsLiteral + litStride*i + 1)
		}
	}
	t[lsFirstValue][']'] = actClose
	for _, s := range []int{lsFirstName, lsName} {
		space(s)
		t[s]['"'] = lsNameStr + strNormal
	}
	t[lsFirstName]['}'] = actClose
	space(lsColon)
	t[lsColon][':'] = lsValue
	// After a value the state knows the container's kind, so a comma
	// is only a change of state; past maxHoldDepth it does not
	// (lsAfter), and the comma or close is the tokenizer's.
	space(lsAfterName)
	t[lsAfterName][','], t[lsAfterName]['}'] = lsName, actClose
	space(lsAfterItem)
	t[lsAfterItem][','], t[lsAfterItem][']'] = lsValue, actClose
	space(lsAfter)
	space(lsEnd)

	stringStates(&t, lsNameStr, lsColon)
	stringStates(&t, lsValueStr, actStrEnd)

	for n := range 8 {
		for b := range 256 {
			switch next, ok := jsonwire.NumberStep(uint8(n), byte(b)); {
			case ok:
				t[lsNumber+n][b] = uint8(lsNumber) + next
			case jsonwire.NumberCanEnd(uint8(n)):
				t[lsNumber+n][b] = actNumberEnd
			}
		}
	}
	for i, lit := range jsonwire.Literals {
		for read := 1; read < len(lit); read++ {
			s := lsLiteral + litStride*i + read
			t[s][lit[read]] = uint8(s + 1)
			if read == len(lit)-1 {
				t[s][lit[read]] = actLiteralEnd
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
	// picks the state; each continuation state takes its range and leads
	// to the state with one byte less to come.
	utf8 := []struct {
		lead        jsonwire.Lead
		state, then int
	}{
		{jsonwire.Lead{Need: 1, Lo: 0x80, Hi: 0xBF}, strCont1, strNormal},
		{jsonwire.Lead{Need: 2, Lo: 0x80, Hi: 0xBF}, strCont2, strCont1},
		{jsonwire.Lead{Need: 3, Lo: 0x80, Hi: 0xBF}, strCont3, strCont2},
		{jsonwire.Lead{Need: 2, Lo: 0xA0, Hi: 0xBF}, strE0, strCont1},
		{jsonwire.Lead{Need: 2, Lo: 0x80, Hi: 0x9F}, strED, strCont1},
		{jsonwire.Lead{Need: 3, Lo: 0x90, Hi: 0xBF}, strF0, strCont2},
		{jsonwire.Lead{Need: 3, Lo: 0x80, Hi: 0x8F}, strF4, strCont2},
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

	// \uXXXX: the first two digits tell a high surrogate (D800 to DBFF),
	// which must be followed by a low one, from a lone low one (DC00 to
	// DFFF), which is refused: the tokenizer rejects both alone.
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
	set(strLo2, "cdefCDEF", strU3)
}

// isNumberState reports whether s is inside a number.
func isNumberState(s uint8) bool { return s >= lsNumber && s < lsNumber+8 }
