package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/bytedance/sonic"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// wireStreams are the project's own streams of over 200 events, in four
// wire formats: the same 20 KB call in each.
var wireStreams = []string{
	"openai-chat__long_go_source",
	"anthropic__long_go_source",
	"openai-responses__long_go_source",
	"cohere__long_go_source",
}

func wireStream(tb testing.TB, name string) corpus.Stream {
	for _, s := range corpus.Streams() {
		if s.Name == name {
			return s
		}
	}
	tb.Fatalf("no stream %s", name)
	return corpus.Stream{}
}

// wireImpls are the ways to take a raw stream to ready calls. Each
// returns the number of calls it found ready.
var wireImpls = []struct {
	name string
	run  func(format provider.Format, stream []byte) (int, error)
}{
	{"deltajson", wireDeltajson},
	{"sonic", wireDecode(sonic.Unmarshal, sonic.Valid)},
	{"gjson", wireGJSON},
	{"encoding-json", wireDecode(json.Unmarshal, json.Valid)},
}

// wireDeltajson is the provider package: its Reader, a Decoder and a Set,
// through a Handler.
func wireDeltajson(format provider.Format, stream []byte) (int, error) {
	ready := 0
	h := provider.NewHandler(provider.Options{Format: format, OnReady: func(*resume.Call) { ready++ }})
	_, err := h.ReadFrom(bytes.NewReader(stream))
	if res := h.Finish(); err == nil && len(res) > 0 {
		err = fmt.Errorf("%d calls never finished", len(res))
	}
	return ready, err
}

