package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/filestore"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// ledgerUsage is the help of replay's --ledger flag.
const ledgerUsage = "claim each ready call in the ledger file at `PATH` (made if missing), " +
	"under its response's id and its own id or key, " +
	"as a handler would before running it: its result says \"ledger\":\"claimed\" (this run claimed it: it may run) " +
	"or \"seen\" (claimed before: it must not run), \"conflict\" (claimed before with other arguments) or \"no-id\""

// replayLedger claims the calls of a replay in a ledger file (replay
// --ledger). A nil *replayLedger claims nothing, and its methods do
// nothing.
type replayLedger struct {
	store    *filestore.Store
	path     string
	stderr   io.Writer
	verdicts map[*resume.Call]string
	err      error // the first claim that failed
}

// openReplayLedger opens the ledger file at path, or returns nil when path
// is empty. It says on stderr why it could not.
func openReplayLedger(path string, stderr io.Writer) (*replayLedger, error) {
	if path == "" {
		return nil, nil
	}
	s, err := filestore.Open(path, filestore.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "deltajson replay: --ledger %s: %v\n", displayName(path), err)
		if errors.Is(err, ledger.ErrCorrupt) || errors.Is(err, ledger.ErrVersion) {
			fmt.Fprintln(stderr, "hint: the file is left as it is; to start a new ledger, give another path (its calls may then run again)")
		}
		return nil, err
	}
	return &replayLedger{store: s, path: path, stderr: stderr, verdicts: map[*resume.Call]string{}}, nil
}

// ended claims c when it is ready, once, under the ID dec gives it (as
// a provider.Handler's) and with the digest of its name and value, and
// writes the verdict to the timeline tl when tl is not nil, flushed, so
// that what was printed was claimed. A claim
// that fails is said on stderr, once; the call's verdict is "error".
func (l *replayLedger) ended(c *resume.Call, dec *provider.Decoder, tl io.Writer) {
	if l == nil || c.Status() != resume.StatusReady || l.verdicts[c] != "" {
		return
	}
	v := "no-id"
	if id := dec.ClaimID(c); id != "" {
		verdict, _, err := l.store.Claim(context.Background(), id, ledger.DigestOf(c.Name(), c.Value()))
		v = verdict.String()
		if err != nil {
			v = "error"
			if l.err == nil {
				l.err = err
				fmt.Fprintf(l.stderr, "deltajson replay: --ledger %s: %v\n", displayName(l.path), err)
			}
		}
	}
	l.verdicts[c] = v
	if tl != nil {
		fmt.Fprintf(tl, "%s ledger: %s\n", callLabel(c), v)
		if f, ok := tl.(interface{ Flush() error }); ok {
			f.Flush()
		}
	}
}

// verdict returns what the claim of c said, or "" when c was not claimed
// (it is not ready, or there is no ledger).
func (l *replayLedger) verdict(c *resume.Call) string {
	if l == nil {
		return ""
	}
	return l.verdicts[c]
}

// forget drops what the ledger said of call c, once its result is out.
func (l *replayLedger) forget(c *resume.Call) {
	if l != nil {
		delete(l.verdicts, c)
	}
}

// failed reports whether a claim failed.
func (l *replayLedger) failed() bool { return l != nil && l.err != nil }

// close closes the ledger file.
func (l *replayLedger) close() {
	if l != nil {
		l.store.Close()
	}
}
