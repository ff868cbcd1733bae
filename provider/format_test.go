package provider

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFormatText: every format's name parses back to it, and a Format
// with no name is an error both ways.
func TestFormatText(t *testing.T) {
	for _, f := range append(Formats(), FormatAuto) {
		b, err := f.MarshalText()
		require.NoError(t, err)
		var g Format
		require.NoError(t, g.UnmarshalText(b))
		assert.Equal(t, f, g)
	}
	_, err := Format(200).MarshalText()
	assert.ErrorIs(t, err, ErrUnknownFormat)
	_, err = ParseFormat("morse")
	assert.ErrorIs(t, err, ErrUnknownFormat)
	assert.Contains(t, err.Error(), "auto, openai-chat")
}
