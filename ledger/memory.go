package ledger

import (
	"context"
	"sync"
	"time"
)

// Memory is a [Store] in memory, for tests and for a single process. Its
// records last as long as the process, up to the TTL: it holds every call
// claimed in the last TTL.
type Memory struct {
	mu     sync.Mutex
	ttl    time.Duration
	m      map[string]*memEntry
	oldest *memEntry // the list of entries by last change, oldest first
	newest *memEntry
	closed bool
}

// memEntry is one ID's record in a Memory.
type memEntry struct {
	id           string
	rec          Record
	cp           []byte
	expires      time.Time
	older, newer *memEntry
}

// NewMemory returns an empty [Memory] that forgets a record ttl after its
// last change: [DefaultTTL] when ttl is 0, never when it is negative.
func NewMemory(ttl time.Duration) *Memory {
	if ttl == 0 {
		ttl = DefaultTTL
	}
	return &Memory{ttl: ttl, m: make(map[string]*memEntry)}
}

// begin checks ctx and id, locks m and forgets the expired records, and
// returns the time now, or an error for op with m unlocked.
func (m *Memory) begin(ctx context.Context, op, id string) (time.Time, error) {
	if err := CheckID(id); err != nil {
		return time.Time{}, NewError(op, id, err, nil)
	}
	if err := ctx.Err(); err != nil {
		return time.Time{}, NewError(op, id, err, nil)
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return time.Time{}, NewError(op, id, ErrClosed, nil)
	}
	now := time.Now().Round(0)
	for e := m.oldest; e != nil && m.ttl > 0 && !now.Before(e.expires); e = m.oldest {
		m.unlink(e)
		delete(m.m, e.id)
	}
	return now, nil
}

// touch makes e the newest entry, changed at now; a new e is added.
func (m *Memory) touch(e *memEntry, isNew bool, now time.Time) {
	if isNew {
		m.m[e.id] = e
	} else {
		m.unlink(e)
	}
	e.expires = now.Add(m.ttl)
	e.older, e.newer = m.newest, nil
	if m.newest != nil {
		m.newest.newer = e
	} else {
		m.oldest = e
	}
	m.newest = e
}

func (m *Memory) unlink(e *memEntry) {
	if e.older != nil {
		e.older.newer = e.newer
	} else {
		m.oldest = e.newer
	}
	if e.newer != nil {
		e.newer.older = e.older
	} else {
		m.newest = e.older
	}
	e.older, e.newer = nil, nil
}

// Claim implements [Store.Claim].
func (m *Memory) Claim(ctx context.Context, id string, d Digest) (Verdict, Record, error) {
	now, err := m.begin(ctx, "claim", id)
	if err != nil {
		return VerdictNone, Record{}, err
	}
	defer m.mu.Unlock()
	e, ok := m.m[id]
	if !ok {
		e = &memEntry{id: id}
	}
	if v := e.rec.Verdict(d); v != VerdictNone {
		return v, e.rec, nil
	}
	e.rec = Record{State: StateClaimed, Digest: d, Claimed: now}
	m.touch(e, !ok, now)
	return VerdictClaimed, e.rec, nil
}

// Done implements [Store.Done].
func (m *Memory) Done(ctx context.Context, id string) error { return m.end(ctx, "done", id, StateDone) }

// Fail implements [Store.Fail].
func (m *Memory) Fail(ctx context.Context, id string) error {
	return m.end(ctx, "fail", id, StateFailed)
}

func (m *Memory) end(ctx context.Context, op, id string, to State) error {
	now, err := m.begin(ctx, op, id)
	if err != nil {
		return err
	}
	defer m.mu.Unlock()
	e := m.m[id]
	var from State
	if e != nil {
		from = e.rec.State
	}
	if err := Transition(from, to); err != nil {
		return NewError(op, id, err, nil)
	}
	if from != to {
		e.rec.State, e.rec.Ended = to, now
		m.touch(e, false, now)
	}
	return nil
}

// Transition returns nil when a record in state from may take the outcome
// to (StateDone or StateFailed), which is a change unless from is to;
// else [ErrNotClaimed] or [ErrOutcome], bare. Stores outside this package
// call it to keep the rules of the package doc.
func Transition(from, to State) error {
	switch {
	case from < StateClaimed:
		return ErrNotClaimed
	case from != StateClaimed && from != to:
		return ErrOutcome
	}
	return nil
}

// Lookup implements [Store.Lookup].
func (m *Memory) Lookup(ctx context.Context, id string) (Record, error) {
	if _, err := m.begin(ctx, "lookup", id); err != nil {
		return Record{}, err
	}
	defer m.mu.Unlock()
	if e := m.m[id]; e != nil {
		return e.rec, nil
	}
	return Record{}, nil
}

// SaveCheckpoint implements [Store.SaveCheckpoint].
func (m *Memory) SaveCheckpoint(ctx context.Context, id string, cp []byte) error {
	if len(cp) > MaxCheckpointBytes {
		return NewError("save checkpoint", id, ErrCheckpointTooLarge, nil)
	}
	now, err := m.begin(ctx, "save checkpoint", id)
	if err != nil {
		return err
	}
	defer m.mu.Unlock()
	e, ok := m.m[id]
	if !ok {
		e = &memEntry{id: id, rec: Record{State: StateOpen}}
	}
	e.cp = append(e.cp[:0:0], cp...)
	m.touch(e, !ok, now)
	return nil
}

// Checkpoint implements [Store.Checkpoint].
func (m *Memory) Checkpoint(ctx context.Context, id string) ([]byte, error) {
	if _, err := m.begin(ctx, "checkpoint", id); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	if e := m.m[id]; e != nil && e.cp != nil {
		return append([]byte(nil), e.cp...), nil
	}
	return nil, nil
}

// Close implements [Store.Close]: it drops the records.
func (m *Memory) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return NewError("close", "", ErrClosed, nil)
	}
	m.closed, m.m, m.oldest, m.newest = true, nil, nil, nil
	return nil
}

var _ Store = (*Memory)(nil)
