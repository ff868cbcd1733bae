package tokenizer

import (
	"errors"
	"io"
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// NOTE: This file holds the Tokenizer's state and its structural grammar
// (containers, commas, colons, end of input). Next has a fast path for
// whole tokens inside the chunk; everything else goes through next, whose
// readers are the single source of truth for errors. The lexemes that can
// be cut across chunks — strings, numbers and literals — are read in
// lex.go, the container/pointer stack is in path.go, and the stateless
// byte grammar they share is in package internal/jsonwire.

// Misuse errors. They are not about the input, so they are not
// *SyntaxError values.
var (
	// ErrNeedMore is returned by Next when every byte fed so far has been
	// read and the input is a valid prefix: feed the next chunk, or Close.
	ErrNeedMore = errors.New("tokenizer: need more input")
	// ErrUnread is returned by Feed when Next has not yet read all of the
	// previous chunk.
	ErrUnread = errors.New("tokenizer: previous chunk not fully read")
	// ErrClosed is returned by Feed after Close.
	ErrClosed = errors.New("tokenizer: feed after close")
)

// Status is the verdict on the bytes read so far.
type Status uint8

const (
	// StatusNeedMore: a valid prefix; more bytes are needed for a whole value.
	StatusNeedMore Status = iota
	// StatusComplete: a whole top-level value has been read, and nothing after
	// it but whitespace. More whitespace may still follow.
	StatusComplete
	// StatusFailed: the input is not JSON; Err says where and why.
	StatusFailed
)

func (s Status) String() string {
	switch s {
	case StatusNeedMore:
		return "need-more"
	case StatusComplete:
		return "complete"
	case StatusFailed:
		return "failed"
	}
	return "invalid"
}

// grammar states, finer than Expect.
const (
	expValue      = iota // a value: at top level, after ':', after ',' in an array
	expFirstValue        // after '[': a value or ']'
	expFirstName         // after '{': a name or '}'
	expName              // after ',' in an object
	expColon             // after a name
	expComma             // after a value in a container: ',' or the close
	expEnd               // after the top-level value
)

// lexemes in progress.
const (
	lexNone = iota
	lexString
	lexNumber
	lexLiteral
)

// Tokenizer reads JSON pushed to it in chunks. See the package doc.
//
// It is a plain value: assigning it copies the whole state, and both
// copies go on independently. The zero value is ready to use with the
// default Options.
type Tokenizer struct {
	lim    limits
	inited bool

	// The current chunk. buf[pos:] is not read yet; buf[0] is at
	// absolute offset base. After an error buf ends at pos.
	buf    []byte
	pos    int
	base   int64
	cut    bool // buf was shortened to respect MaxBytes
	closed bool
	err    *SyntaxError

	// Grammar.
	depth int
	// info is tokenInfo(0, depth, 0, base): the bits of Token.info that
	// the tokens read next share. Whatever changes depth or base sets it
	// again (setInfo, or enter and leave).
	info    uint64
	expect  uint8
	top     top  // the top container
	nameCut bool // the top member name was cut for length
	// A name read whole from the current chunk is not copied into path
	// until it must be: when a container opens under it (pushShort,
	// pushNamed), and at a chunk's end or an error (flushName). Until
	// then it is buf[nameStart:nameEnd] with its quotes (see refName).
	nameRef            bool
	nameStart, nameEnd int
	values             int64 // top-level values read

	// The lexeme in progress.
	out outTok // the token the last read made

	lex        uint8
	sub        uint8 // state within the lexeme (see lex.go)
	lit        uint8 // which literal: an index into jsonwire.Literals
	isName     bool  // the string is a member name
	first      bool  // the next string piece is the first
	tokOff     int64 // absolute offset where the lexeme began
	pieceStart int   // index in buf where the next string piece begins
	hexN       uint8 // \u digits read
	u          uint16
	utfNeed    uint8 // UTF-8 continuation bytes still to come
	utfLo      byte  // range of the next continuation byte
	utfHi      byte
	carry      [12]byte // bytes of a cut escape or UTF-8 sequence
	nCarry     uint8
	carryOff   int64    // absolute offset of carry[0]
	num        [32]byte // bytes of a number cut across chunks
	numHeap    *numBuf  // ... when they do not fit in num
	nNum       int

	path pathStack
}

// top is the top container's state: its kind and where the reader is in
// it. It is a frame of the path stack that is not frozen.
//
// It has at most four fields, so that the compiler keeps a top in
// registers. With nameCut as a fifth, Next built every top on the stack,
// and the copy out of it waited on the byte stores into it; nameCut is a
// field of Tokenizer instead.
type top struct {
	index   int64 // element index in an array
	nameLen int   // bytes of the member name, kept in path
	obj     bool  // the container is an object
	hasName bool  // the member name is whole
}

// New returns a Tokenizer with the given options.
func New(opts Options) Tokenizer {
	return Tokenizer{lim: opts.limits(), inited: true}
}

// Reset makes t ready for a new stream with the given options, dropping
// any spilled path nodes.
func (t *Tokenizer) Reset(opts Options) { *t = New(opts) }

// Feed hands the Tokenizer the next chunk of the stream. It does not copy
// the chunk: the Tokenizer reads it in place during the following calls of
// Next, and the caller must leave it unchanged until Next has returned
// ErrNeedMore (or an error). From then on the chunk is never touched again
// and its buffer may be reused. Any bytes of a token cut at the chunk's
// end (at most 12 bytes of an escape or UTF-8 sequence, or the digits of a
// number) are copied into the Tokenizer first.
//
// Feed returns ErrUnread if Next has not read the previous chunk to its
// end, ErrClosed after Close, and the sticky *SyntaxError after a failure.
// An empty chunk is allowed and changes nothing.
func (t *Tokenizer) Feed(chunk []byte) error {
	if t.err != nil {
		return t.err
	}
	if t.closed {
		return ErrClosed
	}
	if t.pos < len(t.buf) {
		return ErrUnread
	}
	t.flushName()
	if !t.inited {
		t.lim, t.inited = Options{}.limits(), true
	}
	t.base += int64(len(t.buf))
	t.setInfo()
	t.buf, t.pos, t.pieceStart = chunk, 0, 0
	if room := t.lim.maxBytes - t.base; int64(len(chunk)) > room {
		t.buf, t.cut = chunk[:room], true
	}
	return nil
}

// Close marks the end of the stream: no chunk follows the current one.
// Next then reads what is left, returns any token held back (a number can
// only end at the end of input), and finally io.EOF, or a *SyntaxError
// wrapping io.ErrUnexpectedEOF if the input stopped short.
func (t *Tokenizer) Close() { t.closed = true }

// Next returns the next token or string piece.
//
// It returns ErrNeedMore once every byte fed so far has been read; the
// caller then feeds the next chunk or closes. After Close it returns io.EOF
// at the end of valid input. Any other error is a *SyntaxError, reported
// at the first byte that makes the input invalid, and returned again by
// every later call.
func (t *Tokenizer) Next() (Token, error) {
	// After an error buf ends at pos (failAt), so that the fast path
	// reads nothing and leaves it to next, with no test here.
	if t.lex != lexNone {
		return t.next()
	}
	// The fast path: whole tokens inside the chunk, and the separators
	// between them. Whatever it is not sure of (an error, a lexeme cut by
	// the chunk's end, a limit, the end of the chunk) it leaves to next,
	// which reads from the same place with the lexemes' state machines
	// (readToken words the errors between lexemes), so errors do not
	// depend on which path met them. The grammar state is
	// kept in exp while separators are read, and stored before anything
	// else reads it.
	b, i, exp := t.buf, t.pos, t.expect
	// With b's capacity its length, Raw's (b[i:j:j]) is checked once,
	// and as uints the loop's bound proves b[i] in bounds: two checks
	// less per token.
	b = b[:len(b):len(b)]
loop:
	for uint(i) < uint(len(b)) {
		c := b[i]
		if c <= ' ' {
			if !jsonwire.Space[c] {
				break
			}
			// One space, as in ", " (the colon case takes ": "), or a
			// newline and an indentation of spaces, read here a word at a
			// time. Any other run goes to SkipSpace, from a tail call: a
			// call in the loop would have the registers live across it
			// stored for every token.
			if i = jsonwire.SkipIndent(b, i+1); i < len(b) && b[i] <= ' ' && jsonwire.Space[b[i]] {
				t.pos, t.expect = jsonwire.SkipSpace(b, i), exp
				return t.Next()
			}
			continue
		}
		var kind Kind // Name when a name is due, else set below
		// Where a value is due, its first byte goes straight to the
		// value's cases: a close is wrong there, and so is any byte no
		// case takes, and both go to next by the cases' own tests.
		if exp != expValue {
			// The comma first: it is the byte most often due.
			if exp == expComma && c == ',' {
				exp = expValue
				if t.top.obj {
					exp, t.top.hasName = expName, false
				} else {
					t.top.index++
				}
				// A newline and indentation after the comma, as indented
				// JSON has it, are read here, saving a turn of the loop.
				if i++; i < len(b) && b[i] == '\n' {
					i = jsonwire.SkipIndent(b, i+1)
				}
				continue
			}
			if c|0x20 == '}' { // '}' or ']'
				// A close is allowed where a comma is, and right after the
				// open. The parent's frame, when small, is unfrozen here;
				// closeToken unfreezes any other, and ends a top-level value.
				if t.top.obj != (c == '}') || exp != expComma && exp != expFirstName && exp != expFirstValue {
					break loop
				}
				if index := t.path.popSmall(); index >= 0 {
					return t.leave(b, i, top{index: index}), nil
				}
				if n := t.path.popName(); n >= 0 {
					return t.leave(b, i, top{nameLen: n, obj: true, hasName: true}), nil
				}
				return t.closeToken(i), nil
			}
			switch exp {
			case expComma: // neither a comma nor a close
				break loop
			case expColon:
				if c != ':' {
					break loop
				}
				exp = expValue
				if i++; i < len(b) && b[i] == ' ' {
					i++ // ": ", as indented JSON has it
				}
				continue
			case expName, expFirstName:
				if c != '"' {
					break loop
				}
				kind = KindName
			case expEnd:
				if !t.lim.multiple {
					break loop
				}
			}
		}
		var j int
		switch c {
		case '{', '[':
			if t.depth >= t.lim.maxDepth {
				break loop
			}
			// The parent's frame, when a store or two freezes it, is
			// frozen here; openToken freezes any other.
			switch {
			case t.depth == 0:
			case !t.top.obj && t.path.pushSmall(t.top.index):
			case t.top.obj && t.nameRef && t.path.pushShort(b, t.nameStart+1, t.nameEnd-1):
				t.nameRef = false
			default:
				return t.openToken(i, c == '{'), nil
			}
			t.nameCut = false
			return t.enter(b, i, c == '{'), nil
		case '"':
			// A string of plain ASCII, as most names are, is read by
			// SkipPlain, which inlines; ScanString, a call, takes the
			// rest. (With the call on every string, the registers live
			// across it were spilled for every value: 8-14% of the time
			// of all three benchmark files.)
			if j = jsonwire.SkipPlain(b, i+1); j == len(b) || b[j] != '"' {
				t.pos, t.expect = i, exp
				return t.scanString(i, j, kind == KindName)
			}
			if j++; int64(j-i-2) > t.lim.maxString {
				break loop
			}
			if kind == KindName {
				tok := Token{Raw: b[i:j:j], info: t.wholeInfo(KindName, i)}
				// afterName, written out: it is too big to inline.
				t.nameRef, t.nameStart, t.nameEnd = true, i, j
				t.top.hasName = true
				exp = expColon
				if j < len(b) && b[j] == ':' {
					if exp, j = expValue, j+1; j < len(b) && b[j] == ' ' {
						j++
					}
				}
				t.pos, t.expect = j, exp
				if j == len(b) {
					t.flushName()
				}
				return tok, nil
			}
			kind = KindString
		case 't': // each literal spelled out: a compare with a constant is one load
			if i+4 > len(b) || string(b[i:i+4]) != "true" {
				break loop
			}
			kind, j = KindTrue, i+4
		case 'f':
			if i+5 > len(b) || string(b[i:i+5]) != "false" {
				break loop
			}
			kind, j = KindFalse, i+5
		case 'n':
			if i+4 > len(b) || string(b[i:i+4]) != "null" {
				break loop
			}
			kind, j = KindNull, i+4
		default:
			// A number, in the steps of jsonwire.ScanInt's doc, written
			// out to inline: a call here cost canada 5%.
			k := i
			if c == '-' {
				k++
			}
			// d is the byte after each part, read once; as uints the
			// tests against len(b) prove b[j] in bounds.
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
			kind = KindNumber
		}
		tok := Token{Raw: b[i:j:j], info: t.wholeInfo(kind, i)}
		// afterValue, but for t.lex, which is lexNone here already.
		t.pos, t.expect = j, expComma
		if t.depth == 0 {
			t.expect = expEnd
			t.values++
		}
		return tok, nil
	}
	t.pos, t.expect = i, exp
	if i == len(b) && !t.closed && !t.cut && t.err == nil {
		// The chunk is read: the common end of every small chunk.
		t.flushName()
		return Token{}, ErrNeedMore
	}
	return t.next()
}

// whole returns the whole token buf[i:j] of the given kind, and moves
// the grammar past it. Next's fast path has the same lines inline.
// (whole is for the strings that Next's fast path hands to scanString.)
func (t *Tokenizer) whole(i, j int, kind Kind) Token {
	tok := Token{Raw: t.buf[i:j:j], info: t.wholeInfo(kind, i)}
	t.pos = j
	if kind == KindName {
		t.afterName(i, j)
	} else {
		t.afterValue()
	}
	return tok
}

// afterName moves the grammar past the name buf[i:j], read whole.
func (t *Tokenizer) afterName(i, j int) {
	b := t.buf
	t.nameRef, t.nameStart, t.nameEnd = true, i, j
	t.expect, t.top.hasName = expColon, true
	// The colon, when it follows at once, is read with the name (and one
	// space after it): a name is all but always so followed, and a turn
	// of the loop for it cost more than the test.
	if j < len(b) && b[j] == ':' {
		if t.expect, j = expValue, j+1; j < len(b) && b[j] == ' ' {
			j++
		}
		t.pos = j
	}
	if j == len(b) {
		// The chunk is read, and Feed would take the next one: the
		// caller may write over this one's bytes now.
		t.flushName()
	}
}

// scanString reads the string (or name) whose quote is at buf[i], from
// buf[from], where the plain ASCII that Next's fast path reads ends
// short of the closing quote. t.pos and t.expect are Next's, at buf[i].
func (t *Tokenizer) scanString(i, from int, name bool) (Token, error) {
	j, closed := jsonwire.ScanString(t.buf, from)
	if !closed && int64(j-i-1) <= t.lim.maxString {
		return t.cutString(i, name, j)
	}
	if !closed || int64(j-i-2) > t.lim.maxString {
		return t.next()
	}
	kind := KindString
	if name {
		kind = KindName
	}
	return t.whole(i, j, kind), nil
}

// cutString goes on with a string that begins at buf[i] and is not whole
// in the chunk, from buf[from], up to which the fast path found it valid.
func (t *Tokenizer) cutString(i int, name bool, from int) (Token, error) {
	if err := t.startString(i, name, from); err != nil {
		return Token{}, err
	}
	return t.made(), nil
}

// next is Next on the general path: lexemes cut across chunks, errors,
// limits and the end of the chunk.
func (t *Tokenizer) next() (Token, error) {
	var err error
	if t.err != nil {
		return Token{}, t.err
	}
	if t.pos == len(t.buf) && !t.closed && !t.cut {
		t.flushName() // the chunk is read, inside a lexeme
		return Token{}, ErrNeedMore
	}
	switch t.lex {
	case lexString:
		err = t.readString()
	case lexNumber:
		err = t.readNumber(t.pos, t.pos)
	case lexLiteral:
		err = t.readLiteral(t.pos)
	default:
		err = t.readToken()
	}
	if err != nil {
		return Token{}, err
	}
	return t.made(), nil
}

// made returns the token the last read recorded in t.out.
func (t *Tokenizer) made() Token {
	o := &t.out
	var raw []byte
	switch o.src {
	case outChunk:
		raw = t.buf[o.start:o.end:o.end]
	case outCarry:
		raw = t.carry[:o.end:o.end]
	case outNum:
		raw = t.numBytes()
	default:
		raw = literalBytes[o.start]
	}
	return Token{Raw: raw, info: o.info}
}

// NOTE: The readers below do not return the Token they make: they record
// it in t.out, and next builds the Token once (made). Copying tokens up
// through each level of calls cost more than reading the bytes did.

// Where a made token's Raw is.
const (
	outChunk = iota // buf[start:end]
	outCarry        // carry[:end]
	outNum          // the number buffer
	outLit          // literalBytes[start]
)

// outTok records the token the last read made. It holds no pointers, so
// that a Tokenizer never points into itself.
type outTok struct {
	start, end int
	info       uint64 // as in Token
	src        uint8
}

// readToken reads what Next's fast path left at t.pos between lexemes:
// the end of the chunk, a string, number or literal that the chunk's end
// cuts or a limit stops, a container past the depth limit, or a byte that
// is wrong where it stands. The fast path takes all whitespace and every
// valid byte of structure, so none is at t.pos.
func (t *Tokenizer) readToken() error {
	i := t.pos
	if i == len(t.buf) {
		return t.atEnd()
	}
	c := t.buf[i]
	switch t.expect {
	case expColon:
		return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" after object name (expecting ':')")
	case expComma:
		if t.top.obj {
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" after object value (expecting ',' or '}')")
		}
		return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" after array element (expecting ',' or ']')")
	case expName, expFirstName:
		if c == '"' {
			return t.startString(i, true, i+1)
		}
		if t.expect == expFirstName {
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" looking for beginning of object name or '}'")
		}
		return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" looking for beginning of object name")
	case expEnd:
		if !t.lim.multiple {
			return t.fail(i, ErrTrailingData, "invalid character "+quoteByte(c)+" after top-level value")
		}
	}
	return t.startValue(i, c)
}

