package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/fixtures"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// replayCLI runs "deltajson replay args..." and returns the exit status,
// stdout and stderr.
func replayCLI(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"replay"}, args...), bytes.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func replayFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// byKey indexes results by call key: they come in the order the calls
// end.
func byKey(rs []replayResult) map[string]replayResult {
	m := map[string]replayResult{}
	for _, r := range rs {
		m[r.Key] = r
	}
	return m
}

func readResults(t *testing.T, out string) []replayResult {
	t.Helper()
	var rs []replayResult
	d := json.NewDecoder(strings.NewReader(out))
	for d.More() {
		var r replayResult
		require.NoError(t, d.Decode(&r))
		rs = append(rs, r)
	}
	return rs
}

// TestReplayStreams replays every embedded corpus stream, whole and one
// byte at a time, and checks each call against its sidecar.
func TestReplayStreams(t *testing.T) {
	for _, st := range corpus.Streams() {
		path := replayFile(t, st.File, st.Data)
		for _, chunk := range []string{"0", "1"} {
			code, out, errOut := replayCLI(t, nil, "--json", "--chunk", chunk, path)
			rs := byKey(readResults(t, out))
			require.Len(t, rs, len(st.Expect.Calls), "%s: %s", st.Name, errOut)
			allReady := true
			for _, want := range st.Expect.Calls {
				got := rs[want.Key]
				assert.Equal(t, want.Key, got.Key, st.Name)
				assert.Equal(t, want.ID, got.ID, st.Name)
				assert.Equal(t, want.Name, got.Name, st.Name)
				assert.Equal(t, want.Arguments, got.Arguments, "%s call %s chunk %s", st.Name, want.Key, chunk)
				whole := want.Ended && (want.Valid || want.Arguments == "" || want.Text)
				assert.Equal(t, whole && !want.Hosted, got.Status == "ready", "%s call %s: %s %s", st.Name, want.Key, got.Status, got.Error)
				assert.Equal(t, want.Text, got.Text, "%s call %s", st.Name, want.Key)
				if !want.Valid && want.Arguments != "" && !want.Text {
					assert.NotEqual(t, "ready", got.Status, "%s: never valid JSON, never ready", st.Name)
				}
				assert.Equal(t, want.Hosted, got.Hosted, "%s call %s", st.Name, want.Key)
				if want.Hosted && whole {
					assert.Equal(t, "rejected", got.Status, "%s call %s: hosted", st.Name, want.Key)
				}
				allReady = allReady && whole
			}
			if allReady {
				assert.Equal(t, exitOK, code, st.Name)
			} else {
				assert.Equal(t, exitInvalid, code, st.Name)
			}
		}
	}
}

// TestReplayCaptures replays the real provider recordings: every call's
// arguments must be what the provider sent.
func TestReplayCaptures(t *testing.T) {
	caps, err := fixtures.Captures()
	if errors.Is(err, fixtures.ErrAbsent) {
		t.Skipf("real provider captures absent (shared/corpus/providers): %v", err)
	}
	require.NoError(t, err)
	for _, cp := range caps {
		events, err := corpus.Read(bytes.NewReader(cp.Data), cp.Format)
		if err != nil && len(events) == 0 {
			t.Logf("%s: unreadable, skipped: %v", cp.Path, err)
			continue
		}
		// What the provider sent, per call: the final arguments when it
		// sent them, else the deltas joined.
		want := map[string]string{}
		var order []string
		for _, ev := range events {
			if _, ok := want[ev.Key]; !ok {
				want[ev.Key] = ""
				order = append(order, ev.Key)
			}
			switch {
			case ev.Kind == resume.EventDelta:
				want[ev.Key] += string(ev.Data)
			case ev.Kind == resume.EventEnd && ev.Final != nil:
				want[ev.Key] = string(ev.Final)
			}
		}
		path := replayFile(t, filepath.Base(cp.Path), cp.Data)
		for _, chunk := range []string{"0", "1"} {
			_, out, errOut := replayCLI(t, nil, "--json", "--format", cp.Format.String(), "--chunk", chunk, path)
			rs := readResults(t, out)
			require.Len(t, rs, len(order), "%s: %s", cp.Path, errOut)
			for _, r := range rs {
				assert.Contains(t, order, r.Key, cp.Path)
				assert.Equal(t, want[r.Key], r.Arguments, "%s call %s chunk %s", cp.Path, r.Key, chunk)
				if r.Status == "ready" && r.Arguments != "" && !r.Text {
					assert.True(t, json.Valid([]byte(r.Arguments)), cp.Path)
				}
			}
		}
	}
}

