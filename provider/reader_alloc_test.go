package provider

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallReads passes on reads of at most n bytes.
type smallReads struct {
	r io.Reader
	n int
}

func (s smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

// TestReaderZeroAllocs checks that once the buffers have grown, a message
// costs no allocation, in every container, in big reads and in small ones
// that cut lines, elements and frames.
func TestReaderZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	payload := `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Paris\"}"}}`
	for _, tc := range []struct {
		name            string
		c               Container
		prefix, pattern string
	}{
		{"SSE", ContainerSSE, "", "event: content_block_delta\nid: 41\ndata: " + payload + "\n\n: ping\r\ndata: {\r\ndata: \"a\": 1}\r\n\r\n"},
		{"lines", ContainerLines, "", payload + "\n\r\n"},
		{"array", ContainerArray, "[", payload + ",\n"},
		{"event-stream", ContainerEventStream, "", string(esEvent("chunk", payload)) + string(esEvent("contentBlockStop", "{}"))},
	} {
		for _, n := range []int{1 << 20, 7} {
			src := io.MultiReader(strings.NewReader(tc.prefix), &endless{pattern: []byte(tc.pattern)})
			r := NewReader(smallReads{src, n}, ReaderOptions{Container: tc.c})
			next := func() {
				m, err := r.Next()
				if err != nil || len(m.Data) == 0 {
					panic(err)
				}
			}
			for range 100 {
				next()
			}
			allocs := testing.AllocsPerRun(1000, next)
			assert.Zero(t, allocs, "%s, reads of %d bytes", tc.name, n)
		}
	}
	t.Run("auto", func(t *testing.T) {
		r := NewReader(&endless{pattern: []byte("data: {}\n\n")}, ReaderOptions{})
		_, err := r.Next()
		require.NoError(t, err)
		assert.Zero(t, testing.AllocsPerRun(1000, func() { _, _ = r.Next() }))
	})
}
