package provider

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