func TestReplayTimeline(t *testing.T) {
	var st corpus.Stream
	for _, s := range corpus.Streams() {
		if s.Name == "openai-chat__length_cutoff" {
			st = s
		}
	}
	require.NotEmpty(t, st.Data)
	path := replayFile(t, st.File, st.Data)
	code, out, _ := replayCLI(t, nil, path)
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, out, `[0 save_story] start: save_story (id "call_Lc7Hq2wE5fKa", index 0)`)
	assert.Contains(t, out, `{"title":"A story","content":"Once upon a time"}`, "the partial view grows")
	// finish_reason "length" cut the output short: no end signal.
	prefix := `{"title":"A story","content":"Once upon a time, in a land far, far aw`
	cause := "resume: no end signal: tokenizer: unexpected end of input in string at offset " + strconv.Itoa(len(prefix)) + " (/content)"
	assert.Contains(t, out, "[0 save_story] stream ended without an end signal: "+cause)
	assert.Contains(t, out, "[0 save_story] result: incomplete  ("+cause+")")
}

func TestReplayUsage(t *testing.T) {
	const stream = "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"a\\\":1}\"}}]}}]}\n\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n"
	path := replayFile(t, "chat.sse", []byte(stream))
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // a substring
		stderr string // a substring
	}{
		{name: "help", args: []string{"--help"}, code: exitOK, stdout: "Example:"},
		{name: "no file", args: nil, code: exitUsage, stderr: "need exactly one FILE"},
		{name: "two files", args: []string{path, path}, code: exitUsage, stderr: "need exactly one FILE"},
		{name: "bad flag", args: []string{"--nope", path}, code: exitUsage, stderr: "flag provided but not defined"},
		{name: "bad chunk", args: []string{"--chunk", "-1", path}, code: exitUsage},
		{name: "bad format", args: []string{"--format", "morse", path}, code: exitUsage, stderr: "morse"},
		{name: "missing file", args: []string{filepath.Join(t.TempDir(), "none.sse")}, code: exitUsage, stderr: "no such file"},
		{name: "not a stream", args: []string{replayFile(t, "x.txt", []byte("hello"))}, code: exitUsage},
		{name: "a directory", args: []string{t.TempDir()}, code: exitUsage, stderr: "is a directory"},
		{name: "stdin named", args: []string{"-"}, stdin: "hello", code: exitUsage, stderr: "deltajson replay: <stdin>: provider: line 1, offset 0: not a stream of events"},
		{name: "broken part way, before any call", args: []string{"-"}, code: exitInvalid, stderr: "unexpected EOF (after 0 tool-call events)",
			stdin: "data: {\"type\":\"message_start\",\"message\":{}}\n\ndata: {\"type\":\"content_bl"},
		{name: "ok", args: []string{path}, code: exitOK, stdout: `[0 f] result: ready  {"a":1}`},
		{name: "flags after file", args: []string{path, "--json"}, code: exitOK, stdout: `"arguments":"{\"a\":1}","deltas":1}`},
		{name: "stdin", args: []string{"--json", "--format", "openai-chat", "-"}, stdin: stream, code: exitOK, stdout: `"status":"ready"`},
		{name: "no calls", args: []string{"--format", "openai-chat", "-"}, code: exitOK,
			stdin: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n", stdout: "no tool calls\n"},
	}
	for _, tt := range tests {
		code, out, errOut := replayCLI(t, []byte(tt.stdin), tt.args...)
		assert.Equal(t, tt.code, code, "%s: %s", tt.name, errOut)
		assert.Contains(t, out, tt.stdout, tt.name)
		assert.Contains(t, errOut, tt.stderr, tt.name)
	}
	dir := t.TempDir()
	_, _, errOut := replayCLI(t, nil, dir)
	assert.Equal(t, 1, strings.Count(errOut, dir), "the file is named once: %s", errOut)
}

