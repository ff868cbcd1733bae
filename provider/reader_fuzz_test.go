package provider

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/tokenizer"
)

// FuzzReader checks that however a stream is cut into reads, the Reader
// gives the same messages and the same error, never holds more than its
// cap allows, and, for SSE and lines under the default cap, agrees with
// the simple whole-stream readers below.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"data: {}\n\n", "data: a\r\ndata: b\rdata: c\n\r\n: x\r\rdata: d\n\r", "id: 1\ndata: a\n\nid\ndata: b\n\n",
		"\ufeffevent: e\ndata: {\"a\"", "retry: 12\ndata\n\n", "{}\n{\"a\":[1", "\r\n{}\r\n  \r\n\t[1] \r\n",
		"[{\n  \"a\": 1\n}\n,\n{}]", `[{}, "x"]`, "[{}] {}", " \n",
		"event: abc\ndata: {}\n\nevent:\ndata:x\n\ndata: [DONE]\n\nevent: a\r\ndata: 1\n\n",
	} {
		for c := range 5 {
			f.Add([]byte(s), []byte{1, 3, 0, 7}, uint8(c), uint16(0))
		}
	}
	if root, err := moduleRootDir(); err == nil { // the project's own streams, where small
		files, _ := filepath.Glob(filepath.Join(root, "corpus", "streams", "*"))
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 && !strings.HasSuffix(name, ".expect.json") {
				f.Add(b, []byte{3, 1, 40}, uint8(ContainerAuto), uint16(0))
			}
		}
	}
	ev := append(esEvent("chunk", `{"a":1}`), esFrame(`{"message":"no"}`, esHeader{":message-type", esString, []byte("exception")})...)
	f.Add([]byte("event: abcdef\ndata: {\"a\":1}\n\ndata: {}\n\n"), []byte{}, uint8(ContainerSSE), uint16(5))
	f.Add(ev, []byte{5, 11}, uint8(ContainerEventStream), uint16(40))
	f.Add(ev[:30], []byte{5, 11}, uint8(ContainerAuto), uint16(0))
	f.Fuzz(func(t *testing.T, data, cuts []byte, c uint8, max uint16) {
		opts := ReaderOptions{Container: Container(c % 5), MaxMessageBytes: int(max)}
		whole := readBounded(t, bytes.NewReader(data), opts)
		sizes := make([]int, len(cuts))
		for i, b := range cuts {
			sizes[i] = int(b % 32) // 0 is an empty read
		}
		for _, src := range []io.Reader{
			&cutReader{b: data, cuts: sizes, rng: nil},
			iotest.OneByteReader(bytes.NewReader(data)),
		} {
			got := readBounded(t, src, opts)
			require.Equal(t, whole.Msgs, got.Msgs)
			require.Equal(t, errKey(whole.Err), errKey(got.Err))
			require.Equal(t, whole.LastID, got.LastID)
			require.Equal(t, whole.Retry, got.Retry)
		}
		checkReferences(t, data) // under the default cap, which no input reaches
	})
}

// readBounded is readAllMsgs checking the Reader's memory after each call.
func readBounded(t *testing.T, src io.Reader, opts ReaderOptions) readOut {
	r := NewReader(src, opts)
	var out readOut
	for {
		m, err := r.Next()
		require.LessOrEqual(t, len(r.buf), r.bufLimit(), "buffer")
		require.LessOrEqual(t, len(r.sse.data), r.max, "SSE data")
		if err != nil {
			out.Err = err
			break
		}
		require.LessOrEqual(t, len(m.Data), r.max, "message")
		out.Msgs = append(out.Msgs, copyMsg(m))
		require.Less(t, len(out.Msgs), 1<<20, "endless messages")
	}
	out.Container, out.LastID, out.Retry = r.Container(), r.LastEventID(), r.Retry()
	return out
}

// checkReferences compares the Reader with the whole-stream readers.
func checkReferences(t *testing.T, data []byte) {
	got := readAllMsgs(bytes.NewReader(data), ReaderOptions{Container: ContainerSSE})
	want := refSSE(data)
	require.Equal(t, want.Msgs, got.Msgs, "SSE against the reference")
	require.Equal(t, errKey(want.Err) == errKey(io.EOF), errKey(got.Err) == errKey(io.EOF), "SSE: %v against %v", got.Err, want.Err)
	require.Equal(t, want.LastID, got.LastID, "SSE last event ID")
	require.Equal(t, want.Retry, got.Retry, "SSE retry")

	got = readAllMsgs(bytes.NewReader(data), ReaderOptions{Container: ContainerLines})
	want = refLines(data)
	require.Equal(t, want.Msgs, got.Msgs, "lines against the reference")
	require.Equal(t, errKey(want.Err) == errKey(io.EOF), errKey(got.Err) == errKey(io.EOF), "lines: %v against %v", got.Err, want.Err)
}

