package sdkbench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	aoption "github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/openai/openai-go/v3"
	ooption "github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/require"
)

// A stream is one benchmark input: its raw bytes, and the SDK run.
type stream struct {
	name   string
	format provider.Format
	data   []byte
	sdk    string
	// viaSDK reads data through the SDK's stream and accumulator, and
	// returns the finished tool calls.
	viaSDK func(data []byte) ([]replay.Call, error)
}

func streams(tb testing.TB) []stream {
	return []stream{
		{name: "openai-chat__long_go_source", format: provider.FormatOpenAIChat,
			data: embedded(tb, "openai-chat__long_go_source"), sdk: "openai-go", viaSDK: viaOpenAI},
		{name: "anthropic__long_go_source", format: provider.FormatAnthropic,
			data: embedded(tb, "anthropic__long_go_source"), sdk: "anthropic-sdk-go", viaSDK: viaAnthropic},
		{name: "anthropic__escape_number_splits_x6", format: provider.FormatAnthropic,
			data: repeatBlock(tb, embedded(tb, "anthropic__escape_number_splits"), 6), sdk: "anthropic-sdk-go", viaSDK: viaAnthropic},
	}
}

func embedded(tb testing.TB, name string) []byte {
	for _, s := range corpus.Streams() {
		if s.Name == name {
			return s.Data
		}
	}
	tb.Fatalf("no embedded stream %s", name)
	return nil
}

// repeatBlock makes an Anthropic message of n tool_use blocks from a
// stream whose one tool_use block has index 0: the message_start and
// ping, the block's events n times under indexes 0…n-1 and ids with a
// suffix, then message_delta and message_stop.
func repeatBlock(tb testing.TB, sse []byte, n int) []byte {
	payloads, err := replay.Payloads(sse)
	require.NoError(tb, err)
	var head, block, tail bytes.Buffer
	id := []byte(`"id":"toolu_01EscSplitsXyZ"`)
	for _, p := range payloads {
		w := &head
		switch {
		case bytes.Contains(p.Data, []byte(`"index":0`)):
			w = &block
		case block.Len() > 0:
			w = &tail
		}
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", p.Event, p.Data)
	}
	require.Equal(tb, 1, bytes.Count(block.Bytes(), id), "one tool_use block")
	out := bytes.Clone(head.Bytes())
	for k := range n {
		b := bytes.ReplaceAll(block.Bytes(), []byte(`"index":0`), fmt.Appendf(nil, `"index":%d`, k))
		b = bytes.Replace(b, id, fmt.Appendf(nil, `"id":"toolu_01EscSplitsXyZ%02d"`, k), 1)
		out = append(out, b...)
	}
	return append(out, tail.Bytes()...)
}

// viaDeltajson reads data with a provider.Handler and returns the ready
// calls.
func viaDeltajson(data []byte, f provider.Format) ([]replay.Call, error) {
	var out []replay.Call
	h := provider.NewHandler(provider.Options{Format: f, OnReady: func(c *resume.Call) {
		out = append(out, replay.FromResume(c))
	}})
	_, err := h.ReadFrom(bytes.NewReader(data))
	if left := h.Finish(); err == nil && len(left) > 0 {
		err = fmt.Errorf("%d calls never ended", len(left))
	}
	return out, err
}

// memory is an http.RoundTripper that answers every request with one
// body, held in memory: the SDK's whole client path runs, and no socket.
type memory struct {
	body        []byte
	contentType string
}

func (m *memory) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		_, _ = io.Copy(io.Discard, req.Body)
		_ = req.Body.Close()
	}
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": {m.contentType}},
		Body:          io.NopCloser(bytes.NewReader(m.body)),
		ContentLength: -1, Request: req,
	}, nil
}

func viaOpenAI(data []byte) ([]replay.Call, error) {
	client := openai.NewClient(ooption.WithHTTPClient(&http.Client{Transport: &memory{data, "text/event-stream"}}),
		ooption.WithBaseURL("http://replay.invalid/v1/"), ooption.WithAPIKey("x"), ooption.WithMaxRetries(0))
	stream := client.Chat.Completions.NewStreaming(context.Background(), openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT5_4Mini,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("replay")},
	})
	defer stream.Close()
	var acc openai.ChatCompletionAccumulator
	for stream.Next() {
		acc.AddChunk(stream.Current())
	}
	var out []replay.Call
	for _, ch := range acc.Choices {
		for _, tc := range ch.Message.ToolCalls {
			out = append(out, replay.Call{ID: tc.ID, Name: tc.Function.Name, Args: tc.Function.Arguments})
		}
	}
	return out, stream.Err()
}

func viaAnthropic(data []byte) ([]replay.Call, error) {
	client := anthropic.NewClient(aoption.WithHTTPClient(&http.Client{Transport: &memory{data, "text/event-stream"}}),
		aoption.WithBaseURL("http://replay.invalid/"), aoption.WithAPIKey("x"), aoption.WithMaxRetries(0))
	stream := client.Messages.NewStreaming(context.Background(), anthropic.MessageNewParams{
		Model:     anthropic.ModelClaudeSonnet5,
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("replay"))},
	})
	defer stream.Close()
	var msg anthropic.Message
	for stream.Next() {
		if err := msg.Accumulate(stream.Current()); err != nil {
			return nil, err
		}
	}
	var out []replay.Call
	for _, b := range msg.Content {
		if b.Type == "tool_use" {
			out = append(out, replay.Call{ID: b.ID, Name: b.Name, Args: string(b.Input)})
		}
	}
	return out, stream.Err()
}

// TestSDKAgree checks that both paths of each benchmark give the same
// calls, and that each stream is as long as the benchmark says.
func TestSDKAgree(t *testing.T) {
	for _, s := range streams(t) {
		t.Run(s.name, func(t *testing.T) {
			payloads, err := replay.Payloads(s.data)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(payloads), 200, "events")
			want, err := s.viaSDK(s.data)
			require.NoError(t, err)
			require.NotEmpty(t, want)
			got, err := viaDeltajson(s.data, s.format)
			require.NoError(t, err)
			replay.Equal(t, want, got, s.sdk)
		})
	}
}

// BenchmarkSDK reads each stream's raw bytes to every call ready, through
// deltajson and through the SDK (see the package doc for how to compare
// them).
func BenchmarkSDK(b *testing.B) {
	for _, s := range streams(b) {
		payloads, err := replay.Payloads(s.data)
		require.NoError(b, err)
		want, err := s.viaSDK(s.data)
		require.NoError(b, err)
		run := func(b *testing.B, read func() ([]replay.Call, error)) {
			b.SetBytes(int64(len(s.data)))
			b.ReportAllocs()
			for b.Loop() {
				calls, err := read()
				if err != nil || len(calls) != len(want) {
					b.Fatalf("%d calls, want %d: %v", len(calls), len(want), err)
				}
			}
			b.ReportMetric(float64(len(payloads)), "events/op")
		}
		b.Run(s.name+"/deltajson", func(b *testing.B) {
			run(b, func() ([]replay.Call, error) { return viaDeltajson(s.data, s.format) })
		})
		b.Run(s.name+"/"+s.sdk, func(b *testing.B) {
			run(b, func() ([]replay.Call, error) { return s.viaSDK(s.data) })
		})
	}
}
