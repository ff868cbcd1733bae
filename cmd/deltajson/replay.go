package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/textpos"
	"github.com/deltajson/deltajson/resume"
)

func init() {
	register(command{name: "replay", summary: "replay a recorded provider stream through the per-call stream core", run: runReplay})
}

const replayUsage = `Usage: deltajson replay [--format F] [--json] [--chunk N] FILE

Reads a recorded LLM provider stream (raw SSE, one payload per line,
a Gemini JSON array, or a Bedrock event-stream; "-" reads stdin), feeds
its tool-call events to package resume, and prints each call's timeline:
deltas, status changes and the partial view, after each delta that changes
it (a delta line with no view left the view as it was), then one result
per call, or "no tool calls". A view longer than 120 bytes is printed as
"…(N bytes)…" and its last 120 bytes, and a call's key, name and id as
their first 64 bytes and "…", so that the timeline grows with the stream,
not faster. Each event is one line: views and values are shown with their
line breaks and tabs as spaces, and a character that does not print as
its JSON escape; a key or name with such a character is quoted. With
--json it prints only the results, one JSON object per call in the order
the calls started (index is -1 when the stream gave none):

  {"key":"0","id":"call_1","index":0,"name":"get_weather","status":"ready","arguments":"{\"city\":\"Paris\"}","deltas":5}

status is ready, invalid, incomplete, too-large or rejected (receiving and
complete never show: a call that did not end is incomplete). A tool the
provider runs itself (Anthropic's server_tool_use and mcp_tool_use,
OpenAI Responses' built-in tools) is never ready: it is rejected, with
"hosted":true, and its arguments are only shown. arguments is
the final argument text as received (for Gemini, the args' compact JSON);
deltas counts the deltas applied, after any --chunk re-splitting.
The stream is read whole; one longer than 256 MB, or of more than
524288 tool-call events (starts, deltas and ends), is refused.

The calls are held as a server would hold them, under two caps: at most
--max-calls calls (default 256: the calls past it are dropped) and at most
--max-total-bytes argument bytes of all calls together (default 64 MB: the
call that passes it is too-large). A call past a cap is named on standard
error with the flag that raises it, and the exit status is 1; the calls
held are still printed.

With --format other than auto, a stream in which that format's reader
finds no events is a usage error (is it another format?); "no tool calls"
is for a stream of that format, or an auto-detected one, that has none.

Exit status: 0 all calls ready (or hosted, and whole), 1 some call not
ready or past a cap,
2 usage or I/O error, or no events of the --format given.

Example:
  deltajson replay anthropic_stream.sse
  [1 get_weather] start: get_weather (id "toolu_01WeatherAaBbCc", index 1)
  [1 get_weather] delta +4 bytes=4 receiving  {}
  ...
  [1 get_weather] result: ready  {"location": "Montréal, QC", "unit": "celsius"}

Flags:
`

