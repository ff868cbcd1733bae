package repair

// This file reads one token at a time for the state machine: strings in
// all their quotes, numbers, bare words, names, whitespace and comments.

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

func (p *parser) scalarOrOpen(c byte) error {
	switch {
	case c == '{' || c == '[':
		return p.open(c == '{')
	case c == '"':
		if err := p.str(false); err != nil {
			return err
		}
	case c == '\'':
		if err := p.altStr(SingleQuote, false); err != nil {
			return err
		}
	case c == 0xE2 && (smartQuote(p.in, p.pos) == smartLeftDouble || smartQuote(p.in, p.pos) == smartLeftSingle):
		if err := p.altStr(SmartQuote, false); err != nil {
			return err
		}
	case c == '-' || isDigit(c):
		if err := p.number(); err != nil {
			return err
		}
	case isIdent(c):
		if err := p.word(); err != nil {
			return err
		}
	default:
		need := Kind(0)
		switch {
		case c == '`' && len(p.stack) == 0:
			need = Fence
		case len(p.stack) == 0:
			need = Prose
		}
		return p.fail(p.pos, need, "invalid character %s looking for beginning of value", quoteChar(p.in, p.pos))
	}
	p.endValue()
	return nil
}

// name reads an object name starting with c at p.pos.
func (p *parser) name(c byte) error {
	switch {
	case c == '"':
		return p.str(true)
	case c == '\'':
		return p.altStr(SingleQuote, true)
	case c == 0xE2 && (smartQuote(p.in, p.pos) == smartLeftDouble || smartQuote(p.in, p.pos) == smartLeftSingle):
		return p.altStr(SmartQuote, true)
	case isIdent(c):
		if !p.on(UnquotedKey) {
			return p.fail(p.pos, UnquotedKey, "unquoted object name")
		}
		start := p.pos
		i := start + 1
		for i < len(p.in) && isNameByte(p.in[i]) {
			i++
		}
		if i == len(p.in) {
			return p.atEOF(start, p.safe, "")
		}
		p.add(Edit{Kind: UnquotedKey, Offset: int64(start), Inserted: `"`},
			Edit{Kind: UnquotedKey, Offset: int64(i), Inserted: `"`})
		p.pos = i
		return nil
	}
	return p.fail(p.pos, 0, "invalid character %s looking for object name", quoteChar(p.in, p.pos))
}