// startValue begins the value whose first byte c is at b[i].
func (t *Tokenizer) startValue(i int, c byte) error {
	switch c {
	case '{', '[': // the fast path opens every container under the limit
		return t.fail(i, ErrDepthLimit, "nesting deeper than "+strconv.Itoa(t.lim.maxDepth))
	case '"':
		return t.startString(i, false, i+1)
	case 't', 'f', 'n':
		t.lex, t.tokOff = lexLiteral, t.base+int64(i)
		t.sub = 1 // bytes of the literal matched
		t.lit = jsonwire.LiteralIndex(c)
		return t.readLiteral(i + 1)
	}
	if c == '-' || jsonwire.IsDigit(c) {
		// Next's fast path takes every whole number under the limit, so
		// this one is cut by the chunk's end, too long, or wrong.
		t.lex, t.tokOff, t.nNum, t.sub = lexNumber, t.base+int64(i), 0, jsonwire.NumberFirst(c)
		return t.readNumber(i, i+1)
	}
	if t.expect == expFirstValue {
		return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" looking for beginning of value or ']'")
	}
	return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" looking for beginning of value")
}

// openToken opens the container whose '{' or '[' is at buf[i], under the
// depth limit and inside another, and returns its token. Next opens the
// top-level container, and most others itself, where the parent's frame
// takes a store or two.
func (t *Tokenizer) openToken(i int, obj bool) Token {
	switch {
	case t.top.obj && t.nameRef:
		t.nameRef = false
		t.path.pushNamed(t.refName())
	case t.top.obj:
		t.path.pushObject(t.top.nameLen, t.nameCut)
	default:
		t.path.pushArray(t.top.index)
	}
	t.nameCut = false
	return t.enter(t.buf, i, obj)
}

