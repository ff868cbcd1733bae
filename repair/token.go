package repair

// This file reads one token at a time for the state machine: strings in
// all their quotes, numbers, bare words, names, whitespace and comments.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

func (p *parser) scalarOrOpen(c byte) error {
	// NOTE: a word first: no other case starts with a letter, _ or $,
	// and words (bare values, literals, calls) reach this switch more
	// often than strings and numbers, which member reads in objects.
	switch {
	case isIdent(c):
		// The word is read once: a call's name goes on from its end.
		end := wordEnd(p.in, p.pos+1)
		if paren := p.callAt(end); paren > 0 {
			return p.wrapper(p.pos, paren)
		}
		if err := p.word(end); err != nil {
			return err
		}
	case c == '{' || c == '[':
		return p.open(c == '{')
	case c == '"':
		if err := p.str(false); err != nil {
			return err
		}
		if err := p.concat(); err != nil {
			return err
		}
	case c == '\'':
		if err := p.altStr(SingleQuote, false); err != nil {
			return err
		}
		if err := p.concat(); err != nil {
			return err
		}
	case c == 0xE2 && (smartQuote(p.in, p.pos) == smartLeftDouble || smartQuote(p.in, p.pos) == smartLeftSingle) || c == '`' && p.backtick(p.pos):
		if err := p.altStr(SmartQuote, false); err != nil {
			return err
		}
		if err := p.concat(); err != nil {
			return err
		}
	case c == '-' || c == '.' || isDigit(c):
		if err := p.numberOrWord(); err != nil {
			return err
		}
	case c == '(' && p.on(Literal):
		return p.openTuple()
	case p.bareOK() && !isStructural(c) && (c != '`' || fenceLen(p.in, p.pos, false) == 0):
		if err := p.bare(p.pos, p.pos+1); err != nil {
			return err
		}
	default:
		need := Kind(0)
		switch {
		case p.state == stDone:
			// The end of the input inside the value.
		case c == '`' && len(p.stack) == 0:
			need = Fence
		case len(p.stack) == 0:
			need = Prose
		case c == '(':
			need = Literal
		case !isStructural(c):
			need = UnquotedString
		}
		if p.probing {
			return p.fail(p.pos, need, "") // a candidate in prose: no words
		}
		return p.fail(p.pos, need, "invalid character %s looking for beginning of value", quoteChar(p.in, p.pos))
	}
	if p.state != stDone {
		p.endValue()
	}
	return nil
}

// callAt returns the offset of the ( of a call whose name reads up to
// i at least, name(, when Wrapper is on; or 0. The name's bytes before
// i are name bytes (wordEnd's).
func (p *parser) callAt(i int) int {
	if !p.on(Wrapper) {
		return 0
	}
	in := p.in
	for i < len(in) && (isNameByte(in[i]) || in[i] == '.') {
		i++
	}
	for i < len(in) && (in[i] == ' ' || in[i] == '\t') {
		i++
	}
	if i < len(in) && in[i] == '(' {
		return i
	}
	return 0
}

// concat joins to the string just read the strings that follow it after
// a +, as StringConcat: the closing quote, the + and the opening quote go,
// with what lies between them.
//
// NOTE: concat inlines, and calls concatRun only where a + may follow.
func (p *parser) concat() error {
	if p.pos < len(p.in) && !mayConcat[p.in[p.pos]] {
		return nil
	}
	return p.concatRun()
}

// mayConcat marks the bytes that can follow a string that concat joins
// to another: a + or what space skips.
var mayConcat = func() (t [256]bool) {
	t = mayBeSpace
	t['+'] = true
	return t
}()

