package provider

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// msg is a Message copied out of the Reader's buffers, comparable with ==.
type msg struct {
	Data, Event string
	ID          string
	HasID       bool
	Offset      int64
	Line        int
}

func copyMsg(m Message) msg {
	return msg{Data: string(m.Data), Event: string(m.Event), ID: string(m.ID), HasID: m.ID != nil, Offset: m.Offset, Line: m.Line}
}

// readOut is everything a Reader gave for one stream.
type readOut struct {
	Msgs      []msg
	Err       error // what ended the stream: io.EOF or an error
	Container Container
	LastID    string
	Retry     time.Duration
}

// readAllMsgs reads src to its end with the given options.
func readAllMsgs(src io.Reader, opts ReaderOptions) readOut {
	r := NewReader(src, opts)
	var out readOut
	for {
		m, err := r.Next()
		if err != nil {
			out.Err = err
			break
		}
		if m.Event != nil && len(m.Event) == 0 {
			panic("empty non-nil Event")
		}
		for _, b := range [][]byte{m.Data, m.Event, m.ID} {
			if cap(b) != len(b) {
				panic("a message's slice has room after it")
			}
		}
		out.Msgs = append(out.Msgs, copyMsg(m))
	}
	out.Container, out.LastID, out.Retry = r.Container(), r.LastEventID(), r.Retry()
	return out
}

// cutReader returns its bytes in reads of the sizes in cuts, in turn
// (size 0 is an empty read, but never twice in a row), then of sizes
// drawn from rng, or all at once without one.
type cutReader struct {
	b     []byte
	cuts  []int
	rng   *rand.Rand
	empty bool // the last read was empty
}

func (c *cutReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := len(c.b)
	switch {
	case len(c.cuts) > 0:
		n, c.cuts = c.cuts[0], c.cuts[1:]
	case c.rng != nil:
		n = 1 + c.rng.IntN(64)
	}
	if n == 0 && c.empty {
		n = 1
	}
	c.empty = n == 0
	n = min(n, len(p), len(c.b))
	copy(p, c.b[:n])
	c.b = c.b[n:]
	return n, nil
}

// randomCuts returns a reader of b cut at random points, from seed.
func randomCuts(b []byte, seed uint64) io.Reader {
	return &cutReader{b: b, rng: rand.New(rand.NewPCG(seed, 1))}
}

// errKey describes an error for comparison: its text, and for an *Error
// its place and sentinel.
func errKey(err error) string {
	if err == nil {
		return "<nil>"
	}
	e, ok := errors.AsType[*Error](err)
	if !ok {
		return err.Error()
	}
	return fmt.Sprintf("offset %d line %d sentinel %v: %s", e.Offset, e.Line, sentinelOf(err), err)
}

// sentinelOf names the sentinel err wraps.
func sentinelOf(err error) error {
	for _, s := range []error{ErrTooLarge, ErrChecksum, ErrFraming, ErrProvider, ErrUnknownFormat, io.ErrUnexpectedEOF, io.EOF} {
		if errors.Is(err, s) {
			return s
		}
	}
	return nil
}

// readEveryWay reads b whole, one byte at a time and cut at random
// points, checks that all agree, and returns the whole read.
func readEveryWay(t *testing.T, b []byte, opts ReaderOptions) readOut {
	t.Helper()
	whole := readAllMsgs(bytes.NewReader(b), opts)
	check := func(how string, got readOut) {
		t.Helper()
		require.Equal(t, whole.Msgs, got.Msgs, "messages read %s", how)
		require.Equal(t, errKey(whole.Err), errKey(got.Err), "error read %s", how)
		require.Equal(t, whole.Container, got.Container, "container read %s", how)
		require.Equal(t, whole.LastID, got.LastID, "last event ID read %s", how)
		require.Equal(t, whole.Retry, got.Retry, "retry read %s", how)
	}
	check("a byte at a time", readAllMsgs(iotest.OneByteReader(bytes.NewReader(b)), opts))
	check("with data and EOF together", readAllMsgs(iotest.DataErrReader(bytes.NewReader(b)), opts))
	for seed := range uint64(4) {
		check(fmt.Sprintf("cut at random (seed %d)", seed), readAllMsgs(randomCuts(b, seed), opts))
	}
	return whole
}

