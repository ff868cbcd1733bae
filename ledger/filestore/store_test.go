package filestore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.etcd.io/bbolt"

	"github.com/deltajson/deltajson/internal/killtest"
	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/filestore"
	"github.com/deltajson/deltajson/ledger/ledgertest"
)

var ctx = context.Background()

// childEnv names the ledger file a re-executed test binary claims in.
const childEnv = "FILESTORE_TEST_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		os.Exit(child(path))
	}
	os.Exit(m.Run())
}

// child claims call_1 in the ledger at path, says so on stdout, and
// waits to be killed.
func child(path string) int {
	s, err := filestore.Open(path, filestore.Options{})
	if err != nil {
		fmt.Println(err)
		return 1
	}
	v, _, err := s.Claim(ctx, "call_1", ledger.DigestOf("pay", []byte(`{"amount":10}`)))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Println(v)
	time.Sleep(time.Minute)
	return 2
}

func open(t *testing.T, path string, o filestore.Options) *filestore.Store {
	t.Helper()
	s, err := filestore.Open(path, o)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, ttl time.Duration) ledger.Store {
		return open(t, filepath.Join(t.TempDir(), "calls.ledger"), filestore.Options{TTL: ttl})
	})
}

func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.ledger")
	s, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	d := ledger.DigestOf("pay", []byte(`{"amount":10}`))
	_, first, err := s.Claim(ctx, "call_1", d)
	require.NoError(t, err)
	require.NoError(t, s.Done(ctx, "call_1"))
	require.NoError(t, s.SaveCheckpoint(ctx, "call_2", []byte("cp")))
	require.NoError(t, s.Close())

	s = open(t, path, filestore.Options{})
	v, rec, err := s.Claim(ctx, "call_1", d)
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictSeen, v)
	assert.Equal(t, ledger.StateDone, rec.State)
	assert.True(t, first.Claimed.Equal(rec.Claimed))
	cp, err := s.Checkpoint(ctx, "call_2")
	require.NoError(t, err)
	assert.Equal(t, []byte("cp"), cp)
}

func TestLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.ledger")
	open(t, path, filestore.Options{})
	_, err := filestore.Open(path, filestore.Options{LockWait: 10 * time.Millisecond})
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	assert.Contains(t, err.Error(), "locked by another process")
}

// TestKilledBetweenClaimAndOutcome kills a process that claimed a call
// and recorded no outcome: the claim is there, claimed, and is seen.
func TestKilledBetweenClaimAndOutcome(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.ledger")
	before := time.Now()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+path)
	cmd.Stderr = os.Stderr
	killtest.KillAfter(t, cmd, func(line string) bool {
		require.Equal(t, "claimed\n", line)
		return true
	})

	s := open(t, path, filestore.Options{})
	rec, err := s.Lookup(ctx, "call_1")
	require.NoError(t, err)
	assert.Equal(t, ledger.StateClaimed, rec.State, "the outcome is unknown")
	assert.True(t, rec.Claimed.After(before), "claimed at %v, the child started at %v", rec.Claimed, before)
	v, _, err := s.Claim(ctx, "call_1", ledger.DigestOf("pay", []byte(`{"amount":10}`)))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictSeen, v, "nothing runs it again by itself")
	require.NoError(t, s.Fail(ctx, "call_1"), "a person records the outcome")
}

// ledgerFile returns the bytes of a ledger file with a few records, and
// the size its pages reach (the file may be longer).
func ledgerFile(t *testing.T) ([]byte, int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "calls.ledger")
	s, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	for i := range 200 {
		_, _, err := s.Claim(ctx, fmt.Sprintf("call_%d", i), ledger.DigestOf("f", []byte("{}")))
		require.NoError(t, err)
	}
	require.NoError(t, s.SaveCheckpoint(ctx, "call_cp", []byte(strings.Repeat("c", 10000))))
	require.NoError(t, s.Close())
	db, err := bbolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	var used int64
	require.NoError(t, db.View(func(tx *bbolt.Tx) error { used = tx.Size(); return nil }))
	require.NoError(t, db.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b, int(used)
}

