package ledger_test

import (
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/resume"
)

func TestDigestOf(t *testing.T) {
	base := ledger.DigestOf("get_weather", []byte(`{"city":"Paris"}`))
	assert.Equal(t, base, ledger.DigestOf("get_weather", []byte(`{"city":"Paris"}`)))
	for _, tc := range []struct {
		name, tool, args string
	}{
		{"other arguments", "get_weather", `{"city":"Lyon"}`},
		{"other name", "get_time", `{"city":"Paris"}`},
		{"other spacing", "get_weather", `{"city": "Paris"}`},
		// The name's length is part of the digest: moving bytes from
		// the name to the arguments changes it.
		{"name and arguments split elsewhere", "get_weather{", `"city":"Paris"}`},
	} {
		assert.NotEqual(t, base, ledger.DigestOf(tc.tool, []byte(tc.args)), tc.name)
	}
}

func TestMaxIDBytes(t *testing.T) {
	assert.Equal(t, resume.MaxIdentityBytes, ledger.MaxIDBytes, "an ID resume keeps fits a ledger")
}

func TestNames(t *testing.T) {
	assert.Equal(t, "claimed", ledger.VerdictClaimed.String())
	assert.Equal(t, "conflict", ledger.VerdictConflict.String())
	assert.Equal(t, "Verdict(9)", ledger.Verdict(9).String())
	assert.Equal(t, "failed", ledger.StateFailed.String())
	assert.Equal(t, "State(9)", ledger.State(9).String())
}

func TestRecordVerdict(t *testing.T) {
	d := ledger.DigestOf("f", []byte("{}"))
	other := ledger.DigestOf("f", []byte("[]"))
	for _, tc := range []struct {
		rec  ledger.Record
		d    ledger.Digest
		want ledger.Verdict
	}{
		{ledger.Record{}, d, ledger.VerdictNone},
		{ledger.Record{State: ledger.StateOpen}, d, ledger.VerdictNone},
		{ledger.Record{State: ledger.StateClaimed, Digest: d}, d, ledger.VerdictSeen},
		{ledger.Record{State: ledger.StateDone, Digest: d}, d, ledger.VerdictSeen},
		{ledger.Record{State: ledger.StateFailed, Digest: d}, other, ledger.VerdictConflict},
	} {
		assert.Equal(t, tc.want, tc.rec.Verdict(tc.d), "%+v", tc.rec.State)
	}
}

func TestTransition(t *testing.T) {
	for _, tc := range []struct {
		from, to ledger.State
		want     error
	}{
		{ledger.StateNone, ledger.StateDone, ledger.ErrNotClaimed},
		{ledger.StateOpen, ledger.StateFailed, ledger.ErrNotClaimed},
		{ledger.StateClaimed, ledger.StateDone, nil},
		{ledger.StateClaimed, ledger.StateFailed, nil},
		{ledger.StateDone, ledger.StateDone, nil},
		{ledger.StateDone, ledger.StateFailed, ledger.ErrOutcome},
		{ledger.StateFailed, ledger.StateDone, ledger.ErrOutcome},
	} {
		assert.Equal(t, tc.want, ledger.Transition(tc.from, tc.to), "%v -> %v", tc.from, tc.to)
	}
}

func TestError(t *testing.T) {
	cause := errors.New("connection refused")
	err := ledger.NewError("claim", strings.Repeat("é", 100), ledger.ErrUnavailable, cause)
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	require.ErrorIs(t, err, cause)
	assert.Equal(t, strings.Repeat("é", 32)+"…", err.ID, "cut between characters")
	assert.Equal(t, `ledger: claim "`+strings.Repeat("é", 32)+`…": ledger unavailable: connection refused`, err.Error())
	assert.Equal(t, "ledger: close: ledger closed", ledger.NewError("close", "", ledger.ErrClosed, nil).Error())
}

// TestImports: importing ledger or resume compiles neither store's
// database client; each is its store's own.
func TestImports(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	const mod = "github.com/deltajson/deltajson/"
	out, err := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}",
		mod+"ledger", mod+"resume", mod+"ledger/filestore", mod+"ledger/redisstore").CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, d, _ := strings.Cut(line, " ")
		deps[strings.TrimPrefix(pkg, mod)] = " " + d + " "
	}
	for _, tc := range []struct {
		pkg, want, notWant string
	}{
		{"ledger", "", "go-redis"},
		{"ledger", "", "bbolt"},
		{"resume", "", "go-redis"},
		{"ledger/filestore", "go.etcd.io/bbolt", "go-redis"},
		{"ledger/redisstore", "github.com/redis/go-redis/v9", "bbolt"},
	} {
		require.Contains(t, deps, tc.pkg)
		if tc.want != "" {
			assert.Contains(t, deps[tc.pkg], " "+tc.want+" ", tc.pkg)
		}
		assert.NotContains(t, deps[tc.pkg], tc.notWant, tc.pkg)
	}
}