// readerCase is one stream and what a Reader must make of it.
type readerCase struct {
	name string
	in   string
	want []msg
	err  error // the sentinel that ends the stream, or nil for io.EOF
	// errOff is the expected error's offset: an *Error's Offset.
	errOff int64
	lastID string
	retry  time.Duration
}

// runReaderCases checks each case read every way.
func runReaderCases(t *testing.T, c Container, cases []readerCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := readEveryWay(t, []byte(tc.in), ReaderOptions{Container: c})
			if tc.want == nil {
				tc.want = []msg{}
			}
			if got.Msgs == nil {
				got.Msgs = []msg{}
			}
			assert.Equal(t, tc.want, got.Msgs)
			if tc.err == nil {
				assert.Equal(t, io.EOF, got.Err)
			} else {
				require.ErrorIs(t, got.Err, tc.err)
				e, ok := errors.AsType[*Error](got.Err)
				require.True(t, ok, "%T is not an *Error", got.Err)
				assert.Equal(t, tc.errOff, e.Offset, "error offset")
			}
			assert.Equal(t, tc.lastID, got.LastID, "LastEventID")
			assert.Equal(t, tc.retry, got.Retry, "Retry")
		})
	}
}

func TestReaderSSE(t *testing.T) {
	const ev = "event: delta\n"
	runReaderCases(t, ContainerSSE, []readerCase{
		{name: "LF", in: "data: {}\n\ndata: [1]\n\n", want: []msg{{Data: "{}", Line: 1}, {Data: "[1]", Offset: int64(len("data: {}\n\n")), Line: 3}}},
		{name: "CRLF", in: "data: {}\r\n\r\ndata: [1]\r\n\r\n", want: []msg{{Data: "{}", Line: 1}, {Data: "[1]", Offset: int64(len("data: {}\r\n\r\n")), Line: 3}}},
		{name: "CR", in: "data: {}\r\rdata: [1]\r\r", want: []msg{{Data: "{}", Line: 1}, {Data: "[1]", Offset: int64(len("data: {}\r\r")), Line: 3}}},
		{name: "mixed line ends", in: "data: a\r\ndata: b\rdata: c\n\r\n: x\r\rdata: d\n\r", want: []msg{
			{Data: "a\nb\nc", Line: 1},
			{Data: "d", Offset: int64(len("data: a\r\ndata: b\rdata: c\n\r\n: x\r\r")), Line: 7},
		}},
		{name: "CR then LF is one line end", in: "data: a\r\n\r\n", want: []msg{{Data: "a", Line: 1}}},
		{name: "multi-line data", in: "data: {\"a\":\ndata: 1}\n\n", want: []msg{{Data: "{\"a\":\n1}", Line: 1}}},
		{name: "comments", in: ": ping\n\n:\ndata: x\n: mid-event\ndata: y\n\n", want: []msg{{Data: "x\ny", Offset: int64(len(": ping\n\n:\n")), Line: 4}}},
		{name: "one space after the colon", in: "data:x\n\ndata:  x\n\ndata:\tx\n\n", want: []msg{
			{Data: "x", Line: 1},
			{Data: " x", Offset: int64(len("data:x\n\n")), Line: 3},
			{Data: "\tx", Offset: int64(len("data:x\n\ndata:  x\n\n")), Line: 5},
		}},
		{name: "field without colon", in: "data\n\ndata\ndata\n\n", want: []msg{{Data: "", Line: 1}, {Data: "\n", Offset: int64(len("data\n\n")), Line: 3}}},
		{name: "event", in: ev + "data: {}\n\ndata: {}\n\n", want: []msg{{Data: "{}", Event: "delta", Line: 1}, {Data: "{}", Offset: int64(len(ev + "data: {}\n\n")), Line: 4}}},
		{name: "data before event", in: "data: {}\n" + ev + "\n", want: []msg{{Data: "{}", Event: "delta", Line: 1}}},
		{name: "empty event field", in: "event:\ndata: {}\n\n", want: []msg{{Data: "{}", Line: 1}}},
		{name: "no data is not dispatched", in: ev + "\nid: 7\n\nretry: 10\n\ndata: {}\n\n", want: []msg{{Data: "{}", Offset: int64(len(ev + "\nid: 7\n\nretry: 10\n\n")), Line: 7}},
			lastID: "7", retry: 10 * time.Millisecond},
		{name: "id persists", in: "id: 1\ndata: a\n\ndata: b\n\nid: 2\ndata: c\n\n", want: []msg{
			{Data: "a", ID: "1", HasID: true, Line: 1},
			{Data: "b", Offset: int64(len("id: 1\ndata: a\n\n")), Line: 4},
			{Data: "c", ID: "2", HasID: true, Offset: int64(len("id: 1\ndata: a\n\ndata: b\n\n")), Line: 6},
		}, lastID: "2"},
		{name: "a colon at the fifth byte after another", in: "id:x:\ndat:a:\ndata: b\n\n", want: []msg{
			{Data: "b", ID: "x:", HasID: true, Line: 1}}, lastID: "x:"},
		{name: "empty id resets", in: "id: 1\ndata: a\n\nid\ndata: b\n\n", want: []msg{
			{Data: "a", ID: "1", HasID: true, Line: 1},
			{Data: "b", HasID: true, Offset: int64(len("id: 1\ndata: a\n\n")), Line: 4},
		}},
		{name: "id with NUL ignored", in: "id: 1\ndata: a\n\nid: 2\x003\ndata: b\n\n", want: []msg{
			{Data: "a", ID: "1", HasID: true, Line: 1},
			{Data: "b", Offset: int64(len("id: 1\ndata: a\n\n")), Line: 4},
		}, lastID: "1"},
		{name: "id of an event cut off is not the last", in: "id: 1\ndata: a\n\nid: 2\ndata: {", want: []msg{{Data: "a", ID: "1", HasID: true, Line: 1}},
			err: io.ErrUnexpectedEOF, errOff: int64(len("id: 1\ndata: a\n\n")), lastID: "1"},
		{name: "retry", in: "retry: 3000\ndata: a\n\nretry: 12x\n\nretry: -1\n\nretry:\n\n", want: []msg{{Data: "a", Line: 1}}, retry: 3 * time.Second},
		{name: "retry overflow ignored", in: "retry: 5\n\nretry: 99999999999999999999\n\n", retry: 5 * time.Millisecond},
		{name: "unknown fields", in: "foo: bar\nData: x\ndata : y\ndata: z\n\n", want: []msg{{Data: "z", Line: 1}}},
		{name: "BOM", in: "\ufeffdata: a\n\n\ufeffdata: b\n\n", want: []msg{{Data: "a", Offset: 3, Line: 1}}},
		{name: "DONE", in: "data: {}\n\ndata: [DONE]\n\n", want: []msg{{Data: "{}", Line: 1}, {Data: "[DONE]", Offset: int64(len("data: {}\n\n")), Line: 3}}},
		{name: "no blank line at the end", in: "data: 1\n\ndata: {}\n", want: []msg{{Data: "1", Line: 1}, {Data: "{}", Offset: 9, Line: 3}}},
		{name: "no line end at the end", in: "data: 1\n\ndata: {}", want: []msg{{Data: "1", Line: 1}, {Data: "{}", Offset: 9, Line: 3}}},
		{name: "a lone event with no blank line", in: "data: {}\n", err: io.ErrUnexpectedEOF},
		{name: "no blank line, with event IDs", in: "id: 1\ndata: 1\n\ndata: {}\n", want: []msg{{Data: "1", ID: "1", HasID: true, Line: 1}},
			err: io.ErrUnexpectedEOF, errOff: int64(len("id: 1\ndata: 1\n\n")), lastID: "1"},
		{name: "no blank line, its id line after", in: "id: 1\ndata: 1\n\ndata: {}\nid: 2", want: []msg{{Data: "1", ID: "1", HasID: true, Line: 1}},
			err: io.ErrUnexpectedEOF, errOff: int64(len("id: 1\ndata: 1\n\n")), lastID: "1"},
		{name: "no line end after DONE", in: "data: [DONE]", want: []msg{{Data: "[DONE]", Line: 1}}},
		{name: "cut inside a data line", in: "data: {}\n\ndata: {\"a\"", want: []msg{{Data: "{}", Line: 1}}, err: io.ErrUnexpectedEOF, errOff: int64(len("data: {}\n\n"))},
		{name: "cut after a whole data line", in: "data: {}\n\ndata: {\"a\"\n", want: []msg{{Data: "{}", Line: 1}, {Data: "{\"a\"", Offset: int64(len("data: {}\n\n")), Line: 3}}},
		{name: "empty", in: ""},
		{name: "blank lines only", in: "\n\r\n\r"},
		{name: "comments only", in: ": ping\n\n: ping\n\n"},
		{name: "an HTML page is no stream", in: "\n<html>\n<body>502 Bad Gateway</body>\n</html>\n", err: ErrFraming, errOff: 1},
		{name: "plain text is no stream", in: "Internal Server Error", err: ErrFraming, errOff: 0},
		{name: "a stray line before data is ignored", in: "HTTP/1.1 200 OK\ndata: {}\n\n", want: []msg{{Data: "{}", Line: 1}}},
	})
}

