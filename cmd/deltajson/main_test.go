package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHelpStreams: a help that was asked for goes to stdout with exit
// status 0, for every subcommand and every way of asking; a usage error
// goes to stderr with exit status 2.
func TestHelpStreams(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}} {
			code, out, errOut := runCLI(t, "", args...)
			assert.Equal(t, exitOK, code, "%v", args)
			assert.True(t, strings.HasPrefix(out, "Usage: deltajson "+c.name), "%v: stdout %q", args, out)
			assert.Contains(t, out, "Example:", "%v", args)
			assert.Empty(t, errOut, "%v", args)
		}
		code, out, errOut := runCLI(t, "", c.name, "--no-such-flag")
		assert.Equal(t, exitUsage, code, c.name)
		assert.Empty(t, out, c.name)
		assert.Contains(t, errOut, "flag provided but not defined: -no-such-flag\nUsage: deltajson "+c.name, c.name)
		// Only the usage lines follow the message, so that it stays in
		// sight, and where the rest of the help is.
		assert.Contains(t, errOut, "Run 'deltajson "+c.name+" --help'", c.name)
		assert.LessOrEqual(t, strings.Count(errOut, "\n"), 5, "%s: %q", c.name, errOut)
	}
	code, out, errOut := runCLI(t, "", "help", "nope")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `unknown command "nope"`)
}

// TestWriteErrors: every command whose output cannot be written exits 2
// and says so once.
func TestWriteErrors(t *testing.T) {
	ok := filepath.Join(t.TempDir(), "ok.json")
	require.NoError(t, os.WriteFile(ok, []byte(`{"a":1}`), 0o644))
	for _, args := range [][]string{
		{"demo"},
		{"check", ok},
		{"check", "--json", ok},
		{"repair", "--list"},
		{"repair", ok},
		{"help"},
		{"help", "check"},
	} {
		var stderr bytes.Buffer
		code := run(args, nil, failingWriter{}, &stderr)
		assert.Equal(t, exitUsage, code, args)
		assert.Equal(t, 1, strings.Count(stderr.String(), "writing the output: no space left on device"), "%v: %s", args, stderr.String())
	}
	var stderr bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"repair", "--list", ok}, nil, io.Discard, &stderr))
	assert.Contains(t, stderr.String(), "--list takes no FILE")
}
