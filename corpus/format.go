package corpus

import "github.com/deltajson/deltajson/provider"

// Format names a provider's stream format; it is package provider's.
type Format = provider.Format

// The formats Read takes. FormatUnknown, which Detect returns when it
// cannot tell, is FormatAuto.
const (
	FormatUnknown         = provider.FormatAuto
	FormatAuto            = provider.FormatAuto
	FormatOpenAIChat      = provider.FormatOpenAIChat
	FormatOpenAIResponses = provider.FormatOpenAIResponses
	FormatAnthropic       = provider.FormatAnthropic
	FormatGemini          = provider.FormatGemini
	FormatBedrock         = provider.FormatBedrock
	FormatBedrockConverse = provider.FormatBedrockConverse
	FormatCohere          = provider.FormatCohere
	FormatInteractions    = provider.FormatInteractions
	FormatOllama          = provider.FormatOllama
)

// ParseFormat turns a name such as "openai-chat" or "auto" into a Format
// (see [provider.ParseFormat]).
func ParseFormat(s string) (Format, error) { return provider.ParseFormat(s) }