// TestReplayHelpFields: the help names every field of --json's output.
func TestReplayHelpFields(t *testing.T) {
	rt := reflect.TypeFor[replayResult]()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		assert.Contains(t, replayUsage, `"`+name+`"`, "field %s", rt.Field(i).Name)
	}
}

// TestReplayHelpLimit: the help states corpus.Read's limits as they are.
func TestReplayHelpLimit(t *testing.T) {
	help := strings.Join(strings.Fields(replayUsage), " ")
	assert.Contains(t, help, "may hold at most "+strconv.Itoa(provider.DefaultMaxMessageBytes>>20)+" MB")
	for _, f := range provider.Formats() {
		assert.Contains(t, help, f.String())
	}
	assert.Contains(t, help, "longer than "+strconv.Itoa(viewTail)+" bytes is printed as \"…(N bytes)…\" and its last "+strconv.Itoa(viewTail)+" bytes")
	assert.Contains(t, help, "their first "+strconv.Itoa(labelPart)+" bytes")
}

// anthropicStream is an Anthropic stream of one call named name whose
// arguments come in the deltas given.
func anthropicStream(name string, deltas ...string) []byte {
	var b bytes.Buffer
	event := func(v any) {
		data, _ := json.Marshal(v)
		fmt.Fprintf(&b, "data: %s\n\n", data)
	}
	event(map[string]any{"type": "content_block_start", "index": 0,
		"content_block": map[string]any{"type": "tool_use", "id": "toolu_1", "name": name, "input": map[string]any{}}})
	for _, d := range deltas {
		event(map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "input_json_delta", "partial_json": d}})
	}
	event(map[string]any{"type": "content_block_stop", "index": 0})
	return b.Bytes()
}