// enter moves into the container opened at b[i], once its parent's
// frame is frozen and nameCut cleared, and returns its token. b is buf,
// or Next's copy of it, whose bounds Next has proved i within. (Clearing
// nameCut in the callers keeps enter within the inlining budget.)
func (t *Tokenizer) enter(b []byte, i int, obj bool) Token {
	kind, exp := KindBeginArray, uint8(expFirstValue)
	if obj {
		kind, exp = KindBeginObject, expFirstName
	}
	info := t.wholeInfo(kind, i)
	t.depth++
	t.info += 1 << infoDepthShift
	t.expect, t.pos = exp, i+1
	t.top = top{obj: obj}
	return Token{Raw: b[i : i+1 : i+1], info: info}
}

// closeToken closes the top container at buf[i] and returns its token.
// Next closes most containers itself, where the parent's frame is small
// (popSmall, popName).
func (t *Tokenizer) closeToken(i int) Token {
	var parent top
	var cut bool
	if t.depth > 1 {
		parent, cut = t.path.pop()
	}
	tok := t.leave(t.buf, i, parent)
	t.nameCut = cut
	t.afterValue()
	return tok
}

// leave closes the top container at b[i] (b as for enter), going back
// to its parent, whose frame was just unfrozen, and returns its token.
// It leaves the grammar expecting what follows a value in a container.
func (t *Tokenizer) leave(b []byte, i int, parent top) Token {
	kind := KindEndArray
	if t.top.obj {
		kind = KindEndObject
	}
	t.depth--
	t.info -= 1 << infoDepthShift
	info := t.wholeInfo(kind, i)
	t.top, t.nameRef, t.nameCut = parent, false, false
	t.expect, t.pos = expComma, i+1
	return Token{Raw: b[i : i+1 : i+1], info: info}
}

