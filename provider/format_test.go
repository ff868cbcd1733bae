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

// TestDecodeTextAllocs: an event of a type the decoder reads past (the
// text of a reply) costs no allocation, in every format that names its
// events' types.
func TestDecodeTextAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	for _, tc := range []struct {
		f Format
		p string
	}{
		{FormatAnthropic, `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hello"}}`},
		{FormatCohere, `{"type":"content-delta","index":0,"delta":{"message":{"content":{"text":"hi"}}}}`},
		{FormatOpenAIResponses, `{"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"delta":"hi"}`},
	} {
		d := NewDecoder(tc.f)
		p := []byte(tc.p)
		_, err := d.Decode(p, nil)
		require.NoError(t, err)
		assert.Zero(t, testing.AllocsPerRun(100, func() { _, _ = d.Decode(p, nil) }), "%v", tc.f)
		assert.Zero(t, d.Skipped(), "%v: a known type", tc.f)
	}
}
