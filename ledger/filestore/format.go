package filestore

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/deltajson/deltajson/ledger"
)

// formatVersion is the version of the file's layout and of each record,
// kept in the meta bucket and as a record's first byte. A newer one is
// ledger.ErrVersion.
const formatVersion = 1

// The buckets of a ledger file.
var (
	bucketMeta        = []byte("meta")        // keyVersion: one byte, formatVersion
	bucketCalls       = []byte("calls")       // ID: a record (recordSize bytes)
	bucketExpiry      = []byte("expiry")      // expires (8 bytes, big endian) and ID: empty
	bucketCheckpoints = []byte("checkpoints") // ID: the checkpoint's bytes
	keyVersion        = []byte("version")
)

// A record is a version byte, the state, the digest, and the claim,
// end and expiry times in Unix nanoseconds (big endian; 0 for none).
const recordSize = 2 + len(ledger.Digest{}) + 3*8

// entry is a record as read, with its expiry.
type entry struct {
	rec     ledger.Record
	expires int64 // Unix ns; 0: never
}

func encode(dst []byte, e entry) []byte {
	dst = append(dst, formatVersion, byte(e.rec.State))
	dst = append(dst, e.rec.Digest[:]...)
	dst = binary.BigEndian.AppendUint64(dst, uint64(unixNano(e.rec.Claimed)))
	dst = binary.BigEndian.AppendUint64(dst, uint64(unixNano(e.rec.Ended)))
	return binary.BigEndian.AppendUint64(dst, uint64(e.expires))
}

func decode(b []byte) (entry, error) {
	switch {
	case len(b) > 0 && b[0] > formatVersion:
		return entry{}, newer("a record of version %d", b[0])
	case len(b) != recordSize || b[0] != formatVersion:
		return entry{}, corrupt("a record of %d bytes", len(b))
	case b[1] < byte(ledger.StateOpen) || b[1] > byte(ledger.StateFailed):
		return entry{}, corrupt("a record in state %d", b[1])
	}
	var e entry
	e.rec.State = ledger.State(b[1])
	b = b[2:]
	copy(e.rec.Digest[:], b)
	b = b[len(e.rec.Digest):]
	e.rec.Claimed = fromUnixNano(int64(binary.BigEndian.Uint64(b)))
	e.rec.Ended = fromUnixNano(int64(binary.BigEndian.Uint64(b[8:])))
	e.expires = int64(binary.BigEndian.Uint64(b[16:]))
	return e, nil
}

func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromUnixNano(ns int64) time.Time {
	if ns == 0 {
		return time.Time{}
	}
	return time.Unix(0, ns)
}

// expiryKey is the key in bucketExpiry of id expiring at expires.
func expiryKey(expires int64, id string) []byte {
	k := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(id)), uint64(expires))
	return append(k, id...)
}

// kindError is an error of a ledger kind, whose message does not repeat
// the kind's: the *ledger.Error that wraps it says the kind.
type kindError struct {
	kind error
	msg  string
}

func (e *kindError) Error() string { return e.msg }
func (e *kindError) Unwrap() error { return e.kind }

func corrupt(format string, args ...any) error {
	return &kindError{ledger.ErrCorrupt, fmt.Sprintf(format, args...)}
}

func newer(format string, args ...any) error {
	return &kindError{ledger.ErrVersion, fmt.Sprintf(format, args...)}
}
