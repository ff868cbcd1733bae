package tokenizer

import (
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// restart marshals tk and restores it into a fresh Tokenizer, as a
// process restart would.
func restart(t testing.TB) func(*Tokenizer) {
	return func(tk *Tokenizer) {
		data, err := tk.MarshalBinary()
		require.NoError(t, err)
		var fresh Tokenizer
		require.NoError(t, fresh.UnmarshalBinary(data))
		*tk = fresh
	}
}

func TestCheckpointAtEverySplit(t *testing.T) {
	docs := append(append([]string{}, smallDocs...), stringDocs...)
	for _, doc := range docs {
		in := []byte(doc)
		whole := run(in, nil, Options{})
		for cut := 0; cut <= len(in); cut++ {
			got := runHook(in, []int{cut}, Options{}, restart(t))
			require.Equal(t, whole, got, "%q restarted at %d", doc, cut)
		}
		assert.Equal(t, whole, runHook(in, allCuts(len(in)), Options{}, restart(t)), "%q restarted at every byte", doc)
	}
}

func TestCheckpointKeepsOptions(t *testing.T) {
	opts := Options{MaxDepth: 3, MaxNumberLength: 5, MaxStringLength: 6, MaxBytes: 100, AllowMultipleValues: true}
	for _, doc := range []string{`[[[[1]]]]`, `[123456]`, `["1234567"]`, `1 2 3`} {
		in := []byte(doc)
		assert.Equal(t, run(in, nil, opts), runHook(in, []int{1}, opts, restart(t)), doc)
	}
}

func TestCheckpointMidChunk(t *testing.T) {
	tk := New(Options{})
	require.NoError(t, tk.Feed([]byte(`[1,2]`)))
	_, err := tk.Next()
	require.NoError(t, err)
	_, err = tk.MarshalBinary()
	assert.ErrorIs(t, err, ErrMidChunk)
}

func TestCheckpointCorrupt(t *testing.T) {
	tk := New(Options{})
	in := []byte(`{"a":[1,{"b":"x\u00`)
	require.NoError(t, tk.Feed(in))
	require.Equal(t, ErrNeedMore, drain(&tk))
	good, err := tk.MarshalBinary()
	require.NoError(t, err)

	var fresh Tokenizer
	for n := 0; n < len(good); n++ {
		assert.Error(t, fresh.UnmarshalBinary(good[:n]), "truncated to %d", n)
	}
	future := append([]byte(nil), good...)
	future[4] = checkpointVersion + 1
	assert.ErrorIs(t, fresh.UnmarshalBinary(future), ErrCheckpointVersion)

	// Flip each byte: the CRC catches it. Then flip it and fix the CRC:
	// the field checks must catch it or leave a state that behaves.
	for i := 5; i < len(good)-4; i++ {
		for _, x := range []byte{0x01, 0x80, 0xFF} {
			bad := append([]byte(nil), good...)
			bad[i] ^= x
			assert.ErrorIs(t, fresh.UnmarshalBinary(bad), ErrCheckpoint)
			binary.LittleEndian.PutUint32(bad[len(bad)-4:], crc32.ChecksumIEEE(bad[:len(bad)-4]))
			var s Tokenizer
			if s.UnmarshalBinary(bad) == nil {
				behaves(t, &s)
			}
		}
	}
	// A failed UnmarshalBinary leaves the Tokenizer as it was.
	before := tk
	assert.Error(t, tk.UnmarshalBinary(good[:10]))
	assert.Equal(t, before, tk)
}

// behaves feeds a restored Tokenizer more input of several shapes: it may
// fail, but must not panic or loop.
func behaves(t *testing.T, s *Tokenizer) {
	for _, more := range []string{`e9"}]}`, `"]]]]}}}}`, "1,2,3]", `\ud83d\ude00"`, ""} {
		c := *s
		if c.Feed([]byte(more)) != nil {
			continue
		}
		c.Close()
		for i := 0; i < 100; i++ {
			if _, err := c.Next(); err != nil && err != ErrNeedMore {
				break
			}
		}
		_ = c.Pointer()
	}
}

func TestCheckpointOfFailedTokenizer(t *testing.T) {
	for _, doc := range []string{`{"a":"x\q"}`, `[1,2,}`, `{"k":"\ud800\u0041"}`, `[tru`} {
		tk := New(Options{})
		require.NoError(t, tk.Feed([]byte(doc)))
		tk.Close()
		want := drain(&tk)
		require.Error(t, want)
		data, err := tk.MarshalBinary()
		require.NoError(t, err, doc)
		var back Tokenizer
		require.NoError(t, back.UnmarshalBinary(data), doc)
		_, got := back.Next()
		assert.Equal(t, want.Error(), got.Error(), doc)
		assert.Equal(t, StatusFailed, back.Status())
	}
}

// A checkpoint whose lexeme disagrees with its offsets is refused: a
// string already longer than the limit, a number whose saved bytes do not
// span from its start.
func TestCheckpointInconsistentLexeme(t *testing.T) {
	tk := New(Options{MaxStringLength: 10})
	require.NoError(t, tk.Feed([]byte(`["abcdefgh`)))
	require.Equal(t, ErrNeedMore, drain(&tk))
	good, err := tk.MarshalBinary()
	require.NoError(t, err)
	var s Tokenizer
	require.NoError(t, s.UnmarshalBinary(good))
	s.lim.maxString = 3 // as if the limit were passed already
	bad, err := s.MarshalBinary()
	require.NoError(t, err)
	assert.ErrorIs(t, s.UnmarshalBinary(bad), ErrCheckpoint)
}

// A checkpoint whose carried sequence has no room left for the rest of
// it, or that is in a state no input leads to, is refused: the carry
// would overflow as the sequence goes on.
func TestCheckpointCarryTooLong(t *testing.T) {
	prefix := `["abcdefghij`
	for _, c := range []struct {
		name, in string
		bad      func(s *Tokenizer)
	}{
		{"escape run on", `\u00`, func(s *Tokenizer) {
			s.nCarry = uint8(len(s.carry))
			copy(s.carry[:], prefix+`\u00`)
			s.carryOff = s.Offset() - int64(len(s.carry))
		}},
		{"five hex digits due", `\u00`, func(s *Tokenizer) { s.hexN = 4 }},
		{"no UTF-8 byte due", "\xc3", func(s *Tokenizer) { s.utfNeed = 0 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			tk := New(Options{})
			require.NoError(t, tk.Feed([]byte(prefix+c.in)))
			require.Equal(t, ErrNeedMore, drain(&tk))
			good, err := tk.MarshalBinary()
			require.NoError(t, err)
			var s Tokenizer
			require.NoError(t, s.UnmarshalBinary(good))
			require.NotEqual(t, uint8(sNormal), s.sub)
			behaves(t, &s)

			c.bad(&s)
			bad, err := s.MarshalBinary()
			require.NoError(t, err)
			var back Tokenizer
			assert.ErrorIs(t, back.UnmarshalBinary(bad), ErrCheckpoint)
		})
	}
}

// TestCheckpointOfEarlierRelease restores a checkpoint made by the build
// of commit 1b76234 with no byte limit and a depth limit of 1<<20, both
// past the bounds Options now has, after `{"a":[1,"b`.
func TestCheckpointOfEarlierRelease(t *testing.T) {
	data, err := hex.DecodeString("444a544b01808040ffffffffffffffff7fffffffffffffffff1f80200000000a000200000100000001000000000800000000000000000361016f000b9af45a")
	require.NoError(t, err)
	var tk Tokenizer
	require.NoError(t, tk.UnmarshalBinary(data))
	assert.Equal(t, "/a/1", tk.Pointer())
	require.NoError(t, tk.Feed([]byte(`c"]}`)))
	tk.Close()
	var got []string
	for {
		tok, err := tk.Next()
		if err != nil {
			require.Equal(t, io.EOF, err)
			break
		}
		got = append(got, tok.Kind().String()+" "+string(tok.Raw))
	}
	assert.Equal(t, []string{`string c"`, "] ]", "} }"}, got)
}

// TestCheckpointBytesSameHoweverCut: equal states give equal checkpoint
// bytes, whether the input came whole or a byte at a time.
func TestCheckpointBytesSameHoweverCut(t *testing.T) {
	for _, in := range []string{
		`{"a"`, `{"a":"x\u00e9y"`, `[1,2,tru`, `{"k":[1.5e3,"\ud83d\ude00"`, `["café", "é", 12`,
		`{"a":"\ud83d`, `["\u00`, `[12.`, `{"ab":{"cd":[true,null,"x"],"e":`, `["café et`, `{"ab":"日本`, `["\u00e9 x`,
	} {
		whole := New(Options{})
		require.NoError(t, whole.Feed([]byte(in)))
		require.Equal(t, ErrNeedMore, drain(&whole), in)
		want, err := whole.MarshalBinary()
		require.NoError(t, err, in)
		bytewise := New(Options{})
		for i := range len(in) {
			require.NoError(t, bytewise.Feed([]byte(in[i:i+1])), in)
			require.Equal(t, ErrNeedMore, drain(&bytewise), in)
		}
		got, err := bytewise.MarshalBinary()
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

// TestLimitsMethod: Limits gives the options in force, defaults filled
// in, and survives a checkpoint.
func TestLimitsMethod(t *testing.T) {
	var zero Tokenizer
	def := New(Options{})
	assert.Equal(t, def.Limits(), zero.Limits())
	assert.Equal(t, DefaultMaxDepth, def.Limits().MaxDepth)
	assert.Equal(t, DefaultMaxNumberLength, def.Limits().MaxNumberLength)
	assert.Zero(t, def.Limits().MaxStringLength, "no limit")
	opts := Options{MaxDepth: 5, MaxBytes: 100, MaxStringLength: 7, MaxNumberLength: 3, AllowMultipleValues: true}
	tk := New(opts)
	assert.Equal(t, opts, tk.Limits())
	again := New(tk.Limits())
	assert.Equal(t, tk.Limits(), again.Limits())
	require.NoError(t, tk.Feed([]byte(`[1`)))
	require.Equal(t, ErrNeedMore, drain(&tk))
	b, err := tk.MarshalBinary()
	require.NoError(t, err)
	var back Tokenizer
	require.NoError(t, back.UnmarshalBinary(b))
	assert.Equal(t, opts, back.Limits())
}
