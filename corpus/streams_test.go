package corpus

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStreamsCoverEveryFormat(t *testing.T) {
	ss := Streams()
	require.NotEmpty(t, ss)
	formats := map[Format]int{}
	containers := map[string]int{}
	vendors := map[string]bool{}
	for _, s := range ss {
		formats[s.Format]++
		containers[s.Expect.Container]++
		vendor, _, _ := strings.Cut(s.Name, "__")
		vendors[vendor] = true
		assert.NotEmpty(t, s.Expect.Exercises, s.Name)
		assert.NotEmpty(t, s.Expect.Calls, s.Name)
	}
	for _, f := range []Format{FormatOpenAIChat, FormatOpenAIResponses, FormatAnthropic, FormatGemini, FormatBedrock} {
		assert.NotZero(t, formats[f], "a stream of format %v", f)
	}
	for _, c := range []string{"sse", "jsonl", "json-array", "eventstream"} {
		assert.NotZero(t, containers[c], "a stream in container %s", c)
	}
	for _, v := range []string{"groq", "deepseek", "mistral", "llamacpp", "writer", "alibaba", "openrouter"} {
		assert.True(t, vendors[v], "a stream in the style of %s", v)
	}
}

// TestStreamsMatchSidecars reads every embedded stream back to its
// sidecar, whole and one byte at a time.
func TestStreamsMatchSidecars(t *testing.T) {
	for _, s := range Streams() {
		t.Run(s.Name, func(t *testing.T) {
			assert.Equal(t, s.Format, Detect(s.Data), "Detect")
			evs, err := Read(bytes.NewReader(s.Data), FormatAuto)
			require.NoError(t, err)
			slow, err := Read(iotest.OneByteReader(bytes.NewReader(s.Data)), s.Format)
			require.NoError(t, err)
			assert.Equal(t, evs, slow, "one byte at a time")

			calls := assemble(evs)
			require.Len(t, calls, len(s.Expect.Calls))
			for i, want := range s.Expect.Calls {
				got := calls[i]
				assert.Equal(t, want.Key, got.Key, "call %d key", i)
				assert.Equal(t, want.ID, got.ID, "call %s id", want.Key)
				assert.Equal(t, want.Name, got.Name, "call %s name", want.Key)
				assert.Equal(t, want.Arguments, got.Text(), "call %s arguments", want.Key)
				assert.Equal(t, want.Ended, got.Ended, "call %s ended", want.Key)
				assert.Equal(t, want.Hosted, got.Hosted, "call %s hosted", want.Key)
				assert.Equal(t, want.Valid, json.Valid([]byte(want.Arguments)), "call %s valid flag", want.Key)
			}
		})
	}
}

// TestStreamsIndependently checks the sidecars, which the same generator
// wrote, against the wire bytes through the naive reference reader.
func TestStreamsIndependently(t *testing.T) {
	// Streams whose pieces the reference reader can join: it knows
	// neither re-sent calls, index-less calls, object arguments, nor
	// multi-line SSE data.
	joinable := map[string]bool{
		"openai-chat__parallel_interleaved":      true,
		"openai-chat__per_char_unicode":          true,
		"openai-chat__length_cutoff":             true,
		"openai-chat__fenced_trailing_comma":     true,
		"openai-chat__long_go_source":            true,
		"deepseek__null_continuations":           true,
		"groq__whole_args":                       true,
		"anthropic__escape_number_splits":        true,
		"anthropic__max_tokens_cutoff":           true,
		"openai-responses__parallel_interleaved": true,
	}
	seen := 0
	for _, s := range Streams() {
		t.Run(s.Name, func(t *testing.T) {
			switch {
			case joinable[s.Name]:
				seen++
				ref, done := refArgs(s.Format, s.Data)
				for _, c := range s.Expect.Calls {
					assert.Equal(t, c.Arguments, ref[c.Key], "pieces of %s", c.Key)
					if d, ok := done[c.Key]; ok {
						assert.Equal(t, c.Arguments, d, ".done of %s", c.Key)
					}
				}
			case s.Format == FormatGemini:
				ref := refGeminiArgs(s.Data)
				if len(ref) == 0 {
					t.Skip("partialArgs: no whole args on the wire")
				}
				require.Len(t, ref, len(s.Expect.Calls))
				for i, c := range s.Expect.Calls {
					var want any
					require.NoError(t, json.Unmarshal([]byte(c.Arguments), &want))
					assert.Equal(t, ref[i], want, "args of %s", c.Key)
				}
			default:
				t.Skip("not joinable by the reference reader")
			}
		})
	}
	assert.Equal(t, len(joinable), seen, "every joinable stream exists")
}

// TestStreamsPrefixes reads cut-off prefixes of every stream: no panic,
// and either success or an *Error.
func TestStreamsPrefixes(t *testing.T) {
	for _, s := range Streams() {
		step := len(s.Data)/300 | 1 // about 300 cuts, odd to vary the place

		for n := 0; n < len(s.Data); n += step {
			evs, err := Read(bytes.NewReader(s.Data[:n]), s.Format)
			if err != nil {
				var e *Error
				require.ErrorAs(t, err, &e, "%s[:%d]", s.Name, n)
			}
			require.LessOrEqual(t, len(assemble(evs)), len(s.Expect.Calls), "%s[:%d]", s.Name, n)
		}
	}
}
