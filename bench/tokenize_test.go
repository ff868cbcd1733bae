package bench

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/tokenizer"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// benchFile loads a fixture, skipping when the fastjson module is not in
// the module cache.
func benchFile(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := fixtures.BenchFile(name)
	if errors.Is(err, fixtures.ErrAbsent) {
		tb.Skipf("fixture %s: %v", name, err)
	}
	require.NoError(tb, err)
	return data
}

func BenchmarkTokenize(b *testing.B) {
	for _, file := range fixtures.BenchFiles {
		data := benchFile(b, file)
		b.Run(file, func(b *testing.B) {
			for _, im := range impls {
				b.Run(im.name, func(b *testing.B) {
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					var err error
					for b.Loop() {
						err = im.run(data)
					}
					if err != im.done {
						b.Fatalf("%s on %s ended with %v, want %v", im.name, file, err, im.done)
					}
				})
			}
		})
	}
}

// TestPeersAgree makes sure no benchmark times an error path: every peer
// accepts every fixture, and rejects it cut in half.
//
// encoding/json's Decoder.Token is let off the second check: at the end of
// input it returns io.EOF even inside an open container (golang/go#69449).
func TestPeersAgree(t *testing.T) {
	for _, file := range fixtures.BenchFiles {
		t.Run(file, func(t *testing.T) {
			data := benchFile(t, file)
			half := data[:len(data)/2]
			for _, im := range impls {
				assert.Equal(t, im.done, im.run(data), "%s must accept %s", im.name, file)
				if im.name != "encoding-json-token" {
					assert.NotEqual(t, im.done, im.run(half), "%s must reject %s cut in half", im.name, file)
				}
			}
		})
	}
}

// TestTokenCount checks that the deltajson benchmark reads the same token
// stream as jsontext, not a shortcut through it.
func TestTokenCount(t *testing.T) {
	for _, file := range fixtures.BenchFiles {
		t.Run(file, func(t *testing.T) {
			data := benchFile(t, file)

			var got int
			tk := tokenizer.New(tokenizer.Options{})
			require.NoError(t, tk.Feed(data))
			tk.Close()
			for {
				tok, err := tk.Next()
				if err != nil {
					require.Equal(t, io.EOF, err)
					break
				}
				require.True(t, tok.Whole(), "a string fed in one chunk comes whole")
				got++
			}

			var want int
			dec := jsontext.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := dec.ReadToken(); err != nil {
					require.Equal(t, io.EOF, err)
					break
				}
				want++
			}
			assert.Equal(t, want, got)
			t.Logf("%d tokens, %.1f bytes per token", got, float64(len(data))/float64(got))
		})
	}
}

func TestTokenizeAllocs(t *testing.T) {
	for _, file := range fixtures.BenchFiles {
		t.Run(file, func(t *testing.T) {
			data := benchFile(t, file)
			var err error
			allocs := testing.AllocsPerRun(10, func() { err = tokenize(data) })
			require.Equal(t, io.EOF, err)
			assert.Zero(t, allocs, "allocs per run of deltajson on %s", file)
		})
	}
}
