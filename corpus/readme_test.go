package corpus

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMELimits: the README states Read's limits as they are.
func TestREADMELimits(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	want := fmt.Sprintf("longer than %d MB, of more than %d events, or with an array of more than %d elements",
		MaxStreamBytes>>20, MaxEvents, MaxArray)
	assert.True(t, strings.Contains(strings.ReplaceAll(string(b), "\n", " "), want), "the README should say %q", want)
}
