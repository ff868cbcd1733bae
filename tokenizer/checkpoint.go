package tokenizer

import (
	"encoding/binary"
	"errors"
	"io"
	"math"

	"github.com/deltajson/deltajson/internal/binfmt"
	"github.com/deltajson/deltajson/internal/errfamily"
	"github.com/deltajson/deltajson/internal/jsonwire"
)

// NOTE: The binary form of a Tokenizer, for checkpoints that move between
// processes: the fields in the order of AppendBinary, in the envelope of
// package binfmt ("DJTK", a version byte, a CRC-32). UnmarshalBinary checks every field against the
// invariants the Tokenizer relies on, so bytes that were not made by
// AppendBinary give an error and never a state that misbehaves.

const (
	checkpointMagic   = "DJTK"
	checkpointVersion = 1
)

// Checkpoint errors.
var (
	// ErrCheckpoint: the bytes are not a checkpoint this package made.
	ErrCheckpoint = errfamily.ErrCheckpoint
	// ErrCheckpointVersion: the checkpoint was made by another version.
	ErrCheckpointVersion = errfamily.ErrCheckpointVersion
	// ErrMidChunk: a checkpoint was asked for before Next had read the
	// current chunk to its end.
	ErrMidChunk = errors.New("tokenizer: checkpoint with part of a chunk unread")
)

// causes lists the error causes a checkpoint can carry, by code.
var causes = []error{ErrSyntax, ErrInvalidUTF8, ErrSurrogate, ErrTrailingData, ErrDepthLimit, ErrBytesLimit, ErrStringLimit, ErrNumberLimit, io.ErrUnexpectedEOF}

// AppendBinary appends the Tokenizer's state to b. It implements
// encoding.BinaryAppender. The state can be saved only between chunks:
// when Next has returned ErrNeedMore, io.EOF or an error.
func (t *Tokenizer) AppendBinary(b []byte) ([]byte, error) {
	if t.pos < len(t.buf) && t.err == nil {
		return b, ErrMidChunk
	}
	if !t.inited {
		t.lim, t.inited = Options{}.limits(), true
	}
	t.flushName()
	start := len(b)
	b = binfmt.Begin(b, checkpointMagic, checkpointVersion)
	u := func(v uint64) { b = binary.AppendUvarint(b, v) }
	bs := func(p []byte) { b = binfmt.AppendBytes(b, p) }
	flag := func(v bool) { b = binfmt.AppendFlag(b, v) }
	u(uint64(t.lim.maxDepth))
	u(uint64(t.lim.maxBytes))
	u(uint64(t.lim.maxString))
	u(uint64(t.lim.maxNumber))
	flag(t.lim.multiple)
	flag(t.closed)
	flag(t.cut)
	u(uint64(t.Offset()))
	flag(t.err != nil)
	if t.err != nil {
		code := 0
		for i, c := range causes {
			if c == t.err.Err {
				code = i
			}
		}
		u(uint64(t.err.Offset))
		u(uint64(code))
		bs([]byte(t.err.Pointer))
		bs([]byte(t.err.detail))
	}
	u(uint64(t.depth))
	b = append(b, t.expect)
	flag(t.top.obj)
	u(uint64(t.top.index))
	flag(t.nameCut)
	flag(t.top.hasName)
	u(uint64(t.values))
	// The fields of a lexeme that is not in progress are stale (a
	// string's, in a number): they are saved as zeros, so that equal
	// states give equal bytes however the input was cut. Each is set
	// again when a lexeme needs it.
	lx := *t
	if lx.lex != lexString {
		lx.isName, lx.first = false, false
	}
	if lx.lex != lexString || lx.sub < sHex || lx.sub > sLoHex {
		lx.hexN, lx.u = 0, 0 // not in a \u escape
	}
	if lx.lex != lexString || lx.sub != sUTF8 {
		lx.utfNeed, lx.utfLo, lx.utfHi = 0, 0, 0 // not in a UTF-8 sequence
	}
	if lx.lex != lexLiteral {
		lx.lit = 0
	}
	if lx.lex == lexNone {
		lx.sub, lx.tokOff = 0, 0
	}
	if lx.nCarry == 0 {
		lx.carryOff = 0
	}
	b = append(b, lx.lex, lx.sub, lx.lit)
	flag(lx.isName)
	flag(lx.first)
	u(uint64(lx.tokOff))
	b = append(b, lx.hexN)
	u(uint64(lx.u))
	b = append(b, lx.utfNeed, lx.utfLo, lx.utfHi)
	bs(lx.carry[:lx.nCarry])
	u(uint64(lx.carryOff))
	if t.lex == lexNumber {
		bs(t.numBytes())
	} else {
		bs(nil) // the buffer may still hold the last number's bytes
	}
	bs(t.path.appendRawFrames(nil))
	bs(t.path.name(t.top.nameLen))
	return binfmt.Seal(b, start), nil
}

