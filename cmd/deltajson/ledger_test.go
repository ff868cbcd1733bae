package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/killtest"
)

// childArgs, in the environment, makes the test binary run deltajson with
// these arguments (JSON) and exit: a real process to kill.
const childArgs = "DELTAJSON_TEST_CHILD_ARGS"

func TestMain(m *testing.M) {
	if a := os.Getenv(childArgs); a != "" {
		var args []string
		if err := json.Unmarshal([]byte(a), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(exitUsage)
		}
		os.Exit(run(args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// deltajsonCmd returns a child process that runs deltajson with args.
func deltajsonCmd(t *testing.T, args ...string) *exec.Cmd {
	a, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+string(a))
	return cmd
}

// callsStream writes an Anthropic stream of one tool call per args,
// each a content block that ends before the next starts, with IDs
// toolu_1, toolu_2, ..., and returns its path.
func callsStream(t *testing.T, args ...string) string {
	var b strings.Builder
	event := func(data string) { fmt.Fprintf(&b, "event: x\ndata: %s\n\n", data) }
	event(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`)
	for i, a := range args {
		event(fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"toolu_%d","name":"tool_%d","input":{}}}`, i, i+1, i+1))
		q, err := json.Marshal(a)
		require.NoError(t, err)
		event(fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":%s}}`, i, q))
		event(fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, i))
	}
	event(`{"type":"message_stop"}`)
	return replayFile(t, "stream.sse", []byte(b.String()))
}

// ledgerVerdicts runs replay --json --ledger and returns each call's
// ledger verdict, by ID.
func ledgerVerdicts(t *testing.T, ledgerPath, stream string) map[string]string {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run([]string{"replay", "--json", "--ledger", ledgerPath, stream}, nil, &out, &errOut)
	require.Equal(t, exitOK, code, "stderr: %s", errOut.String())
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r replayResult
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		got[r.ID] = r.Ledger
	}
	return got
}

func TestReplayLedgerTwice(t *testing.T) {
	stream := callsStream(t, `{"a":1}`, `{"b":2}`)
	path := filepath.Join(t.TempDir(), "calls.ledger")
	assert.Equal(t, map[string]string{"toolu_1": "claimed", "toolu_2": "claimed"}, ledgerVerdicts(t, path, stream))
	assert.Equal(t, map[string]string{"toolu_1": "seen", "toolu_2": "seen"}, ledgerVerdicts(t, path, stream), "the second run claims nothing")

	// Another message that numbers its calls the same is another turn.
	b, err := os.ReadFile(stream)
	require.NoError(t, err)
	next := replayFile(t, "next.sse", bytes.Replace(b, []byte(`"msg_1"`), []byte(`"msg_2"`), 1))
	assert.Equal(t, map[string]string{"toolu_1": "claimed", "toolu_2": "claimed"}, ledgerVerdicts(t, path, next))

	// The same ID with other arguments is a conflict.
	other := callsStream(t, `{"a":2}`)
	assert.Equal(t, map[string]string{"toolu_1": "conflict"}, ledgerVerdicts(t, path, other))

	// Without --ledger, no verdict.
	var out bytes.Buffer
	require.Equal(t, exitOK, run([]string{"replay", "--json", stream}, nil, &out, &bytes.Buffer{}))
	assert.NotContains(t, out.String(), "ledger")
}

func TestReplayLedgerTimeline(t *testing.T) {
	stream := callsStream(t, `{"a":1}`, `not json`)
	path := filepath.Join(t.TempDir(), "calls.ledger")
	var out bytes.Buffer
	code := run([]string{"replay", "--ledger", path, stream}, nil, &out, &bytes.Buffer{})
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, out.String(), "[0 tool_1] status: complete -> ready\n[0 tool_1] ledger: claimed\n")
	assert.Contains(t, out.String(), `[0 tool_1] result: ready  {"a":1}  ledger: claimed`)
	assert.NotContains(t, out.String(), "[1 tool_2] ledger", "a call that is not ready is not claimed")
}

func TestReplayLedgerBad(t *testing.T) {
	stream := callsStream(t, `{"a":1}`)
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.ledger")
	require.NoError(t, os.WriteFile(corrupt, []byte("not a ledger"), 0o600))
	var out, errOut bytes.Buffer
	code := run([]string{"replay", "--json", "--ledger", corrupt, stream}, nil, &out, &errOut)
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out.String(), "no call is replayed without its ledger")
	assert.Contains(t, errOut.String(), "ledger corrupt")
	assert.Contains(t, errOut.String(), "hint: the file is left as it is")
	b, err := os.ReadFile(corrupt)
	require.NoError(t, err)
	assert.Equal(t, "not a ledger", string(b))

	errOut.Reset()
	code = run([]string{"replay", "--ledger", filepath.Join(dir, "no such dir", "l"), stream}, nil, &out, &errOut)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut.String(), "ledger unavailable")
}

// TestReplayLedgerKilled kills a replay with SIGKILL after its first
// call's claim was printed, then runs it again: the first call is seen,
// the second claimed. The child is stopped in between for certain: the
// second call's timeline (a delta line per byte) is longer than the pipe
// and its buffer, and nobody reads it, so the child blocks writing it,
// before the call's end.
func TestReplayLedgerKilled(t *testing.T) {
	long := `{"text":"` + strings.Repeat("x", 8000) + `"}`
	stream := callsStream(t, `{"a":1}`, long)
	path := filepath.Join(t.TempDir(), "calls.ledger")
	cmd := deltajsonCmd(t, "replay", "--chunk", "1", "--ledger", path, stream)
	killtest.KillAfter(t, cmd, func(line string) bool {
		if line == "[0 tool_1] ledger: claimed\n" {
			return true
		}
		require.NotContains(t, line, "ledger:", "a claim before the first")
		return false
	})

	assert.Equal(t, map[string]string{"toolu_1": "seen", "toolu_2": "claimed"}, ledgerVerdicts(t, path, stream))
}
