package main

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// The chart draws deltajson's own mode (benchModes[0], resume) in black,
// thicker than the rest and over them; each peer gets a colour of its
// own from peerColors (the Okabe-Ito palette, which readers with colour
// blindness tell apart), so there must be at least as many colours as peers.
const (
	ownColor  = "#000000"
	ownWidth  = 3.5
	peerWidth = 1.8
)

var peerColors = []string{"#e69f00", "#cc79a7", "#009e73", "#0072b2", "#d55e00", "#56b4e9"}

// lineStyle returns the colour and width of the line of benchModes[i].
func lineStyle(i int) (color string, width float64) {
	if i == 0 {
		return ownColor, ownWidth
	}
	return peerColors[(i-1)%len(peerColors)], peerWidth
}

// writeChart draws time against size on log-log axes for one chunk size,
// with dashed O(n) and O(n²) guides through the first resume point.
func writeChart(w io.Writer, points []benchPoint, sizes []int, chunk int) error {
	const (
		width, height = 760, 480
		left, right   = 80, 190
		top, bottom   = 40, 60
	)
	var minT, maxT = math.Inf(1), math.Inf(-1)
	for _, p := range points {
		if p.chunk == chunk && p.d > 0 {
			t := float64(p.d)
			minT, maxT = math.Min(minT, t), math.Max(maxT, t)
		}
	}
	if math.IsInf(minT, 0) {
		return fmt.Errorf("no measured point for chunk=%d to chart", chunk)
	}
	// Whole decades around the data.
	lo, hi := math.Floor(math.Log10(minT)), math.Ceil(math.Log10(maxT))
	if hi == lo {
		hi++
	}
	xlo, xhi := math.Log10(float64(sizes[0])), math.Log10(float64(sizes[len(sizes)-1]))
	if xhi == xlo {
		xhi++
	}
	x := func(size float64) float64 {
		return left + (math.Log10(size)-xlo)/(xhi-xlo)*(width-left-right)
	}
	y := func(ns float64) float64 {
		return height - bottom - (math.Log10(ns)-lo)/(hi-lo)*(height-top-bottom)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15">Streaming a tool-call argument document in %d-byte deltas</text>`+"\n", left, chunk)
	// Grid and axes.
	for e := lo; e <= hi; e++ {
		yy := y(math.Pow(10, e))
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, yy, width-right, yy)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, yy+4, tickLabel(e))
	}
	for _, s := range sizes {
		xx := x(float64(s))
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", xx, top, xx, height-bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n", xx, height-bottom+18, formatSize(s))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">document size (bytes, log)</text>`+"\n", (left+width-right)/2, height-16)
	fmt.Fprintf(&b, `<text transform="translate(18 %d) rotate(-90)" text-anchor="middle">time for the whole stream (log)</text>`+"\n", (top+height-bottom)/2)
	// Guides through the first resume point.
	for _, p := range points {
		if p.mode != "resume" || p.chunk != chunk || p.d == 0 {
			continue
		}
		for _, g := range []struct {
			label string
			pow   float64
		}{{"O(n)", 1}, {"O(n²)", 2}} {
			s0, t0 := float64(p.size), float64(p.d)
			s1 := float64(sizes[len(sizes)-1])
			t1 := t0 * math.Pow(s1/s0, g.pow)
			if t1 > math.Pow(10, hi) { // stop the guide at the top edge
				t1 = math.Pow(10, hi)
				s1 = s0 * math.Pow(t1/t0, 1/g.pow)
			}
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="5 4"/>`+"\n", x(s0), y(t0), x(s1), y(t1))
			// Inside the plot, above the guide's end: the legend is to the right.
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" fill="#666" text-anchor="end">%s</text>`+"\n", x(s1)-4, y(t1)-6, g.label)
		}
		break
	}
	// One line per mode, the peers' first, so that deltajson's is on top;
	// the legend lists deltajson's first.
	for k := range benchModes {
		i := (k + 1) % len(benchModes)
		m := benchModes[i]
		var pts []string
		for _, p := range points {
			if p.mode == m.Name && p.chunk == chunk && p.d > 0 {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(float64(p.size)), y(float64(p.d))))
			}
		}
		if len(pts) == 0 {
			continue
		}
		color, lw := lineStyle(i)
		ly := top + 20 + i*20
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%g"/>`+"\n", width-right+12, ly, width-right+36, ly, color, lw)
		label := m.Name
		if i == 0 {
			label += " (deltajson)"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", width-right+42, ly+4, label)
		fmt.Fprintf(&b, `<polyline id="mode-%s" fill="none" stroke="%s" stroke-width="%g" points="%s"/>`+"\n", m.Name, color, lw, strings.Join(pts, " "))
		for _, pt := range pts {
			xy := strings.Split(pt, ",")
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%g" fill="%s"/>`+"\n", xy[0], xy[1], lw+0.5, color)
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// tickLabel names the decade 10^e nanoseconds: "10µs", "1ms", "100ms".
func tickLabel(e float64) string {
	units := []string{"ns", "µs", "ms", "s"}
	i := min(int(e)/3, len(units)-1)
	return fmt.Sprintf("%g%s", math.Pow(10, e-float64(3*i)), units[i])
}
