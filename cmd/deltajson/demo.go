package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/tokenizer"
)

func init() {
	register(command{name: "demo", summary: "show a tool-call argument stream being read delta by delta", run: runDemo})
}

const demoUsage = `Usage: deltajson demo

Replays, from embedded data, the argument deltas of a streamed tool call,
cut where providers cut them: inside an escape, inside an emoji's surrogate
pair, inside a number. After each delta it prints what the tokenizer saw
and its state: valid so far, complete, or broken at byte N.

Example:
  go run ./cmd/deltajson demo
`

// demoDeltas are the argument deltas of one get_weather call.
var demoDeltas = []string{
	``, `{"city": "Par`, `is \`, `u00e9 \ud83d`, `\ude00", "days": 3`, `, "unit`, `s": "metr`, `ic", "ratio": 0.`, `75}`,
}

// demoBroken is a model's output that is broken at one byte.
var demoBroken = []string{`{"city": "Oslo", `, `"days": 3,`, ` }`}

func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, demoUsage) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "deltajson demo: takes no arguments")
		fs.Usage()
		return exitUsage
	}
	fmt.Fprintln(stdout, "== A get_weather call, delta by delta ==")
	demoStream(stdout, demoDeltas)
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, "== A broken call: the error comes at the first bad byte, not at the end ==")
	demoStream(stdout, demoBroken)
	return exitOK
}

func demoStream(w io.Writer, deltas []string) {
	tk := tokenizer.New(tokenizer.Options{})
	for i, d := range deltas {
		fmt.Fprintf(w, "delta %d %q\n", i, d)
		if i == len(deltas)-1 {
			defer tk.Close()
		}
		if err := tk.Feed([]byte(d)); err != nil {
			fmt.Fprintf(w, "  %v\n", err)
			return
		}
		for {
			tok, err := tk.Next()
			if err == tokenizer.ErrNeedMore {
				break
			}
			if err != nil {
				fmt.Fprintf(w, "  ✗ %v\n", err)
				return
			}
			piece := ""
			if !tok.Complete() {
				piece = " (piece)"
			}
			fmt.Fprintf(w, "  %-7v %-22q at %d%s\n", tok.Kind(), tok.AppendText(nil), tok.Offset, piece)
		}
		fmt.Fprintf(w, "  → %v; depth %d, in %v, next %v, at %q\n", tk.Status(), tk.Depth(), tk.In(), tk.Expect(), tk.Pointer())
	}
}
