package provider

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveWait bounds every wait of the live tests. It is no speed target: a
// correct Reader answers at once, and a wrong one never does.
const liveWait = 10 * time.Second

// liveResult is what one call of Next gave.
type liveResult struct {
	m   msg
	err error
}

// marked splits a stream written with '|' after each byte that completes
// a message into its pieces.
func marked(s string) [][]byte {
	var out [][]byte
	for p := range strings.SplitSeq(s, "|") {
		out = append(out, []byte(p))
	}
	return out
}

// checkLive writes pieces into a pipe one byte at a time. The last byte of
// every piece but the last completes one message, which must come out of
// Next before the next byte is written; no other byte may complete one.
// Next must then report io.EOF when the pipe closes.
func checkLive(t *testing.T, opts ReaderOptions, pieces [][]byte) {
	t.Helper()
	pr, pw := io.Pipe()
	results := make(chan liveResult) // unbuffered: the Reader cannot read on before a message is taken
	go func() {
		r := NewReader(pr, opts)
		for {
			m, err := r.Next()
			results <- liveResult{copyMsg(m), err}
			if err != nil {
				return
			}
		}
	}()
	var whole []byte
	for _, p := range pieces {
		whole = append(whole, p...)
	}
	want := readAllMsgs(bytes.NewReader(whole), opts)
	require.Equal(t, io.EOF, want.Err, "the stream read whole")
	require.Len(t, want.Msgs, len(pieces)-1, "one message per marked piece")
	for i, p := range pieces {
		for j := range p {
			wrote := make(chan struct{})
			go func() {
				_, _ = pw.Write(p[j : j+1])
				close(wrote)
			}()
			completes := j == len(p)-1 && i < len(pieces)-1
			for waiting := true; waiting; {
				select {
				case <-wrote:
					wrote, waiting = nil, completes
				case got := <-results:
					require.True(t, completes, "piece %d, byte %d: Next gave %+v, %v before its last byte", i, j, got.m, got.err)
					require.NoError(t, got.err, "piece %d", i)
					require.Equal(t, want.Msgs[i], got.m, "piece %d", i)
					completes, waiting = false, wrote != nil
				case <-time.After(liveWait):
					t.Fatalf("piece %d, byte %d: no message, or the Reader does not read", i, j)
				}
			}
		}
	}
	require.NoError(t, pw.Close())
	select {
	case got := <-results:
		require.Equal(t, io.EOF, got.err)
	case <-time.After(liveWait):
		t.Fatal("no io.EOF after the writer closed")
	}
}

func TestReaderLive(t *testing.T) {
	frames := [][]byte{esEvent("chunk", `{"a":1}`), esEvent("contentBlockStop", `{}`), nil}
	for _, tc := range []struct {
		name   string
		c      Container
		pieces [][]byte
	}{
		{"SSE LF", ContainerSSE, marked("data: {}\n\n|event: x\ndata: {\"a\":1}\ndata: 2\n\n|: ping\n\n")},
		{"SSE CRLF, message at the CR", ContainerSSE, marked("data: {}\r\n\r|\ndata: 1\r\n\r|\n")},
		{"SSE CR", ContainerSSE, marked("data: {}\r\r|id: 4\r\rdata: 1\r\r|")},
		{"SSE data before event", ContainerSSE, marked("data: {}\nevent: response.completed\n\n|")},
		{"lines", ContainerLines, marked("{}\n|{\"a\":1}\r\n|\n  \n[2]\n|")},
		{"array", ContainerArray, marked("[{}|,\n {\"a\":[1,{\"b\":\"}\"}]}|\n]\n")},
		{"event-stream", ContainerEventStream, frames},
	} {
		for _, c := range []Container{tc.c, ContainerAuto} {
			t.Run(tc.name+"/"+c.String(), func(t *testing.T) {
				checkLive(t, ReaderOptions{Container: c}, tc.pieces)
			})
		}
	}
}

// TestReaderStall shows a body that stops sending: Next returns the
// message that is complete, then waits in Read, and the caller ends the
// wait by cancelling, which the body reports as its error.
func TestReaderStall(t *testing.T) {
	pr, pw := io.Pipe()
	r := NewReader(pr, ReaderOptions{})
	go func() { _, _ = pw.Write([]byte("data: {\"a\":1}\n\ndata: {\"b\":")) }()
	m, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(m.Data))

	done := make(chan error, 1)
	go func() {
		_, err := r.Next()
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("Next returned %v on a stalled body", err)
	case <-time.After(50 * time.Millisecond):
	}
	pw.CloseWithError(context.Canceled)
	select {
	case err := <-done:
		assert.ErrorIs(t, err, context.Canceled)
		_, again := r.Next()
		assert.Equal(t, err, again, "errors are sticky")
	case <-time.After(liveWait):
		t.Fatal("Next did not return after the body failed")
	}
}