func TestReaderLines(t *testing.T) {
	runReaderCases(t, ContainerLines, []readerCase{
		{name: "LF", in: "{\"a\":1}\n{\"b\":2}\n", want: []msg{{Data: `{"a":1}`, Line: 1}, {Data: `{"b":2}`, Offset: 8, Line: 2}}},
		{name: "CRLF and blanks", in: "\r\n{}\r\n  \r\n\t[1] \r\n", want: []msg{{Data: "{}", Offset: 2, Line: 2}, {Data: "[1]", Offset: int64(len("\r\n{}\r\n  \r\n")), Line: 4}}},
		{name: "lone CR is no line end", in: "{\r}\n", want: []msg{{Data: "{\r}", Line: 1}}},
		{name: "last line without LF", in: "{}\n{\"a\":[1]}", want: []msg{{Data: "{}", Line: 1}, {Data: `{"a":[1]}`, Offset: 3, Line: 2}}},
		{name: "last line cut", in: "{}\n{\"a\":[1", want: []msg{{Data: "{}", Line: 1}}, err: io.ErrUnexpectedEOF, errOff: 3},
		{name: "not JSON is the caller's to judge", in: "hello\n", want: []msg{{Data: "hello", Line: 1}}},
		{name: "BOM", in: "\ufeff{}\n", want: []msg{{Data: "{}", Offset: 3, Line: 1}}},
		{name: "empty", in: ""},
	})
}

