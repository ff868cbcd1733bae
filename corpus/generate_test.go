package corpus

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStreamsUpToDate reruns the generator and compares its output with
// the committed streams, so that they stay reproducible.
func TestStreamsUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator with go run")
	}
	dir := t.TempDir()
	out, err := exec.Command("go", "run", "./internal/gen", "-out", dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	want, err := filepath.Glob(filepath.Join("streams", "*"))
	require.NoError(t, err)
	got, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	require.Equal(t, len(want), len(got), "file count")
	for _, p := range want {
		a, err := os.ReadFile(p)
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(p)))
		require.NoError(t, err, "generator no longer writes %s", p)
		assert.True(t, string(a) == string(b), "%s differs from the generator's output: run go generate", p)
	}
}
