package resume_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// The tests below are about the deltas that Call.Delta takes without its
// general path (those with room under every cap, and above all one-byte
// deltas inside strings, numbers and literals), and hold it to every rule
// the general path keeps.

func TestOneByteDeltaAfterEnd(t *testing.T) {
	c := resume.NewCall("0", resume.Options{})
	require.NoError(t, feed(c, `{"a":"b"} `, 1))
	require.Equal(t, resume.StatusComplete, c.Status())
	require.NoError(t, c.End(nil))
	require.Equal(t, resume.StatusReady, c.Status())
	require.ErrorIs(t, c.Delta([]byte(" "), -1, -1), resume.ErrEnded, "whitespace after the end")
	assert.Equal(t, `{"a":"b"} `, string(c.Arguments()))
	assert.Equal(t, 10, c.Result().Deltas)
}

func TestDeltasAtTheByteCap(t *testing.T) {
	const doc = `{"a":"0123456789"}`
	for _, size := range []int{1, 2, 5} {
		for cap := 1; cap < len(doc); cap++ {
			c := resume.NewCall("0", resume.Options{MaxBytes: int64(cap)})
			err := feed(c, doc, size)
			require.ErrorIs(t, err, resume.ErrTooLarge, "cap %d, deltas of %d", cap, size)
			kept := cap / size * size // the delta that crosses the cap is not kept
			assert.Equal(t, doc[:kept], string(c.Arguments()), "cap %d, deltas of %d", cap, size)
			assert.Equal(t, resume.StatusTooLarge, c.Status())
		}
	}
}

func TestDeltasPastTheCapacity(t *testing.T) {
	doc := `{"s":"` + strings.Repeat("é", 300) + `","n":` + strings.Repeat("7", 300) + `}`
	for _, size := range []int{1, 2, 5} {
		c := resume.NewCall("0", resume.Options{Capacity: 3})
		require.NoError(t, feed(c, doc, size))
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusReady, c.Status(), "deltas of %d", size)
		assert.Equal(t, doc, string(c.Arguments()), "deltas of %d", size)
	}
}

// TestOneByteDeltasAtTheNumberLimit feeds numbers of every length near
// the limit a byte at a time: the first number of the text, and numbers
// after others that ended with a comma, a space or a close, which lift
// the limit of the one before.
func TestOneByteDeltasAtTheNumberLimit(t *testing.T) {
	for _, limit := range []int{2, 5, 9} {
		for _, before := range []string{`[`, `[1,`, `[1 , `, `[[12],`, `{"a":12,"b":`, `{"a":[1],"b":`, `[1,"x",`} {
			for n := 1; n <= 12; n++ {
				doc := before + strings.Repeat("7", n) + `]`
				c := resume.NewCall("0", resume.Options{Tokenizer: tokenizer.Options{MaxNumberLength: limit}})
				_ = feed(c, doc, 1)
				if n > limit {
					require.Equal(t, resume.StatusInvalid, c.Status(), "%s: limit %d, %d digits", before, limit, n)
					require.ErrorIs(t, c.Err(), tokenizer.ErrLimit)
					var se *tokenizer.SyntaxError
					require.ErrorAs(t, c.Err(), &se)
					assert.Equal(t, int64(len(before)+limit), se.Offset, "%s: limit %d, %d digits: at the first byte past it", before, limit, n)
				} else if before[0] == '[' {
					require.Equal(t, resume.StatusComplete, c.Status(), "%s: limit %d, %d digits", before, limit, n)
				} else {
					require.Equal(t, resume.StatusInvalid, c.Status(), "%s: limit %d, %d digits: ']' closes no array", before, limit, n)
				}
			}
		}
	}
}

