package repair

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMELimits: the README states repair's default limits as they are.
func TestREADMELimits(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	want := fmt.Sprintf("Input is capped at %d MB and a log at %d edits", DefaultMaxInput>>20, DefaultMaxEdits)
	assert.True(t, strings.Contains(strings.ReplaceAll(string(b), "\n", " "), want), "the README should say %q", want)
}
