package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRepairCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "args.json")
	require.NoError(t, os.WriteFile(file, []byte("```json\n{\"a\": [1, 2,]}\n```"), 0o600))

	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     string // exact, if not ""
		stderrHas  []string
		stdoutHas  []string
		jsonStderr bool
	}{
		{name: "fix-all", args: []string{"--fix", "all"}, stdin: `{a: True,}`, code: exitOK,
			stdout: `{"a": true}`, stderrHas: []string{"1:2 unquoted-key", "1:5 literal", "trailing-comma"}},
		{name: "fix-some", args: []string{"--fix", "trailing-comma,literal", "-"}, stdin: `[None,]`, code: exitOK,
			stdout: `[null]`},
		{name: "file", args: []string{"--fix", "fence,trailing-comma", file}, code: exitOK,
			stdout: "{\"a\": [1, 2]}\n"},
		{name: "valid-unchanged", args: nil, stdin: `{"u":"http://x"}`, code: exitOK,
			stdout: `{"u":"http://x"}`},
		{name: "no-fix-means-check", args: nil, stdin: `[1,]`, code: exitInvalid,
			stderrHas: []string{"<stdin>:1:4", "trailing comma", "hint: --fix trailing-comma"}},
		{name: "kind-off", args: []string{"--fix", "literal"}, stdin: "[1,\n 2,]", code: exitInvalid,
			stderrHas: []string{"<stdin>:2:4"}},
		{name: "ambiguous", args: []string{"--fix", "prose"}, stdin: `{"a":1} {"b":2}`, code: exitInvalid,
			stderrHas: []string{"more than one JSON value"}},
		{name: "truncated-warns", args: []string{"--fix", "truncated"}, stdin: `{"a":"b`, code: exitTruncated,
			stdout: `{"a":"b"}`, stderrHas: []string{"[truncated]", "do not execute"}},
		{name: "json-log-truncated", args: []string{"--fix", "all", "--log", "json"}, stdin: `{"a":[1,"b`, code: exitTruncated,
			stdout: `{"a":[1,"b"]}`, jsonStderr: true,
			// The keys of an edit keep their order.
			stderrHas: []string{`{"kind":"truncated","offset":10,"removed":"","inserted":"\"]}","truncated":true,"line":1,"col":11}`}},
		{name: "missing-quote-not-truncated", args: []string{"--fix", "all"}, stdin: `{"a":"b}`, code: exitOK,
			stdout: `{"a":"b"}`, stderrHas: []string{"missing-quote"}},
		{name: "json-log-error", args: []string{"--fix", "llm", "--log", "json"}, stdin: `{"a":[1,"b`, code: exitInvalid,
			stderrHas: []string{`"hint":"--fix truncated"`, `"line":1,"col":11`}, jsonStderr: true},
		{name: "json-log", args: []string{"--fix", "all", "--log", "json"}, stdin: "[\"é\"\n 2]", code: exitOK,
			stdout: "[\"é\",\n 2]", jsonStderr: true},
		// Columns count characters, as check's do: 名 and 前 are one each.
		{name: "column-chars", args: []string{"--fix", "literal"}, stdin: `{"名前": True}`, code: exitOK,
			stdout: `{"名前": true}`, stderrHas: []string{"1:8 literal"}},
		{name: "error-column-chars", args: nil, stdin: `{"名": [1 2]}`, code: exitInvalid,
			stderrHas: []string{"<stdin>:1:10:", "at /名/0"}},
		{name: "max-edits", args: []string{"--fix", "llm", "--max-edits", "2"}, stdin: `[1 2 3 4]`, code: exitInvalid,
			stderrHas: []string{"<stdin>:1:7:", "too many edits: more than 2", "hint: --max-edits"}},
		{name: "max-edits-enough", args: []string{"--fix", "llm", "--max-edits", "3"}, stdin: `[1 2 3 4]`, code: exitOK,
			stdout: `[1, 2, 3, 4]`},
		{name: "max-input", args: []string{"--max-input", "5"}, stdin: `[1,2,3]`, code: exitInvalid,
			stderrHas: []string{"input too large: more than 5 bytes", "hint: --max-input"}},
		{name: "max-input-none", args: []string{"--max-input", "-1"}, stdin: `[1,2,3]`, code: exitOK,
			stdout: `[1,2,3]`},
		{name: "max-edits-zero", args: []string{"--max-edits", "0"}, stdin: `[1]`, code: exitUsage,
			stderrHas: []string{"--max-edits 0: must be positive"}},
		{name: "list", args: []string{"--list"}, code: exitOK,
			stdoutHas: []string{"fence", "smart-quote", "truncated", "llm", "True", "multi-value", "inner-quote", `24\" screen`}},
		{name: "help", args: []string{"--help"}, code: exitOK,
			stdoutHas: []string{"Usage: deltajson repair", "Example:", "-fix"}},
		{name: "bad-flag", args: []string{"--frobnicate"}, code: exitUsage,
			stderrHas: []string{"flag provided but not defined", "Usage:"}},
		{name: "unknown-kind", args: []string{"--fix", "fence,magic"}, code: exitUsage,
			stderrHas: []string{`unknown kind "magic"`}},
		{name: "bad-log", args: []string{"--log", "xml"}, code: exitUsage},
		{name: "missing-file", args: []string{filepath.Join(dir, "nope.json")}, code: exitUsage,
			stderrHas: []string{"nope.json"}},
		{name: "two-files", args: []string{file, file}, code: exitUsage,
			stderrHas: []string{"at most one FILE", "Usage: deltajson repair"}},
		// Flags may follow FILE, as for check and replay.
		{name: "flags-after-file", args: []string{file, "--fix", "fence,trailing-comma", "--log", "json"}, code: exitOK,
			stdout: "{\"a\": [1, 2]}\n", stderrHas: []string{`"kind":"fence"`}},
		// With --log json, an error before the log is the JSON document.
		{name: "json-log-missing-file", args: []string{"--log", "json", filepath.Join(dir, "nope.json")}, code: exitUsage,
			stderrHas: []string{"nope.json"}, jsonStderr: true},
		{name: "json-log-directory", args: []string{"--fix", "llm", "--log", "json", dir}, code: exitUsage,
			jsonStderr: true},
		{name: "json-log-unknown-kind", args: []string{"--log", "json", "--fix", "magic"}, code: exitUsage,
			stderrHas: []string{`unknown kind \"magic\"`}, jsonStderr: true},
		{name: "json-log-two-files", args: []string{"--log", "json", file, file}, code: exitUsage,
			stderrHas: []string{"at most one FILE"}, jsonStderr: true},
		{name: "json-log-max-edits-zero", args: []string{"--log", "json", "--max-edits", "0"}, code: exitUsage,
			stderrHas: []string{"--max-edits 0: must be positive"}, jsonStderr: true},
		{name: "flags-after-stdin", args: []string{"-", "--fix", "literal"}, stdin: `[True]`, code: exitOK,
			stdout: `[true]`},
		{name: "file-after-dashes", args: []string{"--fix", "literal", "--", "-"}, stdin: `[True]`, code: exitOK,
			stdout: `[true]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"repair"}, tc.args...), strings.NewReader(tc.stdin), &stdout, &stderr)
			assert.Equal(t, tc.code, code, "stderr: %s", stderr.String())
			if tc.stdout != "" {
				assert.Equal(t, tc.stdout, stdout.String())
			}
			for _, s := range tc.stdoutHas {
				assert.Contains(t, stdout.String(), s)
			}
			for _, s := range tc.stderrHas {
				assert.Contains(t, stderr.String(), s)
			}
			if tc.jsonStderr {
				var doc struct {
					Error     string
					Truncated bool
					Warning   string
					Edits     []struct {
						Kind     string
						Offset   int64
						Line     int
						Col      int
						Inserted string
					}
				}
				// One JSON document and nothing else: a decoder reads it
				// whole and finds no more.
				dec := json.NewDecoder(bytes.NewReader(stderr.Bytes()))
				require.NoError(t, dec.Decode(&doc), stderr.String())
				require.False(t, dec.More(), "standard error holds more than the JSON log: %s", stderr.String())
				if tc.code == exitInvalid {
					assert.Contains(t, doc.Error, "unexpected EOF")
					assert.Empty(t, doc.Edits)
					return
				}
				if tc.code == exitUsage {
					assert.NotEmpty(t, doc.Error)
					assert.NotContains(t, doc.Error, "deltajson repair:")
					assert.Empty(t, doc.Edits)
					return
				}
				if tc.code == exitTruncated {
					assert.True(t, doc.Truncated)
					assert.Contains(t, doc.Warning, "do not execute")
					require.Len(t, doc.Edits, 1)
					assert.Equal(t, "truncated", doc.Edits[0].Kind)
					return
				}
				assert.Empty(t, doc.Warning)
				require.Len(t, doc.Edits, 1)
				assert.Equal(t, "missing-comma", doc.Edits[0].Kind)
				assert.Equal(t, int64(len(`["é"`)), doc.Edits[0].Offset)
				assert.Equal(t, 1, doc.Edits[0].Line)
				assert.Equal(t, 5, doc.Edits[0].Col, "characters, not bytes")
				assert.Equal(t, ",", doc.Edits[0].Inserted)
			}
		})
	}
}

// TestRepairLogWriteFails checks that a log that cannot be written is
// an I/O error, in either format, and not a success.
func TestRepairLogWriteFails(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		for _, stdin := range []string{`[1,]`, `{"a":"b`} {
			var stdout bytes.Buffer
			code := run([]string{"repair", "--fix", "all", "--log", format}, strings.NewReader(stdin), &stdout, failWriter{})
			assert.Equal(t, exitUsage, code, "--log %s, input %q", format, stdin)
		}
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestRepairHelpExample runs the example of repair's help and compares
// what it prints, standard output then the log, with what the help shows.
func TestRepairHelpExample(t *testing.T) {
	const prompt = "  $ echo \""
	_, example, ok := strings.Cut(repairUsage, "\n"+prompt)
	require.True(t, ok, "the help has an example")
	example, _, _ = strings.Cut(example, "\n\n")
	command, shown, _ := strings.Cut(example, "\n")
	input, args, ok := strings.Cut(command, "\" | deltajson repair ")
	require.True(t, ok, "the example pipes echo into repair: %q", command)
	require.False(t, strings.ContainsAny(input, "\"\\$`"), "the shell passes %q to echo as it is", input)

	var stdout, stderr bytes.Buffer
	code := run(append([]string{"repair"}, strings.Fields(args)...), strings.NewReader(input+"\n"), &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	var want strings.Builder
	for line := range strings.SplitSeq(shown, "\n") {
		want.WriteString(strings.TrimPrefix(line, "  ") + "\n")
	}
	assert.Equal(t, want.String(), stdout.String()+stderr.String())
}
