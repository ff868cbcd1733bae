package tokenizer

import (
	"encoding/binary"
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
)

// The path stack is what a JSON Pointer needs and the container stack
// at once. Every open container below the top one is a frozen frame: its
// kind and the member name or element index the reader is inside of.
// The top container is not frozen: it is Tokenizer.top (its kind, index
// and name length; the name follows the frames), since only it changes
// from token to token.
//
// Frames are bytes in a fixed inline buffer, so that the Tokenizer stays a
// plain value: copy it and both copies go on independently. Frames that do
// not fit move to immutable heap nodes (spill), which copies may share
// because nobody writes to them again. That happens only when the path
// outgrows the inline buffer (134 levels of arrays with short indexes,
// 64 with names of 4 bytes, fewer with longer names), and with
// hysteresis, so a reader going up and down around one depth does not
// allocate each time.
//
// A frame is its payload followed by a two-byte trailer [len, kind]:
//
//	kind 'a': payload is the element index as a uvarint
//	kind 'o': payload is the member name's raw bytes, without quotes
//	kind 'O': like 'o', but the name was cut to maxPathName bytes
const (
	pathInline  = 400                     // bytes of frames kept inside the Tokenizer
	maxPathName = jsonwire.MaxPointerName // raw bytes of a member name kept for pointers
	spillKeep   = 96                      // at most this many bytes of top frames stay inline at a spill
)

// smallIndexFrame and pairIndexFrame are the trailers of array frames
// whose index is a uvarint of one byte and of two, read as little-endian
// uint16s.
const (
	smallIndexFrame = 1 | 'a'<<8
	pairIndexFrame  = 2 | 'a'<<8
)

type pathStack struct {
	buf   [pathInline]byte
	n     int        // bytes of frozen frames in buf; the top name follows them
	spill *spillNode // frames below buf, newest first
}

type spillNode struct {
	frames []byte // never written after the node is made
	next   *spillNode
}

// ensure makes room for room more bytes after the frozen frames and the
// top name of length used.
func (p *pathStack) ensure(used, room int) {
	if pathInline-p.n-used >= room {
		return
	}
	// Keep the newest frames that fit in spillKeep; spill the rest.
	cut := p.n
	for cut > 0 {
		start := cut - 2 - int(p.buf[cut-2])
		if p.n-start > spillKeep {
			break
		}
		cut = start
	}
	if cut == 0 {
		return // unreachable: frames are smaller than pathInline-room
	}
	p.spill = &spillNode{frames: append([]byte(nil), p.buf[:cut]...), next: p.spill}
	p.n = copy(p.buf[:], p.buf[cut:p.n+used]) - used
}

// pushSmall is pushArray for an index below 1<<14, with room to spare,
// and small enough to inline: the frame, three bytes or four, goes in
// one store; a three-byte frame writes a fourth beyond the frames, where
// nothing is kept while the top is an array. It reports whether it could.
func (p *pathStack) pushSmall(index int64) bool {
	n := p.n
	if uint64(index) >= 1<<14 || uint(n) > pathInline-4 { // as a uint, n proves the store in bounds too
		return false
	}
	w, size := uint32(index)|smallIndexFrame<<8, 3
	if index >= 1<<7 {
		w, size = uint32(index&0x7F|0x80)|uint32(index>>7)<<8|pairIndexFrame<<16, 4
	}
	binary.LittleEndian.PutUint32(p.buf[n:], w)
	p.n = n + size
	return true
}

// pushArray freezes an array frame at element index, making room for it
// first; callers try pushSmall before it.
func (p *pathStack) pushArray(index int64) {
	p.ensure(0, binary.MaxVarintLen64+2)
	if p.pushSmall(index) {
		return
	}
	k := binary.PutUvarint(p.buf[p.n:], uint64(index))
	p.buf[p.n+k] = byte(k)
	p.buf[p.n+k+1] = 'a'
	p.n += k + 2
}

// pushObject freezes an object frame whose name, of length nameLen, is
// already in place after the frozen frames.
func (p *pathStack) pushObject(nameLen int, cut bool) {
	p.ensure(nameLen, 2)
	kind := byte('o')
	if cut {
		kind = 'O'
	}
	p.buf[p.n+nameLen] = byte(nameLen)
	p.buf[p.n+nameLen+1] = kind
	p.n += nameLen + 2
}

