package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/examples/internal/replay"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"
)

// TestStreamRecorded runs Stream against a local server replaying each
// recorded Gemini stream as SSE (alt=sse, as genai asks), and checks the
// ready calls against the recording's own and against the calls in
// genai's typed responses.
func TestStreamRecorded(t *testing.T) {
	replay.Check(t, replay.Program[*genai.Client]{
		Format: "gemini",
		Client: newClient,
		Stream: func(client *genai.Client, opts provider.Options) ([]resume.Result, error) {
			return Stream(context.Background(), client, "gemini-2.5-flash", genai.Text("replay"), nil, opts)
		},
		SDK:     sdkCalls,
		SDKName: "genai's responses",
	})
}

func newClient(t *testing.T, url string) *genai.Client {
	client, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: url},
	})
	require.NoError(t, err)
	return client
}

// sdkCalls streams the request again and collects the calls from genai's
// typed responses: a FunctionCall with its whole Args, or one put together
// from its PartialArgs (top-level paths), closed by a FunctionCall that
// does not continue, by the next named call, or by finishReason STOP.
func sdkCalls(t *testing.T, client *genai.Client) []replay.Call {
	var out []replay.Call
	var open *replay.Call
	var keys []string
	values := map[string]any{}
	closeOpen := func() {
		obj := map[string]any{}
		for _, k := range keys {
			obj[k] = values[k]
		}
		b, err := json.Marshal(obj)
		require.NoError(t, err)
		open.Args = string(b)
		out = append(out, *open)
		open, keys, values = nil, nil, map[string]any{}
	}
	for resp, err := range client.Models.GenerateContentStream(context.Background(), "gemini-2.5-flash", genai.Text("replay"), nil) {
		require.NoError(t, err)
		for _, cand := range resp.Candidates {
			for _, part := range partsOf(cand) {
				fc := part.FunctionCall
				if fc == nil {
					continue
				}
				streamed := fc.WillContinue != nil && *fc.WillContinue || len(fc.PartialArgs) > 0
				if open != nil && (!streamed || fc.Name != "" && len(fc.PartialArgs) == 0) {
					closeOpen()
				}
				if !streamed {
					if fc.Name != "" || fc.Args != nil {
						b, err := json.Marshal(fc.Args)
						require.NoError(t, err)
						if fc.Args == nil {
							b = []byte("{}")
						}
						out = append(out, replay.Call{ID: fc.ID, Name: fc.Name, Args: string(b)})
					}
					continue
				}
				if open == nil {
					open = &replay.Call{ID: fc.ID, Name: fc.Name}
				}
				for _, pa := range fc.PartialArgs {
					name, ok := strings.CutPrefix(pa.JsonPath, "$.")
					require.True(t, ok && !strings.ContainsAny(name, ".["), "partialArgs path %q: top-level names only", pa.JsonPath)
					if _, seen := values[name]; !seen {
						keys = append(keys, name)
					}
					switch {
					case pa.NumberValue != nil:
						values[name] = *pa.NumberValue
					case pa.BoolValue != nil:
						values[name] = *pa.BoolValue
					case pa.NULLValue != "":
						values[name] = nil
					default: // a string, in pieces; genai gives "" for an absent value
						s, _ := values[name].(string)
						values[name] = s + pa.StringValue
					}
				}
			}
			if cand.FinishReason == genai.FinishReasonStop && open != nil {
				closeOpen()
			}
		}
	}
	return out
}

func partsOf(c *genai.Candidate) []*genai.Part {
	if c.Content == nil {
		return nil
	}
	return c.Content.Parts
}

// TestStreamReencodes pins what the package doc says genai does to args
// before the handler reads them: integers past 2^53 rounded, members in
// sorted order.
func TestStreamReencodes(t *testing.T) {
	const sent = `{"order_id":9007199254740993,"z":1,"a":2}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: {\"candidates\":[{\"index\":0,\"content\":{\"role\":\"model\",\"parts\":[{\"functionCall\":{\"name\":\"pay\",\"args\":%s}}]},\"finishReason\":\"STOP\"}]}\n\n", sent)
	}))
	defer srv.Close()
	var got []string
	_, err := Stream(context.Background(), newClient(t, srv.URL), "gemini-2.5-flash", genai.Text("pay"), nil,
		provider.Options{OnReady: func(c *resume.Call) { got = append(got, string(c.Value())) }})
	require.NoError(t, err)
	require.Equal(t, []string{`{"a":2,"order_id":9007199254740992,"z":1}`}, got)
}
