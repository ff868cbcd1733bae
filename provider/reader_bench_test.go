package provider

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReader reads recorded streams from corpus/streams (the
// project's own, see corpus/streams/README or the files' expect.json):
// whole from memory, and in 512-byte reads as a network body comes.
// Each op is one whole stream, NewReader included; events/op counts its
// messages.
func BenchmarkReader(b *testing.B) {
	root, err := moduleRootDir()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{
		"openai-chat__long_go_source.sse",   // 94 KB, SSE, 272 events
		"openai-chat__per_char_unicode.sse", // 37 KB of small events
		"deepseek__null_continuations.chunks.jsonl",
		"gemini__array.json",
		"bedrock__anthropic_hangul.eventstream",
	} {
		data, err := os.ReadFile(filepath.Join(root, "corpus", "streams", name))
		if err != nil {
			b.Fatal(err)
		}
		for _, reads := range []struct {
			name string
			n    int
		}{{"whole", len(data)}, {"512", 512}} {
			b.Run(name+"/"+reads.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				events := 0
				for b.Loop() {
					r := NewReader(smallReads{bytes.NewReader(data), reads.n}, ReaderOptions{})
					events = 0
					for {
						if _, err := r.Next(); err != nil {
							if err != io.EOF {
								b.Fatal(err)
							}
							break
						}
						events++
					}
				}
				b.ReportMetric(float64(events), "events/op")
			})
		}
	}
}
