package provider_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/deltajson/deltajson/provider"
)

// A Reader splits a live body, such as an http.Response's Body, into
// messages as they arrive. Here the body is SSE, told from its first bytes.
func ExampleNewReader() {
	body := strings.NewReader(": keep-alive\n\n" +
		"event: content_block_delta\n" +
		"id: 7\n" +
		"data: {\"delta\":{\"partial_json\":\"{\\\"city\\\":\"}}\n\n" +
		"data: [DONE]\n\n")
	r := provider.NewReader(body, provider.ReaderOptions{})
	for {
		m, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err) // an *provider.Error, or the body's own error
			return
		}
		fmt.Printf("line %d, event %q: %s\n", m.Line, m.Event, m.Data)
	}
	fmt.Println(r.Container(), "last event ID", r.LastEventID())
	// Output:
	// line 3, event "content_block_delta": {"delta":{"partial_json":"{\"city\":"}}
	// line 7, event "": [DONE]
	// sse last event ID 7
}
