package provider

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/resume"
)

// chatTurn is a Chat stream of response resp with one call, call_0,
// whose arguments are args; with resp "" the chunks name no response.
func chatTurn(resp, args string) string {
	id := ""
	if resp != "" {
		id = `"id":"` + resp + `",`
	}
	return `data: {` + id + `"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_0","function":{"name":"add","arguments":` +
		fmt.Sprintf("%q", args) + `}}]}}]}

data: {` + id + `"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`
}

// TestHandlerClaimID: providers that number calls afresh in each
// response (call_0) have their calls claimed under the response's ID, so
// a later turn runs, and a replay of the same response does not.
func TestHandlerClaimID(t *testing.T) {
	store := ledger.NewMemory(0)
	var ran, claimIDs []string
	var refused []ledger.Verdict
	var h *Handler
	opts := Options{Ledger: store,
		OnReady: func(c *resume.Call) { ran = append(ran, string(c.Value())); claimIDs = append(claimIDs, h.ClaimID(c)) },
		OnNotClaimed: func(c *resume.Call, v ledger.Verdict, err error) {
			require.NoError(t, err)
			refused = append(refused, v)
		}}
	for _, turn := range []string{chatTurn("chatcmpl-1", `{"a":1}`), chatTurn("chatcmpl-2", `{"a":40}`), chatTurn("chatcmpl-1", `{"a":1}`)} {
		h = NewHandler(opts)
		_, err := h.ReadFrom(strings.NewReader(turn))
		require.NoError(t, err)
	}
	assert.Equal(t, []string{`{"a":1}`, `{"a":40}`}, ran, "each response's call_0 runs once")
	assert.Equal(t, []string{"chatcmpl-1/call_0", "chatcmpl-2/call_0"}, claimIDs)
	assert.Equal(t, []ledger.Verdict{ledger.VerdictSeen}, refused)
	assert.Equal(t, "chatcmpl-1", h.ResponseID())

	// Neither a response ID nor a call ID, and no OnNotClaimed: the call
	// does not run, and the stream says why.
	noIDs := strings.ReplaceAll(chatTurn("", `{}`), `"id":"call_0",`, "")
	h = NewHandler(Options{Ledger: store, OnReady: func(*resume.Call) { t.Error("ran a call with no claim ID") }})
	_, err := h.ReadFrom(strings.NewReader(noIDs))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ClaimID")

	// Options.ClaimID names it.
	var got []string
	h = NewHandler(Options{Ledger: store, ClaimID: func(c *resume.Call) string { return "req-9/" + c.Key() },
		OnReady: func(c *resume.Call) { got = append(got, h.ClaimID(c)) }})
	_, err = h.ReadFrom(strings.NewReader(noIDs))
	require.NoError(t, err)
	assert.Equal(t, []string{"req-9/0"}, got)

	// A store that fails, and no OnNotClaimed: the error comes out.
	closed := ledger.NewMemory(0)
	require.NoError(t, closed.Close())
	h = NewHandler(Options{Ledger: closed, OnReady: func(*resume.Call) { t.Error("ran a call the store did not claim") }})
	_, err = h.ReadFrom(strings.NewReader(chatTurn("chatcmpl-3", `{}`)))
	require.ErrorIs(t, err, ledger.ErrClosed)
	var pe *Error
	require.True(t, errors.As(err, &pe), "%v", err)
}

// TestResponseID reads the response ID of each format that names one,
// decoded, and keeps the last one named.
func TestResponseID(t *testing.T) {
	for _, tc := range []struct {
		f        Format
		payloads []string
		want     string
	}{
		{FormatOpenAIChat, []string{`{"id":"chatcmpl-9","choices":[]}`}, "chatcmpl-9"},
		{FormatOpenAIChat, []string{`{"id":"a\u002fb","choices":[]}`}, "a/b"},
		{FormatOpenAIChat, []string{`{"choices":[]}`}, ""},
		{FormatOpenAIChat, []string{`{"id":"` + strings.Repeat("x", resume.MaxIdentityBytes+1) + `","choices":[]}`}, ""},
		{FormatAnthropic, []string{`{"type":"message_start","message":{"id":"msg_1","content":[]}}`,
			`{"type":"message_start","message":{"id":"msg_2","content":[]}}`}, "msg_2"},
		{FormatOpenAIResponses, []string{`{"type":"response.created","response":{"id":"resp_1","output":[]}}`}, "resp_1"},
		{FormatGemini, []string{`{"candidates":[],"responseId":"r1"}`}, "r1"},
		{FormatCohere, []string{`{"id":"u-1","type":"message-start","delta":{}}`}, "u-1"},
		{FormatInteractions, []string{`{"interaction":{"id":"v1_x"},"event_type":"interaction.created"}`}, "v1_x"},
	} {
		d := NewDecoder(tc.f)
		for _, p := range tc.payloads {
			_, err := d.Decode([]byte(p), nil)
			require.NoError(t, err, "%v %s", tc.f, p)
		}
		assert.Equal(t, tc.want, d.ResponseID(), "%v %s", tc.f, tc.payloads)
	}
}
