package resume_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

type logRecord struct {
	Msg    string          `json:"msg"`
	Call   string          `json:"call"`
	Event  int64           `json:"event"`
	Bytes  int             `json:"bytes"`
	From   string          `json:"from"`
	To     string          `json:"to"`
	Status string          `json:"status"`
	Text   string          `json:"text"`
	Error  json.RawMessage `json:"error"`
}

func readLog(t *testing.T, b []byte) []logRecord {
	var out []logRecord
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var r logRecord
		require.NoError(t, json.Unmarshal(line, &r), "%s", line)
		out = append(out, r)
	}
	return out
}

// TestLog checks that the log alone tells the story of a call: the deltas
// went in order, the end signal made it ready, exactly once, and the
// arguments stay out of the log unless asked for.
func TestLog(t *testing.T) {
	const secret = "4111-1111-1111-1111"
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s := resume.NewSet(resume.Options{Logger: logger})
	for _, ev := range []resume.Event{
		start("0", "call_1", "pay", 0),
		delta("0", `{"card":"`), delta("0", secret), delta("0", `"}`),
		end("0"), end("0"),
		delta("0", `x`),
	} {
		s.Apply(ev)
	}
	assert.NotContains(t, buf.String(), secret, "no argument text by default")
	recs := readLog(t, buf.Bytes())

	var lastEvent int64
	lastBytes, deltas, readies := 0, 0, 0
	var statuses []string
	for _, r := range recs {
		assert.Equal(t, "0", r.Call)
		assert.Greater(t, r.Event, lastEvent-1, "events in order")
		lastEvent = r.Event
		switch r.Msg {
		case "call delta":
			deltas++
			assert.Greater(t, r.Bytes, lastBytes, "bytes grow with each delta")
			lastBytes = r.Bytes
		case "call status":
			statuses = append(statuses, r.From+">"+r.To)
		case "call result":
			if r.Status == "ready" {
				readies++
			}
		}
	}
	assert.Equal(t, 3, deltas)
	assert.Equal(t, []string{"receiving>complete", "complete>ready"}, statuses)
	assert.Equal(t, 1, readies, "ready exactly once")
	msgs, events := make([]string, len(recs)), make([]int64, len(recs))
	for i, r := range recs {
		msgs[i], events[i] = r.Msg, r.Event
	}
	assert.Equal(t, []string{"call start", "call delta", "call delta", "call delta", "call status",
		"call end", "call status", "call result", "call duplicate end", "call refused"}, msgs)
	// Each record carries the number of the event it came from: the
	// start, three deltas (the third completes the value), the end with
	// its status and result, the second end, the delta after it.
	assert.Equal(t, []int64{1, 2, 3, 4, 4, 5, 5, 5, 6, 7}, events)
	assert.Contains(t, string(recs[len(recs)-1].Error), "after the end signal")

	t.Run("with arguments", func(t *testing.T) {
		var buf bytes.Buffer
		logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
		c := resume.NewCall("0", resume.Options{Logger: logger, LogArguments: true})
		feed(c, `{"card":"`+secret+`"}`, 4)
		c.End(nil)
		assert.Contains(t, buf.String(), secret)
		assert.Equal(t, 1, strings.Count(buf.String(), `"status":"ready"`))
	})
	t.Run("failure reason", func(t *testing.T) {
		var buf bytes.Buffer
		logger := slog.New(slog.NewJSONHandler(&buf, nil))
		c := resume.NewCall("0", resume.Options{Logger: logger})
		feed(c, `{"a":1,}`, 0)
		c.End(nil)
		recs := readLog(t, buf.Bytes())
		last := recs[len(recs)-1]
		assert.Equal(t, "call result", last.Msg)
		assert.Equal(t, "invalid", last.Status)
		assert.JSONEq(t, `{"cause":"invalid JSON","offset":7}`, string(last.Error))
	})
	t.Run("no argument text in errors", func(t *testing.T) {
		// The pointer names a member, and the message quotes a byte: both
		// come from the arguments, so only LogArguments shows them.
		for _, withArgs := range []bool{false, true} {
			var buf bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&buf, nil))
			c := resume.NewCall("0", resume.Options{Logger: logger, LogArguments: withArgs})
			feed(c, `{"ssn":"123-45-6789","secret_name":x}`, 0)
			c.End(nil)
			assert.Equal(t, withArgs, bytes.Contains(buf.Bytes(), []byte("secret_name")), "LogArguments %v", withArgs)
		}
	})
}

// TestLogSetRefused: an event of a call a Set refuses past MaxCalls is
// logged, though no call is made to log it.
func TestLogSetRefused(t *testing.T) {
	var buf bytes.Buffer
	s := resume.NewSet(resume.Options{MaxCalls: 1, Logger: slog.New(slog.NewJSONHandler(&buf, nil))})
	_, err := s.Apply(resume.Event{Kind: resume.EventStart, Key: "0", ID: "call_a"})
	require.NoError(t, err)
	_, err = s.Apply(resume.Event{Kind: resume.EventStart, Key: "1", ID: "call_b"})
	require.ErrorIs(t, err, resume.ErrTooManyCalls)
	_, err = s.Apply(resume.Event{Kind: resume.EventDelta, Key: "1", Data: []byte("{}")})
	require.ErrorIs(t, err, resume.ErrTooManyCalls)
	var refused []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		var rec map[string]any
		require.NoError(t, json.Unmarshal(line, &rec))
		if rec["msg"] == "call refused" {
			refused = append(refused, rec)
		}
	}
	require.Len(t, refused, 2)
	assert.Equal(t, "1", refused[0]["call"])
	assert.Equal(t, "call_b", refused[0]["id"])
	assert.Equal(t, "WARN", refused[0]["level"])
	assert.Contains(t, refused[0]["error"], "too many")
	assert.Equal(t, float64(2), refused[1]["len"])
}

// TestLogStatusOnFinal checks that "call status" records only changes:
// final arguments that replace complete deltas leave the call complete,
// and deltas cut short that final arguments complete are one change.
func TestLogStatusOnFinal(t *testing.T) {
	for _, tc := range []struct {
		name, deltas, final string
		want                []string
	}{
		{"complete replaced", `{"a":1}`, `{"b":2}`, []string{"receiving>complete", "complete>ready"}},
		{"complete extended", `{"a":1}`, `{"a":1} `, []string{"receiving>complete", "complete>ready"}},
		{"prefix completed", `{"a":`, `{"a":1}`, []string{"receiving>complete", "complete>ready"}},
		{"complete replaced by a cut", `{"a":1}`, `{"b":`, []string{"receiving>complete", "complete>receiving", "receiving>incomplete"}},
		{"complete replaced by bad bytes", `{"a":1}`, `{"b"]`, []string{"receiving>complete", "complete>invalid"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
			c := resume.NewCall("0", resume.Options{Logger: logger})
			require.NoError(t, feed(c, tc.deltas, 0))
			_ = c.End([]byte(tc.final))
			var statuses []string
			for _, r := range readLog(t, buf.Bytes()) {
				if r.Msg == "call status" {
					statuses = append(statuses, r.From+">"+r.To)
				}
			}
			assert.Equal(t, tc.want, statuses)
		})
	}
}