// TestReplayTimelineBounded: the timeline prints at most the last
// viewTail bytes of a view, cut between characters, after a marker with
// its length, so that it is linear in the stream: replaying 8 KB of
// arguments a byte at a time printed 33 MB of views, and a 40 KB argument
// 800 MB.
func TestReplayTimelineBounded(t *testing.T) {
	args := `{"text":"` + strings.Repeat("aé東😀", 800) + `"}` // 8 KB, characters of 1 to 4 bytes
	path := replayFile(t, "long.sse", anthropicStream("write", args))
	code, out, errOut := replayCLI(t, nil, "--chunk", "1", path)
	require.Equal(t, exitOK, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Less(t, len(out), 250*len(lines), "bytes per line")

	views := 0
	for _, line := range lines {
		require.True(t, utf8.ValidString(line), "a character cut: %q", line)
		_, view, ok := strings.Cut(line, " receiving  ")
		if !ok {
			continue
		}
		views++
		if rest, ok := strings.CutPrefix(view, "…("); ok {
			n, tail, ok := strings.Cut(rest, " bytes)…")
			require.True(t, ok, line)
			size, err := strconv.Atoi(n)
			require.NoError(t, err, line)
			require.Greater(t, size, viewTail, line)
			require.LessOrEqual(t, len(tail), viewTail, line)
			require.Greater(t, len(tail), viewTail-utf8.UTFMax, line)
			require.True(t, strings.HasSuffix(tail, `"}`), line)
		} else {
			require.LessOrEqual(t, len(view), viewTail, line)
		}
	}
	assert.Greater(t, views, 2000, "a view after most deltas")
	// The view closes the string not yet closed; before the closers, the
	// last whole characters of the text that fit in viewTail bytes.
	runes := []rune(args[:len(args)-2])
	want := `"}`
	for k := len(runes) - 1; len(want)+len(string(runes[k])) <= viewTail; k-- {
		want = string(runes[k]) + want
	}
	assert.Contains(t, out, fmt.Sprintf(" receiving  …(%d bytes)…%s\n", len(args), want), "the view of the last character")
	assert.Contains(t, out, "[0 write] result: ready  "+args+"\n", "the result is whole")
}

// TestReplayLabelBounded: a call's key and name are cut in the label
// printed on each of its lines, and whole in its start line and --json.
func TestReplayLabelBounded(t *testing.T) {
	name := strings.Repeat("ñ", resume.MaxIdentityBytes/2) // the longest a Set takes
	path := replayFile(t, "name.sse", anthropicStream(name, `{"a"`, `:1}`))
	code, out, errOut := replayCLI(t, nil, path)
	require.Equal(t, exitOK, code, errOut)
	label := "[0 " + strings.Repeat("ñ", labelPart/2) + "…]"
	assert.Equal(t, 7, strings.Count(out, label+" "), out)
	assert.Contains(t, out, label+" start: "+strings.Repeat("ñ", labelPart/2)+"… (id ")
	assert.Less(t, len(out), 3*len(name)+1000)
	_, out, _ = replayCLI(t, nil, "--json", path)
	assert.Equal(t, name, readResults(t, out)[0].Name)
}

// TestReplayIdentityTooLong: a name past resume.MaxIdentityBytes is
// refused and rejects the call; the timeline says so, the summary names
// the call, and the exit status is 1.
func TestReplayIdentityTooLong(t *testing.T) {
	name := strings.Repeat("n", resume.MaxIdentityBytes+1)
	path := replayFile(t, "long-name.sse", anthropicStream(name, `{"a"`, `:1}`))
	code, out, errOut := replayCLI(t, nil, path)
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, out, "[0] start refused: "+resume.ErrIdentityTooLong.Error()+"\n")
	assert.Contains(t, out, "[0] status: receiving -> rejected ("+resume.ErrIdentityTooLong.Error()+")\n")
	assert.Contains(t, out, "[0] result: rejected  ("+resume.ErrIdentityTooLong.Error()+")\n", "the deltas do not make it ready with no name")
	assert.NotContains(t, out, "start:")
	assert.Contains(t, errOut, `call "0" has a key, id or name longer than 1024 bytes`)
	assert.Less(t, len(out)+len(errOut), 2000, "the name is not printed")
}

// TestReplayChunkMemory: --chunk cuts each delta as it is applied, so the
// memory does not grow with the number of pieces: cutting 1 MB into bytes
// allocated 128 MB of events up front.
func TestReplayChunkMemory(t *testing.T) {
	d := resume.Event{Kind: resume.EventDelta, Key: "0"}
	d.Data = []byte(`{"x":"` + strings.Repeat("x", 1<<20) + `"}`)
	events := []resume.Event{resume.Event{Kind: resume.EventStart, Key: "0"}, d, resume.Event{Kind: resume.EventEnd, Key: "0"}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	rp := newReplayer(resume.Options{MaxBytes: -1}, 1, true, w)
	for _, ev := range events {
		rp.event(ev)
	}
	runtime.ReadMemStats(&after)
	require.NoError(t, w.Flush())
	var r replayResult
	require.NoError(t, json.Unmarshal(out.Bytes(), &r))
	require.Equal(t, "ready", r.Status)
	assert.Equal(t, len(d.Data), r.Deltas)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "bytes allocated")
}

// manyCalls is an OpenAI Chat stream of n calls, each with arguments {},
// and the finish_reason that ends them.
func manyCalls(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":%d,\"id\":\"call_%d\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]}}]}\n\n", i, i)
	}
	b.WriteString("data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n")
	return []byte(b.String())
}

