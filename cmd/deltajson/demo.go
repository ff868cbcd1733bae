package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/repair"
	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

func init() {
	register(command{name: "demo", summary: "show the whole pipeline on embedded data: deltas, parallel calls, the ready gate, repair", run: runDemo})
}

const demoUsage = `Usage: deltajson demo

Runs the main job on embedded data, in four parts:

  1. one call's argument deltas, cut inside an escape, an emoji's surrogate
     pair and a number, read by the tokenizer: valid so far, or broken at
     byte N, after every delta;
  2. an OpenAI stream with three parallel calls whose deltas interleave
     (from the repo's own generated corpus, not a recording): each call's
     status and partial view as it grows;
  3. the ready gate: calls become ready only at the end signal, and are
     then decoded strictly;
  4. a model's broken output repaired, kind by kind, with its log.

Example:
  go run ./cmd/deltajson demo
`

// demoDeltas are the argument deltas of one get_weather call.
var demoDeltas = []string{
	``, `{"city": "Par`, `is \`, `u00e9 \ud83d`, `\ude00", "days": 3`, `, "unit`, `s": "metr`, `ic", "ratio": 0.`, `75}`,
}

// demoBroken is a call that breaks at one byte.
var demoBroken = []string{`{"city": "Oslo", `, `"days": 3,`, ` }`}

// demoStream is the generated stream of part 2 (corpus/internal/gen).
const demoStream = "openai-chat__parallel_interleaved"

// demoModelOutput is what a model wrote instead of arguments.
const demoModelOutput = "Sure! Here are the arguments:\n```json\n{'city': 'Paris', \"days\": 3, \"metric\": True, \"tags\": [\"rain\", \"wind\",],}\n```"

func runDemo(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	pos, code, ok := parseArgs(fs, demoUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintln(stderr, "deltajson demo: takes no arguments")
		fs.Usage()
		return exitUsage
	}
	fmt.Fprintln(stdout, "== 1. One call, delta by delta: the tokenizer ==")
	demoTokens(stdout, demoDeltas)
	fmt.Fprintln(stdout, "\nA broken call: the error comes at the first bad byte, not at the end.")
	demoTokens(stdout, demoBroken)

	if err := demoParallel(stdout); err != nil {
		fmt.Fprintf(stderr, "deltajson demo: %v\n", err)
		return exitInvalid
	}
	if err := demoRepair(stdout); err != nil {
		fmt.Fprintf(stderr, "deltajson demo: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

func demoTokens(w io.Writer, deltas []string) {
	tk := tokenizer.New(tokenizer.Options{})
	for i, d := range deltas {
		fmt.Fprintf(w, "delta %d %q\n", i, d)
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
			if !tok.Whole() {
				piece = " (piece)"
			}
			fmt.Fprintf(w, "  %-7v %-22q at %d%s\n", tok.Kind(), tok.AppendText(nil), tok.Offset(), piece)
		}
		fmt.Fprintf(w, "  → %v; depth %d, at %q\n", tk.Status(), tk.Depth(), tk.Pointer())
	}
}

func demoParallel(w io.Writer) error {
	var stream *corpus.Stream
	for _, s := range corpus.Streams() {
		if s.Name == demoStream {
			stream = &s
		}
	}
	if stream == nil {
		return fmt.Errorf("embedded stream %s is missing", demoStream)
	}
	events, err := corpus.Read(bytes.NewReader(stream.Data), stream.Format)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== 2. Parallel calls: %s (%d events) ==\n", stream.File, len(events))
	fmt.Fprintln(w, "Each line is one event; the partial view is valid JSON at every step and only grows.")
	calls := resume.NewSet(resume.Options{})
	var ready []*resume.Call
	for i, ev := range events {
		c, err := calls.Apply(ev)
		if err != nil && !errors.Is(err, resume.ErrDuplicate) {
			return fmt.Errorf("event %d: %w", i, err)
		}
		if c == nil {
			continue
		}
		what := ev.Kind.String()
		if ev.Kind == resume.EventDelta {
			what = fmt.Sprintf("delta %q", ev.Data)
		}
		fmt.Fprintf(w, "  [%s %-11s] %-26s %-9v view %s\n", c.Key(), c.Name(), what, c.Status(), c.AppendPartial(nil))
		if c.Status() == resume.StatusReady {
			ready = append(ready, c)
		}
	}

	fmt.Fprintln(w, "\n== 3. The ready gate, then a strict decode ==")
	fmt.Fprintln(w, "A call is ready only once its end signal came and its arguments are whole and valid.")
	for _, c := range ready {
		var args map[string]any
		if err := repair.Decode(c.Value(), &args, repair.DecodeOptions{RejectDuplicates: true}); err != nil {
			return fmt.Errorf("call %s: %w", c.Key(), err)
		}
		r := c.Result()
		fmt.Fprintf(w, "  run %s(%v)   id %s, %d deltas\n", r.Name, args, r.ID, r.Deltas)
	}
	return nil
}

func demoRepair(w io.Writer) error {
	fmt.Fprintln(w, "\n== 4. Repair, only when asked, with a log ==")
	fmt.Fprintf(w, "The model wrote:\n%s\n\n", demoModelOutput)
	in := []byte(demoModelOutput)
	if _, _, err := repair.Repair(in, repair.Options{}); err != nil {
		fmt.Fprintf(w, "With no kinds enabled nothing is changed:\n  %v\n\n", err)
	}
	out, log, err := repair.Repair(in, repair.Options{Kinds: repair.LLM})
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "With the LLM preset, every edit is logged:")
	if err := log.WriteText(w, in); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nRepaired: %s\n", out)
	var args struct {
		City   string   `json:"city"`
		Days   int      `json:"days"`
		Metric bool     `json:"metric"`
		Tags   []string `json:"tags"`
	}
	if err := repair.Decode(out, &args, repair.DecodeOptions{RejectDuplicates: true, RejectUnknown: true}); err != nil {
		return err
	}
	fmt.Fprintf(w, "Decoded strictly: %+v\n", args)
	return nil
}
