package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"strconv"
	"time"
)

// MaxIDBytes is the longest ID a [Store] takes, the same as resume's
// MaxIdentityBytes.
const MaxIDBytes = 1024

// MaxCheckpointBytes is the largest checkpoint a [Store] keeps.
const MaxCheckpointBytes = 64 << 20

// DefaultTTL is how long a store keeps a record after its last change when
// its options give no TTL.
const DefaultTTL = 7 * 24 * time.Hour

// A Store records claims, outcomes and checkpoints by call ID, under the
// rules of the package doc. Its methods are safe for concurrent use.
type Store interface {
	// Claim claims id for a call whose name and arguments have digest d,
	// and reports whether this claim was the first ([VerdictClaimed]),
	// with the record as it is after the claim. The claim is durable, as
	// the store defines it, when Claim returns.
	Claim(ctx context.Context, id string, d Digest) (Verdict, Record, error)
	// Done records that the call claimed as id ran and succeeded.
	Done(ctx context.Context, id string) error
	// Fail records that the call claimed as id ran and failed.
	Fail(ctx context.Context, id string) error
	// Lookup returns the record of id, or a zero Record ([StateNone]).
	Lookup(ctx context.Context, id string) (Record, error)
	// SaveCheckpoint keeps cp as the checkpoint of id, in place of any
	// before it; a record with no claim yet becomes [StateOpen]. The store
	// copies cp.
	SaveCheckpoint(ctx context.Context, id string, cp []byte) error
	// Checkpoint returns a copy of the checkpoint kept for id, or nil when
	// there is none; an empty checkpoint saved is none.
	Checkpoint(ctx context.Context, id string) ([]byte, error)
	// Close releases the store; later calls return [ErrClosed].
	Close() error
}

// A Digest identifies a call's name and arguments. Make it with
// [DigestOf].
type Digest [sha256.Size]byte

// DigestOf returns the SHA-256 digest of a call's name and argument bytes.
// The bytes are taken as they are: the same arguments with other spacing
// have another digest.
func DigestOf(name string, args []byte) Digest {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(name)))])
	h.Write([]byte(name))
	h.Write(args)
	var d Digest
	h.Sum(d[:0])
	return d
}

// A Verdict is what [Store.Claim] says of a claim. Only [VerdictClaimed]
// lets the call run; the zero Verdict, returned with every error, does not.
type Verdict uint8

const (
	VerdictNone     Verdict = iota // no verdict: the claim failed with an error
	VerdictClaimed                 // this claim was the first: the call may run, once
	VerdictSeen                    // claimed before with the same digest: it must not run again
	VerdictConflict                // claimed before with another digest: it must not run
)

var verdictNames = [...]string{"none", "claimed", "seen", "conflict"}

// String returns "claimed", "seen", "conflict" or "none".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// A State is where a call's record stands. States only move forward:
// none, open, claimed, then done or failed.
type State uint8

const (
	StateNone    State = iota // no record: never claimed, or forgotten after the TTL
	StateOpen                 // a checkpoint is kept, and the call is not claimed
	StateClaimed              // claimed, with no outcome: running, or its process died
	StateDone                 // claimed, ran and succeeded
	StateFailed               // claimed, ran and failed
)

var stateNames = [...]string{"none", "open", "claimed", "done", "failed"}

// String returns the state's name: "none", "open", "claimed", "done" or
// "failed".
func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "State(" + strconv.Itoa(int(s)) + ")"
}

// A Record is what a [Store] knows of one call ID.
type Record struct {
	State   State
	Digest  Digest    // the claim's digest; zero before a claim
	Claimed time.Time // when the call was claimed; zero before a claim
	Ended   time.Time // when Done or Fail was recorded; zero before
}

// Verdict returns what a claim with digest d gets from a store that holds
// r: [VerdictSeen] or [VerdictConflict] when r is claimed, and
// [VerdictNone] when it is not, and the claim is to be recorded.
func (r Record) Verdict(d Digest) Verdict {
	switch {
	case r.State < StateClaimed:
		return VerdictNone
	case r.Digest == d:
		return VerdictSeen
	}
	return VerdictConflict
}