// TestReplayCaps: the calls past --max-calls or --max-total-bytes are
// not lost silently: stderr names the first, the cap and the flag that
// raises it, and the exit status is 1, while the calls held are printed.
func TestReplayCaps(t *testing.T) {
	path := replayFile(t, "many.sse", manyCalls(300))
	for _, tt := range []struct {
		name   string
		args   []string
		code   int
		calls  int
		ready  int
		stderr []string // each a line, or "" for none
	}{
		{name: "default", args: nil, code: exitInvalid, calls: 256, ready: 256, stderr: []string{
			"deltajson replay: " + path + `: call "256" went past --max-calls 256 and was dropped (and 43 more); raise --max-calls (-1: no cap)`}},
		{name: "raised", args: []string{"--max-calls", "300"}, code: exitOK, calls: 300, ready: 300},
		{name: "no cap", args: []string{"--max-calls", "-1"}, code: exitOK, calls: 300, ready: 300},
		{name: "one over", args: []string{"--max-calls", "299"}, code: exitInvalid, calls: 299, ready: 299, stderr: []string{
			"deltajson replay: " + path + `: call "299" went past --max-calls 299 and was dropped; raise --max-calls (-1: no cap)`}},
		{name: "total", args: []string{"--max-calls", "-1", "--max-total-bytes", "100"}, code: exitInvalid, calls: 300, ready: 50, stderr: []string{
			"deltajson replay: " + path + `: call "50" went past --max-total-bytes 100 (all calls' arguments together) and is too-large (and 249 more); raise --max-total-bytes (-1: no cap)`}},
		{name: "both", args: []string{"--max-calls", "10", "--max-total-bytes", "10"}, code: exitInvalid, calls: 10, ready: 5, stderr: []string{
			"deltajson replay: " + path + `: call "10" went past --max-calls 10 and was dropped (and 289 more); raise --max-calls (-1: no cap)`,
			"deltajson replay: " + path + `: call "5" went past --max-total-bytes 10 (all calls' arguments together) and is too-large (and 4 more); raise --max-total-bytes (-1: no cap)`}},
	} {
		code, out, errOut := replayCLI(t, nil, append([]string{"--json", path}, tt.args...)...)
		assert.Equal(t, tt.code, code, "%s: %s", tt.name, errOut)
		rs := readResults(t, out)
		assert.Len(t, rs, tt.calls, tt.name)
		ready := 0
		for _, r := range rs {
			if r.Status == "ready" {
				ready++
			}
		}
		assert.Equal(t, tt.ready, ready, tt.name)
		want := ""
		if len(tt.stderr) > 0 {
			want = strings.Join(tt.stderr, "\n") + "\n"
		}
		assert.Equal(t, want, errOut, tt.name)

		// The timeline says the same on stderr.
		code, out, errOut2 := replayCLI(t, nil, append([]string{path}, tt.args...)...)
		assert.Equal(t, tt.code, code, tt.name)
		assert.Equal(t, errOut, errOut2, tt.name)
		assert.Equal(t, tt.calls, strings.Count(out, " result: "), tt.name)
	}
	t.Run("calls one after another", func(t *testing.T) {
		// The caps count the calls held: one ended and printed is let go.
		var b bytes.Buffer
		for i := range 300 {
			fmt.Fprintf(&b, "data: {\"type\":\"content_block_start\",\"index\":%d,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_%d\",\"name\":\"f\",\"input\":{}}}\n\n", i, i)
			fmt.Fprintf(&b, "data: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"n\\\":%d}\"}}\n\n", i, i)
			fmt.Fprintf(&b, "data: {\"type\":\"content_block_stop\",\"index\":%d}\n\n", i)
		}
		path := replayFile(t, "sequential.sse", b.Bytes())
		code, out, errOut := replayCLI(t, nil, "--json", "--max-calls", "2", "--max-total-bytes", "20", path)
		assert.Equal(t, exitOK, code, errOut)
		rs := readResults(t, out)
		require.Len(t, rs, 300)
		for i, r := range rs {
			assert.Equal(t, "ready", r.Status, "call %d", i)
		}
	})
	for _, args := range [][]string{{"--max-calls", "0"}, {"--max-calls", "-2"}, {"--max-total-bytes", "0"}, {"--max-total-bytes", "-5"}} {
		code, _, errOut := replayCLI(t, nil, append(args, path)...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Contains(t, errOut, "deltajson replay: "+args[0]+" "+args[1]+": must be positive, or -1 for no limit", "%v", args)
	}
}

// TestReplayWrongFormat: a --format whose reader finds no events in a
// stream of another format is a usage error, not "no tool calls"; a
// stream of the format given (or detected) with no calls is still fine.
func TestReplayWrongFormat(t *testing.T) {
	chat := replayFile(t, "chat.sse", manyCalls(2))
	for _, args := range [][]string{{"--format", "anthropic", chat}, {"--json", "--format", "anthropic", chat}, {chat, "--format", "gemini"}} {
		code, out, errOut := replayCLI(t, nil, args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		f := args[len(args)-2]
		if f == "--format" {
			f = args[len(args)-1]
		}
		assert.Equal(t, "deltajson replay: "+chat+": no "+f+" events; the stream looks like openai-chat: unknown stream format\n"+
			"hint: --format auto\n", errOut, "%v", args)
	}
	// A JSON document given to replay: check reads it.
	code, _, errOut := replayCLI(t, []byte(`{"a":1}`), "-")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "deltajson replay: <stdin>: no provider named in this lines stream: unknown stream format\n"+
		"hint: replay reads a provider's recorded stream; deltajson check reads a JSON document\n", errOut)
	code, _, errOut = replayCLI(t, []byte("data: {\"x\":1}\n\n"), "--format", "gemini", "-")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "deltajson replay: <stdin>: no gemini events, and no provider named in the stream: unknown stream format\n"+
		"hint: --format auto\n", errOut)

	// Streams with no tool calls, of the format given or detected.
	text := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"content\":[]}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	for _, args := range [][]string{{"--format", "anthropic", "-"}, {"-"}} {
		code, out, errOut := replayCLI(t, []byte(text), args...)
		assert.Equal(t, exitOK, code, "%v: %s", args, errOut)
		assert.Equal(t, "no tool calls\n", out, "%v", args)
		code, out, _ = replayCLI(t, []byte(text), append([]string{"--json"}, args...)...)
		assert.Equal(t, exitOK, code, "%v", args)
		assert.Empty(t, out, "%v", args)
	}
}