// setInfo sets info from depth and base.
func (t *Tokenizer) setInfo() { t.info = tokenInfo(0, t.depth, 0, t.base) }

// wholeInfo is Token.info for the whole token of the given kind at
// buf[i]: tokenInfo(kind, t.depth, infoWhole, t.base+int64(i)) from one
// load.
func (t *Tokenizer) wholeInfo(kind Kind, i int) uint64 {
	return t.info + uint64(i)<<infoOffShift | uint64(kind) | infoWhole
}

// refName is the name held by reference, without its quotes.
func (t *Tokenizer) refName() []byte { return t.buf[t.nameStart+1 : t.nameEnd-1] }

// flushName copies a name held by reference into path.
func (t *Tokenizer) flushName() {
	if t.nameRef {
		t.copyName()
	}
}

// copyName is flushName's rare case, kept out of line so that flushName,
// a test at every chunk's end, inlines.
//
//go:noinline
func (t *Tokenizer) copyName() {
	t.nameRef = false
	t.top.nameLen, t.nameCut = t.path.appendName(0, t.refName())
}

// afterValue moves the grammar past a whole value.
func (t *Tokenizer) afterValue() {
	t.lex = lexNone
	if t.depth == 0 {
		t.expect = expEnd
		t.values++
		return
	}
	t.expect = expComma
}

