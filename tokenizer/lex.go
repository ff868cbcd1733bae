package tokenizer

import (
	"strconv"
	"sync/atomic"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// NOTE: This file reads the three lexemes that a chunk boundary can cut:
// strings (and names), numbers and literals, from where Next's fast path
// (which takes whole tokens inside the chunk) left them. Each has a
// byte-at-a-time state machine that is the single source of truth for
// errors and for sequences cut at the chunk's end; a string's reader
// first skips whole, valid characters with jsonwire.ScanString, as the
// fast path does. Whenever the scan meets anything unusual it hands the
// sequence to the state machine, so an error's offset and message never
// depend on where the chunks were cut.

// String states: the state after reading ...
const (
	sNormal = iota // ... a whole character, or the opening quote: a safe point
	sEsc           // ... a '\'
	sHex           // ... "\u" and hexN hex digits
	sHiEsc         // ... a high surrogate escape; "\u" and a low one must follow
	sHiU           // ... a high surrogate escape and '\'
	sLoHex         // ... a high surrogate escape, "\u" and hexN digits of the low one
	sUTF8          // ... the start of a multi-byte UTF-8 character
)

// startString begins the string (or name) whose quote is at buf[i]; its
// bytes up to buf[from] are known to be whole, valid characters.
func (t *Tokenizer) startString(i int, name bool, from int) error {
	t.lex, t.isName, t.first, t.sub = lexString, name, true, sNormal
	t.tokOff = t.base + int64(i)
	t.pieceStart, t.pos = i, from
	if name {
		t.top.nameLen, t.nameCut, t.nameRef = 0, false, false
	}
	return t.readString()
}

// readString reads string bytes from t.pos. It returns a piece when the
// string ends, when the chunk ends, or when a sequence held in carry from
// the previous chunk is completed.
func (t *Tokenizer) readString() error {
	b, i := t.buf, t.pos
	end := len(b) // b[end] is past the MaxStringLength limit, if end < len(b)
	if lim := t.tokOff + 1 + t.lim.maxString - t.base; lim < int64(end) {
		end = int(lim)
	}

	if t.nCarry > 0 { // finish the sequence cut at the previous chunk's end
		for i < end {
			c := b[i]
			if err := t.stepString(c, i); err != nil {
				return err
			}
			t.carry[t.nCarry] = c
			t.nCarry++
			i++
			if t.sub == sNormal {
				t.piece(outCarry, 0, int(t.nCarry), t.carryOff, false)
				t.nCarry, t.pos, t.pieceStart = 0, i, i
				return nil
			}
		}
		if end < len(b) {
			return t.failString(end)
		}
		t.pos = i
		return t.atEnd()
	}

	start := t.pieceStart
	for {
		// Whole, valid characters inside the chunk and the limit.
		j, closed := jsonwire.ScanString(b[:end], i)
		if !closed && j == end && end < len(b) && b[end] == '"' {
			j, closed = end+1, true // the limit allows the closing quote
		}
		if closed {
			t.pos = j
			t.endString(start, j)
			return nil
		}
		if i = j; i == end {
			if end == len(b) {
				break
			}
			return t.failString(i)
		}
		// Anything else goes through the state machine, byte by byte.
		seq := i
		for i < end {
			if err := t.stepString(b[i], i); err != nil {
				return err
			}
			i++
			if t.sub == sNormal {
				break
			}
		}
		if t.sub == sNormal {
			continue
		}
		if end < len(b) {
			return t.failString(end)
		}
		// The chunk ends inside the sequence: carry it, emit what precedes.
		t.nCarry = uint8(copy(t.carry[:], b[seq:i]))
		t.carryOff = t.base + int64(seq)
		i = seq
		break
	}
	t.pos, t.pieceStart = len(b), len(b)
	if i > start {
		t.piece(outChunk, start, i, t.base+int64(start), false)
		return nil
	}
	return t.atEnd()
}

// stepString advances the string state machine by the byte c at b[i].
// It is never given a plain byte or the closing quote in sNormal.
func (t *Tokenizer) stepString(c byte, i int) error {
	switch t.sub {
	case sNormal:
		switch {
		case c == '\\':
			t.sub = sEsc
		case c < 0x20:
			return t.fail(i, ErrSyntax, "invalid control character "+quoteByte(c)+" in string")
		default:
			lead := jsonwire.UTF8First[c]
			if lead.Need == 0 {
				return t.fail(i, ErrInvalidUTF8, jsonwire.InvalidUTF8(c, 0, 0))
			}
			t.sub, t.utfNeed, t.utfLo, t.utfHi = sUTF8, lead.Need, lead.Lo, lead.Hi
		}
	case sEsc:
		switch {
		case jsonwire.SimpleEscape[c]:
			t.sub = sNormal
		case c == 'u':
			t.sub, t.hexN, t.u = sHex, 0, 0
		default:
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" in string escape")
		}
	case sHex, sLoHex:
		v := jsonwire.HexValue[c]
		if v < 0 {
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" in \\u hexadecimal escape")
		}
		t.u = t.u<<4 | uint16(v)
		t.hexN++
		if t.sub == sLoHex {
			if t.hexN == 1 && v != 0xD || t.hexN == 2 && v < 0xC {
				return t.fail(i, ErrSurrogate, jsonwire.LoneHigh)
			}
			if t.hexN == 4 {
				t.sub = sNormal
			}
			return nil
		}
		if t.hexN == 2 && t.u >= 0xDC && t.u <= 0xDF {
			return t.fail(i, ErrSurrogate, jsonwire.LoneLow)
		}
		if t.hexN == 4 {
			t.sub = sNormal
			if t.u >= 0xD800 && t.u <= 0xDBFF {
				t.sub = sHiEsc
			}
		}
	case sHiEsc, sHiU:
		want := byte('\\')
		if t.sub == sHiU {
			want = 'u'
		}
		if c != want {
			return t.fail(i, ErrSurrogate, jsonwire.LoneHigh)
		}
		t.sub++ // sHiEsc -> sHiU -> sLoHex
		t.hexN = 0
	case sUTF8:
		if c < t.utfLo || c > t.utfHi {
			// The bytes before c are the Tokenizer's state, not the
			// chunk's: naming what they allow is the same however the
			// input was cut.
			return t.fail(i, ErrInvalidUTF8, jsonwire.InvalidUTF8(c, t.utfLo, t.utfHi))
		}
		t.utfNeed--
		t.utfLo, t.utfHi = 0x80, 0xBF
		if t.utfNeed == 0 {
			t.sub = sNormal
		}
	}
	return nil
}