// TestCorrupt opens damaged files: each is ErrCorrupt, with no panic,
// and the file is left as it was, not started afresh.
func TestCorrupt(t *testing.T) {
	good, used := ledgerFile(t)
	page := os.Getpagesize()
	require.Greater(t, len(good), 4*page)
	garbage := func(b []byte, from, to int) []byte {
		b = append([]byte(nil), b...)
		for i := from; i < to; i++ {
			b[i] = byte(i*131 + 7)
		}
		return b
	}
	notLedger := func() []byte {
		path := filepath.Join(t.TempDir(), "other.db")
		db, err := bbolt.Open(path, 0o600, nil)
		require.NoError(t, err)
		require.NoError(t, db.Update(func(tx *bbolt.Tx) error {
			_, err := tx.CreateBucket([]byte("users"))
			return err
		}))
		require.NoError(t, db.Close())
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		return b
	}()
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"one byte", good[:1]},
		{"cut in the first page", good[:page/2]},
		{"cut after the meta pages", good[:2*page]},
		{"cut in half", good[:len(good)/2]},
		{"last used page cut", good[:used-page]},
		{"last used page cut in half", good[:used-page/2]},
		{"both meta pages damaged", garbage(good, 0, 2*page)},
		{"data pages damaged", garbage(good, 2*page, len(good))},
		{"text", []byte("not a ledger at all\n")},
		{"another bbolt database", notLedger},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "calls.ledger")
			require.NoError(t, os.WriteFile(path, tc.data, 0o600))
			s, err := filestore.Open(path, filestore.Options{})
			if err == nil {
				s.Close()
			}
			require.ErrorIs(t, err, ledger.ErrCorrupt)
			var le *ledger.Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, "open", le.Op)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, string(tc.data) == string(after), "the file was changed")
		})
	}
}

// TestChangedID opens files where one of the two copies of a call's ID,
// its record's key or its expiry key, has a byte changed: a claim of the
// call would be new again, so the file is ErrCorrupt.
func TestChangedID(t *testing.T) {
	for _, bucket := range []string{"calls", "expiry"} {
		t.Run(bucket, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "calls.ledger")
			s, err := filestore.Open(path, filestore.Options{})
			require.NoError(t, err)
			for _, id := range []string{"call_1", "call_2"} {
				_, _, err = s.Claim(ctx, id, ledger.DigestOf("f", []byte("{}")))
				require.NoError(t, err)
			}
			require.NoError(t, s.Close())
			db, err := bbolt.Open(path, 0o600, nil)
			require.NoError(t, err)
			require.NoError(t, db.Update(func(tx *bbolt.Tx) error {
				b := tx.Bucket([]byte(bucket))
				var key, value []byte
				b.ForEach(func(k, v []byte) error {
					if bytes.HasSuffix(k, []byte("call_1")) {
						key, value = bytes.Clone(k), bytes.Clone(v)
					}
					return nil
				})
				if key == nil {
					return fmt.Errorf("no call_1 in %s", bucket)
				}
				if err := b.Delete(key); err != nil {
					return err
				}
				return b.Put(bytes.Replace(key, []byte("call_1"), []byte("call_x"), 1), value)
			}))
			require.NoError(t, db.Close())
			_, err = filestore.Open(path, filestore.Options{})
			require.ErrorIs(t, err, ledger.ErrCorrupt)
		})
	}
}

// TestNewerVersion opens a file and a record from a newer version.
func TestNewerVersion(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(tx *bbolt.Tx) error
	}{
		{"file", func(tx *bbolt.Tx) error { return tx.Bucket([]byte("meta")).Put([]byte("version"), []byte{2}) }},
		{"record", func(tx *bbolt.Tx) error {
			b := tx.Bucket([]byte("calls"))
			v := append([]byte(nil), b.Get([]byte("call_1"))...)
			v[0] = 2
			return b.Put([]byte("call_1"), v)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "calls.ledger")
			s, err := filestore.Open(path, filestore.Options{})
			require.NoError(t, err)
			_, _, err = s.Claim(ctx, "call_1", ledger.DigestOf("f", []byte("{}")))
			require.NoError(t, err)
			require.NoError(t, s.Close())
			db, err := bbolt.Open(path, 0o600, nil)
			require.NoError(t, err)
			require.NoError(t, db.Update(tc.change))
			require.NoError(t, db.Close())
			_, err = filestore.Open(path, filestore.Options{})
			require.ErrorIs(t, err, ledger.ErrVersion)
		})
	}
}

