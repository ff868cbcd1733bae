package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/filestore"
)

var ctx = context.Background()

// ledgerCLI runs deltajson ledger with args.
func ledgerCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"ledger"}, args...), nil, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestLedgerCommand lists a ledger's claims with no outcome, and settles
// one, as a person would after a crash.
func TestLedgerCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.ledger")
	s, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	d := ledger.DigestOf("f", []byte("{}"))
	for _, id := range []string{"resp_1/call_1", "resp_1/call_2"} {
		_, _, err := s.Claim(ctx, id, d)
		require.NoError(t, err)
	}
	require.NoError(t, s.Done(ctx, "resp_1/call_2"))
	require.NoError(t, s.SaveCheckpoint(ctx, "resp_1/call_3", []byte("cp")))
	require.NoError(t, s.Close())

	code, out, errOut := ledgerCLI(path)
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, `^resp_1/call_1  claimed  claimed \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$`, out)

	code, out, _ = ledgerCLI("--all", "--json", path)
	require.Equal(t, exitOK, code)
	var states []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r ledgerRecord
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		states = append(states, r.ID+" "+r.State)
		assert.Equal(t, r.State == "done", r.Ended != nil, line)
		assert.Equal(t, r.State != "open", r.Claimed != nil, line)
	}
	assert.Equal(t, []string{"resp_1/call_1 claimed", "resp_1/call_2 done", "resp_1/call_3 open"}, states)

	code, _, errOut = ledgerCLI("--fail", "resp_1/call_1", path)
	require.Equal(t, exitOK, code, errOut)
	code, out, _ = ledgerCLI(path)
	require.Equal(t, exitOK, code)
	assert.Empty(t, out, "no claim left without an outcome")

	// The call stays seen: it never runs again under its ID.
	s, err = filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	v, rec, err := s.Claim(ctx, "resp_1/call_1", d)
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictSeen, v)
	assert.Equal(t, ledger.StateFailed, rec.State)
	require.NoError(t, s.Close())
}

func TestLedgerCommandErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.ledger")
	s, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	require.NoError(t, s.Close())

	code, _, errOut := ledgerCLI("--done", "call_9", path)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "not claimed")
	assert.Contains(t, errOut, "hint: list the claims")

	missing := filepath.Join(t.TempDir(), "none.ledger")
	code, _, errOut = ledgerCLI(missing)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no such file")
	_, err = os.Stat(missing)
	assert.ErrorIs(t, err, os.ErrNotExist, "no file is made")

	code, _, errOut = ledgerCLI("--done", "a", "--fail", "a", path)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "give one")

	code, _, errOut = ledgerCLI()
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "need exactly one FILE")

	notLedger := filepath.Join(t.TempDir(), "x.ledger")
	require.NoError(t, os.WriteFile(notLedger, []byte("hello"), 0o600))
	code, _, errOut = ledgerCLI(notLedger)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "ledger corrupt")

	code, out, _ := ledgerCLI("--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "Example:")
}
