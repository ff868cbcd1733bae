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
	for _, args := range [][]string{{"--sizes", "1Q"}, {"--chunks", "0"}, {"extra"}, {"--nope"}, {"--budget", "-1s"}} {
		code, _, _ := runCLI(t, "", append([]string{"bench"}, args...)...)
		assert.Equal(t, exitUsage, code, "%v", args)
	}
	code, _, errOut := runCLI(t, "", "bench", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "Example:")
}

func TestTickLabel(t *testing.T) {
	for e, want := range map[float64]string{1: "10ns", 4: "10µs", 6: "1ms", 8: "100ms", 9: "1s", 10: "10s"} {
		assert.Equal(t, want, tickLabel(e))
	}
}
