package resume_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// TestREADMECaps: the README states the default caps as they are.
func TestREADMECaps(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	want := fmt.Sprintf("%d MB per call,\nand for a Set %d calls and %d MB in all",
		resume.DefaultMaxBytes>>20, resume.DefaultMaxCalls, resume.DefaultMaxTotalBytes>>20)
	assert.True(t, strings.Contains(string(b), want), "the README should say %q", want)
}
