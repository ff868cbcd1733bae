package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/deltajson/deltajson/bench"
	"github.com/deltajson/deltajson/corpus"
)

func init() {
	register(command{name: "bench", summary: "compare the stream core with reparsing after every delta, and chart it", run: runBench})
}

const benchUsage = `Usage: deltajson bench [--quick] [--sizes LIST] [--chunks LIST] [--budget D] [--svg FILE]

Streams a tool-argument document of each size in deltas of each chunk size
and times the whole stream for each mode:

  resume                 package resume: each delta is read once
  reparse-sonic          validate the whole buffer again after every delta
  reparse-fastjson       (what naive handlers do), with sonic, fastjson
  reparse-encoding-json  or encoding/json
  jsontext-pipe          go-json-experiment's jsontext decoder fed by a pipe
  jsontext-reader        the same decoder reading one delta per Read, no pipe

It prints a table of times and of each peer's time divided by resume's,
and with --svg writes a log-log chart of time against size: resume grows
as O(n), reparsing as O(n²). Times are the median of several runs; the
machine's noise still shows, so read the ratios.

A run whose predicted time exceeds --budget is skipped and shown as "-".
A mode's time at each size is predicted from its time at the size before
(scaled as O(n) or O(n²)); at the first size, from a probe run on a 1K
document (a first size of 1K or less always runs). Once a mode is skipped
at a size it is skipped at every later one.

--quick is a preset: sizes 1K,4K,16K,64K, chunks 1,64 and budget 1s.
Giving --sizes, --chunks or --budget with it is a usage error.

Example:
  deltajson bench --quick --svg bench.svg

Flags:
`

// benchModes are the stream modes compared, resume first.
var benchModes = bench.StreamModes

// benchPoint is one measured (or skipped) run.
type benchPoint struct {
	size, chunk int
	mode        string
	d           time.Duration // 0 when skipped
}