// TestNumberLimitLikeTheTokenizer: bytes held back are read with the
// number limit the tokenizer keeps, default and negative alike.
func TestNumberLimitLikeTheTokenizer(t *testing.T) {
	doc := "[" + strings.Repeat("7", tokenizer.DefaultMaxNumberLength+1) + "]"
	for _, limit := range []int{0, -1, tokenizer.DefaultMaxNumberLength + 1} {
		opts := tokenizer.Options{MaxNumberLength: limit}
		want := resume.StatusComplete
		if limit == 0 { // the default is one byte short
			want = resume.StatusInvalid
		}
		for _, chunk := range []int{1, 64, 0} {
			c := resume.NewCall("0", resume.Options{Tokenizer: opts})
			_ = feed(c, doc, chunk)
			assert.Equal(t, want, c.Status(), "limit %d, chunks of %d", limit, chunk)
		}
	}
}

// deltaLog returns a logger, and a function that counts the records of
// deltas it has written.
func deltaLog(t *testing.T) (*slog.Logger, func() int) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return logger, func() int {
		n := 0
		for _, r := range readLog(t, buf.Bytes()) {
			if r.Msg == "call delta" {
				n++
			}
		}
		return n
	}
}

func TestOneByteDeltasAreLogged(t *testing.T) {
	logger, deltas := deltaLog(t)
	c := resume.NewCall("0", resume.Options{Logger: logger})
	require.NoError(t, feed(c, `{"a":"bcd"}`, 1))
	assert.Equal(t, 11, deltas(), "one record per delta")
}

func TestOneByteDeltaAfterTooLarge(t *testing.T) {
	c := resume.NewCall("0", resume.Options{MaxBytes: 10})
	require.NoError(t, feed(c, `{"a":"`, 1))
	require.ErrorIs(t, c.Delta([]byte(`012345`), -1, -1), resume.ErrTooLarge)
	require.ErrorIs(t, c.Delta([]byte(`x`), -1, -1), resume.ErrTooLarge, "a byte that would fit")
	assert.Equal(t, `{"a":"`, string(c.Arguments()))
}

// TestEmptyDelta holds an empty delta to the general path's rules: it
// is a delta, refused after the end or the byte cap, and logged.
func TestEmptyDelta(t *testing.T) {
	c := resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Delta(nil, -1, -1))
	assert.Equal(t, 1, c.Result().Deltas)
	require.NoError(t, c.End(nil))
	require.ErrorIs(t, c.Delta(nil, -1, -1), resume.ErrEnded, "after the end")
	require.ErrorIs(t, c.Apply(resume.Event{Kind: resume.EventDelta}), resume.ErrEnded, "an event after the end")
	assert.Equal(t, 1, c.Result().Deltas)

	c = resume.NewCall("0", resume.Options{MaxBytes: 2})
	require.ErrorIs(t, c.Delta([]byte(`{"a"`), -1, -1), resume.ErrTooLarge)
	require.ErrorIs(t, c.Delta(nil, -1, -1), resume.ErrTooLarge, "after too large")
	assert.Equal(t, 0, c.Result().Deltas)

	logger, deltas := deltaLog(t)
	c = resume.NewCall("0", resume.Options{Logger: logger})
	require.NoError(t, c.Delta(nil, -1, -1))
	assert.Equal(t, 1, deltas(), "logged")
}

// A check that feeds its own call at the ready gate finds it ended, also
// when the grammar that held the bytes back ends the call without the
// tokenizer (End's quick path).
func TestCheckDeltaOnItsOwnCall(t *testing.T) {
	var got error
	check := func(c *resume.Call, _ []byte) error {
		got = c.Delta([]byte(" "), -1, -1)
		return nil
	}
	c := resume.NewCall("0", resume.Options{Capacity: 64, Check: check})
	require.NoError(t, feed(c, `{"a":1} `, 1))
	require.NoError(t, c.End(nil))
	assert.ErrorIs(t, got, resume.ErrEnded)
	assert.Equal(t, `{"a":1} `, string(c.Arguments()))
	assert.Equal(t, resume.StatusReady, c.Status())
}