// replayResult is one line of --json output.
type replayResult struct {
	Key       string `json:"key"`
	ID        string `json:"id"`
	Index     int    `json:"index"`
	Name      string `json:"name"`
	Status    string `json:"status"`
	Hosted    bool   `json:"hosted,omitempty"`
	Arguments string `json:"arguments"`
	Deltas    int    `json:"deltas"`
	Error     string `json:"error,omitempty"`
	// EmptyAsObject: the call ended with no argument bytes and runs with {}.
	EmptyAsObject bool `json:"empty_as_object,omitempty"`
	// MismatchOffset: final arguments differed from the deltas from here.
	MismatchOffset *int64 `json:"mismatch_offset,omitempty"`
	// Ledger: with --ledger, what the claim of a ready call said.
	Ledger string `json:"ledger,omitempty"`
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	format := fs.String("format", "auto", "stream `format`: auto, openai-chat, openai-responses, anthropic, gemini or bedrock")
	asJSON := fs.Bool("json", false, "print one JSON object per call, and no timeline")
	chunk := fs.Int("chunk", 0, "re-split each delta into `N`-byte pieces (0: as recorded)")
	maxCalls := fs.Int("max-calls", resume.DefaultMaxCalls, "hold at most `N` calls; the calls past it are dropped (-1: no cap)")
	maxTotal := fs.Int64("max-total-bytes", resume.DefaultMaxTotalBytes,
		"hold at most `N` argument bytes of all calls together; the call that passes it is too-large (-1: no cap)")
	ledgerPath := fs.String("ledger", "", ledgerUsage)
	files, code, ok := parseArgs(fs, replayUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if badLimit(stderr, "replay", "max-calls", int64(*maxCalls)) || badLimit(stderr, "replay", "max-total-bytes", *maxTotal) {
		return exitUsage
	}
	f, err := corpus.ParseFormat(*format)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "deltajson replay: %v\n", err)
	case len(files) != 1:
		fmt.Fprintf(stderr, "deltajson replay: need exactly one FILE, got %d\n", len(files))
	case *chunk < 0:
		fmt.Fprintf(stderr, "deltajson replay: --chunk %d: must not be negative (0 keeps the deltas as recorded)\n", *chunk)
	}
	if err != nil || len(files) != 1 || *chunk < 0 {
		fs.Usage()
		return exitUsage
	}
	in := stdin
	if files[0] != "-" {
		file, err := os.Open(files[0])
		if err != nil {
			fmt.Fprintf(stderr, "deltajson replay: %v\n", err)
			return exitUsage
		}
		defer file.Close()
		in = file
	}
	events, err := corpus.Read(in, f) // at most corpus.MaxStreamBytes and corpus.MaxEvents
	if err != nil {
		if len(events) == 0 {
			var pe *os.PathError
			if errors.As(err, &pe) {
				fmt.Fprintf(stderr, "deltajson replay: %v\n", err) // it names the file
			} else {
				fmt.Fprintf(stderr, "deltajson replay: %s: %v\n", displayName(files[0]), err)
			}
			switch {
			case !errors.Is(err, corpus.ErrUnknownFormat):
			case f != corpus.FormatAuto:
				fmt.Fprintln(stderr, "hint: --format auto")
			default:
				fmt.Fprintln(stderr, "hint: replay reads a provider's recorded stream; deltajson check reads a JSON document")
			}
			return exitUsage
		}
		// A stream cut off or broken part way: replay what was read.
		fmt.Fprintf(stderr, "deltajson replay: %s: %v (replaying the %d events before it)\n", displayName(files[0]), err, len(events))
	}
	// The timeline has a line per delta: buffered.
	out := bufio.NewWriter(stdout)
	o := resume.Options{MaxBytes: -1, MaxCalls: *maxCalls, MaxTotalBytes: *maxTotal}
	lg, err := openReplayLedger(*ledgerPath, stderr)
	if err != nil {
		return exitUsage
	}
	defer lg.close()
	status := replayCalls(events, *chunk, o, *asJSON, files[0], out, stderr, lg)
	out.Flush() // an error is run's to report (writeErr)
	return status
}