// TestAppendViewTail: a long view keeps exactly its last viewTail bytes,
// less the rest of a character the cut would split, and its closers.
func TestAppendViewTail(t *testing.T) {
	x, y := strings.Repeat("x", 200), strings.Repeat("y", viewTail-3)
	for _, tc := range []struct{ shown, closers, want string }{
		{`{"a":"short`, `"}`, `{"a":"short"}`},
		{x, `"}`, "…(202 bytes)…" + x[:viewTail-2] + `"}`},
		// The cut falls after é's first byte: the rest of é goes too.
		{x + "é" + y, `"}`, "…(321 bytes)…" + y + `"}`},
		{x + "é" + y[1:], `"}`, "…(320 bytes)…" + "é" + y[1:] + `"}`},
		{x, strings.Repeat("]", viewTail+10), "…(330 bytes)…" + strings.Repeat("]", viewTail)},
	} {
		got := string(appendViewTail([]byte("> "), []byte(tc.shown), []byte(tc.closers)))
		assert.Equal(t, "> "+tc.want, got, "%.20q…", tc.shown)
	}
}

// TestReplayPrintable: what a stream carries reaches the timeline on one
// line per event, with nothing that moves the cursor or recolors the
// terminal: a tool name with a line feed and an ANSI escape is quoted,
// pretty-printed arguments are shown on one line, and a character that
// does not print inside a string is shown as its JSON escape.
func TestReplayPrintable(t *testing.T) {
	name := "get\nweather\x1b[31mRED"
	path := replayFile(t, "evil.sse", anthropicStream(name, "{\n  \"a\": \"x\u0085y\u007f\",", "\n\t\"b\": 1\r\n}"))
	code, out, errOut := replayCLI(t, nil, path)
	require.Equal(t, exitOK, code, errOut)
	label := `[0 "get\nweather\x1b[31mRED"]`
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		assert.True(t, strings.HasPrefix(line, label+" "), "%q", line)
	}
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\r")
	assert.NotContains(t, out, "\u0085")
	assert.Contains(t, out, label+` result: ready  {   "a": "x\u0085y\u007f",  "b": 1  }`+"\n")
	assert.Contains(t, out, label+` start: "get\nweather\x1b[31mRED" (id`)
	_, out, _ = replayCLI(t, nil, "--json", path)
	assert.Equal(t, name, readResults(t, out)[0].Name, "--json keeps the name as it is, in a JSON string")
}

