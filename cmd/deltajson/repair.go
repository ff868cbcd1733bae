package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/deltajson/deltajson/internal/textpos"
	"github.com/deltajson/deltajson/repair"
)

func init() {
	register(command{
		name:    "repair",
		summary: "repair broken JSON, only the kinds asked for, with a log",
		run:     runRepair,
	})
}

const repairUsage = `Usage: deltajson repair [--fix KIND,KIND...|--fix all|--fix llm] [--log text|json] [FILE|-]
       deltajson repair --list

Repairs the JSON in FILE (or standard input) with the kinds named in --fix,
writes the result to standard output and the log of edits to standard error.
With no --fix it repairs nothing: it only checks. "llm" is every kind but
truncated, ellipsis and multi-value; "all" adds them. Run --list for the
kinds.

Exit status: 0 the output is valid JSON; 1 the input could not be repaired
(the reason and offset are on standard error); 2 a usage or I/O error,
such as a log that could not be written; 3 the output is valid JSON but
the input was cut short (kind truncated): show it, do not execute it.
With --log json, standard error holds only the log, one JSON object,
whose "truncated" and "warning" say so; when the input cannot be read
or repaired, or a flag after --log is wrong, its "error" says why (with
"offset", "line", "col" and "hint" when it has them), and "edits" is
empty.

Each line of the text log is LINE:COL KIND: the edit, in the text around
it (at most 16 bytes on each side, cut between characters).

Example:

  $ echo "{name: 'x', ok: True,}" | deltajson repair --fix llm
  {"name": "x", "ok": true}
  1:2 unquoted-key: inserted "\"" in "{name: 'x', ok: T"
  1:6 unquoted-key: inserted "\"" in "{name: 'x', ok: True,"
  1:8 single-quote: replaced "'" with "\"" in "{name: 'x', ok: True,}\n"
  1:10 single-quote: replaced "'" with "\"" in "{name: 'x', ok: True,}\n"
  1:13 unquoted-key: inserted "\"" in "{name: 'x', ok: True,}\n"
  1:15 unquoted-key: inserted "\"" in "{name: 'x', ok: True,}\n"
  1:17 literal: replaced "True" with "true" in "{name: 'x', ok: True,}\n"
  1:21 trailing-comma: removed "," in "e: 'x', ok: True,}\n"

Flags:
`