// MarshalBinary returns the Tokenizer's state; see AppendBinary.
func (t *Tokenizer) MarshalBinary() ([]byte, error) { return t.AppendBinary(nil) }

// UnmarshalBinary replaces t's state with a saved one. Corrupt,
// truncated or foreign bytes give ErrCheckpoint or ErrCheckpointVersion
// and leave t unchanged. After it, feed the bytes that follow the
// checkpoint's offset.
func (t *Tokenizer) UnmarshalBinary(data []byte) error {
	r, err := binfmt.Open(data, checkpointMagic, checkpointVersion, ErrCheckpoint, ErrCheckpointVersion)
	if err != nil {
		return err
	}
	var s Tokenizer
	s.inited = true
	// Limits past today's bounds (a checkpoint of an earlier release, with
	// no byte limit or a depth limit of up to 1<<30) count as the bounds,
	// as they would in Options.
	s.lim.maxDepth = int(min(r.Uint(1<<30), MaxDepthLimit))
	s.lim.maxBytes = int64(min(r.Uint(math.MaxInt64), MaxBytesLimit))
	s.lim.maxString = int64(r.Uint(maxStringLimit))
	s.lim.maxNumber = int(r.Uint(MaxNumberLengthLimit))
	s.lim.multiple = r.Flag()
	s.closed = r.Flag()
	s.cut = r.Flag()
	s.base = int64(r.Uint(uint64(s.lim.maxBytes)))
	if r.Flag() {
		e := &SyntaxError{Offset: int64(r.Uint(uint64(s.base)))}
		e.Err = causes[r.Uint(uint64(len(causes)-1))]
		e.Pointer = string(r.Bytes(1 << 30)) // as long as the frames can make it
		e.detail = string(r.Bytes(1 << 10))
		s.err = e
	}
	s.depth = int(r.Uint(uint64(s.lim.maxDepth)))
	s.expect = r.Byte(expEnd)
	s.top.obj = r.Flag()
	s.top.index = int64(r.Uint(math.MaxInt64))
	s.nameCut = r.Flag()
	s.top.hasName = r.Flag()
	s.values = int64(r.Uint(math.MaxInt64))
	s.lex = r.Byte(lexLiteral)
	s.sub = r.Byte(max(sUTF8, jsonwire.NumExpDigit)) // the largest sub-state of any lexeme
	s.lit = r.Byte(2)
	s.isName = r.Flag()
	s.first = r.Flag()
	s.tokOff = int64(r.Uint(uint64(s.base)))
	s.hexN = r.Byte(4)
	s.u = uint16(r.Uint(math.MaxUint16))
	s.utfNeed = r.Byte(3)
	s.utfLo = r.Byte(0xFF)
	s.utfHi = r.Byte(0xFF)
	s.nCarry = uint8(copy(s.carry[:], r.Bytes(len(s.carry))))
	s.carryOff = int64(r.Uint(uint64(s.base)))
	s.saveNumber(r.Bytes(s.lim.maxNumber))
	frames := r.Bytes(1 << 30)
	name := r.Bytes(maxPathName)
	if s.err != nil {
		// A failed Tokenizer only returns its error: what it was reading
		// when it failed does not matter, and need not be consistent.
		s.lex, s.sub, s.nCarry, s.nNum, s.numHeap = lexNone, 0, 0, 0, nil
	}
	if r.Err() || !s.valid(frames, name) {
		return ErrCheckpoint
	}
	s.path.restore(frames)
	s.top.nameLen, _ = s.path.appendName(0, name)
	s.setInfo()
	*t = s
	return nil
}

