package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/filestore"
)

func init() {
	register(command{name: "ledger", summary: "list the claims in a ledger file that have no outcome, and settle them", run: runLedger})
}

const ledgerCmdUsage = `Usage: deltajson ledger [--all] [--json] FILE
       deltajson ledger --done ID FILE
       deltajson ledger --fail ID FILE

Lists the calls in the ledger file FILE (as replay --ledger and
ledger/filestore write it) that were claimed and have no outcome: the
process that claimed them stopped before it recorded whether they ran,
so nothing runs them again by itself. Find out from the tool's side
whether each ran, and record it with --done ID (it ran) or --fail ID
(it failed, or did not run); either way a claim of the ID stays seen,
so the call never runs again under it. With --all it lists every
record. Each record is one line:

  ID  STATE  claimed TIME  [ended TIME]

STATE is open (a checkpoint, no claim), claimed, done or failed; times
are RFC 3339, in UTC. With --json it prints one JSON object per record:
"id", "state", "claimed", and "ended" once there is an outcome. The file
must exist, and is locked while the command runs: stop the process that
uses it first. Exit status: 0 success, 2 usage or I/O error, or a
damaged file.

Example:
  deltajson ledger calls.ledger
  resp_08521e/call_1  claimed  claimed 2026-12-02T02:40:11Z
  deltajson ledger --fail resp_08521e/call_1 calls.ledger

Flags:
`

// ledgerRecord is one line of --json output.
type ledgerRecord struct {
	ID      string     `json:"id"`
	State   string     `json:"state"`
	Claimed *time.Time `json:"claimed,omitempty"`
	Ended   *time.Time `json:"ended,omitempty"`
}

func runLedger(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ledger", flag.ContinueOnError)
	all := fs.Bool("all", false, "list every record, not only claims with no outcome")
	asJSON := fs.Bool("json", false, "print one JSON object per record")
	done := fs.String("done", "", "record that the call claimed as `ID` ran")
	failed := fs.String("fail", "", "record that the call claimed as `ID` failed or did not run")
	files, code, ok := parseArgs(fs, ledgerCmdUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 1 || *done != "" && *failed != "" {
		if len(files) != 1 {
			fmt.Fprintln(stderr, "deltajson ledger: need exactly one FILE")
		} else {
			fmt.Fprintln(stderr, "deltajson ledger: --done and --fail name one outcome: give one")
		}
		fs.Usage()
		return exitUsage
	}
	path := files[0]
	if _, err := os.Stat(path); err != nil { // Open would make a new file
		fmt.Fprintf(stderr, "deltajson ledger: %v\n", err)
		return exitUsage
	}
	store, err := filestore.Open(path, filestore.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "deltajson ledger: %s: %v\n", path, err)
		return exitUsage
	}
	defer store.Close()
	ctx := context.Background()
	switch {
	case *done != "":
		err = store.Done(ctx, *done)
	case *failed != "":
		err = store.Fail(ctx, *failed)
	default:
		out := bufio.NewWriter(stdout)
		err = store.Each(ctx, func(id string, r ledger.Record) error {
			if *all || r.State == ledger.StateClaimed {
				writeLedgerRecord(out, id, r, *asJSON)
			}
			return nil
		})
		out.Flush() // an error is run's to report (writeErr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "deltajson ledger: %s: %v\n", path, err)
		if errors.Is(err, ledger.ErrNotClaimed) {
			fmt.Fprintln(stderr, "hint: list the claims with: deltajson ledger --all", path)
		}
		return exitUsage
	}
	return exitOK
}

// writeLedgerRecord writes one record, as a line of text or of JSON.
func writeLedgerRecord(w io.Writer, id string, r ledger.Record, asJSON bool) {
	if asJSON {
		rec := ledgerRecord{ID: id, State: r.State.String()}
		if !r.Claimed.IsZero() {
			t := r.Claimed.UTC()
			rec.Claimed = &t
		}
		if !r.Ended.IsZero() {
			t := r.Ended.UTC()
			rec.Ended = &t
		}
		writeJSONLine(w, rec)
		return
	}
	fmt.Fprintf(w, "%s  %s", printable(id), r.State)
	if !r.Claimed.IsZero() {
		fmt.Fprintf(w, "  claimed %s", r.Claimed.UTC().Format(time.RFC3339))
	}
	if !r.Ended.IsZero() {
		fmt.Fprintf(w, "  ended %s", r.Ended.UTC().Format(time.RFC3339))
	}
	fmt.Fprintln(w)
}