// concatRun is concat's loop.
func (p *parser) concatRun() error {
	for p.on(StringConcat) && p.state != stDone {
		in := p.in
		j := p.skipQuiet(p.pos)
		if j >= len(in) || in[j] != '+' {
			return nil
		}
		k := p.skipQuiet(j + 1)
		if k >= len(in) {
			return nil
		}
		var kind Kind
		n := 1
		switch {
		case in[k] == '"':
		case in[k] == '\'' && p.on(SingleQuote):
			kind = SingleQuote
		case p.on(SmartQuote) && (smartQuote(in, k) == smartLeftDouble || smartQuote(in, k) == smartLeftSingle):
			kind, n = SmartQuote, 3
		default:
			return nil
		}
		// The string just read ends with a quote in the input, or one
		// inserted (the last edit), which goes too.
		q := p.pos - 1
		if l := len(p.log); l > 0 && p.log[l-1].end() == p.pos && p.text(p.log[l-1].ins) == `"` {
			q = p.log[l-1].off
			p.log = p.log[:l-1]
		}
		p.edit(StringConcat, q, k+n-q, "")
		var err error
		if kind == 0 {
			err = p.strBody(k, k+1, false)
		} else {
			open := byte('\'')
			if kind == SmartQuote {
				open = smartQuote(in, k)
			}
			err = p.altBody(kind, k, k+n, open, false)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// name reads an object name starting with c at p.pos.
func (p *parser) name(c byte) error {
	switch {
	case c == '"':
		return p.str(true)
	case c == '\'':
		return p.altStr(SingleQuote, true)
	case c == 0xE2 && (smartQuote(p.in, p.pos) == smartLeftDouble || smartQuote(p.in, p.pos) == smartLeftSingle) || c == '`' && p.backtick(p.pos):
		return p.altStr(SmartQuote, true)
	case bareNameStart(p.in, p.pos):
		start := p.pos
		i := start + 1
		for i < len(p.in) && isNameByte(p.in[i]) {
			i++
		}
		if i < len(p.in) && p.in[i] == '"' && p.on(MissingQuote) {
			// a": the opening quote is missing.
			p.add(mkc(MissingQuote, start, 0, insQuote))
			p.pos = i + 1
			return nil
		}
		if !p.on(UnquotedKey) {
			return p.fail(p.pos, UnquotedKey, "unquoted object name")
		}
		if i == len(p.in) {
			if p.dupName(start, p.in[start:], false) {
				return p.atEOF(start, p.safe, "")
			}
			p.add(mkc(UnquotedKey, start, 0, insQuote))
			return p.atEOF(start, -1, `":null`)
		}
		p.add2(mkc(UnquotedKey, start, 0, insQuote), mkc(UnquotedKey, i, 0, insQuote))
		p.pos = i
		return nil
	}
	if p.probing {
		return p.fail(p.pos, 0, "") // a candidate in prose: no words
	}
	return p.fail(p.pos, 0, "invalid character %s looking for object name", quoteChar(p.in, p.pos))
}

// str reads a double-quoted string. Its bytes are left alone, except raw
// control characters and invalid escapes when those kinds are on, and
// quotes that do not end it (InnerQuote, MissingQuote).
//
// NOTE: the fast path, for most strings: plain ASCII up to a quote that
// a , or : or a closer follows, or whitespace after a name, which ends
// it under every kind. A string
// with escapes, all valid, and valid characters is read so too
// (jsonwire.ScanString): strBody would take them as they are.
func (p *parser) str(isName bool) error {
	if !fastMember {
		return p.strBody(p.pos, p.pos+1, isName)
	}
	var j int
	if p.plain[0] == p.pos+1 {
		j = p.plain[1] // member read the run, and left the string
	} else {
		j = jsonwire.SkipPlain(p.in, p.pos+1)
	}
	end, ok := j+1, j < len(p.in) && p.in[j] == '"'
	if !ok {
		end, ok = strictEnd(p.in, j)
	}
	// A ) that closes a call or a tuple ends the string too, as it
	// does for quoteCloses: ObjectId("5f1"). So does whitespace after
	// a name, as in strBody: {"a" 1} lacks a colon.
	if ok && (closesFast(p.in, end, len(p.stack)) || end < len(p.in) && (p.in[end] == ')' && p.inParens() || isName && isSpace(p.in[end]))) {
		p.pos = end
		return nil
	}
	return p.strBody(p.pos, j, isName)
}

// strictEnd reads on a string from in[j], where the run of plain bytes
// after its opening quote stops (jsonwire.SkipPlain) and which is not
// the closing quote, as the tokenizer reads it: valid escapes and
// characters, read as strBody reads them. It reports whether the string
// is strict and closed, and if so, the offset just past it.
//
// NOTE: member and str, the fast paths for strings, test for the
// closing quote first themselves: a plain string, the commonest, then
// makes no call.
func strictEnd(in []byte, j int) (int, bool) {
	if j < len(in) && in[j] == '\\' {
		return jsonwire.ScanString(in, j)
	}
	return 0, false
}

// strBody reads the double-quoted string that opened at start from i on.
//
// A quote that no delimiter follows (see quoteCloses) ends the string
// only if the kinds that read it otherwise are off. With MissingQuote,
// one after a comma that goes on (commaGoesOn) ends the string before
// the comma: "a,"b" is "a" and "b". With InnerQuote, any other is
// escaped, if a later quote ends the string; if none does, or the one
// that does ends a name, the first such quote that a comma follows ends
// it after all, or else the first such quote. The scan that finds none
// went to the end of the input, so p.noCloser remembers where it began:
// a string that opens after it has none either, and is read strictly,
// which keeps the work linear; the string itself, read again, is read
// as before.
func (p *parser) strBody(start, i int, isName bool) error {
	in := p.in
	lenient := p.on(InnerQuote|MissingQuote) && (p.noCloser < 0 || start <= p.noCloser)
	inner, innerLog := -1, 0
	comma, commaLog := -1, 0 // the first inner quote that a comma follows
	from := start + 1        // where the string or its last quote ends
	multiline := false       // a raw line end is in the string
	for {
		// NOTE: the fast path; most strings are plain ASCII, read eight
		// bytes a step. jsonwire.Plain is clsPlain.
		i = jsonwire.SkipPlain(in, i)
		if i == len(in) {
			if lenient {
				p.noCloser = start
			}
			if comma >= 0 && p.on(MissingQuote) && p.endsWithCloser() {
				// The comma after the quote does not go on, and the text
				// shows where the string ends, after it: {"a": "He said
				// "yes", then left} keeps ", then left".
				if e, fit := p.stringFit(start, isName); fit && e > comma {
					p.endStringAt(lastNonSpace(in, start+1, e) + 1)
					return nil
				}
			}
			if comma >= 0 {
				inner, innerLog = comma, commaLog
			}
			if inner >= 0 {
				// No quote closes the string: the first inner one that
				// a comma follows does, or else the first inner one.
				p.log = p.log[:innerLog]
				p.pos = inner + 1
				return nil
			}
			return p.strEOF(start, i, isName)
		}
		switch c := in[i]; {
		case c == '"':
			// A name with a quote and a space in it is rare: there the
			// quote ends it, and a colon is likely missing.
			if !lenient || closesFast(in, i+1, len(p.stack)) || isName && i+1 < len(in) && isSpace(in[i+1]) || p.quoteCloses(i+1, multiline) {
				if comma >= 0 && !isName && colonAt(in, i+1) {
					// A name ends here: the structure went on after the
					// comma after all.
					p.log = p.log[:commaLog]
					i = comma
				}
				p.pos = i + 1
				return nil
			}
			j := p.beforeComment(in, from, lastNonSpace(in, start+1, i))
			from = i + 1
			if j > start && (in[j] == ',' && p.on(MissingQuote) && p.commaGoesOn(j, true) || in[j] == '+' && p.on(StringConcat) && p.on(MissingQuote)) {
				// "a,"b": the string ended before the comma.
				p.endStringAt(p.beforeComment(in, start+1, lastNonSpace(in, start+1, j)) + 1)
				return nil
			}
			if !p.on(InnerQuote) {
				p.pos = i + 1
				return nil
			}
			if inner < 0 {
				inner, innerLog = i, len(p.log)
			}
			if comma < 0 && commaAt(in, i+1) {
				comma, commaLog = i, len(p.log)
			}
			p.add(mkc(InnerQuote, i, 0, insBackslash))
			i++
		case c == '\\':
			n, stop, err := p.strEscape(start, i, isName, 0)
			if stop {
				return err
			}
			i += n
		case c < 0x20:
			if err := p.control(i); err != nil {
				return err
			}
			multiline = multiline || c == '\n' || c == '\r'
			i++
		default:
			n, err := p.rune(i)
			if err != nil {
				if err == io.ErrUnexpectedEOF {
					return p.strEOF(start, i, isName)
				}
				return err
			}
			i += n
		}
	}
}

// endStringAt ends the string being read at e, where its closing quote
// is missing (MissingQuote): edits made past e are undone, and p.pos
// goes to e.
func (p *parser) endStringAt(e int) {
	for len(p.log) > 0 && p.log[len(p.log)-1].off >= e {
		p.log = p.log[:len(p.log)-1]
	}
	p.add(mkc(MissingQuote, e, 0, insQuote))
	p.pos = e
}

// beforeComment returns j, or, if b[j] ends a block comment that opens
// at or after from, the offset of the last byte before the comment that
// is not whitespace: "a,/* c */"b" has its comma before the comment.
// Searching only from from on, the text after the last quote, keeps the
// work linear.
func (p *parser) beforeComment(b []byte, from, j int) int {
	if !p.on(Comment) || j < from+3 || b[j] != '/' || b[j-1] != '*' {
		return j
	}
	if k := bytes.LastIndex(b[from:j-1], []byte("/*")); k >= 0 {
		return lastNonSpace(b, from-1, from+k)
	}
	return j
}

// lastNonSpace returns the offset of the last byte in b[from:to] that is
// not whitespace, or from-1.
func lastNonSpace(b []byte, from, to int) int {
	for to--; to >= from && isSpace(b[to]); to-- {
	}
	return to
}

// backtick reports whether a ` at i opens a string (SmartQuote), as in
// `a´: it is not a fence.
func (p *parser) backtick(i int) bool {
	return p.in[i] == '`' && p.on(SmartQuote) && fenceLen(p.in, i, false) == 0
}

// altCloses reports whether a quote just before i closes a single- or
// smart-quoted string: as closesAt says, or when whitespace and the
// start of a next value follow, as in {'a' 'b'}.
func (p *parser) altCloses(i int) bool {
	k := skipSpace(p.in, i)
	return p.closesAt(k) || p.nextValueAt(i, k)
}

// quoteCloses reports whether a double quote just before i ends a
// string: what follows it, after whitespace, is a delimiter, the end of
// the input, a comment, or, after a line end or some whitespace, the
// start of a next value. A line end alone ends only a string on one
// line: in one that multiline says holds a raw line end, a quote may
// end a line of it.
func (p *parser) quoteCloses(i int, multiline bool) bool {
	in := p.in
	if i < len(in) && isIdent(in[i]) {
		// A letter right after the quote, as in "a "quoted" word": no
		// delimiter and no whitespace follow it, so none of the tests
		// below holds.
		return false
	}
	k, newline := i, false
	for ; k < len(in) && isSpace(in[k]); k++ {
		newline = newline || in[k] == '\n'
	}
	if len(p.stack) == 0 && k < len(in) && (in[k] == ']' || in[k] == '}') {
		return false // at the top level a closer closes nothing: "a [1, 2"] b"
	}
	if newline && !multiline {
		return true
	}
	if k < len(in) && in[k] == ',' {
		return p.commaGoesOn(k, false)
	}
	if p.closesAt(k) {
		return true
	}
	return p.nextValueAt(i, k) || k > i && len(p.stack) > 0 && p.stack[len(p.stack)-1].obj && nameColon(in, k)
}

// closesFast reports whether a quote just before i ends a string for
// quoteCloses because a : follows it, a closer inside a bracket, or a
// comma and a quote or a closer (commaQuote): the common case, answered
// without a call. Another comma is quoteCloses' to judge.
func closesFast(b []byte, i, depth int) bool {
	if i >= len(b) {
		return false
	}
	switch b[i] {
	case ':':
		return true
	case '}', ']':
		return depth > 0
	case ',':
		return commaQuote(b, i)
	}
	return false
}

// commaGoesOn reports whether the comma at i, after a double quote, is a
// separator, so that the quote ends its string: what follows it reads as
// the structure going on. That is whitespace with a line end, the end of
// the input, a closer or another comma, a comment, an ellipsis, or the
// next member in an object (a double quote; with names, a name that a
// colon, a } or a value follows, cut or not; a bare name and a colon; a
// single or smart quote), the next element elsewhere (a value, or a bare
// one up to a separator with no quote in it). With the kinds that read
// quotes inside strings off, any comma is.
//
// NOTE: where the tokenizer reads on past the comma, strictPrefix takes
// the string before it as read, so a double quote, a number or a literal
// there must go on; names is for a quote after which the tokenizer
// stopped. commaGoesOn reads at most to the second quote after i, or a
// line end, so the commas after the quotes of one text look at each byte
// at most a few times.
func (p *parser) commaGoesOn(i int, names bool) bool {
	in := p.in
	if !p.on(InnerQuote | MissingQuote) {
		return true
	}
	k := i + 1
	if k < len(in) && in[k] == ' ' {
		k++
	}
	if k < len(in) && in[k] == '"' && !names {
		return true // the commonest: "a", "b"
	}
	for ; k < len(in) && isSpace(in[k]); k++ {
		if in[k] == '\n' {
			return true
		}
	}
	if k == len(in) {
		return true
	}
	switch c := in[k]; c {
	case ',', '}', ']':
		return true
	case ')':
		return p.inParens()
	case '#', '/', '`':
		if p.closesAt(k) {
			return true
		}
	case '.':
		if bytes.HasPrefix(in[k:], []byte("...")) {
			return true // an ellipsis in the place of the rest
		}
	}
	if len(p.stack) > 0 && p.stack[len(p.stack)-1].obj {
		return in[k] == '"' && (!names || p.quotedName(k)) || nameColon(in, k) || altQuoteAt(in, k)
	}
	return p.nextValueAt(i, k) || hasLiteral(in, k) || bareElement(in, k)
}

// commaQuote reports whether the comma at b[i] has a double quote, a
// closer or a line end after it, with a space or none between: the
// commonest commas that go on (see commaGoesOn).
func commaQuote(b []byte, i int) bool {
	i++
	if i < len(b) && b[i] == ' ' {
		i++
	}
	return i < len(b) && afterComma[b[i]]
}

// afterComma holds the bytes that commaQuote looks for.
var afterComma = [256]bool{'"': true, ']': true, '}': true, '\n': true}

// hasLiteral reports whether b[i:] starts with true, false or null, as
// the tokenizer reads them, whatever follows.
func hasLiteral(b []byte, i int) bool {
	return bytes.HasPrefix(b[i:], []byte("true")) || bytes.HasPrefix(b[i:], []byte("false")) || bytes.HasPrefix(b[i:], []byte("null"))
}

// quotedName reports whether b[i:] starts with a double-quoted name on
// one line that a colon or a } follows, whitespace aside, or whitespace
// and a value, as after a name whose colon is missing; or that the end
// of the input cuts.
func (p *parser) quotedName(i int) bool {
	b := p.in
	j := i + 1
	for {
		j = jsonwire.SkipPlain(b, j)
		if j >= len(b) {
			return true
		}
		if b[j] == '"' {
			break
		}
		switch b[j] {
		case '\\':
			j += 2
		case '\n', '\r':
			return false
		default:
			j++
		}
	}
	k := skipSpace(b, j+1)
	return k == len(b) || b[k] == ':' || b[k] == '}' || p.nextValueAt(j+1, k)
}

// colonAt reports whether a colon follows b[:i], whitespace aside.
func colonAt(b []byte, i int) bool {
	i = skipSpace(b, i)
	return i < len(b) && b[i] == ':'
}

// commaAt reports whether a comma follows b[:i], whitespace aside.
func commaAt(b []byte, i int) bool {
	i = skipSpace(b, i)
	return i < len(b) && b[i] == ','
}

// altQuoteAt reports whether b[i] opens a single- or smart-quoted string.
func altQuoteAt(b []byte, i int) bool {
	return b[i] == '\'' || b[i] == '`' || smartQuote(b, i) != 0
}

// bareElement reports whether b[i:] reads as a bare value up to where
// an element ends: a comma, a closer or a line end comes before any
// double quote.
func bareElement(b []byte, i int) bool {
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			return false
		case ',', ']', '}', ')', '\n', '\r':
			return true
		}
	}
	return true
}

// nameColon reports whether b[i:] starts with a bare name and a colon,
// as the next member does in {"a": "b" c: 1} and {"a": "b", 5: 1}. A
// number and a colon that a digit follows is no name: 12:30 is a time.
func nameColon(b []byte, i int) bool {
	if i >= len(b) || !bareNameStart(b, i) {
		return false
	}
	numeric := !isIdent(b[i])
	for i++; i < len(b) && isNameByte(b[i]); i++ {
	}
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i < len(b) && b[i] == ':' && !(numeric && i+1 < len(b) && isDigit(b[i+1]))
}

// bareNameStart reports whether b[i] starts a bare object name: a
// letter, _ or $, a digit, or a - before a digit ({2: 1}, {-1: 1}).
func bareNameStart(b []byte, i int) bool {
	return isIdent(b[i]) || isDigit(b[i]) || b[i] == '-' && i+1 < len(b) && isDigit(b[i+1])
}

// isStructural reports whether c is JSON punctuation that no bare value
// starts with.
func isStructural(c byte) bool {
	switch c {
	case ',', ':', ']', '}', ')':
		return true
	}
	return false
}

// nextValueAt reports whether whitespace, then the start of a value (a
// quote, a bracket, a digit), follow i: k is skipSpace(p.in, i).
func (p *parser) nextValueAt(i, k int) bool {
	in := p.in
	if k == i || k == len(in) {
		return false
	}
	switch c := in[k]; {
	case c == '"' || c == '\'' || c == '{' || c == '[' || isDigit(c):
		return true
	case c == '-':
		return k+1 < len(in) && isDigit(in[k+1])
	case c == 0xE2:
		return smartQuote(in, k) == smartLeftDouble || smartQuote(in, k) == smartLeftSingle
	case c == 't' || c == 'f' || c == 'n':
		e := k
		for e < len(in) && isIdent(in[e]) {
			e++
		}
		switch string(in[k:e]) {
		case "true", "false", "null":
			return e == len(in) || !isWord(in[e])
		}
	}
	return false
}

// strEscape reads the escape whose backslash is at i, in the string that
// opened at start, and returns how many bytes to advance; or stop, and
// what ends the string: the input ends inside the escape, or the escape
// is invalid and InvalidEscape is off.
func (p *parser) strEscape(start, i int, isName bool, quoteKind Kind) (n int, stop bool, err error) {
	n, st := p.escape(i, quoteKind)
	switch {
	case st == escPartial:
		return 0, true, p.strEOF(start, i, isName)
	case n < 0 && st == escSurrogate:
		return 0, true, p.fail(i, InvalidEscape, "%s (%s)", surrogateWhy(p.in, i), p.in[i:i+6])
	case n < 0:
		return 0, true, p.fail(i, InvalidEscape, "invalid escape %s in string", quoteChar(p.in, i+1))
	}
	return n, false, nil
}

// surrogateWhy words what is wrong with the lone surrogate escape at i,
// as the tokenizer does.
func surrogateWhy(in []byte, i int) string {
	if r, _ := jsonwire.Hex4(in[i+2:]); r >= 0xDC00 {
		return jsonwire.LoneLow
	}
	return jsonwire.LoneHigh
}

// control escapes the raw control character at i, when ControlChar is on.
func (p *parser) control(i int) error {
	if !p.on(ControlChar) {
		return p.fail(i, ControlChar, "raw control character %s in string", quoteChar(p.in, i))
	}
	p.edit(ControlChar, i, 1, ctrlEscape[p.in[i]])
	return nil
}

// escape handles the escape whose backslash is at i and returns how many
// bytes to advance. quoteKind is the kind of a single- or smart-quoted
// string, in which \' is a valid escape. n < 0 means the escape is
// invalid and InvalidEscape is off.
func (p *parser) escape(i int, quoteKind Kind) (int, int) {
	n, st := scanEscape(p.in, i)
	switch st {
	case escOK, escPartial:
		return n, st
	case escSurrogate:
		// Half a surrogate pair stands for no character. Decoders that
		// let it pass, as encoding/json does, read it as U+FFFD.
		if !p.on(InvalidEscape) {
			return -1, st
		}
		p.edit(InvalidEscape, i, n, `\ufffd`)
		return n, st
	}
	if p.in[i+1] == '\'' && quoteKind != 0 {
		p.edit(quoteKind, i, 1, "")
		return 2, escOK
	}
	if !p.on(InvalidEscape) {
		return -1, escInvalid
	}
	if p.in[i+1] == '\'' {
		p.edit(InvalidEscape, i, 1, "") // \' means '
		return 2, escInvalid
	}
	// Escape the backslash; the byte after it is then read as content.
	p.add(mkc(InvalidEscape, i, 0, insBackslash))
	return 1, escInvalid
}

// rune checks the multi-byte UTF-8 sequence at i and returns its length.
// It returns io.ErrUnexpectedEOF if the input ends inside the sequence.
// An invalid sequence is reported, as the tokenizer reports it, at its
// first byte that cannot be there.
func (p *parser) rune(i int) (int, error) {
	r, n := utf8.DecodeRune(p.in[i:])
	if r == utf8.RuneError && n == 1 {
		at, lo, hi := jsonwire.BadUTF8(p.in, i)
		if at < 0 {
			return 0, io.ErrUnexpectedEOF
		}
		return 0, syntaxError(at, p.pointer(), 0, errors.New(jsonwire.InvalidUTF8(p.in[at], lo, hi)))
	}
	return n, nil
}

// strEOF handles the end of input inside a string that opened at start;
// cut is where the incomplete escape or rune, if any, begins.
//
// Where the input ends with a closing bracket, the text shows that the
// string ends before it (MissingQuote): where stringEnd says, with
// trailing whitespace left out. Otherwise the input was cut short
// (Truncated): the string is closed at the end, and a name gets :null.
func (p *parser) strEOF(start, cut int, isName bool) error {
	if p.on(MissingQuote) && p.endsWithCloser() {
		if stop := p.stringEnd(start, isName); stop >= 0 {
			if p.on(InnerQuote|MissingQuote) && (p.noCloser < 0 || start <= p.noCloser) {
				p.noCloser = start
			}
			p.endStringAt(lastNonSpace(p.in, start+1, stop) + 1)
			return nil
		}
	}
	if cut == len(p.in) {
		cut = -1
	}
	if isName {
		if cut < 0 && p.in[start] == '"' && p.dupName(start, p.in[start:], true) {
			return p.atEOF(start, p.safe, "")
		}
		return p.atEOF(start, cut, `":null`)
	}
	return p.atEOF(start, cut, `"`)
}

// stringEnd returns the offset before which the string that opened at
// start, and that no quote closes, ends, or -1. Brackets opened in the
// string close in it; outside them, it ends at the first line end (or
// :, in a name), comma after which the structure goes on (commaGoesOn),
// or closer that begins the closers of every bracket open, at the end
// of the input: {"a": "[x]}" keeps its ], {"a": "b}c} its first }. If
// there is none, it ends at the first , ] } or line end (stringStop).
//
// A search that finds none reads to the end of the input, so p.noFit
// remembers where it began: a string that opens after it ends at the
// first stop, which keeps the work linear.
func (p *parser) stringEnd(start int, isName bool) int {
	end, _ := p.stringFit(start, isName)
	return end
}

// stringFit is stringEnd, and reports whether the end is one that fits,
// not the first stop.
func (p *parser) stringFit(start int, isName bool) (int, bool) {
	in := p.in
	first := stringStop(in, start+1, isName)
	if first < 0 || p.noFit > 0 && start >= p.noFit-1 {
		return first, false
	}
	tail, total := p.tailRun()
	need := closersDue(p.stack)
	passed, depth := 0, 0
	for i := start + 1; i < len(in); i++ {
		switch c := in[i]; c {
		case '\\':
			i++
		case '[', '{', '(':
			depth++
		case ']', '}', ')':
			if i >= tail {
				passed++
			}
			if depth > 0 {
				depth--
			} else if i >= tail && total-passed+1 == need && p.closesAll(i) {
				return i, true
			}
		case ',':
			if depth == 0 && p.commaGoesOn(i, false) {
				return i, true
			}
		case '\n', '\r':
			if depth == 0 {
				return i, true
			}
		case ':':
			if depth == 0 && isName {
				return i, true
			}
		}
	}
	p.noFit = start + 1
	return first, false
}

// tailRun returns the offset where the run of closers, commas,
// whitespace and backticks that ends the input begins, and how many
// closers it holds.
func (p *parser) tailRun() (at, closers int) {
	if p.tailAt == 0 {
		at = len(p.in)
		for ; at > 0; at-- {
			switch p.in[at-1] {
			case ']', '}', ')':
				closers++
				continue
			case ' ', '\t', '\r', '\n', ',', '`':
				continue
			}
			break
		}
		p.tailAt, p.tailClosers = at+1, closers
	}
	return p.tailAt - 1, p.tailClosers
}

// closesAll reports whether the closers in in[i:], which holds only
// closers, commas, whitespace and backticks, close the brackets open,
// the innermost first, and the calls and tuples with their ).
func (p *parser) closesAll(i int) bool {
	in := p.in
	j := len(p.stack) - 1
	for ; i < len(in); i++ {
		c := in[i]
		if c != ']' && c != '}' && c != ')' {
			continue
		}
		for j >= 0 && p.stack[j].wrap == wrapMulti {
			j--
		}
		if j < 0 {
			return false
		}
		f := p.stack[j]
		want := closerByte(f.obj)
		if f.wrap == wrapCall || f.paren {
			want = ')'
		}
		if c != want {
			return false
		}
		j--
	}
	return true
}

// stringStop returns the offset of the first , ] } or line end in b[i:]
// outside an escape (or :, in a name), or -1.
func stringStop(b []byte, i int, isName bool) int {
	for ; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case ',', ']', '}', '\n', '\r':
			return i
		case ':':
			if isName {
				return i
			}
		}
	}
	return -1
}

