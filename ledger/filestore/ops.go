package filestore

import (
	"context"
	"encoding/binary"
	"math"
	"runtime/debug"
	"time"

	"go.etcd.io/bbolt"

	"github.com/deltajson/deltajson/ledger"
)

// maxBatch is the most writes the writer commits together.
const maxBatch = 256

// maxSweep is the most expired records a write forgets, so that a write
// after a long pause does not take long; the next writes forget the rest.
const maxSweep = 256

// An op is one write, applied by the writer in a transaction with the
// writes that waited beside it. apply returns an error that undoes the
// whole transaction (a record that cannot be read, a failed put); a
// refusal that writes nothing (ErrOutcome) it keeps in its own result.
type op struct {
	apply func(tx *bbolt.Tx, now time.Time) error
	done  chan error
}

// writer commits the ops sent to s.ops, each batch in one transaction and
// one sync, until s.ops is closed.
func (s *Store) writer() {
	defer close(s.done)
	batch := make([]*op, 0, maxBatch)
	for first := range s.ops {
		batch = append(batch[:0], first)
	more:
		for len(batch) < maxBatch {
			select {
			case o, ok := <-s.ops:
				if !ok {
					break more
				}
				batch = append(batch, o)
			default:
				break more
			}
		}
		err := s.commit(batch)
		for _, o := range batch {
			o.done <- err
		}
	}
}

// commit applies batch in one transaction.
func (s *Store) commit(batch []*op) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverCorrupt(&err)
	return s.db.Update(func(tx *bbolt.Tx) error {
		now := time.Now()
		if err := s.sweep(tx, now); err != nil {
			return err
		}
		for _, o := range batch {
			if err := o.apply(tx, now); err != nil {
				return err
			}
		}
		return nil
	})
}