// refSSE reads a whole text/event-stream the plain way, straight from the
// spec's steps, with the Reader's rule for an event left without its
// blank line at the end.
// Its error is io.EOF or io.ErrUnexpectedEOF.
func refSSE(b []byte) readOut {
	type line struct {
		text  []byte
		off   int64
		n     int
		ended bool
	}
	var lines []line
	i := 0
	if bytes.HasPrefix(b, utf8BOM) {
		i = len(utf8BOM)
	}
	for n := 1; i < len(b); n++ {
		j := i
		for j < len(b) && b[j] != '\r' && b[j] != '\n' {
			j++
		}
		lines = append(lines, line{b[i:j], int64(i), n, j < len(b)})
		switch {
		case j+1 < len(b) && b[j] == '\r' && b[j+1] == '\n':
			i = j + 2
		case j < len(b):
			i = j + 1
		default:
			i = j
		}
	}
	var (
		out                               readOut
		data, event, id                   []byte
		hasData, hasID, started, openData bool
		idSeen                            bool // the stream sent an event ID
		stray                             bool // a line of a field SSE does not know
		start                             int64
		startLn                           int
	)
	out.Err = io.EOF
	dispatch := func() {
		out.LastID = string(id)
		if hasData {
			m := msg{Data: string(data), Event: string(event), ID: string(id), HasID: hasID, Offset: start, Line: startLn}
			if !hasID {
				m.ID = ""
			}
			out.Msgs = append(out.Msgs, m)
		}
		data, event, hasData, hasID, started = nil, nil, false, false, false
	}
	for _, l := range lines {
		switch {
		case len(l.text) == 0:
			dispatch()
			continue
		case l.text[0] == ':':
			continue
		}
		name, value, found := bytes.Cut(l.text, []byte(":"))
		if found {
			value = bytes.TrimPrefix(value, []byte(" "))
		}
		if !started {
			started, start, startLn = true, l.off, l.n
		}
		openData = false
		switch string(name) {
		case "data":
			if hasData {
				data = append(data, '\n')
			}
			data = append(data, value...)
			hasData, openData = true, !l.ended
		case "event":
			event = bytes.Clone(value)
		case "id":
			if !bytes.Contains(value, []byte{0}) {
				id, hasID, idSeen = bytes.Clone(value), true, true
			}
		case "retry":
			if ms, ok := parseRetryRef(value); ok {
				out.Retry = time.Duration(ms) * time.Millisecond
			}
		default:
			stray = true
		}
	}
	if hasData && string(data) != "[DONE]" && (idSeen || len(out.Msgs) == 0 || openData && !tokenizer.Valid(data)) {
		out.Err = io.ErrUnexpectedEOF
		return out
	}
	if hasData {
		dispatch()
	}
	if stray && len(out.Msgs) == 0 {
		out.Err = ErrFraming // no event, and a line that is no SSE field: not SSE
	}
	return out
}

// parseRetryRef reads digits into milliseconds, refusing what a
// time.Duration cannot hold.
func parseRetryRef(v []byte) (int64, bool) {
	if len(v) == 0 || len(v) > 19 {
		return 0, false
	}
	var n uint64
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	if n > uint64(1<<63-1)/uint64(time.Millisecond) {
		return 0, false
	}
	return int64(n), true
}

// refLines reads whole JSON lines the plain way.
func refLines(b []byte) readOut {
	out := readOut{Err: io.EOF}
	i := 0
	if bytes.HasPrefix(b, utf8BOM) {
		i = len(utf8BOM)
	}
	for n := 1; i < len(b); n++ {
		l, rest, ended := bytes.Cut(b[i:], []byte("\n"))
		t := bytes.Trim(l, " \t\r\n")
		if len(t) > 0 {
			if !ended && !tokenizer.Valid(t) {
				out.Err = io.ErrUnexpectedEOF
				return out
			}
			out.Msgs = append(out.Msgs, msg{Data: string(t), Offset: int64(i), Line: n})
		}
		i = len(b) - len(rest)
	}
	return out
}