// endsWithCloser reports whether the last byte of the input that is not
// whitespace or a closing fence is a closing bracket.
func (p *parser) endsWithCloser() bool {
	if p.endsClosed < 0 {
		b := bytes.TrimRight(p.in, " \t\r\n`")
		p.endsClosed = 0
		if len(b) > 0 && (b[len(b)-1] == '}' || b[len(b)-1] == ']') {
			p.endsClosed = 1
		}
	}
	return p.endsClosed == 1
}

// altStr reads a string in single quotes (kind SingleQuote) or smart
// quotes (kind SmartQuote) and turns it into a double-quoted one. A quote
// that could close the string closes it only when a delimiter follows,
// so an apostrophe, as in 'it's', stays content.
func (p *parser) altStr(kind Kind, isName bool) error {
	in := p.in
	start := p.pos
	if !p.on(kind) {
		what := "single-quoted string"
		if kind == SmartQuote {
			what = "smart-quoted string"
		}
		return p.fail(start, kind, "%s", what)
	}
	open, n := byte('\''), 1
	switch {
	case in[start] == '`':
		open = '`'
	case kind == SmartQuote:
		open, n = smartQuote(in, start), 3
	}
	p.add(mkc(kind, start, n, insQuote))
	return p.altBody(kind, start, start+n, open, isName)
}

