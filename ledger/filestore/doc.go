// Package filestore is the embedded, durable [ledger.Store]: one file,
// crash-safe, with no server. It is the default store for one process.
//
//	store, err := filestore.Open("calls.ledger", filestore.Options{})
//	if err != nil {
//		return err // ErrCorrupt, ErrVersion, ErrUnavailable: never a fresh start
//	}
//	defer store.Close()
//
// A claim is on disk (written and fdatasync'd) when [Store.Claim] returns,
// and so are outcomes and checkpoints. Claims made at the same time from
// several goroutines share one write and one sync: the store batches
// every write waiting when the previous one ends, so a lone claim waits
// for no one.
//
// The file is a bbolt database (go.etcd.io/bbolt). After a crash it opens
// with every claim, outcome and checkpoint whose call returned.
//
// # Limits
//
// bbolt locks the file: one process at a time opens it, and [Open] waits
// [Options.LockWait] for another to close it. Processes and machines that
// share a ledger use package redisstore. [Open] reads the whole file once
// to check it; a file that is cut short, empty, not a ledger, or damaged
// where the check sees it gives [ledger.ErrCorrupt], and one written by a
// newer version [ledger.ErrVersion]. bbolt keeps no checksum of its data:
// the check finds a changed byte in a page's structure, in a record's
// form, or in one of the two copies of an ID, but not one that leaves the
// record well-formed and both copies alike. Damage that appears after Open, in pages Open has
// read, is found only where a later operation reads it. The file does
// not shrink: the pages of forgotten records are used again.
package filestore