// valid checks the invariants that the reading code relies on.
func (s *Tokenizer) valid(frames, name []byte) bool {
	if s.lim.maxDepth < 1 || s.lim.maxBytes < 1 || s.lim.maxNumber < 1 || s.lim.maxString < 1 {
		return false
	}
	if countFrames(frames) != max(s.depth-1, 0) || len(name) > 0 && !(s.depth > 0 && s.top.obj) {
		return false
	}
	switch {
	case s.depth == 0:
		if s.expect != expValue && s.expect != expEnd || s.top.hasName || s.nameCut {
			return false
		}
	case s.top.obj:
		switch s.expect {
		case expFirstName, expName:
			if s.top.hasName {
				return false
			}
		case expColon, expValue:
			if !s.top.hasName {
				return false
			}
		case expComma:
		default:
			return false
		}
	default:
		if s.top.hasName || s.nameCut || s.expect != expFirstValue && s.expect != expValue && s.expect != expComma {
			return false
		}
	}
	if s.lex != lexNumber && s.nNum > 0 || s.lex != lexString && s.nCarry > 0 {
		return false
	}
	read := s.base - s.tokOff // bytes of the lexeme read so far
	switch s.lex {
	case lexNone:
		return s.sub == 0
	case lexString:
		if s.sub > sUTF8 || (s.nCarry > 0) != (s.sub != sNormal) || read < 1 || read-1 > s.lim.maxString {
			return false
		}
		if s.nCarry > 0 && s.carryOff+int64(s.nCarry) != s.base || int(s.nCarry)+carryToCome(s.sub, s.hexN, s.utfNeed) > len(s.carry) {
			return false
		}
		// A name is read only where a name is expected.
		return s.isName == (s.expect == expName || s.expect == expFirstName)
	case lexNumber:
		return s.sub <= jsonwire.NumExpDigit && read >= 1 && int64(s.nNum) == read && s.nNum <= s.lim.maxNumber
	case lexLiteral:
		return s.sub >= 1 && int(s.sub) < len(jsonwire.Literals[s.lit]) && read == int64(s.sub)
	}
	return false
}

// carryToCome is the most bytes a string's sequence cut in state sub
// may still add to carry: a \u escape may be a high surrogate, which a
// second escape must follow. For a state no input leads to (all four hex
// digits read, or no UTF-8 byte still to come) it is more than carry
// holds.
func carryToCome(sub, hexN, utfNeed uint8) int {
	const never = 1 << 8
	switch {
	case sub == sEsc:
		return len(`u0000\u0000`)
	case (sub == sHex || sub == sLoHex) && hexN >= 4, sub == sUTF8 && utfNeed == 0:
		return never
	case sub == sHex:
		return 4 - int(hexN) + len(`\u0000`)
	case sub == sHiEsc:
		return len(`\u0000`)
	case sub == sHiU:
		return len(`u0000`)
	case sub == sLoHex:
		return 4 - int(hexN)
	case sub == sUTF8:
		return int(utfNeed)
	}
	return 0
}

// appendRawFrames appends the frozen frames, oldest first, as one block.
func (p *pathStack) appendRawFrames(dst []byte) []byte {
	var nodes []*spillNode
	for s := p.spill; s != nil; s = s.next {
		nodes = append(nodes, s)
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		dst = append(dst, nodes[i].frames...)
	}
	return append(dst, p.buf[:p.n]...)
}

// countFrames returns the number of well-formed frames in b, or -1.
func countFrames(b []byte) int {
	n := 0
	for len(b) > 0 {
		if len(b) < 2 {
			return -1
		}
		size, kind := int(b[len(b)-2]), b[len(b)-1]
		start := len(b) - 2 - size
		if start < 0 {
			return -1
		}
		switch kind {
		case 'a':
			if _, k := binary.Uvarint(b[start : start+size]); k != size || size == 0 {
				return -1
			}
		case 'o', 'O':
			if size > maxPathName {
				return -1
			}
		default:
			return -1
		}
		b = b[:start]
		n++
	}
	return n
}

// restore lays out checked frames: the newest that fit stay inline, the
// rest go to spill nodes small enough to come back inline.
func (p *pathStack) restore(b []byte) {
	*p = pathStack{}
	var blocks [][]byte
	for len(b) > 0 {
		cut := len(b)
		for cut > 0 {
			start := cut - 2 - int(b[cut-2])
			if len(b)-start > spillKeep {
				break
			}
			cut = start
		}
		if cut == len(b) { // one frame larger than spillKeep: a block of its own
			cut = len(b) - 2 - int(b[len(b)-2])
		}
		blocks = append(blocks, b[cut:])
		b = b[:cut]
	}
	for i := len(blocks) - 1; i >= 1; i-- {
		p.spill = &spillNode{frames: append([]byte(nil), blocks[i]...), next: p.spill}
	}
	if len(blocks) > 0 {
		p.n = copy(p.buf[:], blocks[0])
	}
}
