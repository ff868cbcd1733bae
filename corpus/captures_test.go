package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/resume"
)

func captures(t *testing.T) []fixtures.Capture {
	t.Helper()
	cs, err := fixtures.Captures()
	if errors.Is(err, fixtures.ErrAbsent) {
		t.Skipf("real provider captures not available: %v", err)
	}
	require.NoError(t, err)
	return cs
}

// noArgs lists the captures with a call that has no argument text.
var noArgs = map[string]string{
	"anthropic/vercel-ai__anthropic-tool-no-args.chunks.jsonl":       "Anthropic sends one empty piece",
	"cohere/vercel-ai__cohere-empty-tool-call.chunks.jsonl":          "tool-call-start with arguments \"\", then the end",
	"gemini/vercel-ai__google-stream-no-args-tool-call.chunks.jsonl": "a functionCall with no args key",
}

// notJSON lists the captures whose final text is known not to be JSON.
var notJSON = map[string]string{
	"openai-responses/vercel-ai__openai-custom-tool.1.chunks.jsonl":        "custom tool input is freeform SQL",
	"anthropic/anthropic-sdk-python__incomplete_partial_json_response.sse": "cut off by max_tokens",
}

func TestCapturesRead(t *testing.T) {
	for _, c := range captures(t) {
		t.Run(c.Path, func(t *testing.T) {
			assert.Equal(t, c.Format, Detect(c.Data), "Detect")
			evs, err := Read(bytes.NewReader(c.Data), FormatAuto)
			require.NoError(t, err)
			calls := assemble(evs)
			require.NotEmpty(t, calls, "every capture has a tool call")
			for _, call := range calls {
				text := call.Text()
				switch {
				case notJSON[c.Path] != "":
					assert.False(t, json.Valid([]byte(text)), "%s: %s", call.Key, notJSON[c.Path])
				case text == "":
					assert.NotEmpty(t, noArgs[c.Path], "%s: a call with no arguments", call.Key)
				default:
					assert.True(t, json.Valid([]byte(text)), "%s: %q", call.Key, text)
				}
				assert.NotEmpty(t, call.Name, "%s has a name", call.Key)
			}
			checkAgainstReference(t, c.Format, c.Data, calls)
		})
	}
}

// checkAgainstReference compares Read with the naive reader.
func checkAgainstReference(t *testing.T, f Format, data []byte, calls []*gotCall) {
	t.Helper()
	switch f {
	case FormatOpenAIChat, FormatAnthropic:
		ref, _ := refArgs(f, data)
		for _, call := range calls {
			assert.Equal(t, ref[call.Key], strings.Join(call.Deltas, ""), "deltas of %s", call.Key)
		}
	case FormatOpenAIResponses:
		deltas, done := refArgs(f, data)
		for _, call := range calls {
			joined := strings.Join(call.Deltas, "")
			assert.Equal(t, deltas[call.Key], joined, "deltas of %s", call.Key)
			if d, ok := done[call.Key]; ok {
				assert.Equal(t, d, string(call.Final), ".done of %s", call.Key)
				if len(call.Deltas) > 0 {
					assert.Equal(t, d, joined, "deltas of %s equal .done", call.Key)
				}
			}
		}
	case FormatGemini:
		ref := refGeminiArgs(data)
		if len(ref) == 0 {
			return // Vertex partialArgs: no args objects on the wire
		}
		require.Len(t, calls, len(ref))
		for i, call := range calls {
			var got any
			require.NoError(t, json.Unmarshal(call.Final, &got))
			assert.Equal(t, ref[i], got, "args of %s", call.Key)
		}
	}
}

func captureByPath(t *testing.T, path string) fixtures.Capture {
	t.Helper()
	for _, c := range captures(t) {
		if c.Path == path {
			return c
		}
	}
	t.Fatalf("no capture %s", path)
	return fixtures.Capture{}
}

func readCapture(t *testing.T, path string) []resume.Event {
	t.Helper()
	evs, err := Read(bytes.NewReader(captureByPath(t, path).Data), FormatAuto)
	require.NoError(t, err)
	return evs
}

