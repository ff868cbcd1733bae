package provider

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordedStream is one recorded body, read in place.
type recordedStream struct {
	name    string // the folder it came from and its path there
	data    []byte
	decoded []byte // the ".decoded.jsonl" beside an event-stream, or nil
}

// streamContainers are the recorded files' extensions and their framing.
var streamContainers = map[string]Container{
	".sse":         ContainerSSE,
	".jsonl":       ContainerLines,
	".json":        ContainerArray,
	".eventstream": ContainerEventStream,
}

// recordedStreams returns the repository's corpus/streams and the shared
// corpus's providers folder (../shared/corpus beside the module root, or
// streamData returns the data of the recorded stream whose file is
// named name, in the module's corpus/streams.
func streamData(t testing.TB, name string) []byte {
	t.Helper()
	for _, s := range recordedStreams(t) {
		if s.name == "streams/"+name {
			return s.data
		}
	}
	t.Fatalf("no recorded stream %s", name)
	return nil
}

// $DELTAJSON_SHARED_CORPUS). It skips the test when neither is there.
func recordedStreams(t testing.TB) []recordedStream {
	t.Helper()
	root, err := moduleRootDir()
	require.NoError(t, err)
	shared := os.Getenv("DELTAJSON_SHARED_CORPUS")
	if shared == "" {
		shared = filepath.Join(filepath.Dir(root), "shared", "corpus")
	}
	var out []recordedStream
	for _, dir := range []string{filepath.Join(root, "corpus", "streams"), filepath.Join(shared, "providers")} {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("no recorded streams in %s", dir)
			continue
		}
		err := filepath.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if de.IsDir() && de.Name() == "_originals" { // whole cassettes, not streams
				return filepath.SkipDir
			}
			name := de.Name()
			if _, ok := streamContainers[filepath.Ext(name)]; de.IsDir() || !ok ||
				strings.HasSuffix(name, ".decoded.jsonl") || strings.HasSuffix(name, ".expect.json") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(filepath.Dir(dir), p)
			s := recordedStream{name: filepath.ToSlash(rel), data: data}
			if d, err := os.ReadFile(strings.TrimSuffix(p, ".eventstream") + ".decoded.jsonl"); err == nil && filepath.Ext(p) == ".eventstream" {
				s.decoded = d
			}
			out = append(out, s)
			return nil
		})
		require.NoError(t, err)
	}
	if len(out) == 0 {
		t.Skipf("no recorded streams: set DELTAJSON_SHARED_CORPUS, or put shared/corpus beside %s", root)
	}
	return out
}

// moduleRootDir finds the directory of the module's go.mod above the
// working directory.
func moduleRootDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// TestReaderRecorded reads every recorded stream whole, a byte at a time
// and at random cuts, and checks the messages against plain readers of
// the whole file, and an event-stream's against its decoded rendering.
func TestReaderRecorded(t *testing.T) {
	streams := recordedStreams(t)
	seen := map[Container]int{}
	for _, s := range streams {
		t.Run(s.name, func(t *testing.T) {
			want := streamContainers[filepath.Ext(s.name)]
			got := readEveryWay(t, s.data, ReaderOptions{})
			require.Equal(t, io.EOF, got.Err)
			require.Equal(t, want, got.Container, "container told from the stream")
			require.NotEmpty(t, got.Msgs)
			seen[want]++
			switch want {
			case ContainerSSE:
				assert.Equal(t, refSSE(s.data).Msgs, got.Msgs, "against the plain SSE reader")
			case ContainerLines:
				assert.Equal(t, refLines(s.data).Msgs, got.Msgs, "against the plain lines reader")
			case ContainerArray:
				assert.Equal(t, jsonElements(t, s.data), datas(got.Msgs), "against encoding/json")
			case ContainerEventStream:
				if s.decoded == nil {
					t.Logf("no .decoded.jsonl beside it")
					break
				}
				lines := strings.Split(strings.TrimSuffix(string(s.decoded), "\n"), "\n")
				require.Len(t, got.Msgs, len(lines))
				for i, m := range got.Msgs {
					assert.Equal(t, lines[i], renderFrame(t, m), "frame %d", i)
				}
			}
		})
	}
	t.Logf("streams per container: %v", seen)
}

func datas(ms []msg) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Data)
	}
	return out
}

// jsonElements splits a JSON array with encoding/json.
func jsonElements(t *testing.T, b []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(b))
	_, err := dec.Token()
	require.NoError(t, err)
	var out []string
	for dec.More() {
		var raw json.RawMessage
		require.NoError(t, dec.Decode(&raw))
		out = append(out, string(raw))
	}
	return out
}

// renderFrame renders a frame the way the shared corpus's .decoded.jsonl
// files do: an InvokeModelWithResponseStream "chunk" as its base64 bytes
// decoded, a ConverseStream event as {"<:event-type>":<payload>}.
func renderFrame(t *testing.T, m msg) string {
	if m.Event != "chunk" {
		return `{"` + m.Event + `":` + m.Data + `}`
	}
	var w struct{ Bytes string }
	require.NoError(t, json.Unmarshal([]byte(m.Data), &w))
	b, err := base64.StdEncoding.DecodeString(w.Bytes)
	require.NoError(t, err)
	return string(b)
}
