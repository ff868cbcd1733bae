package provider

// NOTE: how Reader holds its bytes. One buffer, buf: buf[rd:wr] holds the
// bytes read from the source and not yet consumed, and buf[:rd] may still
// hold the message last returned. So the buffer moves (compacts or grows)
// only in fill, which Next calls only when no whole message is left, never
// between Next returning and the next call. Each container's parser lives
// in a file of its own (sse.go, lines.go, array.go, eventstream.go) and
// reports one of three outcomes: a message, an error, or "need more" (ok
// and err both zero), which it may give only before the source's end.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// Container is how a stream frames its messages.
type Container uint8

const (
	// ContainerAuto tells the container from the stream: EventStream when
	// the first byte is 0 or 1, which no text stream starts with; else,
	// after a byte order mark and whitespace (at most MaxMessageBytes of
	// it), Array at '[', Lines at '{', and SSE at anything else.
	ContainerAuto Container = iota
	// ContainerSSE is text/event-stream, by the WHATWG rules: LF, CRLF and
	// CR line ends, comments, data lines joined with "\n", event, id and
	// retry fields in any order, a leading byte order mark skipped. An
	// event is a message at its blank line if it had a data line. At the
	// end of the stream, an event without its blank line is a message
	// only when events came before it, the stream sent no event ID (a
	// reconnect from the last ID gets the event again), and its data is
	// not cut inside a line that is neither whole JSON nor "[DONE]";
	// otherwise the stream was cut.
	ContainerSSE
	// ContainerLines is one JSON payload per non-blank line (NDJSON, JSON
	// Lines), with LF or CRLF ends; a last line without its end is a
	// message only when it is whole JSON.
	ContainerLines
	// ContainerArray is one JSON array of objects streamed element by
	// element (Gemini without alt=sse); anything after the array is
	// [ErrFraming].
	ContainerArray
	// ContainerEventStream is AWS binary event-stream
	// (application/vnd.amazon.eventstream): each frame's lengths
	// ([ErrFraming]) and CRC32s ([ErrChecksum]) are checked, event frames
	// give their payload and :event-type, and an exception or error frame
	// ends the stream with [ErrProvider].
	ContainerEventStream
)

func (c Container) String() string {
	switch c {
	case ContainerAuto:
		return "auto"
	case ContainerSSE:
		return "sse"
	case ContainerLines:
		return "lines"
	case ContainerArray:
		return "array"
	case ContainerEventStream:
		return "eventstream"
	}
	return fmt.Sprintf("Container(%d)", uint8(c))
}

// DefaultMaxMessageBytes is the cap on one message when
// [ReaderOptions.MaxMessageBytes] is not set: AWS's own cap on an
// event-stream frame.
const DefaultMaxMessageBytes = 16 << 20

// ReaderOptions configure a [Reader]. The zero value tells the container
// from the stream and applies [DefaultMaxMessageBytes].
type ReaderOptions struct {
	// Container is the stream's framing; ContainerAuto tells it from the
	// first bytes.
	Container Container
	// MaxMessageBytes caps one message: an SSE event's data and each of its
	// lines, a line, an array element, an event-stream frame. Zero or a
	// negative value means DefaultMaxMessageBytes: there is always a cap.
	MaxMessageBytes int
}

// Message is one message of a stream. Its byte slices alias the
// [Reader]'s buffers and are valid until the next call of [Reader.Next];
// their capacity is their length, so appending to one copies it.
type Message struct {
	// Data is the payload: an SSE event's data lines joined with "\n", a
	// line without its line end and surrounding blanks, an array element,
	// or an event-stream frame's payload.
	Data []byte
	// Event is the SSE event field, or the event-stream :event-type
	// header; nil when there is none or it is empty.
	Event []byte
	// ID is the SSE id field of this event, empty but not nil for an empty
	// id field, and nil when the event had none.
	ID []byte
	// Offset is the byte offset in the stream of the message's first byte:
	// the first field line of an SSE event, the line, the element or the
	// frame.
	Offset int64
	// Line is the 1-based line of that byte in a text container, and 0 in
	// an event-stream.
	Line int
}

// Reader splits a live body into messages as their bytes arrive: [Reader.Next]
// returns each as soon as its last byte is read, and reads the source only
// when no whole message is buffered. It caps a message at
// [ReaderOptions.MaxMessageBytes] ([ErrTooLarge]), and holds at most
// about three times that.
//
// Errors are sticky and come after every whole message before them: a
// stream cut inside a message is an [*Error] wrapping
// [io.ErrUnexpectedEOF], whose Offset does not depend on how the source
// cut the stream into reads; a source's own error is returned as it is.
// A Reader is for one goroutine.
type Reader struct {
	src io.Reader
	max int
	c   Container

	buf     []byte
	rd, wr  int   // buf[rd:wr] is read and not yet consumed
	base    int64 // stream offset of buf[0]
	want    int   // bytes the parser waits for at buf[rd:], when it knows (a frame's length)
	line    int   // 1-based line of buf[rd] in a text container
	eof     bool  // the source said io.EOF: buf[rd:wr] is all there is
	bomSeen bool  // a text container's leading byte order mark has been looked for
	srcErr  error // an error from the source other than io.EOF, for when buf holds no whole message
	err     error // sticky: the error Next returned

	sse sseState
	lns linesState
	arr arrayState
}

