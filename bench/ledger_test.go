package bench

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/redistest"
	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/filestore"
	"github.com/deltajson/deltajson/ledger/redisstore"
)

// BenchmarkLedger claims new call IDs in each ledger store: claim one
// after another, claim-parallel from GOMAXPROCS*8 goroutines at once (a
// handler's concurrent calls; filestore shares a sync among them). Each
// claim is a new ID, so every one writes. floor is what bounds a store's
// claim, timed alone: for file, a 4 KB write and a sync (fsync) in a
// file beside the ledger's; for redis, a PING's round trip. There is no
// SetBytes: a claim's cost does not grow with its bytes.
func BenchmarkLedger(b *testing.B) {
	ctx := context.Background()
	b.Run("file/floor", func(b *testing.B) {
		f, err := os.Create(filepath.Join(b.TempDir(), "floor"))
		require.NoError(b, err)
		defer f.Close()
		page := make([]byte, 4096)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := f.WriteAt(page, 0); err != nil {
				b.Fatal(err)
			}
			if err := f.Sync(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("redis/floor", func(b *testing.B) {
		c := redis.NewClient(&redis.Options{Addr: redistest.Start(b)})
		defer c.Close()
		b.ReportAllocs()
		for b.Loop() {
			if err := c.Ping(ctx).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	stores := []struct {
		name string
		open func(b *testing.B) ledger.Store
	}{
		{"memory", func(b *testing.B) ledger.Store { return ledger.NewMemory(0) }},
		{"file", func(b *testing.B) ledger.Store {
			s, err := filestore.Open(filepath.Join(b.TempDir(), "calls.ledger"), filestore.Options{})
			require.NoError(b, err)
			return s
		}},
		{"redis", func(b *testing.B) ledger.Store {
			c := redis.NewClient(&redis.Options{Addr: redistest.Start(b), PoolSize: 64})
			b.Cleanup(func() { c.Close() })
			return redisstore.New(c, redisstore.Options{Prefix: b.Name() + ":"})
		}},
	}
	d := ledger.DigestOf("get_weather", []byte(`{"city":"Paris"}`))
	for _, st := range stores {
		b.Run(st.name+"/claim", func(b *testing.B) {
			s := st.open(b)
			defer s.Close()
			ids := benchIDs(b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if v, _, err := s.Claim(ctx, ids[i], d); err != nil || v != ledger.VerdictClaimed {
					b.Fatal(v, err)
				}
			}
		})
		b.Run(st.name+"/claim-parallel", func(b *testing.B) {
			s := st.open(b)
			defer s.Close()
			ids := benchIDs(b.N)
			var next atomic.Int64
			b.ReportAllocs()
			b.SetParallelism(8)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					id := ids[next.Add(1)-1]
					if v, _, err := s.Claim(ctx, id, d); err != nil || v != ledger.VerdictClaimed {
						b.Error(v, err)
						return
					}
				}
			})
		})
	}
}

// benchIDs returns n call IDs shaped like OpenAI's.
func benchIDs(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = "call_" + strconv.Itoa(1e12+i) + "aBcDeFgHiJ"
	}
	return ids
}