// popSmall pops the newest frame if it is an array frame that pushSmall
// could have made, and returns its index; otherwise it returns -1.
//
// It reads the frame byte by byte, so that each load lies within the one
// store that wrote it.
func (p *pathStack) popSmall() int64 {
	n := p.n
	if n < 4 {
		return -1
	}
	f := p.buf[n-4 : n : n]
	if f[3] != smallIndexFrame>>8 { // the array mark, in both trailers
		return -1
	}
	switch f[2] {
	case smallIndexFrame & 0xFF:
		p.n = n - 3
		return int64(f[1])
	case pairIndexFrame & 0xFF:
		p.n = n - 4
		return int64(f[0]&0x7F) | int64(f[1])<<7
	}
	return -1
}

// popName pops the newest frame if it is an object frame whose name was
// not cut, and returns the name's length; otherwise it returns -1. The
// name stays in place after the frozen frames, where the top name
// belongs.
func (p *pathStack) popName() int {
	n := p.n
	if n < 2 || p.buf[n-1] != 'o' {
		return -1
	}
	size := int(p.buf[n-2])
	p.n = n - 2 - size
	return size
}

// pop unfreezes the newest frame, and reports whether its name was cut.
// For an object frame the name stays in place after the frozen frames,
// where the top name belongs.
func (p *pathStack) pop() (top, bool) {
	if p.n == 0 && p.spill != nil {
		p.n = copy(p.buf[:], p.spill.frames)
		p.spill = p.spill.next
	}
	if p.n < 2 {
		return top{}, false // unreachable while depth counts frames
	}
	size, kind := int(p.buf[p.n-2]), p.buf[p.n-1]
	start := p.n - 2 - size
	p.n = start
	if kind == 'a' {
		v, _ := binary.Uvarint(p.buf[start : start+size])
		return top{index: int64(v)}, false
	}
	return top{nameLen: size, obj: true, hasName: true}, kind == 'O'
}

// pushShort is pushNamed for a name of at most 16 bytes at b[start:end],
// when b has 16 bytes from start and the buffer has room: the name goes in
// with two word stores. The bytes stored after the name are covered by
// its trailer or lie past the frames, where nothing is kept while the top
// is the container just opened. It reports whether it could.
func (p *pathStack) pushShort(b []byte, start, end int) bool {
	n, size := p.n, end-start
	// Compared as uints, the three bounds prove every access below in
	// bounds (start is never negative, nor near the top of an int).
	if uint(size) > 16 || uint(start)+16 > uint(len(b)) || uint(n) > pathInline-18 {
		return false
	}
	copy(p.buf[n:n+16], b[start:start+16])
	p.buf[n+size] = byte(size)
	p.buf[n+size+1] = 'o'
	p.n = n + size + 2
	return true
}

// pushNamed freezes an object frame for the member name raw, which is
// not in the buffer yet: appendName and pushObject in one go, for a
// container opened right after its name.
func (p *pathStack) pushNamed(raw []byte) {
	cut := len(raw) > maxPathName
	kind := byte('o')
	if cut {
		raw, kind = raw[:maxPathName], 'O'
	}
	p.ensure(0, len(raw)+2)
	n := p.n + copy(p.buf[p.n:], raw)
	p.buf[n], p.buf[n+1] = byte(len(raw)), kind
	p.n = n + 2
}

// appendName appends raw name bytes to the top name of length used,
// keeping at most maxPathName of them. It returns the new length and
// whether bytes were dropped.
func (p *pathStack) appendName(used int, raw []byte) (int, bool) {
	room := maxPathName - used
	cut := len(raw) > room
	if cut {
		raw = raw[:room]
	}
	p.ensure(used, len(raw)+2)
	return used + copy(p.buf[p.n+used:], raw), cut
}

func (p *pathStack) name(used int) []byte { return p.buf[p.n : p.n+used] }

// appendFrames renders the frozen frames, oldest first.
func (p *pathStack) appendFrames(dst []byte) []byte {
	var nodes []*spillNode
	for s := p.spill; s != nil; s = s.next {
		nodes = append(nodes, s)
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		dst = appendFrameBlock(dst, nodes[i].frames)
	}
	return appendFrameBlock(dst, p.buf[:p.n])
}

// appendFrameBlock renders a block of whole frames, oldest first.
func appendFrameBlock(dst, b []byte) []byte {
	if len(b) < 2 {
		return dst
	}
	size, kind := int(b[len(b)-2]), b[len(b)-1]
	start := len(b) - 2 - size
	dst = appendFrameBlock(dst, b[:start])
	payload := b[start : start+size]
	if kind == 'a' {
		v, _ := binary.Uvarint(payload)
		return appendIndexToken(dst, int64(v))
	}
	return jsonwire.AppendPointerName(dst, payload, kind == 'O')
}

func appendIndexToken(dst []byte, i int64) []byte {
	return strconv.AppendInt(append(dst, '/'), i, 10)
}