func runRepair(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	fix := fs.String("fix", "", "comma-separated `kinds` to repair, or all, or llm")
	logFormat := fs.String("log", "text", "log `format` on standard error: text or json")
	list := fs.Bool("list", false, "list the kinds, each with an example, and exit")
	maxInput := fs.Int("max-input", repair.DefaultMaxInput, "refuse an input longer than `N` bytes (-1: no limit)")
	maxEdits := fs.Int("max-edits", repair.DefaultMaxEdits, "refuse a repair that needs more than `N` edits (-1: no limit)")
	files, code, ok := parseArgs(fs, repairUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if *list {
		if len(files) > 0 {
			fmt.Fprintln(stderr, "deltajson repair: --list takes no FILE")
			fs.Usage()
			return exitUsage
		}
		listKinds(stdout)
		return exitOK
	}
	if *logFormat != "text" && *logFormat != "json" {
		fmt.Fprintf(stderr, "deltajson repair: --log must be text or json, not %q\n", *logFormat)
		return exitUsage
	}
	jsonLog := *logFormat == "json"
	// usageErr reports a usage or I/O error: with --log json, as the one
	// JSON document on standard error.
	usageErr := func(msg string, usage bool) int {
		if jsonLog {
			writeJSONError(stderr, nil, errors.New(msg))
			return exitUsage
		}
		fmt.Fprintln(stderr, "deltajson repair: "+msg)
		if usage {
			fs.Usage()
		}
		return exitUsage
	}
	kinds, err := repair.ParseKinds(*fix)
	if err != nil {
		return usageErr(strings.TrimPrefix(err.Error(), "repair: ")+" (run --list for the kinds)", false)
	}
	var limits strings.Builder
	if badLimit(&limits, "repair", "max-input", int64(*maxInput)) || badLimit(&limits, "repair", "max-edits", int64(*maxEdits)) {
		return usageErr(strings.TrimPrefix(strings.TrimSpace(limits.String()), "deltajson repair: "), false)
	}
	if len(files) > 1 {
		return usageErr("at most one FILE", true)
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	opts := repair.Options{Kinds: kinds, MaxInput: *maxInput, MaxEdits: *maxEdits}
	in, err := readInput(name, stdin, *maxInput)
	if err != nil {
		return usageErr(err.Error(), false)
	}

	out, log, err := repair.Repair(in, opts)
	if err != nil && jsonLog {
		writeJSONError(stderr, in, err)
		return exitInvalid
	}
	if err != nil {
		var e *repair.Error
		if errors.As(err, &e) {
			line, col := lineCol(in, e.Offset)
			fmt.Fprintf(stderr, "deltajson repair: %s:%d:%d: %v\n", displayName(name), line, col, err)
			if h := repairHint(err); h != "" {
				fmt.Fprintln(stderr, "hint: "+h)
			}
		} else {
			fmt.Fprintf(stderr, "deltajson repair: %s: %v\n", displayName(name), err)
		}
		return exitInvalid
	}
	if _, err := stdout.Write(out); err != nil {
		return exitUsage // run reports it (writeErr); the log is not written
	}
	// A log that could not be written is an I/O error: the caller would
	// take the output without its edits.
	if jsonLog {
		err = writeJSONLog(stderr, in, log)
	} else {
		err = log.WriteText(stderr, in)
	}
	if err != nil {
		return exitUsage
	}
	if log.Truncated() {
		// With --log json the log says it ("truncated" and "warning"):
		// standard error stays one JSON document.
		if !jsonLog {
			if _, err := fmt.Fprintln(stderr, "deltajson repair: warning: "+truncatedWarning); err != nil {
				return exitUsage
			}
		}
		return exitTruncated
	}
	return exitOK
}

func listKinds(w io.Writer) {
	fmt.Fprintln(w, "Kinds (each off unless named in --fix):")
	for _, k := range repair.Kinds() {
		fmt.Fprintf(w, "  %-15s %s\n", k, k.Example())
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Presets:")
	fmt.Fprintf(w, "  %-15s %s\n", "llm", "every kind but truncated, ellipsis and multi-value: what language models get wrong")
	fmt.Fprintf(w, "  %-15s %s\n", "all", "every kind (truncated edits are marked truncated)")
}

// readInput reads name ("-" is stdin), up to one byte more than max
// (-1: all of it).
func readInput(name string, stdin io.Reader, max int) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if max >= 0 {
		r = io.LimitReader(r, int64(max)+1)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", displayName(name), err)
	}
	// More than max bytes are left for Repair to refuse with ErrTooLarge.
	return b, nil
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// lineCol returns the 1-based line and column of off in b, as check
// counts them (see textpos.Forward).
func lineCol(b []byte, off int64) (line, col int) {
	return textpos.Forward(1, 1, b[:min(max(off, 0), int64(len(b)))])
}

// repairHint says which flag would get past err, or "".
func repairHint(err error) string {
	var e *repair.Error
	switch {
	case errors.As(err, &e) && e.Need != 0:
		return "--fix " + e.Need.String()
	case errors.Is(err, repair.ErrTooLarge):
		return "--max-input raises the limit"
	case errors.Is(err, repair.ErrTooManyEdits):
		return "--max-edits raises the limit"
	}
	return ""
}

// writeJSONError writes, for --log json, why the input could not be
// repaired or read, as the one JSON object on standard error: the error,
// where it is in in when it has a place, and the hint.
func writeJSONError(w io.Writer, in []byte, err error) {
	doc := struct {
		Error  string `json:"error"`
		Offset *int64 `json:"offset,omitempty"`
		Line   int    `json:"line,omitempty"`
		Col    int    `json:"col,omitempty"`
		Hint   string `json:"hint,omitempty"`
		Edits  []any  `json:"edits"`
	}{Error: err.Error(), Hint: repairHint(err), Edits: []any{}}
	if e := (*repair.Error)(nil); errors.As(err, &e) {
		doc.Offset = &e.Offset
		doc.Line, doc.Col = lineCol(in, e.Offset)
	}
	b, _ := json.Marshal(doc)
	w.Write(append(b, '\n'))
}

// truncatedWarning is what repair says of a truncated input.
const truncatedWarning = "the input was truncated; the output is for display, do not execute it"

// writeJSONLog writes the log as one JSON object: the edits, each with
// its line and column, whether the input was truncated, and then a
// warning. It returns the error of the write.
func writeJSONLog(w io.Writer, in []byte, log repair.Log) error {
	// The fields of repair.Edit, in the order the log has always had.
	type edit struct {
		Kind      repair.Kind `json:"kind"`
		Offset    int64       `json:"offset"`
		Removed   string      `json:"removed"`
		Inserted  string      `json:"inserted"`
		Truncated bool        `json:"truncated,omitempty"`
		Line      int         `json:"line"`
		Col       int         `json:"col"`
	}
	doc := struct {
		Truncated bool   `json:"truncated"`
		Warning   string `json:"warning,omitempty"`
		Edits     []edit `json:"edits"`
	}{Truncated: log.Truncated(), Edits: make([]edit, 0, len(log))}
	if doc.Truncated {
		doc.Warning = truncatedWarning
	}
	// The edits are sorted: walk the input once for every line and column.
	line, col, at := 1, 1, int64(0)
	for _, e := range log {
		next := min(max(e.Offset, at), int64(len(in)))
		line, col = textpos.Forward(line, col, in[at:next])
		at = next
		doc.Edits = append(doc.Edits, edit{e.Kind, e.Offset, e.Removed, e.Inserted, e.Truncated, line, col})
	}
	b, _ := json.Marshal(doc)
	_, err := w.Write(append(b, '\n'))
	return err
}