// piece records a string piece, raw = src[start:end] at offset off.
func (t *Tokenizer) piece(src uint8, start, end int, off int64, last bool) {
	kind := KindString
	if t.isName {
		kind = KindName
	}
	var flags uint64
	if t.first {
		flags = infoFirst
	}
	if last {
		flags |= infoLast
	}
	t.out = outTok{start: start, end: end, info: tokenInfo(kind, t.depth, flags, off), src: src}
	if t.isName && t.first && last && src == outChunk {
		t.nameRef, t.nameStart, t.nameEnd = true, start, end
	} else if t.isName {
		var raw []byte
		if src == outCarry {
			raw = t.carry[start:end]
		} else {
			raw = t.buf[start:end]
		}
		if t.first {
			raw = raw[1:]
		}
		if last {
			raw = raw[:len(raw)-1]
		}
		var cut bool
		t.top.nameLen, cut = t.path.appendName(t.top.nameLen, raw)
		t.nameCut = t.nameCut || cut
	}
	t.first = false
}

// endString records the last piece, buf[start:end], and moves the
// grammar on.
func (t *Tokenizer) endString(start, end int) {
	t.piece(outChunk, start, end, t.base+int64(start), true)
	if t.isName {
		t.lex, t.expect, t.top.hasName = lexNone, expColon, true
		return
	}
	t.afterValue()
}