func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "small sweep that finishes in well under 30 s: sizes 1K-64K, chunks 1 and 64, budget 1s")
	sizesFlag := fs.String("sizes", "1K,4K,16K,64K,256K,1M", "document sizes, with K and M suffixes")
	chunksFlag := fs.String("chunks", "1,16,256", "delta sizes in bytes")
	budget := fs.Duration("budget", 5*time.Second, "skip a run predicted to take longer than this")
	svgPath := fs.String("svg", "", "write a log-log chart of time against size to `FILE`")
	pos, code, ok := parseArgs(fs, benchUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "deltajson bench: unexpected argument %q\n", pos[0])
		fs.Usage()
		return exitUsage
	}
	if *budget <= 0 {
		fmt.Fprintf(stderr, "deltajson bench: --budget %v: must be positive (every run would be skipped)\n", *budget)
		return exitUsage
	}
	if *quick {
		var set []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "sizes" || f.Name == "chunks" || f.Name == "budget" {
				set = append(set, "--"+f.Name)
			}
		})
		if len(set) > 0 {
			fmt.Fprintf(stderr, "deltajson bench: --quick sets the sizes, chunks and budget itself: drop %s, or drop --quick\n", strings.Join(set, " and "))
			return exitUsage
		}
		*sizesFlag, *chunksFlag, *budget = "1K,4K,16K,64K", "1,64", time.Second
	}
	sizes, err := parseSizes(*sizesFlag)
	if err != nil {
		fmt.Fprintf(stderr, "deltajson bench: --sizes: %v\n", err)
		return exitUsage
	}
	chunks, err := parseSizes(*chunksFlag)
	if err != nil {
		fmt.Fprintf(stderr, "deltajson bench: --chunks: %v\n", err)
		return exitUsage
	}
	var svgFile *os.File
	if *svgPath != "" {
		if svgFile, err = os.Create(*svgPath); err != nil {
			fmt.Fprintf(stderr, "deltajson bench: %v\n", err)
			return exitUsage
		}
		defer svgFile.Close()
	}

	bar := progressbar.NewOptions(len(sizes)*len(chunks)*len(benchModes),
		progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("bench"),
		progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(), progressbar.OptionSetWidth(30),
		progressbar.OptionSetVisibility(isTerminal(stderr))) // no redrawn lines in a log
	var points []benchPoint
	last := map[string]benchPoint{} // the previous size's point per mode and chunk
	var probeDoc []byte
	for _, size := range sizes {
		doc := corpus.ToolArgs(size)
		for _, chunk := range chunks {
			for _, m := range benchModes {
				bar.Describe(fmt.Sprintf("%s %s chunk=%d", m.Name, formatSize(size), chunk))
				key := m.Name + "/" + strconv.Itoa(chunk)
				p := benchPoint{size: size, chunk: chunk, mode: m.Name}
				prev, ok := last[key]
				if !ok && size > benchProbeSize {
					if probeDoc == nil {
						probeDoc = corpus.ToolArgs(benchProbeSize)
					}
					d, err := measure(probeDoc, chunk, m.Run)
					if err != nil {
						bar.Exit()
						fmt.Fprintf(stderr, "deltajson bench: %s on %s: %v\n", m.Name, formatSize(benchProbeSize), err)
						return exitInvalid
					}
					prev, ok = benchPoint{size: benchProbeSize, chunk: chunk, mode: m.Name, d: max(d, 1)}, true // 0 means skipped
				}
				if !ok || prev.d > 0 && predict(prev, size, m.Quadratic) <= *budget {
					d, err := measure(doc, chunk, m.Run)
					if err != nil {
						bar.Exit()
						fmt.Fprintf(stderr, "deltajson bench: %s on %s: %v\n", m.Name, formatSize(size), err)
						return exitInvalid
					}
					p.d = d
				}
				last[key] = p
				points = append(points, p)
				bar.Add(1)
			}
		}
	}
	bar.Finish()
	printBenchTable(stdout, points, sizes, chunks)
	if svgFile != nil {
		if err := writeChart(svgFile, points, sizes, chunks[0]); err != nil {
			fmt.Fprintf(stderr, "deltajson bench: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "\nchart: %s (chunk=%d)\n", *svgPath, chunks[0])
	}
	return exitOK
}

// predict scales the previous size's time to the next size.
func predict(prev benchPoint, size int, quad bool) time.Duration {
	f := float64(size) / float64(prev.size)
	if quad {
		f *= f
	}
	return time.Duration(float64(prev.d) * f)
}

// benchProbeSize is the document size of the probe that predicts a
// mode's time at the first size: small enough to take milliseconds in
// every mode, even in 1-byte deltas.
const benchProbeSize = 1 << 10

// measure returns the median time of one whole stream, over enough runs
// to fill about 100 ms (at least three, or one if a run is that slow).
func measure(doc []byte, chunk int, run func(bench.Stream) error) (time.Duration, error) {
	s := bench.Cut(doc, chunk)
	var times []time.Duration
	var total time.Duration
	for len(times) < 3 || total < 100*time.Millisecond && len(times) < 1000 {
		start := time.Now()
		if err := run(s); err != nil {
			return 0, err
		}
		d := time.Since(start)
		times, total = append(times, d), total+d
		if len(times) == 1 && d > 100*time.Millisecond {
			break
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return times[len(times)/2], nil
}

func printBenchTable(w io.Writer, points []benchPoint, sizes, chunks []int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "size\tchunk\t")
	for _, m := range benchModes {
		fmt.Fprintf(tw, "%s\t", m.Name)
	}
	for _, m := range benchModes[1:] {
		fmt.Fprintf(tw, "%s ÷ resume\t", strings.TrimPrefix(m.Name, "reparse-"))
	}
	fmt.Fprintln(tw)
	at := map[string]time.Duration{}
	for _, p := range points {
		at[fmt.Sprint(p.size, p.chunk, p.mode)] = p.d
	}
	for _, size := range sizes {
		for _, chunk := range chunks {
			fmt.Fprintf(tw, "%s\t%d\t", formatSize(size), chunk)
			base := at[fmt.Sprint(size, chunk, "resume")]
			for _, m := range benchModes {
				fmt.Fprintf(tw, "%s\t", formatDuration(at[fmt.Sprint(size, chunk, m.Name)]))
			}
			for _, m := range benchModes[1:] {
				d := at[fmt.Sprint(size, chunk, m.Name)]
				if d == 0 || base == 0 {
					fmt.Fprint(tw, "-\t")
					continue
				}
				fmt.Fprintf(tw, "%s\t", formatRatio(float64(d)/float64(base)))
			}
			fmt.Fprintln(tw)
		}
	}
	tw.Flush()
}

// formatRatio shows r with two significant digits below 10 (0.43×, 2.4×)
// and as a whole number above.
func formatRatio(r float64) string {
	switch {
	case r < 1:
		return fmt.Sprintf("%.2f×", r)
	case r < 10:
		return fmt.Sprintf("%.1f×", r)
	}
	return fmt.Sprintf("%.0f×", r)
}

func formatDuration(d time.Duration) string {
	switch {
	case d == 0:
		return "-"
	case d < time.Millisecond:
		return fmt.Sprintf("%.1fµs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

func formatSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + "M"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + "K"
	}
	return strconv.Itoa(n)
}

// parseSizes reads "1K,4K,1M" or "1,16,256". A size given twice is an
// error: the table would show the same row twice.
func parseSizes(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		given, mult := f, 1
		switch {
		case strings.HasSuffix(f, "K"), strings.HasSuffix(f, "k"):
			mult, f = 1<<10, f[:len(f)-1]
		case strings.HasSuffix(f, "M"), strings.HasSuffix(f, "m"):
			mult, f = 1<<20, f[:len(f)-1]
		}
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 || n > math.MaxInt32/mult {
			return nil, fmt.Errorf("%q is not a positive whole number of bytes, with K or M after it or not", given)
		}
		if slices.Contains(out, n*mult) {
			return nil, fmt.Errorf("%q is given twice", given)
		}
		out = append(out, n*mult)
	}
	return out, nil
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
