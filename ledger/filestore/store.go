package filestore

// NOTE: store.go holds Open and the checks of a file; ops.go the
// operations; format.go the bytes of a record.

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/deltajson/deltajson/ledger"
)

// Options configure a [Store]. The zero Options keep records for
// [ledger.DefaultTTL] and do not wait for a lock.
type Options struct {
	// TTL is how long a record is kept after its last change: 0 is
	// ledger.DefaultTTL; a negative TTL, or one that ends after 2262,
	// keeps records for ever.
	TTL time.Duration
	// LockWait is how long Open waits for another process to close the
	// file before it gives up with ledger.ErrUnavailable.
	LockWait time.Duration
}

// Store is a [ledger.Store] in one file. Its methods are safe for
// concurrent use.
type Store struct {
	db  *bbolt.DB
	ttl time.Duration

	mu     sync.RWMutex // held to read, or to send to ops; locked to close
	closed bool
	ops    chan *op
	done   chan struct{} // closed when the writer has returned
}

var _ ledger.Store = (*Store)(nil)

// Open opens the ledger file at path, creating it when there is none.
// An existing file is read whole and checked first (see the package
// doc); Open never starts afresh over a file it cannot read.
func Open(path string, o Options) (*Store, error) {
	info, err := os.Stat(path)
	if _, lerr := os.Lstat(path); lerr == nil && errors.Is(err, fs.ErrNotExist) {
		// A link to no file: the file would be made where it points,
		// and the link left in place.
		return nil, ledger.NewError("open", "", ledger.ErrUnavailable, fmt.Errorf("%s is a symbolic link to a missing file: %w", path, err))
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := create(path); err != nil {
			return nil, openError(err)
		}
	case err != nil:
		return nil, openError(err)
	case info.Size() == 0:
		// create makes a file whole or not at all: an empty one was cut.
		return nil, ledger.NewError("open", "", ledger.ErrCorrupt, fmt.Errorf("%s is empty", path))
	}
	db, err := openDB(path, o.LockWait)
	if err != nil {
		return nil, openError(err)
	}
	if err := check(db); err != nil {
		db.Close()
		return nil, openError(err)
	}
	s := &Store{db: db, ttl: o.TTL, ops: make(chan *op, maxBatch), done: make(chan struct{})}
	if s.ttl == 0 {
		s.ttl = ledger.DefaultTTL
	}
	go s.writer()
	return s, nil
}

// create makes a new ledger file at path, whole or not at all: it is
// written beside path and linked into place, so that a crash leaves no
// half-made file there. A file another process put there first is kept.
func create(path string) error {
	var r [8]byte
	rand.Read(r[:])
	tmp := path + ".new-" + hex.EncodeToString(r[:])
	defer os.Remove(tmp)
	db, err := bbolt.Open(tmp, 0o600, &bbolt.Options{Timeout: time.Nanosecond})
	if err != nil {
		return err
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		for _, name := range [][]byte{bucketCalls, bucketExpiry, bucketCheckpoints} {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		return meta.Put(keyVersion, []byte{formatVersion})
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	dir, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer dir.Close()
	return dir.Sync() // the link is durable, as the file is
}

// openDB opens the bbolt file at path. A panic in bbolt, or a fault
// reading the mapped file, is ErrCorrupt.
func openDB(path string, wait time.Duration) (db *bbolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverCorrupt(&err)
	if wait <= 0 {
		wait = time.Nanosecond // bbolt's 0 is to wait for ever
	}
	return bbolt.Open(path, 0o600, &bbolt.Options{Timeout: wait})
}

// recoverCorrupt turns a panic into an ErrCorrupt error in *err. bbolt
// panics on pages it cannot read; its transactions roll back as the panic
// unwinds.
func recoverCorrupt(err *error) {
	if p := recover(); p != nil {
		*err = corrupt("%v", p)
	}
}

// check reads every record of db and returns the first reason it is not
// a ledger this package can use.
func check(db *bbolt.DB) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer recoverCorrupt(&err)
	info, err := os.Stat(db.Path())
	if err != nil {
		return err
	}
	return db.View(func(tx *bbolt.Tx) error {
		if tx.Size() > info.Size() {
			return corrupt("the file is %d bytes, its pages reach %d: cut short", info.Size(), tx.Size())
		}
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			return corrupt("not a ledger file (no %s bucket)", bucketMeta)
		}
		switch v := meta.Get(keyVersion); {
		case len(v) != 1:
			return corrupt("format version %x", v)
		case v[0] > formatVersion:
			return newer("format version %d, this package reads %d", v[0], formatVersion)
		}
		calls, expiry, cps := tx.Bucket(bucketCalls), tx.Bucket(bucketExpiry), tx.Bucket(bucketCheckpoints)
		if calls == nil || expiry == nil || cps == nil {
			return corrupt("a bucket is missing")
		}
		// Each record with an expiry has its expiry key, and each key
		// its record: a byte changed in an ID, one of the two copies,
		// shows as a record or a key alone.
		err := calls.ForEach(func(k, v []byte) error {
			e, err := decode(v)
			if err == nil && e.expires != 0 && expiry.Get(expiryKey(e.expires, string(k))) == nil {
				return corrupt("a record with no expiry key")
			}
			return err
		})
		if err != nil {
			return err
		}
		err = expiry.ForEach(func(k, _ []byte) error {
			if len(k) <= 8 {
				return corrupt("an expiry key of %d bytes", len(k))
			}
			rec := calls.Get(k[8:])
			if rec == nil {
				return corrupt("an expiry key with no record")
			}
			if e, err := decode(rec); err != nil || e.expires != int64(binary.BigEndian.Uint64(k)) {
				return corrupt("an expiry key that does not match its record")
			}
			return nil
		})
		if err != nil {
			return err
		}
		return cps.ForEach(func(k, v []byte) error {
			if calls.Get(k) == nil {
				return corrupt("a checkpoint with no record")
			}
			return nil
		})
	})
}

// openError is the *ledger.Error of a failed Open, with its kind found
// by kindOf.
func openError(err error) error {
	if errors.Is(err, berrors.ErrTimeout) {
		err = fmt.Errorf("the file is locked by another process: %w", err)
	}
	return ledger.NewError("open", "", kindOf(err), err)
}

// kindOf returns the ledger sentinel for an error from bbolt, the file
// system or this package.
func kindOf(err error) error {
	var pe *fs.PathError
	var errno syscall.Errno
	switch {
	case errors.Is(err, ledger.ErrCorrupt):
		return ledger.ErrCorrupt
	case errors.Is(err, ledger.ErrVersion), errors.Is(err, berrors.ErrVersionMismatch):
		return ledger.ErrVersion
	case errors.Is(err, berrors.ErrTimeout):
		return ledger.ErrUnavailable // locked by another process
	case errors.As(err, &pe), errors.As(err, &errno):
		return ledger.ErrUnavailable
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum):
		return ledger.ErrCorrupt
	}
	// bbolt's other errors on Open are about the file's bytes ("file size
	// too small"); on a write, about the database's state.
	return ledger.ErrCorrupt
}

// Close waits for the writes under way, and closes the file; later
// calls return ledger.ErrClosed.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ledger.NewError("close", "", ledger.ErrClosed, nil)
	}
	s.closed = true
	close(s.ops)
	s.mu.Unlock()
	<-s.done
	if err := s.db.Close(); err != nil {
		return ledger.NewError("close", "", kindOf(err), err)
	}
	return nil
}