// TestCaptureQuirks pins the quirks PROVENANCE.md names.
func TestCaptureQuirks(t *testing.T) {
	tests := []struct {
		name, path string
		check      func(t *testing.T, c fixtures.Capture, evs []resume.Event)
	}{{
		name: "anthropic piece ends between backslash and escaped char",
		path: "anthropic/vercel-ai__anthropic-code-execution-20250825.1.chunks.jsonl",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			split := 0
			for _, e := range evs {
				trail := len(e.Data) - len(bytes.TrimRight(e.Data, `\`))
				if e.Kind == resume.EventDelta && trail%2 == 1 {
					split++
				}
			}
			assert.Equal(t, 12, split, "PROVENANCE.md counts 12 pieces ending mid-escape")
		},
	}, {
		name: "anthropic whitespace before the final brace",
		path: "anthropic/fantasy__claude-sonnet-4__multi_tool.sse",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			assert.Contains(t, string(c.Data), `    }`)
			assert.Len(t, assemble(evs), 2)
		},
	}, {
		name: "anthropic empty first piece",
		path: "anthropic/anthropic-sdk-python__tool_use_response.sse",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			calls := assemble(evs)
			require.Len(t, calls, 1)
			assert.Equal(t, "", calls[0].Deltas[0])
			assert.Equal(t, `{"location": "Paris"}`, calls[0].Text())
		},
	}, {
		name: "anthropic cut off by max_tokens has no End",
		path: "anthropic/anthropic-sdk-python__incomplete_partial_json_response.sse",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			calls := assemble(evs)
			require.Len(t, calls, 1)
			assert.False(t, calls[0].Ended)
		},
	}, {
		name: "openai obfuscation padding",
		path: "openai-chat/fantasy__gpt-4o__multi_tool.sse",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			assert.Contains(t, string(c.Data), `"obfuscation"`)
			calls := assemble(evs)
			require.Len(t, calls, 2)
			assert.Equal(t, []string{"add", "multiply"}, []string{calls[0].Name, calls[1].Name})
			assert.True(t, calls[0].Ended && calls[1].Ended)
		},
	}, {
		name: "openrouter SSE comments",
		path: "openai-compatible/fantasy__openrouter-gemini__multi_tool.sse",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			assert.Contains(t, string(c.Data), ": OPENROUTER PROCESSING")
			calls := assemble(evs)
			require.Len(t, calls, 2)
			assert.Equal(t, `{"a":2,"b":3}`, calls[1].Text())
		},
	}, {
		name: "mistral continuation with empty name",
		path: "openai-compatible/vercel-ai__mistral-incremental-tool-call.chunks.jsonl",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			calls := assemble(evs)
			require.Len(t, calls, 1)
			assert.Equal(t, "webSearchTool", calls[0].Name)
		},
	}, {
		name: "responses tool_search arguments object only in output_item.done",
		path: "openai-responses/pydantic-ai__native_tool_search_then_function.sse",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			calls := assemble(evs)
			require.Len(t, calls, 2)
			assert.Empty(t, calls[0].Deltas)
			assert.Equal(t, `{"paths":["get_exchange_rate"]}`, string(calls[0].Final))
		},
	}, {
		name: "vertex partialArgs assembled into Final",
		path: "gemini/vercel-ai__google-stream-tool-call-arguments.chunks.jsonl",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			calls := assemble(evs)
			require.Len(t, calls, 2)
			assert.Equal(t, `{"location":"Boston"}`, calls[0].Text())
			assert.Equal(t, `{"location":"San Francisco"}`, calls[1].Text())
		},
	}, {
		name: "bedrock event-stream equals its decoded events",
		path: "bedrock/fantasy__bedrock-claude-haiku-4-5__tool.eventstream",
		check: func(t *testing.T, c fixtures.Capture, evs []resume.Event) {
			require.NotNil(t, c.Derived)
			assert.Equal(t, FormatAnthropic, Detect(c.Derived))
			dec, err := Read(bytes.NewReader(c.Derived), FormatAnthropic)
			require.NoError(t, err)
			assert.Equal(t, dec, evs)
			assert.Equal(t, `{"location": "Florence, Italy"}`, assemble(evs)[0].Text())
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := captureByPath(t, tt.path)
			tt.check(t, c, readCapture(t, tt.path))
		})
	}
}
