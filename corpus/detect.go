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

// Detect guesses the format of a recorded stream from its container and
// its first payloads. It returns FormatUnknown when it cannot tell. A cut
// off stream is still detected from its whole payloads.
func Detect(b []byte) Format {
	c := sniffContainer(b)
	if c == containerEventStream {
		return FormatBedrock
	}
	ps, _ := splitPayloads(b, c)
	for _, p := range ps {
		var pr detectProbe
		if json.Unmarshal(p.data, &pr) != nil {
			continue
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
	}
	return FormatUnknown
}