// mountTmpfs mounts a tmpfs of size bytes on a new directory, or skips t
// when it cannot (mounting needs root).
func mountTmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size)); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// TestDiskFull fills a small file system: the write that does not fit
// is ErrUnavailable with ENOSPC, no panic; every claim that returned
// without error is there after a reopen, and no other.
func TestDiskFull(t *testing.T) {
	dir := mountTmpfs(t, 256<<10)
	path := filepath.Join(dir, "calls.ledger")
	s, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	claimed := map[string]bool{}
	var full error
	for i := 0; i < 1000 && full == nil; i++ {
		id := fmt.Sprintf("call_%d", i)
		if err := s.SaveCheckpoint(ctx, id, make([]byte, 16<<10)); err != nil {
			full = err
			break
		}
		v, _, err := s.Claim(ctx, id, ledger.DigestOf("f", []byte("{}")))
		if err != nil {
			full = err
			assert.Equal(t, ledger.VerdictNone, v)
			break
		}
		require.Equal(t, ledger.VerdictClaimed, v)
		claimed[id] = true
	}
	require.Error(t, full, "the file system never filled")
	require.ErrorIs(t, full, ledger.ErrUnavailable)
	require.ErrorIs(t, full, syscall.ENOSPC)
	require.NoError(t, s.Close())

	s = open(t, path, filestore.Options{})
	for i := 0; i < 1000; i++ {
		id := fmt.Sprintf("call_%d", i)
		rec, err := s.Lookup(ctx, id)
		require.NoError(t, err)
		if claimed[id] {
			assert.Equal(t, ledger.StateClaimed, rec.State, id)
		} else {
			assert.NotEqual(t, ledger.StateClaimed, rec.State, id)
		}
	}
}

// TestReadOnly opens a ledger on a read-only file system, and makes one
// in a read-only directory.
func TestReadOnly(t *testing.T) {
	dir := mountTmpfs(t, 1<<20)
	path := filepath.Join(dir, "calls.ledger")
	s, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	_, _, err = s.Claim(ctx, "call_1", ledger.DigestOf("f", []byte("{}")))
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))

	_, err = filestore.Open(path, filestore.Options{})
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	require.ErrorIs(t, err, syscall.EROFS)
	_, err = filestore.Open(filepath.Join(dir, "new.ledger"), filestore.Options{})
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	require.ErrorIs(t, err, syscall.EROFS)
}

func TestOpenErrors(t *testing.T) {
	_, err := filestore.Open(filepath.Join(t.TempDir(), "no such dir", "calls.ledger"), filestore.Options{})
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	require.True(t, errors.Is(err, os.ErrNotExist), "%v", err)
	_, err = filestore.Open(t.TempDir(), filestore.Options{})
	require.ErrorIs(t, err, ledger.ErrUnavailable, "a directory")

	// A link to a missing file is refused, and makes no file.
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target.ledger"), filepath.Join(dir, "link.ledger")
	require.NoError(t, os.Symlink(target, link))
	_, err = filestore.Open(link, filestore.Options{})
	require.ErrorIs(t, err, ledger.ErrUnavailable, "a dangling link")
	assert.Contains(t, err.Error(), "symbolic link")
	_, err = os.Stat(target)
	require.ErrorIs(t, err, os.ErrNotExist)
	s, err := filestore.Open(link, filestore.Options{})
	require.Error(t, err, "still refused, not made corrupt: %v", s)
	require.ErrorIs(t, err, ledger.ErrUnavailable)
}

// TestEach lists the records held, in ID order, without the forgotten
// ones, and stops at fn's error.
func TestEach(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "calls.ledger"), filestore.Options{TTL: time.Hour})
	d := ledger.DigestOf("f", []byte("{}"))
	for _, id := range []string{"b", "a", "c"} {
		_, _, err := s.Claim(ctx, id, d)
		require.NoError(t, err)
	}
	require.NoError(t, s.Done(ctx, "c"))
	var got []string
	require.NoError(t, s.Each(ctx, func(id string, r ledger.Record) error {
		got = append(got, id+" "+r.State.String())
		return nil
	}))
	assert.Equal(t, []string{"a claimed", "b claimed", "c done"}, got)

	stop := errors.New("stop")
	n := 0
	err := s.Each(ctx, func(string, ledger.Record) error { n++; return stop })
	assert.Equal(t, stop, err)
	assert.Equal(t, 1, n)

	short := open(t, filepath.Join(t.TempDir(), "short.ledger"), filestore.Options{TTL: time.Millisecond})
	_, _, err = short.Claim(ctx, "gone", d)
	require.NoError(t, err)
	time.Sleep(5 * time.Millisecond)
	require.NoError(t, short.Each(ctx, func(id string, _ ledger.Record) error {
		t.Errorf("%s was forgotten, and listed", id)
		return nil
	}))
}