// TestDeltaCount counts the deltas kept whichever path takes them, and
// only them: final arguments and a checkpoint's round trip bring bytes
// but no delta.
func TestDeltaCount(t *testing.T) {
	c := resume.NewCall("0", resume.Options{Capacity: 64})
	require.NoError(t, feed(c, `{"a":"`, 1)) // 6, held one byte at a time
	require.NoError(t, c.Delta([]byte(`bcd`), -1, -1))
	assert.Equal(t, 7, c.Result().Deltas)

	cp, err := c.Checkpoint()
	require.NoError(t, err)
	data, err := cp.MarshalBinary()
	require.NoError(t, err)
	var back resume.Checkpoint
	require.NoError(t, back.UnmarshalBinary(data))
	r, err := resume.Restore(back, c.Arguments(), resume.Options{Capacity: 64})
	require.NoError(t, err)
	assert.Equal(t, 7, r.Result().Deltas, "restored")
	require.NoError(t, r.Delta([]byte(`e`), -1, -1))
	require.NoError(t, r.Delta([]byte(`"`), 0, -1)) // numbered: the general path
	require.NoError(t, feed(r, `}`, 1))
	assert.Equal(t, 10, r.Result().Deltas)
	require.NoError(t, r.End([]byte(`{"a":"bcde"}  `)), "final arguments that extend the deltas")
	assert.Equal(t, 10, r.Result().Deltas)
	assert.Equal(t, `{"a":"bcde"}  `, string(r.Arguments()))

	c = resume.NewCall("0", resume.Options{})
	require.NoError(t, feed(c, `{"a":1}`, 1))
	require.NoError(t, c.End([]byte(`{"bb":22}`)), "final arguments that replace the deltas")
	assert.Equal(t, 7, c.Result().Deltas)
	assert.True(t, c.Result().Mismatch)

	c = resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Apply(resume.Event{Kind: resume.EventDelta, Text: true, Data: []byte("ls")}))
	require.NoError(t, c.Delta([]byte(" "), -1, -1))
	require.NoError(t, c.End([]byte("ls -l")))
	assert.Equal(t, 2, c.Result().Deltas, "text")
}

// TestNumberedDeltasRing feeds numbered deltas, every other number, past
// the eight a call remembers, then replays them: as it stands, from a
// checkpoint taken, and from one read back from its bytes.
func TestNumberedDeltasRing(t *testing.T) {
	const n, size, remembered = 29, 3, 8
	doc := `{"s":"` + strings.Repeat("abcdefghij", n*size/10+1)[:n*size-8] + `"}`
	piece := func(i int) []byte { return []byte(doc[i*size : (i+1)*size]) }
	c := resume.NewCall("0", resume.Options{})
	for i := range n {
		require.NoError(t, c.Delta(piece(i), int64(2*i), -1), "delta %d", i)
	}
	require.Equal(t, doc, string(c.Arguments()))
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	restored, err := resume.Restore(cp, c.Arguments(), resume.Options{})
	require.NoError(t, err)
	reread, err := resume.Restore(throughBinary(t, c), c.Arguments(), resume.Options{})
	require.NoError(t, err)
	for name, c := range map[string]*resume.Call{"call": c, "restored": restored, "read back": reread} {
		for i := n - remembered; i < n; i++ {
			require.ErrorIs(t, c.Delta(piece(i), int64(2*i), -1), resume.ErrDuplicate, "%s: delta %d again", name, i)
			bad := piece(i)
			bad[size-1] = 0
			var re *resume.ReplayError
			require.ErrorAs(t, c.Delta(bad, int64(2*i), -1), &re, "%s: delta %d changed", name, i)
			assert.Equal(t, int64(i*size+size-1), re.Offset, "%s: delta %d changed", name, i)
			if i > n-remembered {
				require.ErrorIs(t, c.Delta(piece(i), int64(2*i-1), -1), resume.ErrOutOfOrder, "%s: number %d, never sent", name, 2*i-1)
			}
		}
		require.ErrorIs(t, c.Delta(piece(0), 0, -1), resume.ErrDuplicate, "%s: too old to check", name)
		require.NoError(t, c.End(nil))
		assert.Equal(t, resume.StatusReady, c.Status(), name)
		assert.Equal(t, doc, string(c.Arguments()), name)
	}
}
