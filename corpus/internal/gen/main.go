// Command gen writes the embedded provider streams of package corpus and
// their ".expect.json" sidecars. Run it with go generate in the corpus
// folder; the output is committed so that tests need no generator.
//
// Each stream is built from its intended calls: the generator cuts each
// call's argument text into pieces, writes the pieces in the provider's
// wire format, and writes the intended text to the sidecar. It checks that
// the pieces join back to the text before writing anything.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// stream is one generated file.
type stream struct {
	name      string // file name without extension
	format    string // corpus format name
	container string // sse, jsonl, json-array, eventstream
	exercises string
	calls     []call
	data      []byte
}

// call is what the reader must produce for one tool call.
type call struct {
	Key       string `json:"key"`
	ID        string `json:"id,omitempty"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	// Valid is json.Valid(Arguments); false for cut-off or broken text.
	Valid bool `json:"valid"`
	// Ended says whether the stream ends the call (an End event).
	Ended bool `json:"ended"`
	// Hosted says the provider runs the tool itself.
	Hosted bool `json:"hosted,omitempty"`
	// Text says the input is free-form text, not JSON.
	Text bool `json:"text,omitempty"`
}

type sidecar struct {
	Format    string `json:"format"`
	Container string `json:"container"`
	Exercises string `json:"exercises"`
	Calls     []call `json:"calls"`
}

var extensions = map[string]string{
	"sse":         ".sse",
	"jsonl":       ".chunks.jsonl",
	"json-array":  ".json",
	"eventstream": ".eventstream",
}

func main() {
	out := flag.String("out", "streams", "folder to write the streams to")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("gen: ")

	all := [][]stream{openAIChat(), openAICompatible(), openAIResponses(), anthropic(), gemini(), bedrock(), longStreams()}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(*out, "*"))
	for _, p := range old {
		os.Remove(p)
	}
	seen := map[string]bool{}
	for _, group := range all {
		for _, s := range group {
			if seen[s.name] {
				log.Fatalf("%s: duplicate name", s.name)
			}
			seen[s.name] = true
			if err := write(*out, s); err != nil {
				log.Fatalf("%s: %v", s.name, err)
			}
		}
	}
	fmt.Printf("gen: wrote %d streams to %s\n", len(seen), *out)
}

func write(dir string, s stream) error {
	ext, ok := extensions[s.container]
	if !ok {
		return fmt.Errorf("unknown container %q", s.container)
	}
	for i := range s.calls {
		s.calls[i].Valid = json.Valid([]byte(s.calls[i].Arguments))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sidecar{s.format, s.container, s.exercises, s.calls}); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, s.name+ext), s.data, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, s.name+".expect.json"), buf.Bytes(), 0o644)
}

// mustJoin panics unless the pieces give back the intended text: the
// sidecar is only worth something if the wire bytes were built from it.
func mustJoin(want string, pieces []string) []string {
	if got := strings.Join(pieces, ""); got != want {
		panic(fmt.Sprintf("pieces join to %q, want %q", got, want))
	}
	return pieces
}
