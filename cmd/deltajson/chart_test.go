package main

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChartLines draws a point pair for every mode and checks the chart's
// lines: one per mode, each in a colour of its own (and none in the grey
// of the guides or the grid), with deltajson's own line (resume) the
// widest, and drawn last, over the others.
func TestChartLines(t *testing.T) {
	sizes := []int{1 << 10, 1 << 20}
	var points []benchPoint
	for i, m := range benchModes {
		for _, s := range sizes {
			points = append(points, benchPoint{size: s, chunk: 1, mode: m.Name, d: time.Duration(s*(i+1)) * time.Nanosecond})
		}
	}
	var b strings.Builder
	require.NoError(t, writeChart(&b, points, sizes, 1))

	type line struct {
		mode, color string
		width       float64
	}
	var lines []line
	dec := xml.NewDecoder(strings.NewReader(b.String()))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "polyline" {
			continue
		}
		var l line
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "id":
				l.mode = strings.TrimPrefix(a.Value, "mode-")
			case "stroke":
				l.color = strings.ToLower(a.Value)
			case "stroke-width":
				l.width, err = strconv.ParseFloat(a.Value, 64)
				require.NoError(t, err)
			}
		}
		lines = append(lines, l)
	}
	require.Len(t, lines, len(benchModes), "a line per mode")
	colors := map[string]string{"#888": "the guides", "#ddd": "the grid", "#ffffff": "the background"}
	for _, l := range lines {
		other, taken := colors[l.color]
		assert.False(t, taken, "%s is drawn in %s, like %s", l.mode, l.color, other)
		colors[l.color] = l.mode
	}
	own := lines[len(lines)-1]
	require.Equal(t, benchModes[0].Name, own.mode, "deltajson's line is drawn last, on top")
	for _, l := range lines[:len(lines)-1] {
		assert.Less(t, l.width, own.width, "%s is thinner than %s", l.mode, own.mode)
	}
}
