package provider

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// TestErrorBeforeFormat: an error payload that comes before any payload
// named the format is the provider's error, and names no format, whatever
// members it has (a Responses error has "message", as Ollama's chunks do).
func TestErrorBeforeFormat(t *testing.T) {
	for _, p := range []string{
		`{"type":"error","code":"ERR_SOMETHING","message":"Something went wrong","param":null,"sequence_number":1}`,
		`{"object":"error","message":"max_tokens too large","type":"BadRequestError","param":null,"code":400}`,
		`{"error":{"message":"overloaded","type":"server_error"}}`,
	} {
		d := NewDecoder(FormatAuto)
		_, err := d.Decode([]byte(p), nil)
		require.ErrorIs(t, err, ErrProvider, p)
		assert.Equal(t, FormatAuto, d.Format(), p)
		if strings.Contains(p, `"object":"error"`) { // as a Chat stream reads it
			_, chatErr := NewDecoder(FormatOpenAIChat).Decode([]byte(p), nil)
			assert.Equal(t, chatErr.Error(), err.Error())
		}
		_, err = d.Decode([]byte(`{"type":"response.created","sequence_number":0,"response":{"id":"resp_1"}}`), nil)
		require.NoError(t, err)
		assert.Equal(t, FormatOpenAIResponses, d.Format(), "the next payload still names the format")
	}
	// Ollama's chunks are still told by their message object, or done.
	for _, p := range []string{`{"model":"m","message":{"role":"assistant","content":""},"done":false}`, `{"model":"m","done":true}`} {
		d := NewDecoder(FormatAuto)
		_, err := d.Decode([]byte(p), nil)
		require.NoError(t, err)
		assert.Equal(t, FormatOllama, d.Format(), p)
	}
}

// TestChatObjectError: a compatible server's {"object":"error"} payload in
// a Chat stream is the provider's error, not a payload skipped unseen.
func TestChatObjectError(t *testing.T) {
	d := NewDecoder(FormatOpenAIChat)
	_, err := d.Decode([]byte(`{"object":"error","message":"context length exceeded","type":"BadRequestError","code":400}`), nil)
	require.ErrorIs(t, err, ErrProvider)
	assert.Contains(t, err.Error(), "context length exceeded")
}

// TestHandlerNoName: a call that ends with no name, as after a reconnect
// into a new Handler that missed its start, is rejected, never run; the
// Set's own check still runs for named calls.
func TestHandlerNoName(t *testing.T) {
	const midCall = `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\":1}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

`
	var ended []*resume.Call
	h := NewHandler(Options{OnReady: func(c *resume.Call) { t.Errorf("ran %s with no name", c.Key()) },
		OnEnd: func(c *resume.Call) { ended = append(ended, c) }})
	_, err := h.ReadFrom(strings.NewReader(midCall))
	require.NoError(t, err)
	require.Len(t, ended, 1)
	assert.Equal(t, resume.StatusRejected, ended[0].Status())
	assert.ErrorIs(t, ended[0].Err(), ErrNoName)

	checked := 0
	h = NewHandler(Options{Calls: resume.Options{Check: func(*resume.Call, []byte) error { checked++; return nil }},
		OnReady: func(*resume.Call) {}})
	_, err = h.ReadFrom(strings.NewReader(chatStream))
	require.NoError(t, err)
	assert.Equal(t, 1, checked, "the caller's check runs for a named call")
}