const (
	minRead   = 512  // the least room fill asks the source to fill
	startSize = 4096 // the first buffer's size
	maxEmpty  = 100  // reads in a row that may return nothing (as in bufio)
)

var utf8BOM = []byte("\xef\xbb\xbf")

// NewReader returns a Reader of the messages in src.
func NewReader(src io.Reader, opts ReaderOptions) *Reader {
	r := new(Reader)
	r.init(src, opts, nil)
	return r
}

// init makes r a new Reader of src, with buf as its buffer when it has
// room for at least startSize bytes and no more than the cap allows
// (its bytes need not be zero).
func (r *Reader) init(src io.Reader, opts ReaderOptions, buf []byte) {
	*r = Reader{src: src, max: opts.MaxMessageBytes, c: opts.Container, line: 1}
	if r.max <= 0 {
		r.max = DefaultMaxMessageBytes
	}
	if r.c > ContainerEventStream {
		r.err = fmt.Errorf("provider: unknown container %v: %w", r.c, ErrUnknownFormat)
	}
	n := min(startSize, r.bufLimit())
	if cap(buf) >= startSize && cap(buf) <= r.bufLimit() {
		r.buf = buf[:n]
	} else {
		r.buf = make([]byte, n)
	}
}

// readerPool holds the Readers that Handler.ReadFrom is done with, each
// with its buffer up to maxPooled, so that a Handler per stream does not
// allocate them: a Reader is let go with nothing of the stream it read
// but that buffer's bytes, which no one else holds (see release).
var readerPool sync.Pool

// pooledReader returns a Reader of src from readerPool, or a new one.
func pooledReader(src io.Reader, opts ReaderOptions) *Reader {
	r, _ := readerPool.Get().(*Reader)
	if r == nil {
		r = new(Reader)
	}
	r.init(src, opts, r.buf)
	return r
}

// release puts r, a Reader from pooledReader that no one uses any more,
// back into readerPool, keeping its buffer up to maxPooled.
func (r *Reader) release() {
	buf := pooled(r.buf)
	*r = Reader{buf: buf}
	readerPool.Put(r)
}

// bufLimit bounds the buffer: the parsers never leave more than a message
// and a byte or two unconsumed when they ask for more, and fill adds room
// for one read.
func (r *Reader) bufLimit() int { return r.max + 2*minRead }

// Container returns the container in use: the one in [ReaderOptions], or
// the one told from the stream once [Reader.Next] has read enough of it
// (ContainerAuto before then, and for an empty stream).
func (r *Reader) Container() Container { return r.c }

// LastEventID returns the SSE last event ID: the value of the latest id
// field, as of the last blank line or returned event. It persists across
// events until an id field changes it, and an empty id field resets it.
// It is "" in the other containers.
func (r *Reader) LastEventID() string { return string(r.sse.lastID) }

// Retry returns the latest valid SSE retry field, or 0 if there was none.
func (r *Reader) Retry() time.Duration { return r.sse.retry }

// Next returns the next message. It returns io.EOF at a clean end of the
// stream; see [Reader] for the errors. The message's slices are valid
// until the next call.
func (r *Reader) Next() (Message, error) {
	var m Message
	err := r.next(&m)
	return m, err
}

// next is Next, which sets *m, left as it came on an error: ReadFrom
// reads into one Message, with no copy of it.
func (r *Reader) next(m *Message) error {
	if r.err != nil {
		return r.err
	}
	if s := &r.sse; r.c == ContainerSSE && r.bomSeen && !s.cr && !s.started && s.scanned == 0 {
		for reads := 0; ; reads++ {
			ok, more := r.quickSSE(m)
			if ok {
				return nil // what parse would return, with no call down to it
			}
			// The buffer ends inside the first event, so it holds no whole
			// message: read once more, and leave to parse the end of the
			// stream, an error, an empty read, and an event that needs
			// more reads (nextSSE reads each byte once, quickSSE each
			// time from the event's start).
			if !more || reads > 0 || r.eof || r.srcErr != nil || r.fill() == 0 {
				break
			}
		}
	}
	for empty := 0; ; {
		msg, ok, err := r.parse()
		switch {
		case ok:
			*m = msg
			return nil
		case err != nil:
			r.err = err
			return err
		case r.eof:
			r.err = errors.New("provider: reader stalled at the end of the stream") // a parser bug
			return r.err
		case r.srcErr != nil:
			r.err = r.srcErr
			return r.err
		}
		if r.fill() > 0 {
			empty = 0
		} else if empty++; empty >= maxEmpty && !r.eof && r.srcErr == nil {
			r.err = io.ErrNoProgress
			return r.err
		}
	}
}

