package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
	}
	code, out, errOut := runCLI(t, "", "help", "nope")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `unknown command "nope"`)
}