func TestReaderArray(t *testing.T) {
	pretty := "[{\n  \"a\": 1\n}\n,\n{\n  \"b\": [2, {}]\n}\n]\n"
	runReaderCases(t, ContainerArray, []readerCase{
		{name: "compact", in: `[{"a":1},{"b":"]}"}]`, want: []msg{{Data: `{"a":1}`, Offset: 1, Line: 1}, {Data: `{"b":"]}"}`, Offset: int64(len(`[{"a":1},`)), Line: 1}}},
		{name: "pretty", in: pretty, want: []msg{
			{Data: "{\n  \"a\": 1\n}", Offset: 1, Line: 1},
			{Data: "{\n  \"b\": [2, {}]\n}", Offset: int64(strings.Index(pretty, "{\n  \"b")), Line: 5},
		}},
		{name: "blanks around", in: "\ufeff \r\n[ {} ,\t{} ] \n", want: []msg{{Data: "{}", Offset: int64(len("\ufeff \r\n[ ")), Line: 2}, {Data: "{}", Offset: int64(len("\ufeff \r\n[ {} ,\t")), Line: 2}}},
		{name: "empty array", in: "[]"},
		{name: "empty stream", in: " \n"},
		{name: "data after the array", in: "[{}] {}", want: []msg{{Data: "{}", Offset: 1, Line: 1}}, err: ErrFraming, errOff: int64(len("[{}] "))},
		{name: "element not an object", in: `[{}, "x"]`, want: []msg{{Data: "{}", Offset: 1, Line: 1}}, err: ErrFraming, errOff: int64(len(`[{}, `))},
		{name: "number element", in: "[{},\n12]", want: []msg{{Data: "{}", Offset: 1, Line: 1}}, err: ErrFraming, errOff: int64(len("[{},\n"))},
		{name: "not an array", in: `{"a":1}`, err: ErrFraming, errOff: 0},
		{name: "missing comma", in: `[{} {}]`, want: []msg{{Data: "{}", Offset: 1, Line: 1}}, err: ErrFraming, errOff: int64(len(`[{} `))},
		{name: "bad JSON in an element", in: `[{"a":tru}]`, err: ErrFraming, errOff: 1},
		{name: "cut inside an element", in: `[{}, {"a":`, want: []msg{{Data: "{}", Offset: 1, Line: 1}}, err: io.ErrUnexpectedEOF, errOff: int64(len(`[{}, `))},
		{name: "cut after a comma", in: `[{},`, want: []msg{{Data: "{}", Offset: 1, Line: 1}}, err: io.ErrUnexpectedEOF, errOff: int64(len(`[{},`))},
	})
}

