// Package ledgertest is the contract suite of package ledger: every
// [ledger.Store] passes it.
package ledgertest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/ledger"
)

// Open returns a new, empty store that forgets a record ttl after its last
// change; the test closes it, or Open's cleanup does.
type Open func(t *testing.T, ttl time.Duration) ledger.Store

// Run runs the contract of package ledger against the stores open makes,
// as subtests of t.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		run  func(*testing.T, Open)
	}{
		{"ClaimSeenConflict", claimSeenConflict},
		{"Outcomes", outcomes},
		{"Checkpoint", checkpoint},
		{"BadInput", badInput},
		{"Canceled", canceled},
		{"ConcurrentOneID", concurrentOneID},
		{"ConcurrentManyIDs", concurrentManyIDs},
		{"TTL", ttl},
		{"Closed", closed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open) })
	}
}

var ctx = context.Background()

func digest(s string) ledger.Digest { return ledger.DigestOf("tool", []byte(s)) }

func claimSeenConflict(t *testing.T, open Open) {
	s := open(t, 0)
	before := time.Now().Add(-time.Millisecond) // stores may keep ms
	v, rec, err := s.Claim(ctx, "call_1", digest(`{"a":1}`))
	after := time.Now().Add(time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, ledger.VerdictClaimed, v)
	assert.Equal(t, ledger.StateClaimed, rec.State)
	assert.Equal(t, digest(`{"a":1}`), rec.Digest)
	assert.True(t, rec.Claimed.After(before) && rec.Claimed.Before(after), "claimed at %v, not in [%v, %v]", rec.Claimed, before, after)
	assert.True(t, rec.Ended.IsZero())

	got, err := s.Lookup(ctx, "call_1")
	require.NoError(t, err)
	assert.Equal(t, rec.State, got.State)
	assert.Equal(t, rec.Digest, got.Digest)
	assert.True(t, rec.Claimed.Equal(got.Claimed), "lookup says claimed at %v, claim said %v", got.Claimed, rec.Claimed)

	v, seen, err := s.Claim(ctx, "call_1", digest(`{"a":1}`))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictSeen, v)
	assert.True(t, rec.Claimed.Equal(seen.Claimed))

	v, conflict, err := s.Claim(ctx, "call_1", digest(`{"a":2}`))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictConflict, v)
	assert.Equal(t, digest(`{"a":1}`), conflict.Digest, "a conflict leaves the first claim's digest")

	// Another ID is its own claim.
	v, _, err = s.Claim(ctx, "call_2", digest(`{"a":1}`))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictClaimed, v)

	none, err := s.Lookup(ctx, "call_never")
	require.NoError(t, err)
	assert.Equal(t, ledger.Record{}, none)
}

func outcomes(t *testing.T, open Open) {
	s := open(t, 0)
	for _, tc := range []struct {
		name        string
		first, then func(context.Context, string) error
		state       ledger.State
	}{
		{"done", s.Done, s.Fail, ledger.StateDone},
		{"fail", s.Fail, s.Done, ledger.StateFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := "call_" + tc.name
			err := tc.first(ctx, id)
			require.ErrorIs(t, err, ledger.ErrNotClaimed, "an outcome before the claim")
			_, _, err = s.Claim(ctx, id, digest("{}"))
			require.NoError(t, err)
			require.NoError(t, tc.first(ctx, id))
			require.NoError(t, tc.first(ctx, id), "the same outcome again")
			err = tc.then(ctx, id)
			require.ErrorIs(t, err, ledger.ErrOutcome, "the other outcome")
			var le *ledger.Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, id, le.ID)

			rec, err := s.Lookup(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, tc.state, rec.State)
			assert.False(t, rec.Ended.IsZero())
			assert.False(t, rec.Ended.Before(rec.Claimed))

			v, again, err := s.Claim(ctx, id, digest("{}"))
			require.NoError(t, err)
			assert.Equal(t, ledger.VerdictSeen, v, "a call with an outcome is seen")
			assert.Equal(t, tc.state, again.State)
		})
	}
}