// altBody reads the string of altStr that opened at start with the quote
// open, from i on.
//
// A string that no quote closes ends where strEOF says, and the parser
// reads on inside the text the scan went over. So a scan that meets the
// end of the input is remembered (altNoCloser): a later string with the
// same closing quotes, in the same context, has none either, and is
// read only up to where strEOF ends it, which keeps the work linear.
func (p *parser) altBody(kind Kind, start, i int, open byte, isName bool) error {
	in := p.in
	slot := p.altSlot(open)
	limit := len(in)
	if b := p.altNoCloser[slot]; b > 0 && b-1 <= i && p.on(MissingQuote) && p.endsWithCloser() {
		if stop := p.stringEnd(start, isName); stop >= 0 {
			limit = stop
		}
	}
	body := i
	for {
		for i < limit && class[in[i]]&clsAlt != 0 {
			i++
		}
		if i == limit {
			if b := p.altNoCloser[slot]; limit == len(in) && (b == 0 || body < b-1) {
				p.altNoCloser[slot] = body + 1
			}
			return p.strEOF(start, len(in), isName)
		}
		switch c := in[i]; {
		case c == '\\':
			n, stop, err := p.strEscape(start, i, isName, kind)
			if stop {
				return err
			}
			i += n
		case c == '"':
			if open == smartLeftDouble && p.altCloses(i+1) {
				p.pos = i + 1
				return nil
			}
			p.add(mkc(kind, i, 0, insBackslash))
			i++
		case c == '`':
			if open == '`' && p.altCloses(i+1) {
				p.edit(kind, i, 1, `"`) // `a`, a JavaScript template literal
				p.pos = i + 1
				return nil
			}
			i++
		case c == '\'':
			if (open == '\'' || open == '`') && p.altCloses(i+1) {
				p.add(mkc(kind, i, 1, insQuote))
				p.pos = i + 1
				return nil
			}
			i++
		case c < 0x20:
			if err := p.control(i); err != nil {
				return err
			}
			i++
		default:
			if open == '`' && c == 0xC2 && i+1 < len(in) && in[i+1] == 0xB4 && p.altCloses(i+2) {
				p.edit(kind, i, 2, `"`) // ´, the acute accent that closes `
				p.pos = i + 2
				return nil
			}
			if q := smartQuote(in, i); q != 0 {
				single := q == smartLeftSingle || q == smartRightSingle
				if open != '\'' && open != '`' && single == (open == smartLeftSingle) && p.altCloses(i+3) {
					p.edit(kind, i, 3, `"`)
					p.pos = i + 3
					return nil
				}
				i += 3
				continue
			}
			n, err := p.rune(i)
			if err != nil {
				if err == io.ErrUnexpectedEOF {
					return p.strEOF(start, i, isName)
				}
				return err
			}
			i += n
		}
	}
}