// esHeader is one event-stream header for esFrame: a value of type 7
// (string) unless typ says otherwise.
type esHeader struct {
	name  string
	typ   byte
	value []byte
}

// esFrame encodes one event-stream frame.
func esFrame(payload string, headers ...esHeader) []byte {
	var h []byte
	for _, x := range headers {
		h = append(h, byte(len(x.name)))
		h = append(h, x.name...)
		h = append(h, x.typ)
		if x.typ == 6 || x.typ == esString {
			h = binary.BigEndian.AppendUint16(h, uint16(len(x.value)))
		}
		h = append(h, x.value...)
	}
	total := esPrelude + len(h) + len(payload) + 4
	b := binary.BigEndian.AppendUint32(nil, uint32(total))
	b = binary.BigEndian.AppendUint32(b, uint32(len(h)))
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	b = append(append(b, h...), payload...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

// esEvent is an event frame with the given :event-type.
func esEvent(event, payload string) []byte {
	return esFrame(payload,
		esHeader{":event-type", esString, []byte(event)},
		esHeader{":content-type", esString, []byte("application/json")},
		esHeader{":message-type", esString, []byte("event")})
}

func TestReaderEventStream(t *testing.T) {
	a, b := esEvent("chunk", `{"a":1}`), esEvent("messageStop", `{}`)
	allTypes := esFrame(`{"t":1}`,
		esHeader{"t", 0, nil}, esHeader{"f", 1, nil}, esHeader{"b", 2, []byte{7}},
		esHeader{"s", 3, []byte{0, 1}}, esHeader{"i", 4, []byte{0, 0, 0, 1}},
		esHeader{"l", 5, make([]byte, 8)}, esHeader{"by", 6, []byte("xyz")},
		esHeader{":event-type", esString, []byte("typed")}, esHeader{"ts", 8, make([]byte, 8)},
		esHeader{"u", 9, make([]byte, 16)})
	exception := esFrame(`{"message":"Too many requests"}`,
		esHeader{":exception-type", esString, []byte("throttlingException")},
		esHeader{":message-type", esString, []byte("exception")})
	badPrelude := bytes.Clone(b)
	badPrelude[11] ^= 1
	badMessage := bytes.Clone(b)
	badMessage[len(badMessage)-5] ^= 1
	badLengths := bytes.Clone(b)
	binary.BigEndian.PutUint32(badLengths[4:], uint32(len(b))) // headers longer than the frame
	binary.BigEndian.PutUint32(badLengths[8:], crc32.ChecksumIEEE(badLengths[:8]))
	badHeader := esFrame("{}", esHeader{"x", 10, nil})
	cat := func(f ...[]byte) string { return string(bytes.Join(f, nil)) }
	n := int64(len(a))
	runReaderCases(t, ContainerEventStream, []readerCase{
		{name: "events", in: cat(a, b), want: []msg{{Data: `{"a":1}`, Event: "chunk"}, {Data: "{}", Event: "messageStop", Offset: n}}},
		{name: "every header type", in: cat(allTypes), want: []msg{{Data: `{"t":1}`, Event: "typed"}}},
		{name: "no headers", in: cat(esFrame("{}")), want: []msg{{Data: "{}"}}},
		{name: "other message type skipped", in: cat(esFrame("x", esHeader{":message-type", esString, []byte("ping")}), a), want: []msg{{Data: `{"a":1}`, Event: "chunk", Offset: int64(len(esFrame("x", esHeader{":message-type", esString, []byte("ping")})))}}},
		{name: "exception", in: cat(a, exception, b), want: []msg{{Data: `{"a":1}`, Event: "chunk"}}, err: ErrProvider, errOff: n},
		{name: "bad prelude CRC", in: cat(a, badPrelude), want: []msg{{Data: `{"a":1}`, Event: "chunk"}}, err: ErrChecksum, errOff: n},
		{name: "bad message CRC", in: cat(a, badMessage), want: []msg{{Data: `{"a":1}`, Event: "chunk"}}, err: ErrChecksum, errOff: n},
		{name: "bad lengths", in: cat(a, badLengths), want: []msg{{Data: `{"a":1}`, Event: "chunk"}}, err: ErrFraming, errOff: n},
		{name: "bad header type", in: cat(badHeader), err: ErrFraming},
		{name: "cut in the prelude", in: cat(a, b[:5]), want: []msg{{Data: `{"a":1}`, Event: "chunk"}}, err: io.ErrUnexpectedEOF, errOff: n},
		{name: "cut in the frame", in: cat(a, b[:len(b)-1]), want: []msg{{Data: `{"a":1}`, Event: "chunk"}}, err: io.ErrUnexpectedEOF, errOff: n},
		{name: "empty", in: ""},
	})
	t.Run("exception message", func(t *testing.T) {
		_, err := NewReader(bytes.NewReader(exception), ReaderOptions{}).Next()
		require.ErrorIs(t, err, ErrProvider)
		assert.Contains(t, err.Error(), "throttlingException")
		assert.Contains(t, err.Error(), "Too many requests")

		// An error frame names its code and message in headers, with an
		// empty payload.
		frame := esFrame("", esHeader{":message-type", esString, []byte("error")},
			esHeader{":error-code", esString, []byte("InternalFailure")},
			esHeader{":error-message", esString, []byte("boom")})
		_, err = NewReader(bytes.NewReader(frame), ReaderOptions{}).Next()
		require.ErrorIs(t, err, ErrProvider)
		assert.Contains(t, err.Error(), `error InternalFailure: "boom"`)
	})
}

func TestReaderAuto(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want Container
	}{
		{"SSE", "data: {}\n\n", ContainerSSE},
		{"SSE comment", ": hi\n", ContainerSSE},
		{"SSE after blanks", "\n\nevent: x\n", ContainerSSE},
		{"lines", "{}\n", ContainerLines},
		{"lines after BOM and blanks", "\ufeff \r\n{}\n", ContainerLines},
		{"array", "[{}]", ContainerArray},
		{"array after blanks", "\n [{}]", ContainerArray},
		{"event-stream", string(esEvent("chunk", "{}")), ContainerEventStream},
		{"anything else is SSE", "hello", ContainerSSE},
		{"part of a BOM", "\xef\xbb", ContainerSSE},
		{"empty", "", ContainerAuto},
		{"blank", " \n", ContainerAuto},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readEveryWay(t, []byte(tc.in), ReaderOptions{})
			assert.Equal(t, tc.want, got.Container)
			if tc.want != ContainerAuto {
				want := readAllMsgs(strings.NewReader(tc.in), ReaderOptions{Container: tc.want})
				assert.Equal(t, want.Msgs, got.Msgs, "the same as with the container named")
				assert.Equal(t, errKey(want.Err), errKey(got.Err))
			}
		})
	}
}

