// Package replay serves the recorded provider streams of the shared corpus
// from a local server, for the examples' tests, and reads the tool calls
// each recording holds with encoding/json alone (see [Calls]), as a
// reference that owes nothing to package provider's decoders. [Check]
// runs an example program against each recording of its format.
//
// The recordings stay in ../shared/corpus/providers beside the repository
// (or in $DELTAJSON_SHARED_CORPUS/providers); a test skips when they are
// absent.
package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/deltajson/deltajson/provider"
)

// SharedEnv overrides where the shared corpus folder ("…/shared/corpus")
// is looked for.
const SharedEnv = "DELTAJSON_SHARED_CORPUS"

// A Recording is one recorded response stream.
type Recording struct {
	// Name is the file's path under the providers folder, as
	// "anthropic/x.sse".
	Name string
	// Raw is the file as recorded.
	Raw []byte
	// Body is what the server sends: Raw, or for a recording whose
	// framing the recorder dropped (.chunks.jsonl) or that is a JSON
	// array (Gemini without alt=sse), its payloads as SSE events.
	Body []byte
	// ContentType is the Content-Type the server sends.
	ContentType string
}

// Recordings returns the recordings in the given folders of the shared
// corpus's providers folder, sorted by name. It skips t when the folder
// is absent.
func Recordings(t testing.TB, folders ...string) []Recording {
	t.Helper()
	dir, err := providersDir()
	if err != nil {
		t.Skipf("recorded streams absent: %v (set %s to the shared corpus folder)", err, SharedEnv)
	}
	var out []Recording
	for _, folder := range folders {
		names, err := filepath.Glob(filepath.Join(dir, folder, "*"))
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(names)
		for _, p := range names {
			base := filepath.Base(p)
			if strings.HasSuffix(base, ".decoded.jsonl") || strings.HasSuffix(base, ".md") {
				continue
			}
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			rec := Recording{Name: folder + "/" + base, Raw: raw}
			if err := rec.frame(); err != nil {
				t.Fatalf("%s: %v", rec.Name, err)
			}
			out = append(out, rec)
		}
	}
	if len(out) == 0 {
		t.Skipf("no recordings in %s/%v", dir, folders)
	}
	return out
}

// providersDir finds shared/corpus/providers beside the module's
// repository, or under $DELTAJSON_SHARED_CORPUS.
func providersDir() (string, error) {
	if d := os.Getenv(SharedEnv); d != "" {
		p := filepath.Join(d, "providers")
		_, err := os.Stat(p)
		return p, err
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "shared", "corpus", "providers")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no shared/corpus/providers above the working directory")
		}
		dir = parent
	}
}

// frame sets Body and ContentType.
func (r *Recording) frame() error {
	switch {
	case strings.HasSuffix(r.Name, ".eventstream"):
		r.Body, r.ContentType = r.Raw, "application/vnd.amazon.eventstream"
	case strings.HasSuffix(r.Name, ".sse"):
		r.Body, r.ContentType = r.Raw, "text/event-stream"
	case strings.HasSuffix(r.Name, ".jsonl"), strings.HasSuffix(r.Name, ".json"):
		payloads, err := Payloads(r.Raw)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		for _, p := range payloads {
			// The servers name each event after its type; the recorder
			// kept only the data, and anthropic-sdk-go needs the name.
			var typed struct{ Type string }
			if json.Unmarshal(p.Data, &typed) == nil && typed.Type != "" {
				fmt.Fprintf(&b, "event: %s\n", typed.Type)
			}
			var c bytes.Buffer
			if err := json.Compact(&c, p.Data); err != nil {
				return err
			}
			fmt.Fprintf(&b, "data: %s\n\n", c.Bytes())
		}
		r.Body, r.ContentType = b.Bytes(), "text/event-stream"
	default:
		return fmt.Errorf("unknown kind of recording")
	}
	return nil
}

// A Payload is one message of a recording: its data and its event name.
type Payload struct {
	Event string
	Data  []byte
}

// Payloads splits a recording into its messages. The splitting is
// package provider's Reader, tested against plain readers of its own; the
// payloads are then read with encoding/json alone.
func Payloads(raw []byte) ([]Payload, error) {
	rd := provider.NewReader(bytes.NewReader(raw), provider.ReaderOptions{})
	var out []Payload
	for {
		m, err := rd.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, Payload{Event: string(m.Event), Data: bytes.Clone(m.Data)})
	}
}

// Serve starts a server on 127.0.0.1 that answers every request with the
// recording's body. A request for a Gemini stream must ask for alt=sse,
// as genai's GenerateContentStream does. The server stops with the test.
func Serve(t testing.TB, rec Recording) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if strings.Contains(r.URL.Path, "streamGenerateContent") && r.URL.Query().Get("alt") != "sse" {
			http.Error(w, "want alt=sse", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", rec.ContentType)
		_, _ = w.Write(rec.Body)
	}))
	t.Cleanup(srv.Close)
	return srv
}