// replayCalls replays events (see replayEvents), writes the timeline unless
// asJSON, then the results, to stdout, and the calls past a cap to stderr,
// and returns the exit status.
func replayCalls(events []resume.Event, chunk int, o resume.Options, asJSON bool, file string, stdout, stderr io.Writer, lg *replayLedger) int {
	var tl io.Writer
	if !asJSON {
		tl = stdout
	}
	calls, over := replayEvents(events, chunk, o, tl, lg)

	if len(calls.Calls()) == 0 && !asJSON {
		fmt.Fprintln(stdout, "no tool calls")
	}
	status := exitOK
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, c := range calls.Calls() {
		r := c.Result()
		if r.Status != resume.StatusReady && !errors.Is(r.Err, resume.ErrHosted) {
			status = exitInvalid
		}
		if !asJSON {
			fmt.Fprintf(stdout, "%s result: %s", callLabel(c), r.Status)
			if r.Status == resume.StatusReady {
				fmt.Fprintf(stdout, "  %s", appendOneLine(nil, r.Value))
			}
			if r.Err != nil {
				fmt.Fprintf(stdout, "  (%s)", printable(r.Err.Error()))
			}
			if v := lg.verdict(c); v != "" {
				fmt.Fprintf(stdout, "  ledger: %s", v)
			}
			fmt.Fprintln(stdout)
			continue
		}
		jr := replayResult{Key: r.Key, ID: r.ID, Index: r.Index, Name: r.Name, Status: r.Status.String(), Hosted: r.Hosted,
			Arguments: string(r.Arguments), Deltas: r.Deltas, EmptyAsObject: r.EmptyAsObject, Ledger: lg.verdict(c)}
		if r.Err != nil {
			jr.Error = r.Err.Error()
		}
		if r.Mismatch {
			jr.MismatchOffset = &r.MismatchOffset
		}
		if err := enc.Encode(jr); err != nil {
			return exitUsage // run reports the write error
		}
	}
	if keys := over.dropped; len(keys) > 0 {
		fmt.Fprintf(stderr, "deltajson replay: %s: call %q went past --max-calls %d and was dropped%s; raise --max-calls (-1: no cap)\n",
			displayName(file), keys[0], o.MaxCalls, andMore(len(keys)))
		status = exitInvalid
	}
	if keys := over.tooLong; len(keys) > 0 {
		fmt.Fprintf(stderr, "deltajson replay: %s: call %q has a key, id or name longer than %d bytes, and its events that carry it were refused%s\n",
			displayName(file), keys[0], resume.MaxIdentityBytes, andMore(len(keys)))
		status = exitInvalid
	}
	if keys := over.tooLarge; len(keys) > 0 {
		fmt.Fprintf(stderr, "deltajson replay: %s: call %q went past --max-total-bytes %d (all calls' arguments together) and is too-large%s; raise --max-total-bytes (-1: no cap)\n",
			displayName(file), keys[0], o.MaxTotalBytes, andMore(len(keys)))
		status = exitInvalid
	}
	if lg.failed() {
		status = exitUsage
	}
	return status
}

// andMore is " (and N more)", the calls besides the first of n, when
// n > 1, or "".
func andMore(n int) string {
	if n < 2 {
		return ""
	}
	return fmt.Sprintf(" (and %d more)", n-1)
}

// overCaps lists the calls that went past a Set's caps, by key, each
// once, in the order they did.
type overCaps struct {
	dropped  []string // past MaxCalls: never held
	tooLarge []string // past MaxTotalBytes: too-large
	tooLong  []string // past MaxIdentityBytes: events refused
}