func TestContainerString(t *testing.T) {
	for c, want := range map[Container]string{ContainerAuto: "auto", ContainerSSE: "sse", ContainerLines: "lines",
		ContainerArray: "array", ContainerEventStream: "eventstream", 9: "Container(9)"} {
		assert.Equal(t, want, c.String())
	}
	_, err := NewReader(strings.NewReader("{}"), ReaderOptions{Container: 9}).Next()
	assert.ErrorIs(t, err, ErrUnknownFormat)
}

// chunkReader returns its chunks, one a Read, and counts the Reads.
type chunkReader struct {
	chunks []string
	reads  int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	c.reads++
	if len(c.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.chunks[0])
	if c.chunks[0] = c.chunks[0][n:]; c.chunks[0] == "" {
		c.chunks = c.chunks[1:]
	}
	return n, nil
}

// TestSSEDataAcrossRefill ends an event's data line in one read and the
// event in the next, which refills the buffer from its start: the data
// must be the line's, whole.
func TestSSEDataAcrossRefill(t *testing.T) {
	for _, n := range []int{3000, 3500, 3580, 3700, 4000, 5000} {
		data := strings.Repeat("x", n)
		r := NewReader(&chunkReader{chunks: []string{"data: " + data + "\n", "\ndata: y\n\n"}}, ReaderOptions{Container: ContainerSSE})
		m, err := r.Next()
		require.NoError(t, err)
		require.Equal(t, data, string(m.Data), "data of %d bytes", n)
		m, err = r.Next()
		require.NoError(t, err)
		require.Equal(t, "y", string(m.Data))
	}
}

