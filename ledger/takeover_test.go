package ledger_test

import (
	"context"
	"encoding/binary"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/filestore"
	"github.com/deltajson/deltajson/resume"
)

// TestTakeOver: a process saves a call's checkpoint under its ID in the
// middle of its stream and stops; another opens the ledger, sees that the
// call did not run, restores it and ends it, and claims it.
func TestTakeOver(t *testing.T) {
	ctx := context.Background()
	const stream = `data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"pay","input":{}}}

data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"amount\""}}

data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":": 10}"}}

data: {"type":"content_block_stop","index":0}

`
	events, err := corpus.Read(strings.NewReader(stream), corpus.FormatAnthropic)
	require.NoError(t, err)
	require.Len(t, events, 4)
	path := filepath.Join(t.TempDir(), "calls.ledger")

	// The first process: the start and the first delta, then a checkpoint.
	first, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	calls := resume.NewSet(resume.Options{})
	var c *resume.Call
	for _, ev := range events[:2] {
		c, err = calls.Apply(ev)
		require.NoError(t, err)
	}
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	// The ledger keeps opaque bytes: this handler frames the checkpoint
	// and the arguments it resumes with.
	bin, err := cp.MarshalBinary()
	require.NoError(t, err)
	saved := append(binary.AppendUvarint(nil, uint64(len(bin))), bin...)
	saved = append(saved, c.Arguments()...)
	require.NoError(t, first.SaveCheckpoint(ctx, c.ID(), saved))
	require.NoError(t, first.Close())

	// The second process takes over.
	second, err := filestore.Open(path, filestore.Options{})
	require.NoError(t, err)
	defer second.Close()
	rec, err := second.Lookup(ctx, "toolu_1")
	require.NoError(t, err)
	require.Equal(t, ledger.StateOpen, rec.State, "not claimed: it did not run")
	got, err := second.Checkpoint(ctx, "toolu_1")
	require.NoError(t, err)
	n, k := binary.Uvarint(got)
	require.Positive(t, k)
	var restored resume.Checkpoint
	require.NoError(t, restored.UnmarshalBinary(got[k:k+int(n)]))
	c, err = resume.Restore(restored, got[k+int(n):], resume.Options{})
	require.NoError(t, err)
	for _, ev := range events[2:] {
		require.NoError(t, c.Apply(ev))
	}
	require.Equal(t, resume.StatusReady, c.Status())
	assert.Equal(t, `{"amount": 10}`, string(c.Value()))
	v, _, err := second.Claim(ctx, c.ID(), ledger.DigestOf(c.Name(), c.Value()))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictClaimed, v)
}