func checkpoint(t *testing.T, open Open) {
	s := open(t, 0)
	cp, err := s.Checkpoint(ctx, "call_cp")
	require.NoError(t, err)
	assert.Nil(t, cp)

	bin := []byte("\x00checkpoint bytes\xff")
	require.NoError(t, s.SaveCheckpoint(ctx, "call_cp", bin))
	bin[0] = 'X' // the store kept a copy
	rec, err := s.Lookup(ctx, "call_cp")
	require.NoError(t, err)
	assert.Equal(t, ledger.StateOpen, rec.State)
	assert.True(t, rec.Claimed.IsZero())
	cp, err = s.Checkpoint(ctx, "call_cp")
	require.NoError(t, err)
	assert.Equal(t, []byte("\x00checkpoint bytes\xff"), cp)

	require.NoError(t, s.SaveCheckpoint(ctx, "call_cp", []byte("later")))
	cp, err = s.Checkpoint(ctx, "call_cp")
	require.NoError(t, err)
	assert.Equal(t, []byte("later"), cp)

	// An open record is claimed as a new one, and keeps its checkpoint.
	v, rec, err := s.Claim(ctx, "call_cp", digest("{}"))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictClaimed, v)
	assert.Equal(t, ledger.StateClaimed, rec.State)
	cp, err = s.Checkpoint(ctx, "call_cp")
	require.NoError(t, err)
	assert.Equal(t, []byte("later"), cp)

	// A checkpoint saved after the claim does not take the claim back.
	require.NoError(t, s.SaveCheckpoint(ctx, "call_cp", []byte("after")))
	rec, err = s.Lookup(ctx, "call_cp")
	require.NoError(t, err)
	assert.Equal(t, ledger.StateClaimed, rec.State)
	v, _, err = s.Claim(ctx, "call_cp", digest("{}"))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictSeen, v)

	// An empty checkpoint is none.
	require.NoError(t, s.SaveCheckpoint(ctx, "call_cp", []byte{}))
	cp, err = s.Checkpoint(ctx, "call_cp")
	require.NoError(t, err)
	assert.Nil(t, cp)
}

func badInput(t *testing.T, open Open) {
	s := open(t, 0)
	long := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		name string
		id   string
		want error
	}{
		{"empty", "", ledger.ErrEmptyID},
		{"1MB", long, ledger.ErrIDTooLong},
		{"one past the max", strings.Repeat("y", ledger.MaxIDBytes+1), ledger.ErrIDTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, rec, err := s.Claim(ctx, tc.id, digest("{}"))
			requireError(t, err, tc.want, "claim")
			assert.Equal(t, ledger.VerdictNone, v)
			assert.Equal(t, ledger.Record{}, rec)
			requireError(t, s.Done(ctx, tc.id), tc.want, "done")
			requireError(t, s.Fail(ctx, tc.id), tc.want, "fail")
			_, err = s.Lookup(ctx, tc.id)
			requireError(t, err, tc.want, "lookup")
			requireError(t, s.SaveCheckpoint(ctx, tc.id, []byte("cp")), tc.want, "save checkpoint")
			_, err = s.Checkpoint(ctx, tc.id)
			requireError(t, err, tc.want, "checkpoint")
		})
	}
	t.Run("the max", func(t *testing.T) {
		id := strings.Repeat("z", ledger.MaxIDBytes)
		v, _, err := s.Claim(ctx, id, digest("{}"))
		require.NoError(t, err)
		assert.Equal(t, ledger.VerdictClaimed, v)
		rec, err := s.Lookup(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, ledger.StateClaimed, rec.State)
	})
	t.Run("checkpoint too large", func(t *testing.T) {
		err := s.SaveCheckpoint(ctx, "call_big", make([]byte, ledger.MaxCheckpointBytes+1))
		requireError(t, err, ledger.ErrCheckpointTooLarge, "save checkpoint")
		rec, err := s.Lookup(ctx, "call_big")
		require.NoError(t, err)
		assert.Equal(t, ledger.StateNone, rec.State)
	})
}