// sweep forgets up to maxSweep records that expired by now.
func (s *Store) sweep(tx *bbolt.Tx, now time.Time) error {
	expiry := tx.Bucket(bucketExpiry)
	var keys [][]byte
	c := expiry.Cursor()
	for k, _ := c.First(); k != nil && len(keys) < maxSweep; k, _ = c.Next() {
		if len(k) <= 8 || int64(binary.BigEndian.Uint64(k)) > now.UnixNano() {
			break
		}
		keys = append(keys, k)
	}
	calls, cps := tx.Bucket(bucketCalls), tx.Bucket(bucketCheckpoints)
	for _, k := range keys {
		id := k[8:]
		if v := calls.Get(id); v != nil {
			if e, err := decode(v); err != nil {
				return err
			} else if e.expires != int64(binary.BigEndian.Uint64(k)) {
				return corrupt("an expiry key that its record does not name")
			}
		}
		for _, err := range []error{calls.Delete(id), cps.Delete(id), expiry.Delete(k)} {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// write checks ctx and id, has apply committed, and returns its error as
// a *ledger.Error for op on id.
func (s *Store) write(ctx context.Context, opName, id string, apply func(tx *bbolt.Tx, now time.Time) error) error {
	if err := ledger.CheckID(id); err != nil {
		return ledger.NewError(opName, id, err, nil)
	}
	if err := ctx.Err(); err != nil {
		return ledger.NewError(opName, id, err, nil)
	}
	o := &op{apply: apply, done: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ledger.NewError(opName, id, ledger.ErrClosed, nil)
	}
	s.ops <- o
	s.mu.RUnlock()
	// The write is not abandoned when ctx ends: once sent, it may
	// commit, and its caller must know.
	if err := <-o.done; err != nil {
		return ledger.NewError(opName, id, kindOf(err), err)
	}
	return nil
}

// read checks ctx and id and runs fn in a read transaction.
func (s *Store) read(ctx context.Context, opName, id string, fn func(tx *bbolt.Tx) error) error {
	if err := ledger.CheckID(id); err != nil {
		return ledger.NewError(opName, id, err, nil)
	}
	return s.view(ctx, opName, id, fn)
}

// view is read for an operation on id, or on every ID ("").
func (s *Store) view(ctx context.Context, opName, id string, fn func(tx *bbolt.Tx) error) (err error) {
	if err := ctx.Err(); err != nil {
		return ledger.NewError(opName, id, err, nil)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ledger.NewError(opName, id, ledger.ErrClosed, nil)
	}
	defer func() {
		if err != nil {
			err = ledger.NewError(opName, id, kindOf(err), err)
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverCorrupt(&err)
	return s.db.View(fn)
}

// get returns the entry of id, or a zero one when there is none; when it
// expired by now, its record is zero but its expiry is kept, for put to
// delete.
func get(tx *bbolt.Tx, id string, now time.Time) (entry, error) {
	v := tx.Bucket(bucketCalls).Get([]byte(id))
	if v == nil {
		return entry{}, nil
	}
	e, err := decode(v)
	if err != nil {
		return entry{}, err
	}
	if e.expires != 0 && e.expires <= now.UnixNano() {
		return entry{expires: e.expires}, nil
	}
	return e, nil
}

// lastExpiry is the last time an expiry can be kept at (in Unix
// nanoseconds): a record whose TTL ends after it is kept for ever.
var lastExpiry = time.Unix(0, math.MaxInt64)

// put stores rec for id, whose entry was old, changed at now: the record
// expires the TTL after now.
func (s *Store) put(tx *bbolt.Tx, id string, old entry, rec ledger.Record, now time.Time) error {
	if old.rec.State == ledger.StateNone { // new, or expired: no checkpoint yet
		if err := tx.Bucket(bucketCheckpoints).Delete([]byte(id)); err != nil {
			return err
		}
	}
	expiry := tx.Bucket(bucketExpiry)
	if old.expires != 0 {
		if err := expiry.Delete(expiryKey(old.expires, id)); err != nil {
			return err
		}
	}
	e := entry{rec: rec}
	if exp := now.Add(s.ttl); s.ttl > 0 && exp.Before(lastExpiry) {
		e.expires = exp.UnixNano()
		if err := expiry.Put(expiryKey(e.expires, id), []byte{}); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketCalls).Put([]byte(id), encode(make([]byte, 0, recordSize), e))
}

// Claim implements [ledger.Store.Claim]. The claim is on disk when it
// returns.
func (s *Store) Claim(ctx context.Context, id string, d ledger.Digest) (ledger.Verdict, ledger.Record, error) {
	// A claim found by a read is final (a record only moves forward, or
	// expires): a replay's claims are answered without a write and a sync.
	var v ledger.Verdict
	var rec ledger.Record
	err := s.read(ctx, "claim", id, func(tx *bbolt.Tx) error {
		e, err := get(tx, id, time.Now())
		v, rec = e.rec.Verdict(d), e.rec
		return err
	})
	if err != nil {
		return ledger.VerdictNone, ledger.Record{}, err
	}
	if v != ledger.VerdictNone {
		return v, rec, nil
	}
	err = s.write(ctx, "claim", id, func(tx *bbolt.Tx, now time.Time) error {
		old, err := get(tx, id, now)
		if err != nil {
			return err
		}
		if v, rec = old.rec.Verdict(d), old.rec; v != ledger.VerdictNone {
			return nil
		}
		v, rec = ledger.VerdictClaimed, ledger.Record{State: ledger.StateClaimed, Digest: d, Claimed: time.Unix(0, now.UnixNano())}
		return s.put(tx, id, old, rec, now)
	})
	if err != nil {
		return ledger.VerdictNone, ledger.Record{}, err
	}
	return v, rec, nil
}

// Done implements [ledger.Store.Done].
func (s *Store) Done(ctx context.Context, id string) error {
	return s.end(ctx, "done", id, ledger.StateDone)
}

// Fail implements [ledger.Store.Fail].
func (s *Store) Fail(ctx context.Context, id string) error {
	return s.end(ctx, "fail", id, ledger.StateFailed)
}

func (s *Store) end(ctx context.Context, opName, id string, to ledger.State) error {
	var refused error
	err := s.write(ctx, opName, id, func(tx *bbolt.Tx, now time.Time) error {
		old, err := get(tx, id, now)
		if err != nil {
			return err
		}
		if refused = ledger.Transition(old.rec.State, to); refused != nil || old.rec.State == to {
			return nil
		}
		rec := old.rec
		rec.State, rec.Ended = to, time.Unix(0, now.UnixNano())
		return s.put(tx, id, old, rec, now)
	})
	if err == nil && refused != nil {
		err = ledger.NewError(opName, id, refused, nil)
	}
	return err
}

// Lookup implements [ledger.Store.Lookup].
func (s *Store) Lookup(ctx context.Context, id string) (ledger.Record, error) {
	var e entry
	err := s.read(ctx, "lookup", id, func(tx *bbolt.Tx) (err error) {
		e, err = get(tx, id, time.Now())
		return err
	})
	return e.rec, err
}

// Each calls fn with each record the store holds, in the order of their
// IDs, until fn returns an error, which Each returns. fn must not call
// the store. It is for a person or a policy deciding on claims whose
// process died (see package ledger's rules).
func (s *Store) Each(ctx context.Context, fn func(id string, r ledger.Record) error) error {
	var fnErr error
	err := s.view(ctx, "each", "", func(tx *bbolt.Tx) error {
		now := time.Now()
		return tx.Bucket(bucketCalls).ForEach(func(k, _ []byte) error {
			e, err := get(tx, string(k), now)
			if err != nil || e.rec.State == ledger.StateNone {
				return err
			}
			fnErr = fn(string(k), e.rec)
			return fnErr
		})
	})
	if fnErr != nil {
		return fnErr
	}
	return err
}

// SaveCheckpoint implements [ledger.Store.SaveCheckpoint]. The checkpoint
// is on disk when it returns.
func (s *Store) SaveCheckpoint(ctx context.Context, id string, cp []byte) error {
	if len(cp) > ledger.MaxCheckpointBytes {
		return ledger.NewError("save checkpoint", id, ledger.ErrCheckpointTooLarge, nil)
	}
	return s.write(ctx, "save checkpoint", id, func(tx *bbolt.Tx, now time.Time) error {
		old, err := get(tx, id, now)
		if err != nil {
			return err
		}
		rec := old.rec
		if rec.State == ledger.StateNone {
			rec.State = ledger.StateOpen
		}
		if err := s.put(tx, id, old, rec, now); err != nil {
			return err
		}
		return tx.Bucket(bucketCheckpoints).Put([]byte(id), cp)
	})
}

// Checkpoint implements [ledger.Store.Checkpoint].
func (s *Store) Checkpoint(ctx context.Context, id string) ([]byte, error) {
	var cp []byte
	err := s.read(ctx, "checkpoint", id, func(tx *bbolt.Tx) error {
		e, err := get(tx, id, time.Now())
		if err != nil || e.rec.State == ledger.StateNone {
			return err
		}
		if v := tx.Bucket(bucketCheckpoints).Get([]byte(id)); v != nil {
			cp = append([]byte(nil), v...) // v lives as long as the transaction
		}
		return nil
	})
	return cp, err
}