// wireEvent is the fields of an event that the peers read, in every
// format: what a minimal struct per provider would hold.
type wireEvent struct {
	Type    string `json:"type"`
	Index   *int   `json:"index"`
	ItemID  string `json:"item_id"`
	Delta   json.RawMessage
	Choices []struct {
		Delta struct {
			ToolCalls []struct {
				Index    int `json:"index"`
				Function struct {
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// The delta objects, decoded in a second step by format.
type (
	anthropicDelta struct {
		Type        string `json:"type"`
		PartialJSON string `json:"partial_json"`
	}
	cohereDelta struct {
		Message struct {
			ToolCalls struct {
				Function struct {
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"message"`
	}
)

// wireCalls accumulates each call's argument pieces, and at its end
// validates them once.
type wireCalls struct {
	args  map[string][]byte
	valid func([]byte) bool
	ready int
}

func (w *wireCalls) add(key string, piece string) { w.args[key] = append(w.args[key], piece...) }

func (w *wireCalls) end(key string) {
	if w.valid(w.args[key]) {
		w.ready++
	}
	delete(w.args, key)
}

// eachPayload splits the stream as the deltajson reader does, so that
// every impl pays the same for the framing.
func eachPayload(stream []byte, fn func([]byte) error) error {
	rd := provider.NewReader(bytes.NewReader(stream), provider.ReaderOptions{})
	for {
		m, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if string(m.Data) == "[DONE]" {
			continue
		}
		if err := fn(m.Data); err != nil {
			return err
		}
	}
}

// wireDecode is a peer that unmarshals each payload into minimal structs.
func wireDecode(unmarshal func([]byte, any) error, valid func([]byte) bool) func(provider.Format, []byte) (int, error) {
	return func(format provider.Format, stream []byte) (int, error) {
		w := wireCalls{args: map[string][]byte{}, valid: valid}
		err := eachPayload(stream, func(p []byte) error {
			var ev wireEvent
			if err := unmarshal(p, &ev); err != nil {
				return err
			}
			switch format {
			case provider.FormatOpenAIChat:
				for _, ch := range ev.Choices {
					for _, tc := range ch.Delta.ToolCalls {
						w.add(fmt.Sprint(tc.Index), tc.Function.Arguments)
					}
					if ch.FinishReason != "" {
						for k := range w.args {
							w.end(k)
						}
					}
				}
			case provider.FormatAnthropic:
				switch ev.Type {
				case "content_block_delta":
					var d anthropicDelta
					if err := unmarshal(ev.Delta, &d); err != nil {
						return err
					}
					w.add(fmt.Sprint(*ev.Index), d.PartialJSON)
				case "content_block_stop":
					w.end(fmt.Sprint(*ev.Index))
				}
			case provider.FormatOpenAIResponses:
				switch ev.Type {
				case "response.function_call_arguments.delta":
					var d string
					if err := unmarshal(ev.Delta, &d); err != nil {
						return err
					}
					w.add(ev.ItemID, d)
				case "response.function_call_arguments.done":
					w.end(ev.ItemID)
				}
			case provider.FormatCohere:
				switch ev.Type {
				case "tool-call-start", "tool-call-delta":
					var d cohereDelta
					if err := unmarshal(ev.Delta, &d); err != nil {
						return err
					}
					w.add(fmt.Sprint(*ev.Index), d.Message.ToolCalls.Function.Arguments)
				case "tool-call-end":
					w.end(fmt.Sprint(*ev.Index))
				}
			}
			return nil
		})
		return w.ready, err
	}
}

// wireGJSON is a peer that reads each payload's fields by gjson paths.
func wireGJSON(format provider.Format, stream []byte) (int, error) {
	w := wireCalls{args: map[string][]byte{}, valid: gjson.ValidBytes}
	err := eachPayload(stream, func(p []byte) error {
		switch format {
		case provider.FormatOpenAIChat:
			gjson.GetBytes(p, "choices").ForEach(func(_, ch gjson.Result) bool {
				ch.Get("delta.tool_calls").ForEach(func(_, tc gjson.Result) bool {
					w.add(tc.Get("index").Raw, tc.Get("function.arguments").String())
					return true
				})
				if ch.Get("finish_reason").String() != "" {
					for k := range w.args {
						w.end(k)
					}
				}
				return true
			})
		case provider.FormatAnthropic:
			r := gjson.GetManyBytes(p, "type", "index", "delta.partial_json")
			switch r[0].String() {
			case "content_block_delta":
				w.add(r[1].Raw, r[2].String())
			case "content_block_stop":
				w.end(r[1].Raw)
			}
		case provider.FormatOpenAIResponses:
			r := gjson.GetManyBytes(p, "type", "item_id", "delta")
			switch r[0].String() {
			case "response.function_call_arguments.delta":
				w.add(r[1].String(), r[2].String())
			case "response.function_call_arguments.done":
				w.end(r[1].String())
			}
		case provider.FormatCohere:
			r := gjson.GetManyBytes(p, "type", "index", "delta.message.tool_calls.function.arguments")
			switch r[0].String() {
			case "tool-call-start", "tool-call-delta":
				w.add(r[1].Raw, r[2].String())
			case "tool-call-end":
				w.end(r[1].Raw)
			}
		}
		return nil
	})
	return w.ready, err
}

// BenchmarkWire takes a recorded stream's raw bytes to every call ready.
func BenchmarkWire(b *testing.B) {
	for _, name := range wireStreams {
		s := wireStream(b, name)
		events := bytes.Count(s.Data, []byte("\n{")) + bytes.Count(s.Data, []byte("data: "))
		for _, impl := range wireImpls {
			b.Run(name+"/"+impl.name, func(b *testing.B) {
				b.SetBytes(int64(len(s.Data)))
				b.ReportAllocs()
				for b.Loop() {
					if n, err := impl.run(s.Format, s.Data); err != nil || n != 1 {
						b.Fatalf("%d calls ready: %v", n, err)
					}
				}
				b.ReportMetric(float64(events), "events/op")
			})
		}
	}
}

// TestWireAgree: every impl finds the stream's one call ready, so that
// BenchmarkWire compares the same work.
func TestWireAgree(t *testing.T) {
	for _, name := range wireStreams {
		s := wireStream(t, name)
		for _, impl := range wireImpls {
			n, err := impl.run(s.Format, s.Data)
			require.NoError(t, err, "%s/%s", name, impl.name)
			require.Equal(t, 1, n, "%s/%s", name, impl.name)
		}
	}
}