// readNumber reads number bytes from b[i]; the number's bytes in this
// chunk begin at b[start].
func (t *Tokenizer) readNumber(start, i int) error {
	b := t.buf
	lim := t.tokOff + int64(t.lim.maxNumber) - t.base // b[lim] may not continue the number
	end := len(b)
	if lim < int64(end) {
		end = int(max(lim, 0))
	}
	for {
		if t.sub == jsonwire.NumInt || t.sub == jsonwire.NumFrac || t.sub == jsonwire.NumExpDigit {
			i = jsonwire.SkipDigits(b[:end], i)
		}
		if i == len(b) {
			t.saveNumber(b[start:i])
			t.pos = i
			return t.atEnd()
		}
		c := b[i]
		next, ok := jsonwire.NumberStep(t.sub, c)
		if ok {
			if int64(i) >= lim {
				return t.fail(i, ErrNumberLimit, "number longer than "+strconv.Itoa(t.lim.maxNumber)+" bytes")
			}
			t.sub = next
			i++
			continue
		}
		switch {
		case t.sub == jsonwire.NumZero && jsonwire.IsDigit(c):
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" after leading zero in number")
		case jsonwire.NumberCanEnd(t.sub):
			t.pos = i
			t.endNumber(start, i)
			return nil
		case t.sub == jsonwire.NumExp:
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" in number exponent (expecting sign or digit)")
		}
		return t.fail(i, ErrSyntax, "invalid character "+quoteByte(c)+" in number (expecting digit)")
	}
}

// failString fails at buf[i], the first byte of a string past the length
// limit.
func (t *Tokenizer) failString(i int) error {
	return t.fail(i, ErrStringLimit, "string longer than "+strconv.FormatInt(t.lim.maxString, 10)+" bytes")
}

// saveNumber keeps number bytes that a chunk boundary cut. A number of up
// to len(t.num) bytes stays inline, and a longer one goes to a numBuf.
func (t *Tokenizer) saveNumber(p []byte) {
	n := t.nNum + len(p)
	switch h := t.numHeap; {
	case n <= len(t.num):
		copy(t.num[t.nNum:], p)
	case t.nNum > len(t.num) && n <= len(h.b) && h.claimed.CompareAndSwap(int64(t.nNum), int64(n)):
		copy(h.b[t.nNum:n], p) // bytes no copy of t has
	default:
		h = &numBuf{b: make([]byte, max(min(2*n, t.lim.maxNumber), n))}
		copy(h.b[copy(h.b, t.numBytes()):], p)
		h.claimed.Store(int64(n))
		t.numHeap = h
	}
	t.nNum = n
}

// numBuf holds the bytes of a number that outgrew Tokenizer.num. Copies
// of a Tokenizer share it, each with its own length (nNum). A copy
// writes in place only the bytes past the most that any copy has
// claimed, so none writes over a byte that another reads, or over a
// number token already made; otherwise it moves to a new numBuf of twice
// the size. So a number cut into many chunks is copied a few times in
// all, not once per chunk.
type numBuf struct {
	b       []byte // its length is fixed at make
	claimed atomic.Int64
}

func (t *Tokenizer) numBytes() []byte {
	if t.nNum <= len(t.num) {
		return t.num[:t.nNum:t.nNum]
	}
	return t.numHeap.b[:t.nNum:t.nNum]
}

// endNumber records the number token whose last bytes are buf[start:end].
// Only a number that a chunk's end cut comes here (Next's fast path takes
// the others), so it is in the number buffer, which keeps it until the
// next number starts.
func (t *Tokenizer) endNumber(start, end int) {
	t.saveNumber(t.buf[start:end])
	t.out = outTok{info: tokenInfo(KindNumber, t.depth, infoWhole, t.tokOff), src: outNum}
	t.afterValue()
}

// literalBytes are the bytes of jsonwire.Literals: the Raw of a literal
// that a chunk boundary cut.
var literalBytes = [3][]byte{[]byte("true")[:4:4], []byte("false")[:5:5], []byte("null")[:4:4]}

// literalKinds are the kinds of jsonwire.Literals, in order.
var literalKinds = [3]Kind{KindTrue, KindFalse, KindNull}

// readLiteral reads literal bytes from b[i]; t.sub bytes are matched.
func (t *Tokenizer) readLiteral(i int) error {
	b, lit := t.buf, jsonwire.Literals[t.lit]
	for int(t.sub) < len(lit) {
		if i == len(b) {
			t.pos = i
			return t.atEnd()
		}
		if b[i] != lit[t.sub] {
			return t.fail(i, ErrSyntax, "invalid character "+quoteByte(b[i])+" in literal "+lit+" (expecting "+quoteByte(lit[t.sub])+")")
		}
		t.sub++
		i++
	}
	t.pos = i
	t.out = outTok{start: int(t.lit), info: tokenInfo(literalKinds[t.lit], t.depth, infoWhole, t.tokOff), src: outLit}
	t.afterValue()
	return nil
}