// atEnd is reached when the chunk has been read to its end outside any
// lexeme, or inside one that must wait for more input.
func (t *Tokenizer) atEnd() error {
	t.flushName() // the chunk may be reused once Next returns
	if t.cut {
		return t.failAt(t.base+int64(len(t.buf)), ErrBytesLimit, "stream longer than "+strconv.FormatInt(t.lim.maxBytes, 10)+" bytes")
	}
	if !t.closed {
		return ErrNeedMore
	}
	switch t.lex {
	case lexNumber:
		if jsonwire.NumberCanEnd(t.sub) {
			t.endNumber(0, 0)
			return nil
		}
		return t.eof("in number")
	case lexString:
		if t.isName {
			return t.eof("in object name")
		}
		return t.eof("in string")
	case lexLiteral:
		return t.eof("in literal " + jsonwire.Literals[t.lit])
	}
	switch t.expect {
	case expEnd:
		return io.EOF
	case expValue:
		if t.depth == 0 && t.lim.multiple {
			return io.EOF // a sequence of no values
		}
		return t.eof("looking for beginning of value")
	case expFirstValue:
		return t.eof("looking for beginning of value or ']'")
	case expFirstName:
		return t.eof("looking for beginning of object name or '}'")
	case expName:
		return t.eof("looking for beginning of object name")
	case expColon:
		return t.eof("after object name (expecting ':')")
	}
	if t.top.obj {
		return t.eof("after object value (expecting ',' or '}')")
	}
	return t.eof("after array element (expecting ',' or ']')")
}