// endless is a source that never ends: the pattern, again and again.
type endless struct {
	pattern []byte
	read    int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.pattern[(e.read+n)%len(e.pattern):])
		n += c
	}
	e.read += n
	return n, nil
}

func TestReaderTooLarge(t *testing.T) {
	const max = 1000
	opts := func(c Container) ReaderOptions { return ReaderOptions{Container: c, MaxMessageBytes: max} }
	t.Run("endless", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			c       Container
			prefix  string
			pattern string
			off     int64
		}{
			{"SSE line", ContainerSSE, "data: {}\n\n", "x", int64(len("data: {}\n\n"))},
			{"SSE data lines", ContainerSSE, "data: {}\n\n", "data: x\n", int64(len("data: {}\n\n"))},
			{"SSE comment", ContainerSSE, "", ":", 0},
			{"line", ContainerLines, "{}\n", "x", 3},
			{"blanks", ContainerLines, "{}\n", " ", 3},
			{"array element", ContainerArray, `[{},{"a":"`, "x", int64(len(`[{},`))},
			{"auto blanks", ContainerAuto, "", " ", 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				src := &endless{pattern: []byte(tc.pattern)}
				r := NewReader(io.MultiReader(strings.NewReader(tc.prefix), src), opts(tc.c))
				var err error
				for n := 0; err == nil; n++ {
					require.Less(t, n, 10, "too many messages")
					_, err = r.Next()
				}
				require.ErrorIs(t, err, ErrTooLarge)
				e, _ := errors.AsType[*Error](err)
				require.NotNil(t, e)
				assert.Equal(t, tc.off, e.Offset)
				assert.LessOrEqual(t, len(r.buf), r.bufLimit(), "buffer")
				assert.LessOrEqual(t, src.read, 2*startSize+max, "bytes read past the cap")
			})
		}
	})
	t.Run("frame", func(t *testing.T) {
		big := esEvent("chunk", strings.Repeat("x", max))
		// Only the prelude arrives: the cap shows before the frame would.
		r := NewReader(io.MultiReader(bytes.NewReader(big[:esPrelude]), &endless{pattern: []byte{0}}), opts(ContainerAuto))
		_, err := r.Next()
		require.ErrorIs(t, err, ErrTooLarge)
	})
	at := func(c Container, in string, want error) {
		t.Helper()
		got := readEveryWay(t, []byte(in), opts(c))
		assert.ErrorIs(t, got.Err, want, "%v %q...", c, in[:10])
	}
	x := func(n int) string { return strings.Repeat("x", n) }
	obj := func(n int) string { return `{"` + x(n-6) + `":1}` } // n bytes
	at(ContainerSSE, "data:"+x(max-5)+"\n\n", io.EOF)
	at(ContainerSSE, "data:"+x(max-4)+"\r\n\r\n", ErrTooLarge)
	at(ContainerSSE, "data:"+x(max/2)+"\ndata:"+x(max/2-1)+"\n\n", io.EOF)
	at(ContainerSSE, "data:"+x(max/2)+"\ndata:"+x(max/2)+"\n\n", ErrTooLarge)
	at(ContainerLines, obj(max)+"\r\n", io.EOF)
	at(ContainerLines, obj(max+1)+"\r\n", ErrTooLarge)
	at(ContainerLines, obj(max), io.EOF)
	at(ContainerArray, "["+obj(max)+"]", io.EOF)
	at(ContainerArray, "["+obj(max+1)+"]", ErrTooLarge)
	// An element broken at its (max+1)th byte is bad JSON; one whose first
	// max+1 bytes are good is too large, whatever follows.
	at(ContainerArray, `[{"`+x(max-7)+`":tru}]`, ErrFraming)
	at(ContainerArray, `[{"`+x(max-6)+`":tru}]`, ErrTooLarge)
	at(ContainerEventStream, string(esFrame(x(max-16))), io.EOF)
	at(ContainerEventStream, string(esFrame(x(max-15))), ErrTooLarge)
}
