// Package redisstore is a [ledger.Store] in Redis, for a fleet: processes
// and machines that share one Redis share one ledger.
//
//	client := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"})
//	store := redisstore.New(client, redisstore.Options{})
//
// Each call ID is one hash, under Options.Prefix. A claim, an outcome and
// a checkpoint are each one Lua script, so each is atomic on the server:
// of concurrent claims exactly one finds no claim and makes it, and an
// outcome moves only a claim that has none. Every write sets the key's
// expiry to the TTL.
//
// # Durability
//
// A claim is durable as far as the server makes its writes durable: with
// appendonly yes and appendfsync always, it is on the server's disk when
// [Store.Claim] returns; with appendfsync everysec, a server that crashes
// can lose the last second of claims; with Redis's defaults (no append
// log, and a snapshot an hour after one write, sooner after many), the
// claims since the last snapshot, up to an hour of them; and with a
// replica, a failover can lose those the replica had not received. A
// claim that fails (a timeout, a connection lost) may still have been
// made: the call does not run, and a later claim of it is seen.
//
// This package is apart from package ledger so that only the programs
// that import it compile the Redis client.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/deltajson/deltajson/ledger"
)

// DefaultPrefix is the prefix of the keys when Options.Prefix is empty.
const DefaultPrefix = "deltajson:ledger:"

// formatVersion is the version of a record's fields, kept in its "v"
// field. A newer one is ledger.ErrVersion.
const formatVersion = "1"

// Options configure a [Store]. The zero Options keep records for
// [ledger.DefaultTTL] under [DefaultPrefix].
type Options struct {
	// TTL is how long a record is kept after its last change: 0 is
	// ledger.DefaultTTL, a negative TTL keeps records for ever. Redis
	// keeps it in milliseconds.
	TTL time.Duration
	// Prefix is put before each call ID to make its key.
	Prefix string
}

// Store is a [ledger.Store] in Redis. Its methods are safe for
// concurrent use.
type Store struct {
	c      redis.UniversalClient
	ttl    string // PEXPIRE's argument; "0": no expiry
	prefix string
	closed atomic.Bool
}

var _ ledger.Store = (*Store)(nil)

// New returns a Store that keeps its records through c. The caller keeps
// c, and closes it after [Store.Close].
func New(c redis.UniversalClient, o Options) *Store {
	s := &Store{c: c, ttl: "0", prefix: o.Prefix}
	switch {
	case o.TTL == 0:
		s.ttl = strconv.FormatInt(ledger.DefaultTTL.Milliseconds(), 10)
	case o.TTL > 0:
		s.ttl = strconv.FormatInt(max(o.TTL.Milliseconds(), 1), 10)
	}
	if s.prefix == "" {
		s.prefix = DefaultPrefix
	}
	return s
}

// A record is a hash: v, the format version; s, the ledger.State as a
// digit; d, the digest's 32 bytes; c and e, the claim and end times in
// Unix nanoseconds; cp, the checkpoint. Each script first refuses a hash
// of another version, answering {"version", v}.

var claimScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'v', 's', 'd', 'c', 'e')
if r[1] and r[1] ~= ARGV[1] then return {'version', r[1]} end
if r[2] and r[2] ~= '1' then return {'seen', r[2], r[3], r[4], r[5]} end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', '2', 'd', ARGV[2], 'c', ARGV[3])
if ARGV[4] ~= '0' then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
return {'claimed'}
`)

// endScript moves a claim (state 2) to the state ARGV[2] and answers the
// state it found, for ledger.Transition to judge.
var endScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'v', 's')
if r[1] and r[1] ~= ARGV[1] then return {'version', r[1]} end
if r[2] == '2' then
  redis.call('HSET', KEYS[1], 's', ARGV[2], 'e', ARGV[3])
  if ARGV[4] ~= '0' then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
end
return {'state', r[2]}
`)

var checkpointScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'v', 's')
if r[1] and r[1] ~= ARGV[1] then return {'version', r[1]} end
if not r[2] then redis.call('HSET', KEYS[1], 'v', ARGV[1], 's', '1') end
redis.call('HSET', KEYS[1], 'cp', ARGV[2])
if ARGV[3] ~= '0' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {'ok'}
`)

// begin checks id, ctx and s for op.
func (s *Store) begin(ctx context.Context, op, id string) error {
	if err := ledger.CheckID(id); err != nil {
		return ledger.NewError(op, id, err, nil)
	}
	if err := ctx.Err(); err != nil {
		return ledger.NewError(op, id, err, nil)
	}
	if s.closed.Load() {
		return ledger.NewError(op, id, ledger.ErrClosed, nil)
	}
	return nil
}

// fail returns err, from the server or the connection, as a
// *ledger.Error for op on id.
func fail(op, id string, err error) error {
	kind := ledger.ErrUnavailable
	var kerr *kindError
	switch {
	case errors.As(err, &kerr):
		kind, err = kerr.kind, errors.New(kerr.msg)
	case strings.HasPrefix(err.Error(), "WRONGTYPE"):
		kind = ledger.ErrCorrupt // the key holds something else than a record
	}
	return ledger.NewError(op, id, kind, err)
}

// kindError is a reply that the store judged to be of a ledger kind.
type kindError struct {
	kind error
	msg  string
}

func (e *kindError) Error() string { return e.msg }

// reply checks a script's reply: its first element is its tag, or
// "version" for a record of another version.
func reply(r []any, err error) ([]any, error) {
	if err != nil {
		return nil, err
	}
	if len(r) == 0 {
		return nil, &kindError{ledger.ErrCorrupt, "an empty reply"}
	}
	if r[0] == "version" {
		return nil, versionError(r[1])
	}
	return r, nil
}

func versionError(v any) error {
	s, _ := v.(string)
	if n, err := strconv.Atoi(s); err == nil && n > 1 {
		return &kindError{ledger.ErrVersion, fmt.Sprintf("a record of version %d", n)}
	}
	return &kindError{ledger.ErrCorrupt, fmt.Sprintf("a record of version %q", s)}
}

func nowNano() string { return strconv.FormatInt(time.Now().UnixNano(), 10) }

// Claim implements [ledger.Store.Claim].
func (s *Store) Claim(ctx context.Context, id string, d ledger.Digest) (ledger.Verdict, ledger.Record, error) {
	if err := s.begin(ctx, "claim", id); err != nil {
		return ledger.VerdictNone, ledger.Record{}, err
	}
	now := time.Now()
	r, err := reply(claimScript.Run(ctx, s.c, []string{s.prefix + id}, formatVersion, d[:], now.UnixNano(), s.ttl).Slice())
	if err != nil {
		return ledger.VerdictNone, ledger.Record{}, fail("claim", id, err)
	}
	if r[0] == "claimed" {
		return ledger.VerdictClaimed, ledger.Record{State: ledger.StateClaimed, Digest: d, Claimed: time.Unix(0, now.UnixNano())}, nil
	}
	rec, err := record(r[1:])
	if err != nil {
		return ledger.VerdictNone, ledger.Record{}, fail("claim", id, err)
	}
	return rec.Verdict(d), rec, nil
}

// record parses the fields s, d, c and e of a hash.
func record(f []any) (ledger.Record, error) {
	var rec ledger.Record
	if len(f) != 4 {
		return rec, &kindError{ledger.ErrCorrupt, fmt.Sprintf("a reply of %d fields", len(f))}
	}
	if f[0] == nil { // no record
		return rec, nil
	}
	st, _ := f[0].(string)
	switch {
	case len(st) == 1 && st[0] >= '1' && st[0] <= '4':
		rec.State = ledger.State(st[0] - '0')
	default:
		return rec, &kindError{ledger.ErrCorrupt, fmt.Sprintf("a record in state %q", st)}
	}
	if rec.State == ledger.StateOpen {
		return rec, nil
	}
	d, _ := f[1].(string)
	if len(d) != len(rec.Digest) {
		return rec, &kindError{ledger.ErrCorrupt, fmt.Sprintf("a digest of %d bytes", len(d))}
	}
	copy(rec.Digest[:], d)
	var err error
	if rec.Claimed, err = unixNano(f[2], false); err != nil {
		return rec, err
	}
	if rec.Ended, err = unixNano(f[3], rec.State == ledger.StateClaimed); err != nil {
		return rec, err
	}
	return rec, nil
}

func unixNano(v any, none bool) (time.Time, error) {
	if none && v == nil {
		return time.Time{}, nil
	}
	s, _ := v.(string)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, &kindError{ledger.ErrCorrupt, fmt.Sprintf("a time of %q", s)}
	}
	return time.Unix(0, n), nil
}

// Done implements [ledger.Store.Done].
func (s *Store) Done(ctx context.Context, id string) error {
	return s.end(ctx, "done", id, ledger.StateDone)
}

// Fail implements [ledger.Store.Fail].
func (s *Store) Fail(ctx context.Context, id string) error {
	return s.end(ctx, "fail", id, ledger.StateFailed)
}

func (s *Store) end(ctx context.Context, op, id string, to ledger.State) error {
	if err := s.begin(ctx, op, id); err != nil {
		return err
	}
	r, err := reply(endScript.Run(ctx, s.c, []string{s.prefix + id}, formatVersion, strconv.Itoa(int(to)), nowNano(), s.ttl).Slice())
	if err == nil && len(r) != 2 {
		err = &kindError{ledger.ErrCorrupt, fmt.Sprintf("a reply of %d fields", len(r))}
	}
	if err != nil {
		return fail(op, id, err)
	}
	from := ledger.StateNone
	if r[1] != nil {
		st, _ := r[1].(string)
		if len(st) != 1 || st[0] < '1' || st[0] > '4' {
			return fail(op, id, &kindError{ledger.ErrCorrupt, fmt.Sprintf("a record in state %q", st)})
		}
		from = ledger.State(st[0] - '0')
	}
	if err := ledger.Transition(from, to); err != nil {
		return ledger.NewError(op, id, err, nil)
	}
	return nil
}

// Lookup implements [ledger.Store.Lookup].
func (s *Store) Lookup(ctx context.Context, id string) (ledger.Record, error) {
	if err := s.begin(ctx, "lookup", id); err != nil {
		return ledger.Record{}, err
	}
	f, err := s.c.HMGet(ctx, s.prefix+id, "v", "s", "d", "c", "e").Result()
	if err == nil && f[0] != nil && f[0] != formatVersion {
		err = versionError(f[0])
	}
	var rec ledger.Record
	if err == nil {
		rec, err = record(f[1:])
	}
	if err != nil {
		return ledger.Record{}, fail("lookup", id, err)
	}
	return rec, nil
}

// SaveCheckpoint implements [ledger.Store.SaveCheckpoint].
func (s *Store) SaveCheckpoint(ctx context.Context, id string, cp []byte) error {
	if len(cp) > ledger.MaxCheckpointBytes {
		return ledger.NewError("save checkpoint", id, ledger.ErrCheckpointTooLarge, nil)
	}
	if err := s.begin(ctx, "save checkpoint", id); err != nil {
		return err
	}
	if _, err := reply(checkpointScript.Run(ctx, s.c, []string{s.prefix + id}, formatVersion, cp, s.ttl).Slice()); err != nil {
		return fail("save checkpoint", id, err)
	}
	return nil
}

// Checkpoint implements [ledger.Store.Checkpoint].
func (s *Store) Checkpoint(ctx context.Context, id string) ([]byte, error) {
	if err := s.begin(ctx, "checkpoint", id); err != nil {
		return nil, err
	}
	f, err := s.c.HMGet(ctx, s.prefix+id, "v", "cp").Result()
	if err == nil && f[0] != nil && f[0] != formatVersion {
		err = versionError(f[0])
	}
	if err != nil {
		return nil, fail("checkpoint", id, err)
	}
	cp, _ := f[1].(string)
	if cp == "" { // none, or an empty one: none
		return nil, nil
	}
	return []byte(cp), nil
}

// Close marks the store closed; later calls return ledger.ErrClosed. It
// leaves the client open: the caller closes it.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return ledger.NewError("close", "", ledger.ErrClosed, nil)
	}
	return nil
}