// requireError requires err to be a *ledger.Error for op that wraps want.
func requireError(t *testing.T, err, want error, op string) {
	t.Helper()
	require.ErrorIs(t, err, want, op)
	var le *ledger.Error
	require.ErrorAs(t, err, &le, op)
	assert.Equal(t, op, le.Op)
	assert.LessOrEqual(t, len(le.ID), 64+len("…"), "an error keeps a short ID")
}

func canceled(t *testing.T, open Open) {
	s := open(t, 0)
	c, cancel := context.WithCancel(ctx)
	cancel()
	v, _, err := s.Claim(c, "call_c", digest("{}"))
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, ledger.VerdictNone, v)
	v, _, err = s.Claim(ctx, "call_c", digest("{}"))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictClaimed, v, "a canceled claim claimed nothing")
}

// goroutines is how many goroutines claim at once in the concurrent tests.
const goroutines = 32

func concurrentOneID(t *testing.T, open Open) {
	s := open(t, 0)
	var wg sync.WaitGroup
	verdicts := make([]ledger.Verdict, goroutines)
	errs := make([]error, goroutines)
	start := make(chan struct{})
	for g := range goroutines {
		wg.Go(func() {
			<-start
			verdicts[g], _, errs[g] = s.Claim(ctx, "call_race", digest("{}"))
		})
	}
	close(start)
	wg.Wait()
	claimed := 0
	for g := range goroutines {
		require.NoError(t, errs[g])
		switch verdicts[g] {
		case ledger.VerdictClaimed:
			claimed++
		case ledger.VerdictSeen:
		default:
			t.Errorf("goroutine %d: verdict %v", g, verdicts[g])
		}
	}
	assert.Equal(t, 1, claimed, "claims that won")
}

func concurrentManyIDs(t *testing.T, open Open) {
	s := open(t, 0)
	const ids = 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := map[string]int{}
	for range goroutines / 4 {
		wg.Go(func() {
			for i := range ids {
				id := fmt.Sprintf("call_%d", i)
				v, _, err := s.Claim(ctx, id, digest("{}"))
				if !assert.NoError(t, err) {
					return
				}
				if v == ledger.VerdictClaimed {
					mu.Lock()
					won[id]++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	require.Len(t, won, ids)
	for id, n := range won {
		assert.Equal(t, 1, n, "claims of %s that won", id)
	}
}

func ttl(t *testing.T, open Open) {
	const ttl = 150 * time.Millisecond
	s := open(t, ttl)
	_, _, err := s.Claim(ctx, "call_t", digest("{}"))
	require.NoError(t, err)
	require.NoError(t, s.SaveCheckpoint(ctx, "call_cp", []byte("cp")))
	time.Sleep(3 * ttl)
	rec, err := s.Lookup(ctx, "call_t")
	require.NoError(t, err)
	assert.Equal(t, ledger.Record{}, rec, "forgotten after the TTL")
	cp, err := s.Checkpoint(ctx, "call_cp")
	require.NoError(t, err)
	assert.Nil(t, cp, "a checkpoint is forgotten after the TTL")
	v, _, err := s.Claim(ctx, "call_t", digest("{}"))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictClaimed, v, "a forgotten ID is new again")

	// A TTL whose end is past what a clock can say keeps records.
	s = open(t, math.MaxInt64)
	for i, want := range []ledger.Verdict{ledger.VerdictClaimed, ledger.VerdictSeen} {
		v, _, err := s.Claim(ctx, "call_long", digest("{}"))
		require.NoError(t, err)
		assert.Equal(t, want, v, "claim %d under the longest TTL", i+1)
	}
}

func closed(t *testing.T, open Open) {
	s := open(t, 0)
	require.NoError(t, s.Close())
	_, _, err := s.Claim(ctx, "call_1", digest("{}"))
	require.True(t, errors.Is(err, ledger.ErrClosed), "claim after close: %v", err)
	_, err = s.Lookup(ctx, "call_1")
	require.ErrorIs(t, err, ledger.ErrClosed)
	require.ErrorIs(t, s.Close(), ledger.ErrClosed, "close twice")
}
