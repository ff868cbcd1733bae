package corpus

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

func TestToolArgs(t *testing.T) {
	for _, size := range []int{1, 1 << 10, 20 << 10, 1 << 20} {
		doc := ToolArgs(size)
		require.True(t, json.Valid(doc), "size %d", size)
		require.True(t, utf8.Valid(doc))
		assert.GreaterOrEqual(t, len(doc), size)
		assert.Less(t, len(doc), size+200, "about the size asked for")
		assert.Equal(t, doc, ToolArgs(size), "the same size gives the same bytes")
	}
	var v map[string]any
	require.NoError(t, json.Unmarshal(ToolArgs(20<<10), &v))
	assert.Contains(t, v["content"], "😀🎉", "non-ASCII text decodes")
	assert.Contains(t, v["content"], "\U0001F680", "the \\ud83d\\ude80 escape pair decodes")
}

// A stream cut inside its first payload cannot name its provider; auto
// detection then reports the cut, not an unknown format.
func TestReadCutBeforeFirstPayload(t *testing.T) {
	for _, s := range Streams() {
		if s.Expect.Container != "sse" {
			continue
		}
		i := strings.Index(string(s.Data), "data:")
		require.GreaterOrEqual(t, i, 0, s.Name)
		_, err := Read(strings.NewReader(string(s.Data[:i+12])), FormatAuto)
		assert.ErrorIs(t, err, io.ErrUnexpectedEOF, s.Name)
	}
}

func TestResplit(t *testing.T) {
	d := resume.Event{Kind: resume.EventDelta, Key: "0"}
	d.Data, d.Seq, d.Offset, d.HasSeq, d.HasOffset = []byte("abcde"), 7, 10, true, true
	end := resume.Event{Kind: resume.EventEnd, Key: "0"}
	out := Resplit([]resume.Event{d, end}, 2)
	require.Len(t, out, 4)
	for i, want := range []struct {
		data     string
		hasSeq   bool
		seq, off int64
	}{{"ab", true, 7, 10}, {"cd", false, 0, 12}, {"e", false, 0, 14}} {
		assert.Equal(t, want.data, string(out[i].Data))
		assert.Equal(t, want.hasSeq, out[i].HasSeq)
		assert.Equal(t, want.seq, out[i].Seq)
		assert.True(t, out[i].HasOffset)
		assert.Equal(t, want.off, out[i].Offset)
	}
	assert.Equal(t, resume.EventEnd, out[3].Kind)
	assert.Len(t, Resplit([]resume.Event{d}, 0), 1)
}