// replayEvents feeds events to a new Set with opts, re-splitting deltas
// into n-byte pieces when n > 0, and writes the timeline to tl when it is
// not nil. Every call that has not ended by the last event is abandoned.
// With lg, each call that ends is claimed in it (see replayLedger.ended).
// It returns the Set and the calls that went past its caps.
func replayEvents(events []resume.Event, n int, opts resume.Options, tl io.Writer, lg *replayLedger) (*resume.Set, overCaps) {
	calls := resume.NewSet(opts)
	var over overCaps
	seen := map[string]bool{}            // keys in over
	shown := map[*resume.Call]int{}      // len(Shown) at the last delta
	printed := map[*resume.Call]string{} // the view last printed (at most viewTail bytes and a marker)
	var view, tail, closers []byte
	apply := func(ev resume.Event) {
		var before resume.Status
		if c := calls.Call(ev.Key); c != nil {
			before = c.Status()
		}
		c, err := calls.Apply(ev)
		if ev.Kind == resume.EventEnd && c != nil {
			defer lg.ended(c, tl) // after the timeline's lines of the end
		}
		if !seen[ev.Key] {
			switch {
			case errors.Is(err, resume.ErrTooManyCalls):
				seen[ev.Key], over.dropped = true, append(over.dropped, ev.Key)
			case errors.Is(err, resume.ErrTotalTooLarge):
				seen[ev.Key], over.tooLarge = true, append(over.tooLarge, ev.Key)
			case errors.Is(err, resume.ErrIdentityTooLong):
				seen[ev.Key], over.tooLong = true, append(over.tooLong, shorten(ev.Key))
			}
		}
		if tl == nil {
			return
		}
		if c == nil {
			if err != nil { // no call to show it under
				fmt.Fprintf(tl, "[%s] %s refused: %s\n", shorten(ev.Key), ev.Kind, printable(err.Error()))
			}
			return
		}
		label := callLabel(c)
		switch {
		case errors.Is(err, resume.ErrDuplicate):
			fmt.Fprintf(tl, "%s %s ignored: %s\n", label, ev.Kind, printable(err.Error()))
			return
		case err != nil:
			fmt.Fprintf(tl, "%s %s refused: %s\n", label, ev.Kind, printable(err.Error()))
		}
		switch ev.Kind {
		case resume.EventStart:
			if err != nil {
				break // said above
			}
			fmt.Fprintf(tl, "%s start: %s (id %s, index %d)\n", label, shorten(c.Name()), orNone(shortID(c.ID())), c.Index())
		case resume.EventDelta:
			fmt.Fprintf(tl, "%s delta +%d bytes=%d %s", label, len(ev.Data), c.Len(), c.Status())
			if s := len(c.Shown()); s != shown[c] {
				shown[c] = s
				closers = c.AppendClosers(closers[:0])
				view = appendOneLine(view[:0], appendViewTail(tail[:0], c.Shown(), closers))
				tail = view[:0:0] // not shared with view
				if string(view) != printed[c] {
					printed[c] = string(view)
					fmt.Fprintf(tl, "  %s", view)
				}
			}
			fmt.Fprintln(tl)
		case resume.EventEnd:
			r := c.Result()
			fmt.Fprintf(tl, "%s end", label)
			if r.Final {
				fmt.Fprintf(tl, " with final arguments (%d bytes)", len(r.Arguments))
			}
			if r.Mismatch {
				fmt.Fprintf(tl, ", which differ from the deltas at offset %d", r.MismatchOffset)
			}
			if r.EmptyAsObject {
				fmt.Fprint(tl, ", no arguments: taken as {}")
			}
			fmt.Fprintln(tl)
		}
		if c.Status() != before {
			fmt.Fprintf(tl, "%s status: %s -> %s", label, before, c.Status())
			if c.Err() != nil {
				fmt.Fprintf(tl, " (%s)", printable(c.Err().Error()))
			}
			fmt.Fprintln(tl)
		}
	}
	// The pieces are made one at a time: a delta of a megabyte cut into
	// bytes is a million events, too many to hold.
	for ev := range corpus.ResplitSeq(events, n) {
		apply(ev)
	}
	for _, c := range calls.Pending() {
		if c.Abandon() && tl != nil {
			fmt.Fprintf(tl, "%s stream ended without an end signal: %s\n", callLabel(c), printable(c.Err().Error()))
		}
	}
	return calls, over
}

// viewTail is how many bytes of a partial view the timeline prints, at
// most: its end, where a delta shows.
const viewTail = 120

// appendViewTail appends to dst the partial view shown+closers, or when it
// is longer than viewTail bytes, a "…(N bytes)…" marker with its length and
// then its last viewTail bytes or less, cut between characters. The work
// is bounded by viewTail and len(closers), not by len(shown), so that a
// timeline is linear in the stream.
func appendViewTail(dst, shown, closers []byte) []byte {
	n := len(shown) + len(closers)
	if n <= viewTail {
		return append(append(dst, shown...), closers...)
	}
	dst = fmt.Appendf(dst, "…(%d bytes)…", n)
	if len(closers) >= viewTail {
		return append(dst, closers[len(closers)-viewTail:]...) // quotes and brackets: ASCII
	}
	return append(append(dst, textpos.Tail(shown, viewTail-len(closers))...), closers...)
}

// labelPart is how many bytes of a call's key and of its name a timeline
// label shows, at most: the label is printed on every line of the call.
const labelPart = 64

// callLabel is "[key name]", or "[key]" for a call with no name, each part
// cut after labelPart bytes with "…", and quoted if it has a character
// that does not print.
func callLabel(c *resume.Call) string {
	if c.Name() == "" {
		return "[" + shorten(c.Key()) + "]"
	}
	return "[" + shorten(c.Key()) + " " + shorten(c.Name()) + "]"
}

// shorten returns s, or its first labelPart bytes or less, cut between
// characters, and "…"; quoted (printable) if a character of it does not
// print.
func shorten(s string) string {
	if len(s) <= labelPart {
		return printable(s)
	}
	return printable(textpos.Head(s, labelPart)) + "…"
}

// shortID is id, or its first labelPart bytes or less and "…".
func shortID(id string) string {
	if len(id) <= labelPart {
		return id
	}
	return textpos.Head(id, labelPart) + "…"
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return strconv.Quote(s)
}
