package main

import (
	"bytes"
	"encoding/json"
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
			stderrHas: []string{"<stdin>:1:3", "trailing comma", "hint: --fix trailing-comma"}},
		{name: "kind-off", args: []string{"--fix", "literal"}, stdin: "[1,\n 2,]", code: exitInvalid,
			stderrHas: []string{"<stdin>:2:3"}},
		{name: "ambiguous", args: []string{"--fix", "prose"}, stdin: `{"a":1} {"b":2}`, code: exitInvalid,
			stderrHas: []string{"more than one JSON value"}},
		{name: "truncated-warns", args: []string{"--fix", "truncated"}, stdin: `{"a":"b`, code: exitTruncated,
			stdout: `{"a":"b"}`, stderrHas: []string{"[truncated]", "do not execute"}},
		{name: "json-log", args: []string{"--fix", "all", "--log", "json"}, stdin: "[\"é\"\n 2]", code: exitOK,
			stdout: "[\"é\",\n 2]", jsonStderr: true},
		// Columns count characters, as check's do: 名 and 前 are one each.
		{name: "column-chars", args: []string{"--fix", "literal"}, stdin: `{"名前": True}`, code: exitOK,
			stdout: `{"名前": true}`, stderrHas: []string{"1:8 literal"}},
		{name: "error-column-chars", args: nil, stdin: `{"名": [1 2]}`, code: exitInvalid,
			stderrHas: []string{"<stdin>:1:10:", "at /名/0"}},
		{name: "list", args: []string{"--list"}, code: exitOK,
			stdoutHas: []string{"fence", "smart-quote", "truncated", "llm", "True"}},
		{name: "help", args: []string{"--help"}, code: exitOK,
			stdoutHas: []string{"Usage: deltajson repair", "Example:", "-fix"}},
		{name: "bad-flag", args: []string{"--frobnicate"}, code: exitUsage,
			stderrHas: []string{"flag provided but not defined", "Usage:"}},
		{name: "unknown-kind", args: []string{"--fix", "fence,magic"}, code: exitUsage,
			stderrHas: []string{`unknown kind "magic"`}},
		{name: "bad-log", args: []string{"--log", "xml"}, code: exitUsage},
		{name: "missing-file", args: []string{filepath.Join(dir, "nope.json")}, code: exitUsage,
			stderrHas: []string{"nope.json"}},
		{name: "two-files", args: []string{file, file}, code: exitUsage},
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
					Truncated bool
					Edits     []struct {
						Kind     string
						Offset   int64
						Line     int
						Col      int
						Inserted string
					}
				}
				require.NoError(t, json.Unmarshal(stderr.Bytes(), &doc), stderr.String())
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