// TestSSEReadsOnlyWhenCut: after a first event, Next reads the source
// again only while the buffer holds no whole message: an event cut by
// the read, of quickSSE's shape or another, and no whole one.
func TestSSEReadsOnlyWhenCut(t *testing.T) {
	tests := []struct {
		name        string
		first, rest string // the event's bytes in the first read, and in the second
		reads       int    // the reads when Next returns it
		data        string
	}{
		{"whole", "data: {}\n\n", "data: 2\n\n", 1, "{}"},
		{"whole with an id", "id: 1\ndata: {}\n\n", "data: 2\n\n", 1, "{}"},
		{"whole in two data lines", "data: {\ndata: }\n\n", "data: 2\n\n", 1, "{\n}"},
		{"whole with CR LF", "data: {}\r\n\r\n", "data: 2\n\n", 1, "{}"},
		{"cut in the data", "event: e\ndata: {", "}\n\n", 2, "{}"},
		{"cut before the blank line", "data: {}\n", "\n", 2, "{}"},
		{"cut in the event field's name", "eve", "nt: e\ndata: {}\n\n", 2, "{}"},
		{"cut in the data field's name", "event: e\nda", "ta: {}\n\n", 2, "{}"},
		{"cut with an id", "id: 1\ndata: {", "}\n\n", 2, "{}"},
		{"cut in three reads", "data: {", "\"a\":1", 3, `{"a":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chunks := []string{"data: 0\n\n" + tt.first, tt.rest}
			if tt.reads == 3 {
				chunks = append(chunks, "}\n\n")
			}
			src := &chunkReader{chunks: chunks}
			r := NewReader(src, ReaderOptions{Container: ContainerSSE})
			m, err := r.Next()
			require.NoError(t, err)
			require.Equal(t, "0", string(m.Data))
			require.Equal(t, 1, src.reads)
			m, err = r.Next()
			require.NoError(t, err)
			assert.Equal(t, tt.data, string(m.Data))
			assert.Equal(t, int64(len("data: 0\n\n")), m.Offset)
			assert.Equal(t, 3, m.Line)
			assert.Equal(t, tt.reads, src.reads, "reads")
		})
	}
}