// TestReplayViewOncePerChange: a delta that leaves the partial view as it
// was prints no view, even when the bytes behind it grew.
func TestReplayViewOncePerChange(t *testing.T) {
	path := replayFile(t, "same.sse", anthropicStream("f", `{"city": "Paris"`, `}`))
	_, out, _ := replayCLI(t, nil, path)
	assert.Equal(t, 2, strings.Count(out, `{"city": "Paris"}`+"\n"), "once after a delta, once in the result:\n%s", out)
	assert.Contains(t, out, "[0 f] delta +1 bytes=17 complete\n")
}

// failingWriter fails every write, as a full disk or a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestReplayWriteError: output that cannot be written is an I/O error
// (exit 2), with the timeline as with --json.
func TestReplayWriteError(t *testing.T) {
	path := replayFile(t, "s.sse", anthropicStream("f", `{"a":1}`))
	for _, args := range [][]string{{path}, {"--json", path}} {
		var stderr bytes.Buffer
		code := run(append([]string{"replay"}, args...), nil, failingWriter{}, &stderr)
		assert.Equal(t, exitUsage, code, args)
		assert.Contains(t, stderr.String(), "deltajson replay: writing the output: no space left on device\n", args)
	}
}

// TestReplayUsageErrors: each mistake gets its own message.
func TestReplayUsageErrors(t *testing.T) {
	path := replayFile(t, "s.sse", anthropicStream("f", `{}`))
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{path, path}, "deltajson replay: need exactly one FILE, got 2\n"},
		{[]string{}, "deltajson replay: need exactly one FILE, got 0\n"},
		{[]string{"--chunk", "-1", path}, "deltajson replay: --chunk -1: must not be negative (0 keeps the deltas as recorded)\n"},
	} {
		code, _, errOut := replayCLI(t, nil, tt.args...)
		assert.Equal(t, exitUsage, code, tt.args)
		assert.True(t, strings.HasPrefix(errOut, tt.want), "%v: %q", tt.args, errOut)
	}
	code, _, errOut := replayCLI(t, nil, replayFile(t, "empty.sse", nil))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "empty stream")
}

// TestReplayLive: "replay -" reads standard input as it arrives and
// prints a call's result as soon as the call ends, while the stream is
// still open.
func TestReplayLive(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		args := []string{"replay", "-"}
		want := "[0 get_weather] result: ready"
		if asJSON {
			args = []string{"replay", "--json", "-"}
			want = `"status":"ready"`
		}
		done := make(chan int, 1)
		go func() {
			done <- run(args, inR, outW, io.Discard)
			outW.Close()
		}()
		first := "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_1\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n"
		go inW.Write([]byte(first))
		sc := bufio.NewScanner(outR)
		found := false
		for !found && sc.Scan() {
			found = strings.Contains(sc.Text(), want)
		}
		require.True(t, found, "the result came before the stream ended (json %v)", asJSON)
		select {
		case <-done:
			t.Fatal("replay returned before its stream ended")
		default:
		}
		inW.Write([]byte("data: [DONE]\n\n"))
		inW.Close()
		for sc.Scan() {
		}
		assert.Equal(t, exitOK, <-done)
	}
}
