package corpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Capture is one real provider stream from the shared corpus folder
// (shared/corpus/providers, see its PROVENANCE.md). The files are read in
// place and never copied into this repository.
type Capture struct {
	// Path is relative to the providers folder, e.g.
	// "anthropic/anthropic-sdk-python__tool_use_response.sse".
	Path string
	// Provider is the folder: openai-chat, openai-compatible, mistral,
	// openai-responses, anthropic, gemini, gemini-interactions, bedrock,
	// bedrock-converse or cohere.
	Provider string
	// Format is the reader format the folder implies.
	Format Format
	Data   []byte
	// Derived is the ".decoded.jsonl" made from a Bedrock capture (one
	// Anthropic event per line), or nil.
	Derived []byte
}

var providerFormats = map[string]Format{
	"openai-chat":         FormatOpenAIChat,
	"openai-compatible":   FormatOpenAIChat,
	"openai-responses":    FormatOpenAIResponses,
	"anthropic":           FormatAnthropic,
	"gemini":              FormatGemini,
	"bedrock":             FormatBedrock,
	"bedrock-converse":    FormatBedrockConverse,
	"cohere":              FormatCohere,
	"gemini-interactions": FormatInteractions,
	"mistral":             FormatOpenAIChat,
}

const derivedSuffix = ".decoded.jsonl"

// Captures returns the real provider streams, sorted by path. When the
// shared folder is absent the error wraps ErrAbsent. The result is cached
// and shared: do not modify it.
func Captures() ([]Capture, error) { return loadCaptures() }

var loadCaptures = sync.OnceValues(func() ([]Capture, error) {
	dir, err := sharedPath("providers")
	if err != nil {
		return nil, err
	}
	var out []Capture
	err = filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		prov, _, nested := strings.Cut(rel, "/")
		f, known := providerFormats[prov]
		if !nested || !known || strings.HasSuffix(rel, derivedSuffix) {
			return nil // PROVENANCE.md, derived files
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		c := Capture{Path: rel, Provider: prov, Format: f, Data: data}
		if d, err := os.ReadFile(strings.TrimSuffix(p, filepath.Ext(p)) + derivedSuffix); err == nil {
			c.Derived = d
		}
		out = append(out, c)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, err
})