// str reads a double-quoted string. Its bytes are left alone, except raw
// control characters and invalid escapes when those kinds are on.
func (p *parser) str(isName bool) error {
	in := p.in
	start := p.pos
	i := start + 1
	for {
		// NOTE: the fast path; most strings are plain ASCII.
		for i < len(in) && class[in[i]]&clsPlain != 0 {
			i++
		}
		if i == len(in) {
			return p.strEOF(start, i, isName)
		}
		switch c := in[i]; {
		case c == '"':
			p.pos = i + 1
			return nil
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
	p.add(Edit{Kind: InvalidEscape, Offset: int64(i), Inserted: `\`})
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
		return 0, &Error{Offset: int64(at), Pointer: p.pointer(), Err: fmt.Errorf("%w: %s", ErrSyntax, jsonwire.InvalidUTF8(p.in[at], lo, hi))}
	}
	return n, nil
}

// strEOF handles the end of input inside a string that opened at start;
// cut is where the incomplete escape or rune, if any, begins.
func (p *parser) strEOF(start, cut int, isName bool) error {
	if isName {
		return p.atEOF(start, p.safe, "")
	}
	if cut == len(p.in) {
		cut = -1
	}
	return p.atEOF(start, cut, `"`)
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
	if kind == SmartQuote {
		open, n = smartQuote(in, start), 3
	}
	p.edit(kind, start, n, `"`)
	i := start + n
	for {
		for i < len(in) && class[in[i]]&clsAlt != 0 {
			i++
		}
		if i == len(in) {
			return p.strEOF(start, i, isName)
		}
		switch c := in[i]; {
		case c == '\\':
			n, stop, err := p.strEscape(start, i, isName, kind)
			if stop {
				return err
			}
			i += n
		case c == '"':
			if open == smartLeftDouble && p.closes(i+1) {
				p.pos = i + 1
				return nil
			}
			p.add(Edit{Kind: kind, Offset: int64(i), Inserted: `\`})
			i++
		case c == '\'':
			if open == '\'' && p.closes(i+1) {
				p.edit(kind, i, 1, `"`)
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
			if q := smartQuote(in, i); q != 0 {
				single := q == smartLeftSingle || q == smartRightSingle
				if open != '\'' && single == (open == smartLeftSingle) && p.closes(i+3) {
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

// closes reports whether a quote just before i can close a string: only
// whitespace, then a delimiter or the end of the input, follow it.
func (p *parser) closes(i int) bool {
	for i < len(p.in) && isSpace(p.in[i]) {
		i++
	}
	if i == len(p.in) {
		return true
	}
	switch p.in[i] {
	case ',', ':', '}', ']':
		return true
	case '#':
		return p.on(Comment)
	case '/':
		return p.on(Comment) && i+1 < len(p.in) && (p.in[i+1] == '/' || p.in[i+1] == '*')
	case '`':
		return p.on(Fence) && len(p.stack) == 0 && fenceLen(p.in, i, false) > 0
	}
	return false
}

func (p *parser) number() error {
	start := p.pos
	end, ok := scanNumber(p.in, start)
	if !ok {
		if end == len(p.in) {
			return p.atEOF(start, p.safe, "")
		}
		return p.fail(end, 0, "invalid number %s", quoteChar(p.in, end))
	}
	if end < len(p.in) && isWord(p.in[end]) {
		return p.fail(end, 0, "invalid character %s in number", quoteChar(p.in, end))
	}
	p.pos = end
	return nil
}

// word reads a bare word in value position: a JSON literal, or with the
// Literal kind a Python or JavaScript one.
func (p *parser) word() error {
	in := p.in
	start := p.pos
	i := start + 1
	for i < len(in) && isWord(in[i]) && in[i] != '-' && in[i] != '+' && in[i] != '.' {
		i++
	}
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
	// The constants below keep the log from copying the word.
	var from, to string
	switch string(in[start:i]) {
	case "True":
		from, to = "True", "true"
	case "False":
		from, to = "False", "false"
	case "None":
		from, to = "None", "null"
	case "undefined":
		from, to = "undefined", "null"
	default:
		if i == len(in) {
			return p.atEOF(start, p.safe, "")
		}
		return p.fail(start, 0, "invalid literal %q", quoteWord(in[start:i]))
	}
	if !p.on(Literal) {
		return p.fail(start, Literal, "invalid literal %q", string(in[start:i]))
	}
	p.add(Edit{Kind: Literal, Offset: int64(start), Removed: from, Inserted: to})
	p.pos = i
	return nil
}

// lineComment reports whether a '#' or "//" whose text begins at in[i]
// is a comment. Where a value or a name is due, only one followed by
// whitespace or the end of the input is: there, #ops or
// //cdn.example.com/a.js is a word that lost its quotes, and removing it
// as a comment would drop it, and the comma after it, without a trace in
// the output. After a value, or before a colon, any is.
func (p *parser) lineComment(i int) bool {
	switch p.state {
	case stNext, stColon, stDone:
		return true
	}
	return i >= len(p.in) || isSpace(p.in[i])
}

// space skips whitespace and, with the Comment kind, comments.
func (p *parser) space() error {
	in := p.in
	for p.pos < len(in) {
		switch c := in[p.pos]; {
		case isSpace(c):
			p.pos++
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
				p.add(Edit{Kind: Truncated, Offset: int64(p.pos), Removed: string(in[p.pos:]), Truncated: true})
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