// altSlot returns the index in p.altNoCloser for a string opened by
// the quote open here: the quotes that can close it and what closesAt
// looks at in the stack set what a scan of it finds.
func (p *parser) altSlot(open byte) int {
	slot := 0
	switch open {
	case '`':
		slot = 1
	case smartLeftDouble:
		slot = 2
	case smartLeftSingle:
		slot = 3
	}
	if p.inParens() {
		slot |= 4
	}
	if len(p.stack) == 0 {
		slot |= 8
	}
	return slot
}

// closesAt reports whether a quote can close a string when only
// whitespace stands between it and i, the offset of the next byte: a
// delimiter or the end of the input is there.
func (p *parser) closesAt(i int) bool {
	if i == len(p.in) {
		return true
	}
	switch p.in[i] {
	case ',', ':', '}', ']':
		return true
	case ')':
		return p.inParens()
	case '+':
		return p.on(StringConcat)
	case '#':
		return p.on(Comment)
	case '/':
		return p.on(Comment) && i+1 < len(p.in) && (p.in[i+1] == '/' || p.in[i+1] == '*')
	case '`':
		return p.on(Fence) && len(p.stack) == 0 && fenceLen(p.in, i, false) > 0
	}
	return false
}

// wordEnd returns the end of the word whose bytes from i on are letters,
// digits, _ or $: a literal's bytes.
func wordEnd(b []byte, i int) int {
	for i < len(b) && wordBytes[b[i]] {
		i++
	}
	return i
}

