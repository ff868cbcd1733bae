package corpus

import (
	"encoding/json"
	"strings"
)

// detectProbe is the handful of top-level fields that tell providers apart.
type detectProbe struct {
	Type          string          `json:"type"`
	Object        string          `json:"object"`
	Choices       json.RawMessage `json:"choices"`
	Candidates    json.RawMessage `json:"candidates"`
	UsageMetadata json.RawMessage `json:"usageMetadata"`
}

var anthropicTypes = map[string]bool{
	"message_start": true, "message_delta": true, "message_stop": true,
	"content_block_start": true, "content_block_delta": true,
	"content_block_stop": true, "ping": true,
}

// detectPayloads is how many payloads Detect looks at. A provider's first
// payload or two name it (a role chunk, message_start, response.created);
// a stream whose first payloads name nothing is not worth reading on.
const detectPayloads = 64

// Detect guesses the format of a recorded stream from its container and
// its first payloads, at most 64 of them: it splits no more of the stream
// than that. It returns FormatUnknown when it cannot tell. A cut off
// stream is still detected from its whole payloads.
func Detect(b []byte) Format {
	c := sniffContainer(b)
	if c == containerEventStream {
		return FormatBedrock
	}
	found, seen := FormatUnknown, 0
	_ = eachPayload(b, c, func(p payload) bool {
		found = probe(p.data)
		seen++
		return found == FormatUnknown && seen < detectPayloads
	})
	return found
}

// probe names the provider of one payload, or returns FormatUnknown.
func probe(data []byte) Format {
	var pr detectProbe
	if json.Unmarshal(data, &pr) != nil {
		return FormatUnknown
	}
	switch {
	case strings.HasPrefix(pr.Type, "response."):
		return FormatOpenAIResponses
	case anthropicTypes[pr.Type]:
		return FormatAnthropic
	case pr.Object == "chat.completion.chunk" || len(pr.Choices) > 0:
		return FormatOpenAIChat
	case len(pr.Candidates) > 0 || len(pr.UsageMetadata) > 0:
		return FormatGemini
	}
	return FormatUnknown
}