func (t *Tokenizer) eof(where string) error {
	return t.failAt(t.base+int64(len(t.buf)), io.ErrUnexpectedEOF, "unexpected end of input "+where)
}

// fail records a sticky error at b[i].
func (t *Tokenizer) fail(i int, cause error, detail string) error {
	t.pos = i
	return t.failAt(t.base+int64(i), cause, detail)
}

func (t *Tokenizer) failAt(off int64, cause error, detail string) error {
	t.flushName()
	t.err = &SyntaxError{Offset: off, Pointer: string(t.AppendPointer(nil)), Err: cause, detail: detail}
	t.buf = t.buf[:t.pos] // see Next
	return t.err
}

// Status reports the verdict on the bytes read so far.
func (t *Tokenizer) Status() Status {
	switch {
	case t.err != nil:
		return StatusFailed
	case t.lex == lexNone && t.expect == expEnd:
		return StatusComplete
	}
	return StatusNeedMore
}

// Err returns the *SyntaxError that stopped the Tokenizer, or nil.
func (t *Tokenizer) Err() error {
	if t.err == nil {
		return nil
	}
	return t.err
}

// Offset returns the absolute offset of the next byte to read: the number
// of stream bytes read so far.
func (t *Tokenizer) Offset() int64 { return t.base + int64(t.pos) }