// word reads a bare word in value position, in[p.pos:i] by wordEnd: a
// JSON literal, or with the Literal kind a Python or JavaScript one.
func (p *parser) word(i int) error {
	in := p.in
	start := p.pos
	// NOTE: string(b) in a switch or comparison does not allocate.
	switch string(in[start:i]) {
	case "true", "false", "null":
		p.pos = i
		return nil
	}
	if i == len(in) {
		for _, lit := range [...]string{"true", "false", "null"} {
			if strings.HasPrefix(lit, string(in[start:i])) {
				return p.atEOF(start, -1, lit[i-start:])
			}
		}
	}
	// The constants below keep the log from copying the word, and the
	// edit from looking its text up.
	var from string
	var to uint32
	switch string(in[start:i]) {
	case "True":
		from, to = "True", textTrue
	case "False":
		from, to = "False", textFalse
	case "None":
		from, to = "None", textNull
	case "undefined":
		from, to = "undefined", textNull
	default:
		if p.bareOK() {
			return p.bare(start, i) // a word: wordBytes are clsBare
		}
		if i == len(in) && len(p.stack) > 0 {
			// A word cut short; at the top level, a cut leaves no value.
			return p.atEOF(start, p.safe, "")
		}
		need := Kind(0)
		if p.bareAllowedHere() {
			need = UnquotedString
		}
		return p.fail(start, need, "invalid literal %q", quoteWord(in[start:i]))
	}
	if !p.on(Literal) {
		return p.fail(start, Literal, "invalid literal %q", string(in[start:i]))
	}
	p.add(mkc(Literal, start, len(from), to))
	p.pos = i
	return nil
}

