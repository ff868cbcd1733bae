package provider

import (
	"fmt"
	"strings"
)

// Format names a provider's wire format: the payloads of its stream.
type Format uint8

const (
	// FormatAuto tells the format from the first payload that names it.
	FormatAuto Format = iota
	// FormatOpenAIChat is OpenAI Chat Completions chunks
	// (choices[].delta.tool_calls, or the deprecated function_call), and
	// the servers that copy them: Groq, DeepSeek, Mistral, xAI, Poolside,
	// Ollama's and llama.cpp's OpenAI endpoints, vLLM, OpenRouter,
	// Alibaba, Writer.
	FormatOpenAIChat
	// FormatOpenAIResponses is OpenAI Responses events
	// (response.function_call_arguments.delta and the rest).
	FormatOpenAIResponses
	// FormatAnthropic is Anthropic Messages events (input_json_delta).
	FormatAnthropic
	// FormatGemini is Gemini and Vertex generateContent chunks: whole
	// functionCall args, or Vertex's streamed partialArgs.
	FormatGemini
	// FormatBedrock is Bedrock's InvokeModelWithResponseStream: Anthropic
	// events, base64 in {"bytes": ...} payloads of event-stream frames.
	FormatBedrock
	// FormatBedrockConverse is Bedrock's ConverseStream events
	// (contentBlockStart.start.toolUse, contentBlockDelta.delta.toolUse).
	FormatBedrockConverse
	// FormatCohere is Cohere v2 chat events (tool-call-start,
	// tool-call-delta, tool-call-end).
	FormatCohere
	// FormatInteractions is Google's Interactions API events (step.start,
	// step.delta, step.stop).
	FormatInteractions
	// FormatOllama is Ollama's native /api/chat stream: one JSON object a
	// line, with whole tool_calls.
	FormatOllama
)

var formatNames = [...]string{
	FormatAuto:            "auto",
	FormatOpenAIChat:      "openai-chat",
	FormatOpenAIResponses: "openai-responses",
	FormatAnthropic:       "anthropic",
	FormatGemini:          "gemini",
	FormatBedrock:         "bedrock",
	FormatBedrockConverse: "bedrock-converse",
	FormatCohere:          "cohere",
	FormatInteractions:    "gemini-interactions",
	FormatOllama:          "ollama",
}

// Formats returns every format but FormatAuto, in order.
func Formats() []Format {
	out := make([]Format, 0, len(formatNames)-1)
	for f := FormatAuto + 1; int(f) < len(formatNames); f++ {
		out = append(out, f)
	}
	return out
}

// String returns the name [ParseFormat] accepts.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// MarshalText gives the format's name, and an error wrapping
// [ErrUnknownFormat] for a Format that has none.
func (f Format) MarshalText() ([]byte, error) {
	if int(f) >= len(formatNames) {
		return nil, fmt.Errorf("provider: %v: %w", f, ErrUnknownFormat)
	}
	return []byte(formatNames[f]), nil
}

// UnmarshalText accepts what [ParseFormat] accepts.
func (f *Format) UnmarshalText(b []byte) error {
	g, err := ParseFormat(string(b))
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// ParseFormat turns a name such as "openai-chat" or "auto" into a Format,
// ignoring case. An unknown name gives an error wrapping
// [ErrUnknownFormat].
func ParseFormat(s string) (Format, error) {
	for f, name := range formatNames {
		if strings.EqualFold(s, name) {
			return Format(f), nil
		}
	}
	return FormatAuto, fmt.Errorf("provider: format %q (want one of %s): %w", s, strings.Join(formatNames[:], ", "), ErrUnknownFormat)
}

// detect names the format of one payload, or returns FormatAuto when the
// payload names none. event is the message's event name, if any.
func (d *Decoder) detect(v value, event []byte) Format {
	switch string(event) {
	case "chunk":
		return FormatBedrock
	case "messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop", "metadata":
		return FormatBedrockConverse
	}
	var typ, eventType value
	var choices, candidates, message, converse, bytesField bool
	for name, val := range d.members(v) {
		switch string(name) {
		case "type":
			typ = val
		case "event_type":
			eventType = val
		case "object":
			if val.is("chat.completion.chunk") {
				return FormatOpenAIChat
			}
		case "choices":
			choices = true
		case "candidates", "usageMetadata":
			candidates = true
		case "message": // Ollama's is an object; an error's is text
			message = message || val.isObject()
		case "done":
			message = message || len(val) > 0 && (val[0] == 't' || val[0] == 'f')
		case "messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop":
			converse = true
		case "bytes":
			bytesField = true
		}
	}
	t := typ.str()
	switch {
	case strings.HasPrefix(t, "response."):
		return FormatOpenAIResponses
	case anthropicType(t):
		return FormatAnthropic
	case strings.HasPrefix(t, "tool-") || strings.HasPrefix(t, "message-") || strings.HasPrefix(t, "content-") ||
		strings.HasPrefix(t, "citation-"):
		return FormatCohere
	case strings.HasPrefix(eventType.str(), "step.") || strings.HasPrefix(eventType.str(), "interaction."):
		return FormatInteractions
	case choices:
		return FormatOpenAIChat
	case candidates:
		return FormatGemini
	case converse:
		return FormatBedrockConverse
	case bytesField:
		return FormatBedrock
	case message:
		return FormatOllama
	}
	return FormatAuto
}

func anthropicType(t string) bool {
	switch t {
	case "message_start", "message_delta", "message_stop", "content_block_start",
		"content_block_delta", "content_block_stop", "ping":
		return true
	}
	return false
}
