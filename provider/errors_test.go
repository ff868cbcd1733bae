package provider

import (
	"errors"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// TestProviderErrorFirst: a provider's error that comes before any payload
// names the stream's format still ends the stream with ErrProvider and the
// provider's message, as it does when the format is given.
func TestProviderErrorFirst(t *testing.T) {
	for _, c := range []struct {
		name, body, msg string
		format          Format
	}{
		{"openai", `data: {"error":{"message":"overloaded","type":"server_error"}}` + "\n\ndata: [DONE]\n\n", "server_error: overloaded", FormatOpenAIChat},
		{"openai-no-type", `data: {"error":{"message":"overloaded"}}` + "\n\n", "overloaded: provider", FormatOpenAIChat},
		{"gemini", `data: {"error":{"code":503,"message":"unavailable","status":"UNAVAILABLE"}}` + "\n\n", "unavailable", FormatGemini},
		{"ollama", `{"error":"model not found"}` + "\n", "model not found", FormatOllama},
		{"anthropic", "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n", "overloaded_error: Overloaded", FormatAnthropic},
		{"cohere", `{"type":"error","error":"boom"}` + "\n", "boom", FormatCohere},
	} {
		for _, f := range []Format{FormatAuto, c.format} {
			h := NewHandler(Options{Format: f})
			_, err := h.ReadFrom(strings.NewReader(c.body))
			if !errors.Is(err, ErrProvider) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("%s, format %v: got %v, want ErrProvider with %q", c.name, f, err, c.msg)
				continue
			}
			if strings.Contains(err.Error(), ": :") {
				t.Errorf("%s, format %v: empty field in %q", c.name, f, err)
			}
		}
	}
}

// TestEmptyDataKeepsStream: an SSE event with empty data, as a proxy sends
// to keep a connection open, is skipped; the call around it runs.
func TestEmptyDataKeepsStream(t *testing.T) {
	body := `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":"{\"a\":"}}]}}]}` + "\n\n" +
		"data: \n\ndata:\n\n" +
		`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"1}"}}]},"finish_reason":"tool_calls"}]}` + "\n\n"
	ready := 0
	h := NewHandler(Options{OnReady: func(c *resume.Call) {
		ready++
		if got := string(c.Arguments()); got != `{"a":1}` {
			t.Errorf("arguments %s", got)
		}
	}})
	if _, err := h.ReadFrom(strings.NewReader(body)); err != nil {
		t.Fatal(err)
	}
	if ready != 1 || h.Skipped() != 2 {
		t.Errorf("ready %d, skipped %d; want 1 and 2", ready, h.Skipped())
	}
}

// TestApplyErrorLikePayload: Apply and Payload fail alike, with an *Error
// that names no stream offset, since a payload handed over alone has none.
func TestApplyErrorLikePayload(t *testing.T) {
	h := NewHandler(Options{Calls: resume.Options{MaxCalls: 1}})
	if err := h.Apply(resume.Event{Kind: resume.EventStart, Key: "a", ID: "a"}); err != nil {
		t.Fatal(err)
	}
	err := h.Apply(resume.Event{Kind: resume.EventStart, Key: "b", ID: "b"})
	var pe *Error
	if !errors.As(err, &pe) || !errors.Is(err, resume.ErrTooManyCalls) || !errors.Is(err, tokenizer.ErrLimit) {
		t.Fatalf("Apply past MaxCalls: %v (%T)", err, err)
	}
	if pe.Offset != -1 || strings.Contains(err.Error(), "provider: offset") {
		t.Errorf("Apply's error names an offset: %v (Offset %d)", err, pe.Offset)
	}
	err = NewHandler(Options{Format: FormatOpenAIChat}).Payload([]byte(`{"choices":[`))
	if !errors.As(err, &pe) || pe.Offset != -1 || strings.Contains(err.Error(), "provider: offset") {
		t.Errorf("Payload's error: %v", err)
	}
}

// TestChatWrongShape: a Chat chunk whose fields have the wrong JSON type
// is ErrPayload, not a silent no-op or a call under a made-up index.
func TestChatWrongShape(t *testing.T) {
	for _, p := range []string{
		`{"choices":5}`,
		`{"choices":[{"index":"x","delta":{}}]}`,
		`{"choices":[{"index":0,"delta":{"tool_calls":{"index":0}}}]}`,
		`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":"x","function":{"name":"f"}}]}}]}`,
	} {
		if err := NewHandler(Options{Format: FormatOpenAIChat}).Payload([]byte(p)); !errors.Is(err, ErrPayload) {
			t.Errorf("%s: %v, want ErrPayload", p, err)
		}
	}
	ok := `{"choices":[{"index":0,"delta":{"tool_calls":null}}],"usage":null}`
	if err := NewHandler(Options{Format: FormatOpenAIChat}).Payload([]byte(ok)); err != nil {
		t.Errorf("%s: %v", ok, err)
	}
}
