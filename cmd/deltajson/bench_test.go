package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBench(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "out.svg")
	code, out, errOut := runCLI(t, "", "bench", "--sizes", "1K,2K", "--chunks", "8,64", "--svg", svg)
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, errOut, "no progress bar when standard error is not a terminal")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.GreaterOrEqual(t, len(lines), 5, out)
	assert.Contains(t, lines[0], "sonic ÷ resume")
	for _, row := range lines[1:5] {
		assert.Regexp(t, `^\s+[12]K\s+(8|64)\s+\S+µs`, row)
		assert.Contains(t, row, "×", "every peer ran and got a ratio")
	}
	// The chart is well-formed SVG with a line per mode.
	data, err := os.ReadFile(svg)
	require.NoError(t, err)
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	polylines := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "polyline" {
			polylines++
		}
	}
	assert.Equal(t, len(benchModes), polylines)
	assert.Contains(t, string(data), "O(n²)")
}

func TestBenchSkipsOverBudget(t *testing.T) {
	code, out, _ := runCLI(t, "", "bench", "--sizes", "1K,64K", "--chunks", "1", "--budget", "1ms")
	require.Equal(t, exitOK, code)
	assert.Regexp(t, `64K\s+1\s+\S+\s+-\s+-\s+-`, out, "the quadratic peers are skipped at 64K")
}

func TestBenchUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--sizes", "1Q"}, `--sizes: "1Q" is not a positive whole number`},
		{[]string{"--sizes", "1.5K"}, `--sizes: "1.5K" is not`},
		{[]string{"--sizes", "1K,1024"}, `--sizes: "1024" is given twice`},
		{[]string{"--chunks", "0"}, `--chunks: "0" is not`},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--nope"}, "flag provided but not defined"},
		{[]string{"--budget", "-1s"}, "--budget -1s: must be positive"},
		{[]string{"--budget", "0"}, "--budget 0s: must be positive (every run would be skipped)"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"bench"}, tt.args...)...)
		assert.Equal(t, exitUsage, code, "%v", tt.args)
		assert.Contains(t, errOut, tt.want, "%v", tt.args)
	}
	code, out, _ := runCLI(t, "", "bench", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "Example:")
}

// TestBenchBudgetFirstSize: the budget holds at the first size too,
// predicted from a probe on a small document. Unchecked, the reparsing
// modes would stream 64K in 1-byte deltas, seconds each.
func TestBenchBudgetFirstSize(t *testing.T) {
	code, out, errOut := runCLI(t, "", "bench", "--sizes", "64K", "--chunks", "1", "--budget", "1ms")
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, `64K\s+1\s+\S+\s+-\s+-\s+-`, out, "the quadratic peers are skipped at the first size")
}

// TestBenchQuickAlone: --quick is a preset, and an explicit --sizes,
// --chunks or --budget with it is a usage error, not silently replaced.
func TestBenchQuickAlone(t *testing.T) {
	for _, args := range [][]string{{"--sizes", "1K"}, {"--chunks", "64"}, {"--budget", "1ms"}} {
		code, out, errOut := runCLI(t, "", append([]string{"bench", "--quick"}, args...)...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.Empty(t, out, "%v: nothing measured", args)
		assert.Contains(t, errOut, "deltajson bench: --quick sets the sizes, chunks and budget itself: drop "+args[0]+", or drop --quick", "%v", args)
	}
	code, _, errOut := runCLI(t, "", "bench", "--quick", "--sizes", "1K", "--budget", "1ms")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "drop --budget and --sizes, or drop --quick")
}

func TestTickLabel(t *testing.T) {
	for e, want := range map[float64]string{1: "10ns", 4: "10µs", 6: "1ms", 8: "100ms", 9: "1s", 10: "10s"} {
		assert.Equal(t, want, tickLabel(e))
	}
}

func TestFormatRatio(t *testing.T) {
	for r, want := range map[float64]string{0.004: "0.00×", 0.43: "0.43×", 1: "1.0×", 2.44: "2.4×", 9.96: "10.0×", 10: "10×", 1110.4: "1110×"} {
		assert.Equal(t, want, formatRatio(r), "%v", r)
	}
}