// parse hands buf[rd:wr] to the container's parser, telling the container
// first if need be.
func (r *Reader) parse() (Message, bool, error) {
	if r.c == ContainerAuto {
		if decided, err := r.detect(); !decided || err != nil {
			return Message{}, false, err
		}
	}
	if r.c != ContainerEventStream && !r.bomSeen {
		if !r.skipBOM() {
			return Message{}, false, nil
		}
	}
	switch r.c {
	case ContainerSSE:
		return r.nextSSE()
	case ContainerLines:
		return r.nextLine()
	case ContainerArray:
		return r.nextElement()
	}
	return r.nextFrame()
}

// detect tells the container from the first bytes, as soon as they
// decide it. An empty or blank stream is io.EOF.
func (r *Reader) detect() (bool, error) {
	b := r.buf[r.rd:r.wr]
	if len(b) == 0 {
		if r.eof {
			return false, io.EOF
		}
		return false, nil
	}
	if b[0] <= 1 {
		r.c = ContainerEventStream
		return true, nil
	}
	i := 0
	if bytes.HasPrefix(b, utf8BOM) {
		i = len(utf8BOM)
	} else if len(b) < len(utf8BOM) && bytes.HasPrefix(utf8BOM, b) && !r.eof {
		return false, nil
	}
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	if i > r.max { // however the stream was cut, and whatever follows
		return false, &Error{Line: 1, Err: fmt.Errorf("more than %d blank bytes before the first message: %w", r.max, ErrTooLarge)}
	}
	if i == len(b) {
		if r.eof {
			return false, io.EOF
		}
		return false, nil
	}
	switch b[i] {
	case '[':
		r.c = ContainerArray
	case '{':
		r.c = ContainerLines
	default:
		r.c = ContainerSSE
	}
	return true, nil
}

// skipBOM skips a byte order mark at the start of a text stream. It
// reports false when too few bytes have arrived to tell.
func (r *Reader) skipBOM() bool {
	b := r.buf[r.rd:r.wr]
	if len(b) < len(utf8BOM) && bytes.HasPrefix(utf8BOM, b) && !r.eof {
		return false
	}
	if bytes.HasPrefix(b, utf8BOM) {
		r.rd += len(utf8BOM)
	}
	r.bomSeen = true
	return true
}

// isBlank reports whether c is JSON whitespace.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// fill reads once from the source into the buffer, first making room for
// at least minRead bytes (and for r.want bytes at buf[rd:]), and returns
// the number of bytes read.
func (r *Reader) fill() int {
	if len(r.buf)-r.wr < minRead || r.rd+r.want > len(r.buf) {
		r.sse.keep() // the bytes are about to move
		if r.rd > 0 {
			r.wr = copy(r.buf, r.buf[r.rd:r.wr])
			r.base += int64(r.rd)
			r.rd = 0
		}
		// A pooled buffer grows within its room as a new one would, so
		// that a Reader reads ahead alike, whatever the pool gave it.
		if need := max(r.wr+minRead, r.want); need > len(r.buf) {
			if size := max(need, min(2*len(r.buf), r.bufLimit())); size <= cap(r.buf) {
				r.buf = r.buf[:size]
			} else {
				b := make([]byte, size)
				r.wr = copy(b, r.buf[:r.wr])
				r.buf = b
			}
		}
	}
	n, err := r.src.Read(r.buf[r.wr:])
	if n < 0 || n > len(r.buf)-r.wr {
		n, err = 0, fmt.Errorf("provider: source returned %d from Read: %w", n, io.ErrShortBuffer)
	}
	r.wr += n
	switch {
	case err == io.EOF:
		r.eof = true
	case err != nil:
		r.srcErr = err
	}
	return n
}

// offset returns the stream offset of buf[i].
func (r *Reader) offset(i int) int64 { return r.base + int64(i) }

// tooLarge is the error for a message at off, line, past the cap.
func (r *Reader) tooLarge(off int64, line int, what string) error {
	return &Error{Offset: off, Line: line, Err: fmt.Errorf("%s longer than %d bytes: %w", what, r.max, ErrTooLarge)}
}

// cut is the error for a stream that ended inside the message at off.
func cut(off int64, line int, what string) error {
	return &Error{Offset: off, Line: line, Err: fmt.Errorf("stream ended inside %s: %w", what, io.ErrUnexpectedEOF)}
}