// lineComment reports whether a '#' or "//" whose text begins at in[i]
// is a comment. Where a value is due, or a name for #, only one followed by
// whitespace or the end of the input is: there, #ops or
// //cdn.example.com/a.js is a word that lost its quotes, and removing it
// as a comment would drop it, and the comma after it, without a trace in
// the output. After a value, or before a colon, any is.
func (p *parser) lineComment(i int) bool {
	switch p.state {
	case stNext, stColon, stDone:
		return true
	case stNameFirst, stName:
		// No name has // in it: //note is a comment there.
		if p.in[i-1] == '/' {
			return true
		}
	}
	return i >= len(p.in) || isSpace(p.in[i])
}

// space skips whitespace and, with the Comment kind, comments.
//
// NOTE: space inlines, and calls spaceRun only where the next byte can
// begin what it skips: before most tokens, none is there.
func (p *parser) space() error {
	if p.pos < len(p.in) && !mayBeSpace[p.in[p.pos]] {
		return nil
	}
	return p.spaceRun()
}

// mayBeSpace marks the bytes that can begin what space skips: JSON
// whitespace, a comment, a Unicode space.
var mayBeSpace = func() (t [256]bool) {
	for _, c := range " \t\r\n#/" {
		t[c] = true
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	return t
}()

// spaceRun is space's loop.
func (p *parser) spaceRun() error {
	in := p.in
	for p.pos < len(in) {
		switch c := in[p.pos]; {
		case isSpace(c):
			// NOTE: a local index; p.pos is stored once per run.
			i := p.pos + 1
			for i < len(in) && isSpace(in[i]) {
				i++
			}
			p.pos = i
			if i < len(in) && !mayBeSpace[in[i]] {
				return nil
			}
		case c >= 0x80 && p.on(UnicodeSpace) && unicodeSpace(in, p.pos) > 0:
			p.edit(UnicodeSpace, p.pos, unicodeSpace(in, p.pos), " ")
			p.pos += unicodeSpace(in, p.pos)
		case c == '#' && p.on(Comment) && p.lineComment(p.pos+1):
			end := p.pos + 1
			for end < len(in) && in[end] != '\n' {
				end++
			}
			p.edit(Comment, p.pos, end-p.pos, "")
			p.pos = end
		case c == '/' && p.pos+1 < len(in) && in[p.pos+1] == '/' && p.on(Comment) && p.lineComment(p.pos+2):
			end := p.pos + 2
			for end < len(in) && in[end] != '\n' {
				end++
			}
			p.edit(Comment, p.pos, end-p.pos, "")
			p.pos = end
		case c == '/' && p.pos+1 < len(in) && in[p.pos+1] == '*' && p.on(Comment):
			k := bytes.Index(in[p.pos+2:], []byte("*/"))
			if k < 0 {
				if !p.on(Truncated) {
					return p.fail(p.pos, Truncated, "%w: unterminated comment", io.ErrUnexpectedEOF)
				}
				p.edit(Truncated, p.pos, len(in)-p.pos, "")
				p.pos = len(in)
				return nil
			}
			end := p.pos + 2 + k + 2
			// Keep two words apart: 1/**/2 must not become 12.
			ins := ""
			if p.pos > 0 && end < len(in) && isWord(in[p.pos-1]) && isWord(in[end]) {
				ins = " "
			}
			p.edit(Comment, p.pos, end-p.pos, ins)
			p.pos = end
		default:
			return nil
		}
	}
	return nil
}

// quoteChar quotes the character at b[i] for an error message.
func quoteChar(b []byte, i int) string {
	if i >= len(b) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(b[i:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte %#02x", b[i])
	}
	return strconv.QuoteRune(r)
}

// quoteWord shortens a bare word for an error message.
func quoteWord(b []byte) string {
	if len(b) > 32 {
		return string(b[:32]) + "…"
	}
	return string(b)
}
