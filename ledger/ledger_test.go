package ledger_test

import (
	"errors"
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
