package resume

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/deltajson/deltajson/internal/binfmt"
	"github.com/deltajson/deltajson/tokenizer"
)

// NOTE: A checkpoint is the call's state without its argument bytes:
// the tokenizer's state (its own versioned, CRC-checked binary form) and
// the call's fields. The arguments are kept by the caller (they are the
// deltas, in order), and Restore takes them back; a CRC-32C of them in
// the checkpoint makes sure they are the same bytes.
//
// Binary layout: "DJRC", a version byte (1, or 2 for a call rejected for
// a reason version 1 has no code for: see gateKinds), the fields as uvarints and
// length-prefixed bytes in the order of AppendBinary, the tokenizer's
// binary form (length-prefixed), then a CRC-32 (IEEE) of everything
// before it.

const (
	checkpointMagic   = "DJRC"
	checkpointVersion = 1
	// gateKinds is the version whose error kinds go up to errNotObject;
	// version 1's go up to errHosted, so that a build that knows only
	// version 1 reports ErrCheckpointVersion for them, not a corrupt
	// checkpoint.
	gateKinds = 2
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checkpoint is a saved call: everything but its argument bytes, its
// [Options] and its watches. [Restore] it with the same argument bytes, here
// or, through [Checkpoint.MarshalBinary], in another process.
type Checkpoint struct {
	ok      bool                // made by Call.Checkpoint or UnmarshalBinary
	c       Call                // the call's fields, but its tokenizer (nil)
	tk      tokenizer.Tokenizer // the call's tokenizer, to save
	sum     uint32              // CRC-32C of the arguments
	n       int64               // their length
	errKind uint8
	errMsg  string // rejected: the check's message
	limit   int64  // too large: the cap

	// A failed tokenizer is not saved but made again on restore, by
	// reading the arguments up to the failure: its state there need not be
	// one a healthy tokenizer can be in. (The tokenizer's own binary form
	// refuses some of them.) Its error is independent of chunking.
	replay bool  // c.tk is to be made again
	closed bool  // ... and was closed (the error is io.ErrUnexpectedEOF)
	errOff int64 // ... and failed here
	depth  int   // ... with this many containers open
}

// kinds of Call.err, as saved.
const (
	errNone      = iota
	errTokenizer // the tokenizer's own error
	errNoEnd     // abandoned
	errTooLarge
	errTotalTooLarge
	errRejected
	errRejectedPanic
	errIdentityTooLong
	errHosted
	errDuplicateName // found again in the arguments on restore
	errNotObject
)

// Checkpoint saves the call at any moment between events (see the package
// doc's "Reconnects and restarts"). A call whose input is text has none:
// [ErrTextCheckpoint].
func (c *Call) Checkpoint() (Checkpoint, error) {
	if c.text {
		return Checkpoint{}, ErrTextCheckpoint
	}
	c.flush()
	cp := Checkpoint{ok: true, c: *c, sum: crc32.Checksum(c.args, castagnoli), n: int64(len(c.args))}
	// counted is a Set's, not the call's; spare is a pool holder, which
	// two calls must never share (see growPooled).
	cp.c.args, cp.c.opts, cp.c.err, cp.c.x, cp.c.counted, cp.c.spare = nil, nil, nil, nil, 0, nil
	cp.tk, cp.c.tk = *c.tok(), nil
	// The tokenizer's last chunk is a slice of the arguments, read to its
	// end (flush): an empty chunk in its place lets them go. A closed or
	// failed tokenizer takes no chunk, and keeps its last one.
	_ = cp.tk.Feed(nil)
	cp.c.x = c.x.kept()
	var le *limitErr
	var ce *CheckError
	switch {
	case c.err == nil:
	case c.err == c.tk.Err():
		cp.errKind = errTokenizer
	case errors.As(c.err, new(*noEndErr)):
		cp.errKind = errNoEnd
	case errors.As(c.err, &le):
		cp.errKind, cp.limit = errTooLarge, le.limit
		if le.cause == ErrTotalTooLarge {
			cp.errKind = errTotalTooLarge
		}
	case c.err == ErrIdentityTooLong:
		cp.errKind = errIdentityTooLong
	case c.err == ErrHosted:
		cp.errKind = errHosted
	case errors.As(c.err, &ce): // before the gate's own reasons, which a check's error may wrap
		cp.errKind, cp.errMsg = errRejected, ce.Err.Error()
		if ce.Panicked {
			cp.errKind = errRejectedPanic
		}
	case c.err == ErrNotObject:
		cp.errKind = errNotObject
	case errors.As(c.err, new(*DuplicateNameError)):
		cp.errKind = errDuplicateName
	default:
		return Checkpoint{}, errors.New("resume: checkpoint of a call with an unknown error: " + c.err.Error())
	}
	if _, err := cp.tk.AppendBinary(nil); err != nil {
		return Checkpoint{}, err
	}
	var se *tokenizer.SyntaxError
	if errors.As(c.tk.Err(), &se) {
		cp.replay, cp.closed, cp.errOff = true, errors.Is(se, io.ErrUnexpectedEOF), se.Offset
	}
	cp.depth = c.tk.Depth()
	return cp, nil
}

// Len returns the number of argument bytes the checkpoint was saved with.
func (cp *Checkpoint) Len() int64 { return cp.n }

// Restore makes a call from cp and a copy of args, the argument bytes it
// was saved with and maybe more (see the package doc's "Reconnects and
// restarts"). Bytes or an [Options.Tokenizer] it was not saved with give
// [ErrCheckpoint], and saved bytes past [Options.MaxBytes] [ErrTooLarge],
// with no call; a refused rest gives the call and [Call.Delta]'s error.
func Restore(cp Checkpoint, args []byte, opts Options) (*Call, error) {
	return restore(&cp, args, &opts, -1)
}

// errNotMade is the error of a Checkpoint not made by Call.Checkpoint or
// UnmarshalBinary.
var errNotMade = fmt.Errorf("%w: the Checkpoint was not made by Call.Checkpoint or UnmarshalBinary", ErrCheckpoint)

func restore(cp *Checkpoint, args []byte, opts *Options, budget int64) (*Call, error) {
	switch {
	case !cp.ok:
		return nil, errNotMade
	case int64(len(args)) < cp.n:
		return nil, fmt.Errorf("%w: it was saved with %d bytes of arguments, and %d were given", ErrCheckpoint, cp.n, len(args))
	case crc32.Checksum(args[:cp.n], castagnoli) != cp.sum:
		return nil, fmt.Errorf("%w: the first %d bytes of the arguments given are not those it was saved with", ErrCheckpoint, cp.n)
	}
	if max := opts.maxBytes(); cp.n > max {
		return nil, &limitErr{ErrTooLarge, max}
	}
	if budget >= 0 && cp.n > budget {
		return nil, &limitErr{ErrTotalTooLarge, opts.maxTotal()}
	}
	if fresh := tokenizer.New(opts.tokenizerOptions()); !cp.replay && cp.tk.Limits() != fresh.Limits() {
		// The grammar that holds bytes back would keep opts's limits, and
		// the tokenizer the saved ones: a value one takes, the other
		// could refuse after the call was ready.
		return nil, fmt.Errorf("%w: Options.Tokenizer differs from the options it was saved with", ErrCheckpoint)
	}
	c := new(Call)
	*c = cp.c
	c.opts, c.maxArgs = opts, opts.maxBytes()
	c.tk = new(tokenizer.Tokenizer)
	*c.tk = cp.tk
	if cp.replay {
		*c.tk = tokenizer.New(opts.tokenizerOptions())
		c.tk.Feed(args[:cp.n])
		drain(c.tk)
		if cp.closed {
			c.tk.Close()
			drain(c.tk)
		}
		var se *tokenizer.SyntaxError
		if !errors.As(c.tk.Err(), &se) || se.Offset != cp.errOff || c.tk.Depth() != cp.depth {
			return nil, ErrCheckpoint // other arguments, or other tokenizer options
		}
	}
	c.args = make([]byte, cp.n, max(int(cp.n), opts.Capacity, len(args)))
	copy(c.args, args)
	c.x = cp.c.x.kept()
	switch cp.errKind {
	case errTokenizer:
		c.err = c.tk.Err()
	case errNoEnd:
		c.err = nil
		c.status = StatusReceiving
		if cp.c.status != StatusIncomplete {
			return nil, ErrCheckpoint
		}
		if c.tk.Status() == tokenizer.StatusComplete {
			c.status = StatusComplete
		}
		c.abandon() // the same error again, from the same state, ended or not
		if c.status != StatusIncomplete {
			return nil, ErrCheckpoint
		}
	case errTooLarge:
		c.err = &limitErr{ErrTooLarge, cp.limit}
	case errTotalTooLarge:
		c.err = &limitErr{ErrTotalTooLarge, cp.limit}
	case errRejected, errRejectedPanic:
		c.err = &CheckError{Err: errors.New(cp.errMsg), Panicked: cp.errKind == errRejectedPanic}
	case errIdentityTooLong:
		c.err = ErrIdentityTooLong
	case errHosted:
		if c.err = ErrHosted; !c.hosted || !c.ended || c.status != StatusRejected {
			return nil, ErrCheckpoint
		}
	case errNotObject, errDuplicateName:
		// The gate's verdict on whole, valid arguments, found in them
		// again (whatever the options now: see Restore).
		if !c.ended || c.status != StatusRejected || !c.emptyValue && (c.tk.Status() != tokenizer.StatusComplete || c.tk.Offset() != int64(len(c.args))) {
			return nil, ErrCheckpoint
		}
		if cp.errKind == errNotObject {
			c.err = notObject(c.value())
		} else {
			c.err = duplicateName(c.value())
		}
		if c.err == nil {
			return nil, ErrCheckpoint // the arguments do not hold what was saved
		}
	}
	if !c.consistent() {
		return nil, ErrCheckpoint
	}
	if view := c.AppendPartial(nil); len(view) > 0 && !tokenizer.Valid(view) {
		return nil, ErrCheckpoint // fields that disagree with the tokenizer
	}
	if rest := args[cp.n:]; len(rest) > 0 {
		if budget >= 0 {
			budget -= cp.n
		}
		if err := c.delta(rest, -1, -1, budget); err != nil {
			return c, err
		}
	}
	return c, nil
}

// drain reads tk until it needs more input, ends or fails.
func drain(tk *tokenizer.Tokenizer) {
	for {
		if _, err := tk.Next(); err != nil {
			return
		}
	}
}

// consistent checks the restored call against the invariants the
// methods rely on, so that foreign bytes never give a call that
// misbehaves.
func (c *Call) consistent() bool {
	n := int64(len(c.args))
	off := c.tok().Offset()
	if off > n || int64(c.viewEnd) > off || c.mismatchAt > n || c.viewEnd < 0 {
		return false
	}
	ts := c.tk.Status()
	switch c.status {
	case StatusReceiving:
		return ts == tokenizer.StatusNeedMore && off == n && !c.ended && c.err == nil
	case StatusComplete:
		return ts == tokenizer.StatusComplete && off == n && !c.ended && c.err == nil
	case StatusReady:
		return c.ended && c.err == nil && (ts == tokenizer.StatusComplete || c.emptyValue)
	case StatusInvalid:
		return ts == tokenizer.StatusFailed && c.err != nil
	case StatusIncomplete:
		return c.err != nil
	case StatusTooLarge, StatusRejected:
		return c.err != nil
	}
	return false
}

// AppendBinary appends the checkpoint's binary form to b, as
// [encoding.BinaryAppender] does. A Checkpoint not made by
// [Call.Checkpoint] or [Checkpoint.UnmarshalBinary] has none:
// [ErrCheckpoint].
func (cp *Checkpoint) AppendBinary(b []byte) ([]byte, error) {
	if !cp.ok {
		return b, errNotMade
	}
	c := &cp.c
	var tk []byte
	if !cp.replay {
		var err error
		if tk, err = cp.tk.AppendBinary(nil); err != nil {
			return b, err
		}
	}
	start, version := len(b), byte(checkpointVersion)
	if cp.errKind > errHosted {
		version = gateKinds
	}
	b = binfmt.Begin(b, checkpointMagic, version)
	u := func(v uint64) { b = binary.AppendUvarint(b, v) }
	s := func(v int64) { b = binary.AppendVarint(b, v) }
	bs := func(p string) { u(uint64(len(p))); b = append(b, p...) }
	bs(c.key)
	bs(c.id)
	bs(c.name)
	s(int64(c.index))
	b = append(b, byte(c.status), cp.errKind)
	b = append(b, packFlags(c.ended, c.hasFinal, c.emptyValue, c.mismatch, c.inString, cp.replay, cp.closed, c.hosted))
	u(uint64(cp.n))
	b = binary.LittleEndian.AppendUint32(b, cp.sum)
	u(uint64(c.viewEnd))
	u(uint64(c.mismatchAt))
	deltas := c.deltasLess + cp.n // c is the saved call, whose arguments are cp's
	u(uint64(deltas))
	u(uint64(c.replays))
	u(uint64(c.dupEnds))
	u(uint64(deltas + c.others))
	s(c.lastSeq)
	u(uint64(cp.limit))
	bs(cp.errMsg)
	u(uint64(cp.errOff))
	// Container kinds, one bit per open container.
	depth := cp.depth
	u(uint64(depth))
	for d := 0; d < depth; d += 8 {
		var bits byte
		for i := 0; i < 8 && d+i < depth; i++ {
			if c.isObject(d + i) {
				bits |= 1 << i
			}
		}
		b = append(b, bits)
	}
	nSeqs := 0
	if c.x != nil {
		nSeqs = c.x.nSeqs
	}
	u(uint64(nSeqs))
	for i := range nSeqs {
		e := c.x.seqAt(i) // oldest first
		s(e.seq)
		u(uint64(e.off))
		u(uint64(e.n))
	}
	bs(string(tk))
	return binfmt.Seal(b, start), nil
}

// MarshalBinary returns the checkpoint's binary form.
func (cp *Checkpoint) MarshalBinary() ([]byte, error) { return cp.AppendBinary(nil) }

// UnmarshalBinary replaces cp with the checkpoint in data. Corrupt or
// truncated data gives [ErrCheckpoint] and data from another version
// [ErrCheckpointVersion], and leaves cp unchanged.
func (cp *Checkpoint) UnmarshalBinary(data []byte) error {
	version, maxKind := byte(checkpointVersion), uint8(errHosted)
	if len(data) > len(checkpointMagic) && data[len(checkpointMagic)] == gateKinds {
		version, maxKind = gateKinds, errNotObject
	}
	r, err := binfmt.Open(data, checkpointMagic, version, ErrCheckpoint, ErrCheckpointVersion)
	if err != nil {
		return err
	}
	s := Checkpoint{ok: true}
	c := &s.c
	c.key = string(r.Bytes(1 << 16))
	c.id = string(r.Bytes(1 << 16))
	c.name = string(r.Bytes(1 << 16))
	c.index = int(r.Int(-1, math.MaxInt32))
	c.status = Status(r.Byte(byte(StatusRejected)))
	s.errKind = r.Byte(maxKind)
	flags := r.Byte(255)
	c.ended, c.hasFinal, c.emptyValue, c.mismatch, c.inString, s.replay, s.closed, c.hosted =
		flags&1 != 0, flags&2 != 0, flags&4 != 0, flags&8 != 0, flags&16 != 0, flags&32 != 0, flags&64 != 0, flags&128 != 0
	s.n = int64(r.Uint(math.MaxInt64 >> 1))
	s.sum = r.Uint32()
	c.viewEnd = int(r.Uint(uint64(s.n)))
	c.mismatchAt = int64(r.Uint(uint64(s.n)))
	deltas := int64(r.Uint(math.MaxInt64))
	c.deltasLess = deltas - s.n
	c.replays = int32(r.Uint(math.MaxInt32))
	c.dupEnds = int32(r.Uint(math.MaxInt32))
	if c.others = int64(r.Uint(math.MaxInt64)) - deltas; c.others < 0 {
		return ErrCheckpoint // fewer events than deltas
	}
	c.lastSeq = r.Int(-1, math.MaxInt64)
	s.limit = int64(r.Uint(math.MaxInt64))
	s.errMsg = string(r.Bytes(1 << 16))
	s.errOff = int64(r.Uint(uint64(s.n)))
	depth := int(r.Uint(1 << 30))
	s.depth = depth
	bits := r.Raw((depth + 7) / 8)
	nSeqs := int(r.Uint(8))
	var seqs [8]seqEntry
	for i := 0; i < nSeqs; i++ {
		seqs[i].seq = r.Int(0, math.MaxInt64)
		seqs[i].off = int64(r.Uint(uint64(s.n)))
		seqs[i].n = int64(r.Uint(uint64(s.n)))
		if seqs[i].off+seqs[i].n > s.n {
			return ErrCheckpoint
		}
	}
	tk := r.Bytes(1 << 30)
	if r.Err() {
		return ErrCheckpoint
	}
	switch {
	case s.replay:
		if len(tk) != 0 {
			return ErrCheckpoint
		}
	default:
		if err := s.tk.UnmarshalBinary(tk); err != nil {
			if errors.Is(err, tokenizer.ErrCheckpointVersion) {
				return ErrCheckpointVersion
			}
			return ErrCheckpoint
		}
		if s.tk.Depth() != depth {
			return ErrCheckpoint
		}
	}
	if nSeqs > 0 || depth > 64 {
		c.x = &extra{seqs: seqs, nSeqs: nSeqs}
	}
	for d := 0; d < depth; d++ {
		c.push(d, bits[d/8]&(1<<(d%8)) != 0)
	}
	*cp = s
	return nil
}

func packFlags(fs ...bool) byte {
	var b byte
	for i, f := range fs {
		if f {
			b |= 1 << i
		}
	}
	return b
}

// kept is the part of x that a checkpoint keeps, in new memory: the
// sequence numbers and the deep containers, not the watches or the ids;
// nil for a nil x.
func (x *extra) kept() *extra {
	if x == nil {
		return nil
	}
	k := &extra{seqs: x.seqs, nSeqs: x.nSeqs, seqHead: x.seqHead}
	k.deep = append(k.deep, x.deep...)
	return k
}