// Limits returns the Options the tokenizer applies, with every default
// filled in: New(t.Limits()) applies the same ones. A tokenizer restored
// from a checkpoint has the limits it was saved with.
func (t *Tokenizer) Limits() Options {
	l := t.lim
	if !t.inited {
		l = Options{}.limits()
	}
	o := Options{MaxDepth: l.maxDepth, MaxBytes: l.maxBytes, MaxNumberLength: l.maxNumber, AllowMultipleValues: l.multiple}
	if l.maxString < maxStringLimit {
		o.MaxStringLength = l.maxString
	}
	return o
}

// Depth returns the number of open objects and arrays.
func (t *Tokenizer) Depth() int { return t.depth }

// Begun reports whether anything but whitespace has been read: false
// until the first byte of the first value.
func (t *Tokenizer) Begun() bool {
	return t.depth != 0 || t.values != 0 || t.lex != lexNone || t.expect != expValue || t.err != nil
}

// AppendPointer appends the RFC 6901 JSON Pointer of the value being read
// (or about to be read) to dst. While a member name is being read, or is
// expected, the pointer is that of the object. It allocates only if dst
// must grow, or if the path is deeper than the inline buffer holds.
func (t *Tokenizer) AppendPointer(dst []byte) []byte {
	if t.depth == 0 {
		return dst
	}
	dst = t.path.appendFrames(dst)
	if !t.top.obj {
		return appendIndexToken(dst, t.top.index)
	}
	if t.top.hasName && t.nameRef {
		return jsonwire.AppendPointerName(dst, t.refName(), false)
	}
	if t.top.hasName {
		return jsonwire.AppendPointerName(dst, t.path.name(t.top.nameLen), t.nameCut)
	}
	return dst
}

// Pointer returns the JSON Pointer of the value being read, as a string.
func (t *Tokenizer) Pointer() string { return string(t.AppendPointer(nil)) }
