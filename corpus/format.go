package corpus

import (
	"fmt"
	"strings"
)

// Format names a provider's stream format.
type Format uint8

const (
	// FormatUnknown is what Detect returns when it cannot tell.
	FormatUnknown Format = iota
	// FormatAuto asks Read to detect the format itself.
	FormatAuto
	// FormatOpenAIChat is OpenAI Chat Completions chunks
	// (choices[].delta.tool_calls), and the OpenAI-compatible vendors.
	FormatOpenAIChat
	// FormatOpenAIResponses is OpenAI Responses API events
	// (response.function_call_arguments.delta and friends).
	FormatOpenAIResponses
	// FormatAnthropic is Anthropic Messages events (input_json_delta).
	FormatAnthropic
	// FormatGemini is Gemini / Vertex generateContent chunks (functionCall).
	FormatGemini
	// FormatBedrock is AWS Bedrock's binary event-stream wrapping
	// Anthropic Messages events.
	FormatBedrock
)

var formatNames = [...]string{
	FormatUnknown:         "unknown",
	FormatAuto:            "auto",
	FormatOpenAIChat:      "openai-chat",
	FormatOpenAIResponses: "openai-responses",
	FormatAnthropic:       "anthropic",
	FormatGemini:          "gemini",
	FormatBedrock:         "bedrock",
}

// String returns the name ParseFormat accepts.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// MarshalText lets a Format sit in JSON sidecars as its name.
func (f Format) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText accepts what ParseFormat accepts.
func (f *Format) UnmarshalText(b []byte) error {
	g, err := ParseFormat(string(b))
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// ParseFormat turns a name such as "openai-chat" or "auto" into a Format.
// It is case-insensitive. An unknown name gives an error wrapping
// ErrUnknownFormat.
func ParseFormat(s string) (Format, error) {
	for f, name := range formatNames {
		if f != int(FormatUnknown) && strings.EqualFold(s, name) {
			return Format(f), nil
		}
	}
	return FormatUnknown, fmt.Errorf("corpus: format %q: %w", s, ErrUnknownFormat)
}
