package bench

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/fixtures"
)

// streamDocs are the documents of BenchmarkStream: toolargs, 20 KB of
// made-up tool arguments (corpus.ToolArgs), and fastjson's twitter.json.
func streamDocs(tb testing.TB) []struct {
	name string
	data []byte
} {
	tw, err := fixtures.BenchFile("twitter")
	require.NoError(tb, err)
	return []struct {
		name string
		data []byte
	}{{"toolargs", corpus.ToolArgs(20 << 10)}, {"twitter", tw}}
}

// reparseBudget skips the quadratic modes where one op would validate more
// than this many bytes (twitter below 4 KB deltas): seconds per op, which
// -benchtime 100x would make many minutes.
const reparseBudget = 3e8

// BenchmarkStream streams a document as argument deltas of n bytes.
// SetBytes is the document's size, so MB/s compares across modes and
// chunk sizes. Reparsing is quadratic: run it with -benchtime 1x or 3x.
func BenchmarkStream(b *testing.B) {
	for _, doc := range streamDocs(b) {
		for _, n := range []int{1, 8, 64, 512, 0} {
			chunk := "all"
			if n > 0 {
				chunk = strconv.Itoa(n)
			}
			for _, m := range streamModes() {
				b.Run(doc.name+"/chunk="+chunk+"/"+m.Name, func(b *testing.B) {
					if work := reparseWork(len(doc.data), n); m.Quadratic && work > reparseBudget {
						b.Skipf("reparsing validates %.0e bytes per op", work)
					}
					s := Cut(doc.data, n)
					b.SetBytes(int64(len(doc.data)))
					b.ReportAllocs()
					for b.Loop() {
						if err := m.Run(s); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// reparseWork is the number of bytes validated when reparsing after every
// delta.
func reparseWork(size, n int) float64 {
	if n <= 0 {
		return float64(size)
	}
	deltas := float64((size + n - 1) / n)
	return deltas * float64(size) / 2
}

// streamModes are StreamModes with SetMode and GrowMode after resume.
func streamModes() []StreamMode {
	return append([]StreamMode{StreamModes[0], SetMode, GrowMode}, StreamModes[1:]...)
}

func TestStreamModesAgree(t *testing.T) {
	for _, doc := range streamDocs(t) {
		for _, m := range streamModes() {
			for _, n := range []int{0, 4096} {
				require.NoError(t, m.Run(Cut(doc.data, n)), "%s %s chunk=%d", doc.name, m.Name, n)
			}
			half := doc.data[:len(doc.data)/2]
			require.Error(t, m.Run(Cut(half, 0)), "%s %s must reject half a document", doc.name, m.Name)
		}
	}
}

// The stream core allocates nothing per delta once its buffer is sized.
func TestStreamResumeAllocs(t *testing.T) {
	doc := corpus.ToolArgs(20 << 10)
	s := Cut(doc, 1)
	perStream := testing.AllocsPerRun(5, func() { require.NoError(t, StreamResume(s)) })
	deltas := float64(len(doc))
	t.Logf("%.0f allocations per stream of %.0f deltas", perStream, deltas)
	require.Less(t, perStream, 10.0, "a call and its buffer, not one per delta")
}

func TestCut(t *testing.T) {
	doc := []byte(`{"a":[1,2]}`) // 11 bytes
	for _, tt := range []struct {
		chunk int
		want  []string
	}{
		{0, []string{`{"a":[1,2]}`}},
		{-1, []string{`{"a":[1,2]}`}},
		{4, []string{`{"a"`, `:[1,`, `2]}`}},
		{11, []string{`{"a":[1,2]}`}},
		{64, []string{`{"a":[1,2]}`}},
	} {
		s := Cut(doc, tt.chunk)
		require.Equal(t, doc, s.Doc)
		var got []string
		for _, d := range s.Deltas {
			got = append(got, string(d))
			require.Equal(t, len(d), cap(d), "a delta has no room to append into")
		}
		require.Equal(t, tt.want, got, "chunk=%d", tt.chunk)
	}
	require.Len(t, Cut(doc, 1).Deltas, len(doc))
	require.Empty(t, Cut(nil, 1).Deltas)
	require.Empty(t, Cut(nil, 0).Deltas)
}
