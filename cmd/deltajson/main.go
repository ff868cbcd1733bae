// Command deltajson shows what happens to streamed tool-call arguments:
// it checks files, replays recorded provider streams, repairs broken
// output and benchmarks the stream core against reparsing peers.
//
// Usage:
//
//	deltajson <command> [flags] [args]
//
// Run "deltajson help" for the list of commands, and
// "deltajson <command> --help" for one command's flags and an example.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses: the first three are every subcommand's.
const (
	exitOK      = 0 // success: everything valid
	exitInvalid = 1 // some input was invalid, or could not be repaired
	exitUsage   = 2 // a usage or I/O error

	// exitTruncated is repair's: the output is valid JSON, but closes a
	// text that was cut short, so it is for display and not to execute.
	exitTruncated = 3
)

// A command is one subcommand. run gets the arguments after the
// subcommand's name and returns the exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order "help" shows them. Each
// lives in its own file.
var commands []command

func register(c command) { commands = append(commands, c) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Output that could not be written is an I/O error, whatever the
	// command made of it; it is said here, once, for every command.
	w := &writeErr{w: stdout}
	code := dispatch(args, stdin, w, stderr)
	if w.err != nil {
		fmt.Fprintf(stderr, "deltajson %s: writing the output: %v\n", args[0], w.err)
		code = exitUsage
	}
	return code
}

// dispatch runs the command args name.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			// "help check" is "check --help", with its text on stdout
			// like this command's own.
			return dispatch([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "deltajson: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "deltajson: strict, incremental JSON for streamed LLM tool calls.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: deltajson <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "deltajson <command> --help" for a command's flags and an example.`)
}

// parseArgs parses a subcommand's args with fs, whose flags may stand
// before or after the positional arguments (see parseInterleaved), and
// returns the positional ones. usage is the subcommand's help text, which
// the flags' defaults follow. A help that was asked for (-h or --help)
// goes to stdout with exitOK; a bad flag's message and the usage go to
// stderr with exitUsage. When ok is false the subcommand returns code.
// Afterwards fs.Usage writes the usage to stderr, for the subcommand's
// own usage errors. After a usage error only the usage lines are
// written, with a pointer to --help, so that the message that says what
// was wrong stays in sight.
func parseArgs(fs *flag.FlagSet, usage string, args []string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {} // printed below, to the right stream
	pos, err := parseInterleaved(fs, args)
	fs.Usage = func() { printShortUsage(fs.Name(), usage, stderr) }
	switch {
	case errors.Is(err, flag.ErrHelp):
		printUsage(fs, usage, stdout)
		return nil, exitOK, false
	case err != nil:
		fs.Usage() // after the flag package's message
		return nil, exitUsage, false
	}
	return pos, exitOK, true
}

// printShortUsage writes usage up to its first blank line (the
// "Usage:" lines), and where the rest is.
func printShortUsage(name, usage string, w io.Writer) {
	if i := strings.Index(usage, "\n\n"); i >= 0 {
		usage = usage[:i+1]
	}
	fmt.Fprintf(w, "%sRun 'deltajson %s --help' for the flags and an example.\n", usage, name)
}

// printUsage writes usage and then fs's flags, if it has any, to w.
func printUsage(fs *flag.FlagSet, usage string, w io.Writer) {
	fmt.Fprint(w, usage)
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
}

// parseInterleaved parses flags that may stand before or after the
// positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil // after "--", names only
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// badLimit reports on stderr a --name value v of command cmd that is
// neither positive nor -1 (no limit), and whether it did.
func badLimit(stderr io.Writer, cmd, name string, v int64) bool {
	if v > 0 || v == -1 {
		return false
	}
	fmt.Fprintf(stderr, "deltajson %s: --%s %d: must be positive, or -1 for no limit\n", cmd, name, v)
	return true
}

// writeErr is w, and the first error writing to it.
type writeErr struct {
	w   io.Writer
	err error
}

func (w *writeErr) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	w.err = err
	return n, err
}
