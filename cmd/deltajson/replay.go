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
	"strings"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/textpos"
	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

func init() {
	register(command{name: "replay", summary: "replay a recorded provider stream through the per-call stream core", run: runReplay})
}

const replayUsage = `Usage: deltajson replay [--format F] [--json] [--chunk N] [--ledger PATH]
                       [--max-calls N] [--max-total-bytes N] FILE | -

Reads an LLM provider's stream (raw SSE, one payload per line, a Gemini
JSON array, or an AWS event-stream), recorded in FILE or live on
standard input with "-" (curl -N ... | deltajson replay -), feeds its
tool-call events to package resume as their bytes arrive, and prints
each call's timeline: deltas, status changes and the partial view, after
each delta that changes it (a delta line with no view left the view as
it was), and each call's result as soon as the call ends, before the
stream does; a call the stream leaves open ends incomplete when the
stream stops. A stream with no tool call prints "no tool calls". A view
longer than 120 bytes is printed as "…(N bytes)…" and its last 120
bytes, and a call's key, name and id as their first 64 bytes and "…",
so that the timeline grows with the stream, not faster. Each event is one
line: views and values are shown with their line breaks and tabs as
spaces, and a character that does not print as its JSON escape; a key or
name with such a character is quoted. With --json it prints only the
results, one JSON object per call as it ends (index is -1 when the
stream gave none):

  {"key":"0","id":"call_1","index":0,"name":"get_weather","status":"ready","arguments":"{\"city\":\"Paris\"}","deltas":5}

status is ready, invalid, incomplete, too-large or rejected (receiving and
complete never show: a call that did not end is incomplete). A tool the
provider runs itself (Anthropic's server_tool_use and mcp_tool_use,
OpenAI Responses' built-in tools) is never ready: it is rejected, with
"hosted":true, and its arguments are only shown. A custom tool's input
(OpenAI Responses) is free text, not JSON: "text":true, and it is ready
whatever it holds. arguments is the final argument text as received (for
Gemini, the args' compact JSON); a call that ended with none is
"empty_as_object":true and runs with {}. deltas counts the deltas
applied, after any --chunk re-splitting. "mismatch_offset":N says the
end signal's final arguments differed from the deltas from byte N on
(the final ones win); "error" says why a call is not ready; with
--ledger, "ledger" is claimed, seen, conflict, no-id, or error (the
store failed: the call must not run). One message of the stream (an
SSE event, a line, an array element, a frame) may hold at most 16 MB.

The calls are held as a server would hold them, from their start until
their result is printed, under two caps: at most --max-calls calls held
at once (default 256: the calls past it are dropped) and at most
--max-total-bytes argument bytes of the calls held (default 64 MB: the
call that passes it is too-large). A call past a cap is named on standard
error with the flag that raises it, and the exit status is 1; the calls
held are still printed.

A stream in which no provider's format is found is a usage error, and so
is one in which the --format given finds no events (is it another
format?); "no tool calls" is for a stream of a known format that has
none. A stream cut off or broken part way is reported on standard error,
after the calls before it.

Formats: ` + "auto, openai-chat, openai-responses, anthropic, gemini, bedrock,\nbedrock-converse, cohere, gemini-interactions, ollama" + `.

Exit status: 0 all calls ready (or hosted, and whole), 1 some call not
ready or past a cap, or the stream broken part way, 2 usage or I/O
error, or no events of the --format given.

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
	Text      bool   `json:"text,omitempty"`
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
	format := fs.String("format", "auto", "stream `format`: auto, "+formatList())
	asJSON := fs.Bool("json", false, "print one JSON object per call, as it ends, and no timeline")
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
	f, err := provider.ParseFormat(*format)
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
	lg, err := openReplayLedger(*ledgerPath, stderr)
	if err != nil {
		return exitUsage
	}
	defer lg.close()
	// The timeline has a line per delta: buffered, and flushed after each
	// message of the stream, so that a live stream shows as it comes.
	out := bufio.NewWriter(stdout)
	rp := newReplayer(resume.Options{MaxBytes: -1, MaxCalls: *maxCalls, MaxTotalBytes: *maxTotal}, *chunk, *asJSON, out)
	rp.lg = lg
	status := rp.stream(in, f, files[0], stderr)
	out.Flush() // an error is run's to report (writeErr)
	return status
}

// formatList names every format provider reads, for a flag's help.
func formatList() string {
	var names []string
	for _, f := range provider.Formats() {
		names = append(names, f.String())
	}
	return strings.Join(names, ", ")
}

// replayer feeds a stream's events to a Set, writes the timeline, unless
// asJSON, and each call's result as the call ends.
type replayer struct {
	calls   *resume.Set
	o       resume.Options
	chunk   int
	asJSON  bool
	lg      *replayLedger     // nil without --ledger
	dec     *provider.Decoder // the stream's, for its calls' claim IDs
	out     *bufio.Writer
	enc     *json.Encoder
	status  int
	events  int  // tool-call events decoded
	anyCall bool // a call was made
	over    overCaps
	seen    map[string]bool       // keys in over
	shown   map[*resume.Call]int  // len(Shown) at the last delta
	printed map[*resume.Call]bool // results printed
	views   map[*resume.Call]string
	view    []byte
	tail    []byte
	closers []byte
}

func newReplayer(o resume.Options, chunk int, asJSON bool, out *bufio.Writer) *replayer {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	return &replayer{calls: resume.NewSet(o), o: o, chunk: chunk, asJSON: asJSON, out: out, enc: enc, status: exitOK,
		seen: map[string]bool{}, shown: map[*resume.Call]int{}, printed: map[*resume.Call]bool{}, views: map[*resume.Call]string{}}
}

// stream reads the stream from in as its bytes arrive, and returns the
// exit status.
func (rp *replayer) stream(in io.Reader, f provider.Format, file string, stderr io.Writer) int {
	rd := provider.NewReader(in, provider.ReaderOptions{})
	dec := provider.NewDecoder(f)
	rp.dec = dec
	looks := provider.NewDecoder(provider.FormatAuto) // what the stream looks like, for a wrong --format
	var streamErr error
	decoded := 0 // messages decoded: a stream broken after one is broken part way
	for {
		m, err := rd.Next()
		if err != nil {
			if err != io.EOF {
				streamErr = err
			}
			break
		}
		if looks.Format() == provider.FormatAuto {
			looks.Decode(m.Data, m.Event)
		}
		evs, err := dec.Decode(m.Data, m.Event)
		if err != nil {
			streamErr = err
			if pe := (*provider.Error)(nil); !errors.As(err, &pe) {
				streamErr = &provider.Error{Offset: m.Offset, Line: m.Line, Err: err}
			}
			break
		}
		decoded++
		for _, ev := range evs {
			rp.event(ev)
		}
		rp.out.Flush()
	}
	if streamErr != nil && decoded == 0 {
		if pe := (*os.PathError)(nil); errors.As(streamErr, &pe) {
			fmt.Fprintf(stderr, "deltajson replay: %v\n", streamErr) // it names the file
		} else {
			fmt.Fprintf(stderr, "deltajson replay: %s: %v\n", displayName(file), streamErr)
		}
		if errors.Is(streamErr, provider.ErrUnknownFormat) && f != provider.FormatAuto {
			fmt.Fprintln(stderr, "hint: --format auto")
		}
		return exitUsage
	}
	if streamErr != nil {
		// Cut off or broken part way: the calls it left open end below.
		fmt.Fprintf(stderr, "deltajson replay: %s: %v (after %d tool-call events)\n", displayName(file), streamErr, rp.events)
		rp.status = exitInvalid
	}
	if rp.events == 0 {
		switch {
		case f == provider.FormatAuto && dec.Format() == provider.FormatAuto && rd.Container() != provider.ContainerAuto:
			fmt.Fprintf(stderr, "deltajson replay: %s: no provider named in this %v stream: %v\n", displayName(file), rd.Container(), provider.ErrUnknownFormat)
			fmt.Fprintln(stderr, "hint: replay reads a provider's recorded stream; deltajson check reads a JSON document")
			return exitUsage
		case f == provider.FormatAuto && dec.Format() == provider.FormatAuto:
			fmt.Fprintf(stderr, "deltajson replay: %s: empty stream: %v\n", displayName(file), provider.ErrUnknownFormat)
			return exitUsage
		case f != provider.FormatAuto && looks.Format() != provider.FormatAuto && looks.Format() != f &&
			!(f == provider.FormatAnthropic && looks.Format() == provider.FormatBedrock):
			fmt.Fprintf(stderr, "deltajson replay: %s: no %v events; the stream looks like %v: %v\n", displayName(file), f, looks.Format(), provider.ErrUnknownFormat)
			fmt.Fprintln(stderr, "hint: --format auto")
			return exitUsage
		case f != provider.FormatAuto && looks.Format() == provider.FormatAuto && rd.Container() != provider.ContainerAuto:
			fmt.Fprintf(stderr, "deltajson replay: %s: no %v events, and no provider named in the stream: %v\n", displayName(file), f, provider.ErrUnknownFormat)
			fmt.Fprintln(stderr, "hint: --format auto")
			return exitUsage
		}
	}
	rp.finish(file, stderr)
	return rp.status
}

// event applies one tool-call event of the stream, cut into pieces of
// rp.chunk bytes, made one at a time: a delta of a megabyte cut into
// bytes is a million events, too many to hold.
func (rp *replayer) event(ev resume.Event) {
	rp.events++
	for piece := range corpus.ResplitSeq([]resume.Event{ev}, rp.chunk) {
		rp.apply(piece)
	}
}

// apply applies one event, writes its timeline lines, and the call's
// result if the event ended it.
func (rp *replayer) apply(ev resume.Event) {
	var before resume.Status
	if c := rp.calls.Call(ev.Key); c != nil {
		before = c.Status()
	}
	c, err := rp.calls.Apply(ev)
	rp.anyCall = rp.anyCall || c != nil
	if !rp.seen[ev.Key] {
		switch {
		case errors.Is(err, resume.ErrTooManyCalls):
			rp.seen[ev.Key], rp.over.dropped = true, append(rp.over.dropped, ev.Key)
		case errors.Is(err, resume.ErrTotalTooLarge):
			rp.seen[ev.Key], rp.over.tooLarge = true, append(rp.over.tooLarge, ev.Key)
		case errors.Is(err, resume.ErrIdentityTooLong):
			rp.seen[ev.Key], rp.over.tooLong = true, append(rp.over.tooLong, shorten(ev.Key))
		}
	}
	if !rp.asJSON {
		rp.timeline(ev, c, err, before)
	}
	if c != nil && c.Ended() && !rp.printed[c] {
		var tl io.Writer
		if !rp.asJSON {
			tl = rp.out
		}
		rp.lg.ended(c, rp.dec, tl)
		rp.result(c)
		rp.release(c)
	}
}

// release lets go of a call whose result is printed, as a server would:
// the caps count the calls held, not every call of the stream.
func (rp *replayer) release(c *resume.Call) {
	rp.calls.Remove(c.Key())
	delete(rp.shown, c)
	delete(rp.views, c)
	delete(rp.printed, c)
	rp.lg.forget(c)
}

// timeline writes the lines of one event.
func (rp *replayer) timeline(ev resume.Event, c *resume.Call, err error, before resume.Status) {
	tl := rp.out
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
		fmt.Fprintf(tl, "%s delta +%d bytes=%d %s", label, len(ev.Data), len(c.Arguments()), c.Status())
		if s := len(c.Shown()); s != rp.shown[c] {
			rp.shown[c] = s
			rp.closers = c.AppendClosers(rp.closers[:0])
			rp.view = appendOneLine(rp.view[:0], appendViewTail(rp.tail[:0], c.Shown(), rp.closers))
			rp.tail = rp.view[:0:0] // not shared with view
			if string(rp.view) != rp.views[c] {
				rp.views[c] = string(rp.view)
				fmt.Fprintf(tl, "  %s", rp.view)
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

// result writes a call's result: a line of the timeline, or a JSON object.
func (rp *replayer) result(c *resume.Call) {
	rp.printed[c] = true
	r := c.Result()
	if r.Status != resume.StatusReady && !errors.Is(r.Err, resume.ErrHosted) {
		rp.status = exitInvalid
	}
	if !rp.asJSON {
		fmt.Fprintf(rp.out, "%s result: %s", callLabel(c), r.Status)
		if r.Status == resume.StatusReady {
			fmt.Fprintf(rp.out, "  %s", appendOneLine(nil, r.Value))
		}
		if r.Err != nil {
			fmt.Fprintf(rp.out, "  (%s)", printable(r.Err.Error()))
		}
		if v := rp.lg.verdict(c); v != "" {
			fmt.Fprintf(rp.out, "  ledger: %s", v)
		}
		fmt.Fprintln(rp.out)
		return
	}
	jr := replayResult{Key: r.Key, ID: r.ID, Index: r.Index, Name: r.Name, Status: r.Status.String(), Hosted: r.Hosted,
		Text: r.Text, Arguments: string(r.Arguments), Deltas: r.Deltas, EmptyAsObject: r.EmptyAsObject, Ledger: rp.lg.verdict(c)}
	if r.Err != nil {
		jr.Error = r.Err.Error()
	}
	if r.Mismatch {
		jr.MismatchOffset = &r.MismatchOffset
	}
	rp.enc.Encode(jr) // a write error is run's to report (writeErr)
}

// finish ends the calls the stream left open, writes their results, and
// names the calls past a cap.
func (rp *replayer) finish(file string, stderr io.Writer) {
	for _, c := range rp.calls.Pending() {
		if c.Abandon() && !rp.asJSON {
			fmt.Fprintf(rp.out, "%s stream ended without an end signal: %s\n", callLabel(c), printable(c.Err().Error()))
		}
		rp.result(c)
	}
	if !rp.anyCall && !rp.asJSON {
		fmt.Fprintln(rp.out, "no tool calls")
	}
	if keys := rp.over.dropped; len(keys) > 0 {
		fmt.Fprintf(stderr, "deltajson replay: %s: call %q went past --max-calls %d and was dropped%s; raise --max-calls (-1: no cap)\n",
			displayName(file), keys[0], rp.o.MaxCalls, andMore(len(keys)))
		rp.status = exitInvalid
	}
	if keys := rp.over.tooLong; len(keys) > 0 {
		fmt.Fprintf(stderr, "deltajson replay: %s: call %q has a key, id or name longer than %d bytes, and its events that carry it were refused%s\n",
			displayName(file), keys[0], resume.MaxIdentityBytes, andMore(len(keys)))
		rp.status = exitInvalid
	}
	if keys := rp.over.tooLarge; len(keys) > 0 {
		fmt.Fprintf(stderr, "deltajson replay: %s: call %q went past --max-total-bytes %d (all calls' arguments together) and is too-large%s; raise --max-total-bytes (-1: no cap)\n",
			displayName(file), keys[0], rp.o.MaxTotalBytes, andMore(len(keys)))
		rp.status = exitInvalid
	}
	if rp.lg.failed() {
		rp.status = exitUsage
	}
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
