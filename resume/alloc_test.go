package resume_test

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// TestZeroAllocs checks that a delta costs no allocation once the call's
// buffer has room, at any delta size, with the view read after each.
func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	doc := []byte(toolargs)
	for _, n := range []int{1, 8, 64, 512} {
		c := resume.NewCall("0", resume.Options{Capacity: len(doc) * 2})
		view := make([]byte, 0, len(doc)*2)
		i := 0
		allocs := testing.AllocsPerRun(1000, func() {
			j := min(i+n, len(doc))
			if err := c.Delta(doc[i:j], -1, -1); err != nil {
				panic(err)
			}
			view = c.AppendPartial(view[:0])
			_ = c.Status()
			i = j
			if i == len(doc) {
				c.End(nil)
				c = resume.NewCall("0", resume.Options{Capacity: len(doc) * 2}) // outside the steady state
				i = 0
			}
		})
		// A new call is made at most once every len(doc)/n deltas.
		assert.Less(t, allocs, 0.5, "chunk %d", n)
	}
	t.Run("steady", func(t *testing.T) {
		c := resume.NewCall("0", resume.Options{Capacity: 1 << 20})
		require.NoError(t, c.Delta([]byte(`{"content":"`), -1, -1))
		piece := []byte(`Grüße 日本語 😀 \"q\" \u00e9 `)
		allocs := testing.AllocsPerRun(2000, func() {
			_ = c.Delta(piece, -1, -1)
		})
		assert.Zero(t, allocs)
		require.Equal(t, resume.StatusReceiving, c.Status())
	})
	t.Run("set", func(t *testing.T) {
		// Two calls' deltas interleaved through a Set, one byte and a
		// piece in turn, with and without a total cap.
		for _, total := range []int64{0, 1 << 30} {
			s := resume.NewSet(resume.Options{Capacity: 1 << 20, MaxTotalBytes: total})
			for _, k := range []string{"a", "b"} {
				_, err := s.Apply(delta(k, `{"content":"`))
				require.NoError(t, err)
			}
			evs := []resume.Event{delta("a", "x"), delta("b", `Grüße 😀 \u00e9 `), delta("b", "y"), delta("a", `日本語 \"q\" `)}
			i := 0
			allocs := testing.AllocsPerRun(2000, func() {
				if _, err := s.Apply(evs[i%len(evs)]); err != nil {
					panic(err)
				}
				i++
			})
			assert.Zero(t, allocs, "total cap %d", total)
			require.Equal(t, resume.StatusReceiving, s.Call("a").Status())
		}
	})
}

// TestCallSize checks what an open call costs beyond its argument bytes,
// whose figures bench/README.md gives: a call whose bytes are held back
// has made no tokenizer yet, so it costs a Call, and a Set holds little
// for it beside the Call itself.
func TestCallSize(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	size, tk := unsafe.Sizeof(resume.Call{}), unsafe.Sizeof(tokenizer.Tokenizer{})
	t.Logf("unsafe.Sizeof(resume.Call{}) = %d, and a tokenizer when it needs one %d", size, tk)
	assert.Less(t, size, tk, "a Call's own fields are smaller than a tokenizer")

	const calls = 2000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const args = `{"a":[1,{"b":"x`
	// Room for every call (MaxCalls would refuse all but 256), and each
	// buffer the size of its bytes: no spare room, which the doc counts
	// apart.
	s := resume.NewSet(resume.Options{MaxCalls: calls, Capacity: len(args)})
	keys := make([]string, calls) // keys are the caller's, made before
	for i := range keys {
		keys[i] = string(rune('a'+i%26)) + string(rune('0'+i/26%10)) + string(rune('A'+i/260))
	}
	runtime.GC()
	runtime.ReadMemStats(&before)
	for _, k := range keys {
		_, err := s.Apply(delta(k, args))
		require.NoError(t, err)
	}
	require.Equal(t, calls, len(s.Calls()))
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc)/calls - float64(len(args))
	t.Logf("heap per open call beyond its argument bytes: %.0f bytes", per)
	assert.Less(t, per, 1.5*float64(size), "a Call, and less than half as much again")
	runtime.KeepAlive(s)
}

// TestGrowth: a call given no Capacity grows its buffer by doubling, so
// that 20 KB in 64-byte deltas costs a handful of allocations, not a
// growth by a quarter every few KB (TestReserveRoom checks the room).
func TestGrowth(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	doc := []byte(toolargs)
	require.Greater(t, len(doc), 16<<10)
	allocs := testing.AllocsPerRun(20, func() {
		c := resume.NewCall("0", resume.Options{})
		for i := 0; i < len(doc); i += 64 {
			if err := c.Delta(doc[i:min(i+64, len(doc))], -1, -1); err != nil {
				panic(err)
			}
		}
	})
	// The Call and its options, then 576 B, 1.25, 2.6, 6, 13 and 27 KB:
	// each a doubling rounded up to the heap's size class, which the
	// buffer keeps as room (with make's exact sizes it took 7 growths).
	assert.LessOrEqual(t, allocs, 8.0)
}
