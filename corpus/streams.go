package corpus

//go:generate go run ./internal/gen -out streams

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
)

// streamFiles holds the project's own provider streams and their
// sidecars, written by internal/gen.
//
//go:embed streams
var streamFiles embed.FS

// Stream is one of the project's own recorded-style provider streams,
// made by a generator to cover what real captures rarely show.
type Stream struct {
	// Name is the file name without extension, e.g.
	// "anthropic__escape_number_splits".
	Name string
	// File is the file name inside the streams folder.
	File   string
	Format Format
	Data   []byte
	Expect Expect
}

// Expect is a stream's ".expect.json" sidecar.
type Expect struct {
	Format Format `json:"format"`
	// Container is sse, jsonl, json-array or eventstream.
	Container string `json:"container"`
	// Exercises says in a sentence what the stream is for.
	Exercises string `json:"exercises"`
	// Calls are the tool calls in order of first appearance.
	Calls []ExpectCall `json:"calls"`
}

// ExpectCall is one call's intended result.
type ExpectCall struct {
	Key  string `json:"key"`
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	// Arguments is the exact final argument text: the Final when the
	// provider sends one, else the concatenated deltas.
	Arguments string `json:"arguments"`
	// Valid is json.Valid(Arguments); false for cut-off, freeform or
	// broken text.
	Valid bool `json:"valid"`
	// Ended says whether the stream sends an end signal for the call.
	Ended bool `json:"ended"`
	// Hosted says the provider runs the tool itself (Event.Hosted).
	Hosted bool `json:"hosted,omitempty"`
	// Text says the input is free-form text, not JSON (Event.Text): the
	// call runs at its end whatever it holds.
	Text bool `json:"text,omitempty"`
}

// Streams returns the embedded streams sorted by name. The result is
// shared: do not modify it.
func Streams() []Stream { return loadStreams() }

var loadStreams = sync.OnceValue(func() []Stream {
	ss, err := parseStreams(streamFiles)
	if err != nil {
		panic(err) // the files are embedded: a bad one is a build bug
	}
	return ss
})

const expectSuffix = ".expect.json"

func parseStreams(fsys fs.FS) ([]Stream, error) {
	names, err := fs.Glob(fsys, "streams/*")
	if err != nil {
		return nil, err
	}
	var out []Stream
	for _, p := range names {
		file := path.Base(p)
		if strings.HasSuffix(file, expectSuffix) {
			continue
		}
		name, _, _ := strings.Cut(file, ".")
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		side, err := fs.ReadFile(fsys, path.Join("streams", name+expectSuffix))
		if err != nil {
			return nil, fmt.Errorf("corpus: stream %s has no sidecar: %w", file, err)
		}
		s := Stream{Name: name, File: file, Data: data}
		if err := json.Unmarshal(side, &s.Expect); err != nil {
			return nil, fmt.Errorf("corpus: %s%s: %w", name, expectSuffix, err)
		}
		s.Format = s.Expect.Format
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
