package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/repair"
	"github.com/deltajson/deltajson/resume"
)

// TestREADMELimits: the README states each package's default limits as
// they are. Line breaks in the README count as spaces.
func TestREADMELimits(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	readme := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{
		fmt.Sprintf("%d MB per call, and for a Set %d calls and %d MB in all",
			resume.DefaultMaxBytes>>20, resume.DefaultMaxCalls, resume.DefaultMaxTotalBytes>>20),
		fmt.Sprintf("Input is capped at %d MB and a log at %d edits", repair.DefaultMaxInput>>20, repair.DefaultMaxEdits),
		fmt.Sprintf("longer than %d MB, of more than %d events, or of more than %d calls",
			corpus.MaxStreamBytes>>20, corpus.MaxEvents, provider.MaxCalls),
	} {
		assert.Contains(t, readme, want, "the README should say it")
	}
}
