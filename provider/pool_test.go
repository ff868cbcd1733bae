package provider

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// TestPoolKeepsNoStream: what a Handler hands out (its ready calls'
// bytes, Finish's results, its error and IDs) stays as it was while
// later Handlers read other streams with the Readers and Decoders, and
// their buffers, that it gave back to the pools: it is looked at again
// while each later Handler is in the middle of its stream.
func TestPoolKeepsNoStream(t *testing.T) {
	type held struct {
		name   string
		h      *Handler
		ready  []*resume.Call
		args   [][]byte // each ready call's Arguments, as handed out
		res    []resume.Result
		err    error
		before string
	}
	show := func(x *held) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%v %q %q %q %d %d\n", x.h.Format(), x.h.ResponseID(), x.h.LastEventID(), fmt.Sprint(x.err), x.h.Skipped(), x.h.Replays())
		for i, c := range x.ready {
			fmt.Fprintf(&b, "%q %q %s %q %q %q\n", c.Key(), c.Name(), c.Status(), x.args[i], c.Value(), x.h.ClaimID(c))
		}
		for _, r := range x.res {
			fmt.Fprintf(&b, "%q %q %s %q\n", r.Key, r.Name, r.Status, r.Arguments)
		}
		return b.String()
	}
	var all []*held
	for round := range 2 {
		for _, s := range recordedStreams(t) {
			// Whole, and cut short, for the errors of a cut.
			for _, data := range [][]byte{s.data, s.data[:len(s.data)*2/3]} {
				x := &held{name: fmt.Sprintf("%s %d bytes, round %d", s.name, len(data), round)}
				x.h = NewHandler(Options{OnReady: func(c *resume.Call) {
					x.ready, x.args = append(x.ready, c), append(x.args, c.Arguments())
				}})
				_, x.err = x.h.ReadFrom(bytes.NewReader(data))
				for _, y := range all[max(0, len(all)-16):] {
					require.Equal(t, y.before, show(y), "%s, while %s is read", y.name, x.name)
				}
				x.res = x.h.Finish()
				x.before = show(x)
				all = append(all, x)
			}
		}
	}
	require.NotEmpty(t, all)
	for _, x := range all {
		assert.Equal(t, x.before, show(x), x.name)
	}
}

// TestPoolKeepsBuffers: a Handler that reads a stream which a finished
// Handler read before allocates no Reader or Decoder buffer for it,
// however large its events: a Responses stream that repeats 20 KB of
// arguments allocates about the call's own bytes.
func TestPoolKeepsBuffers(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	stream := streamData(t, "openai-responses__long_go_source.sse")
	var args int
	run := func() {
		h := NewHandler(Options{OnReady: func(c *resume.Call) { args = len(c.Arguments()) }})
		_, err := h.ReadFrom(bytes.NewReader(stream))
		require.NoError(t, err)
		require.Empty(t, h.Finish())
	}
	run()
	require.Greater(t, args, 16<<10)
	const runs = 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		run()
	}
	runtime.ReadMemStats(&after)
	perRun := (after.TotalAlloc - before.TotalAlloc) / runs
	t.Logf("%d bytes allocated per stream, for %d bytes of arguments", perRun, args)
	assert.Less(t, perRun, uint64(2*args), "bytes allocated per stream")
}

// countedReads reads src in pieces of random length up to 9000 bytes and
// counts the bytes read.
type countedReads struct {
	src io.Reader
	rng *rand.Rand
	n   int
}

func (c *countedReads) Read(p []byte) (int, error) {
	n, err := c.src.Read(p[:min(len(p), 1+c.rng.IntN(9000))])
	c.n += n
	return n, err
}

// TestReaderKeptBuffer: a Reader given a buffer a pool kept reads each
// recorded stream as a new Reader does, message by message, having read
// as many bytes of its source at each; and it does not take a buffer
// larger than its cap allows.
func TestReaderKeptBuffer(t *testing.T) {
	type step struct {
		Data, Event, ID string
		Offset          int64
		Err             string
		Read            int
	}
	read := func(data []byte, opts ReaderOptions, kept []byte, seed uint64) []step {
		src := &countedReads{src: bytes.NewReader(data), rng: rand.New(rand.NewPCG(seed, 1))}
		r := new(Reader)
		r.init(src, opts, kept)
		require.LessOrEqual(t, cap(r.buf), max(startSize, r.bufLimit()), "buffer")
		var out []step
		for {
			m, err := r.Next()
			out = append(out, step{string(m.Data), string(m.Event), string(m.ID), m.Offset, fmt.Sprint(err), src.n})
			if err != nil {
				return out
			}
		}
	}
	kept := bytes.Repeat([]byte("data: {}\n\n"), maxPooled/10)
	n := 0
	for _, s := range recordedStreams(t) {
		for _, limit := range []int{0, 700, 20000} {
			for seed := range uint64(3) {
				opts := ReaderOptions{MaxMessageBytes: limit}
				want := read(s.data, opts, nil, seed)
				got := read(s.data, opts, kept[:0], seed)
				require.Equal(t, want, got, "%s, MaxMessageBytes %d, seed %d", s.name, limit, seed)
				n++
			}
		}
	}
	t.Logf("%d reads compared", n)
}
