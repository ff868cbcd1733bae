package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/deltajson/deltajson/tokenizer"
)

func init() {
	register(command{name: "check", summary: "check JSON files with the strict tokenizer, fed in chunks", run: runCheck})
}

const checkUsage = `Usage: deltajson check [--chunk N] [--json] FILE...

Checks that each FILE ("-" is stdin) holds exactly one strict RFC 8259
JSON value, feeding it to the tokenizer N bytes at a time (default: whole),
as a stream would. Prints one line per file. Exit status: 0 all valid,
1 some invalid, 2 usage or I/O error.

Example:
  deltajson check --chunk 1 args.json
  args.json:2:19: invalid character '}' looking for beginning of value at offset 20 (/items/2)
        "items": [1, 2, }
                        ^

Flags:
`

// checkResult is one line of --json output.
type checkResult struct {
	File    string  `json:"file"`
	Valid   bool    `json:"valid"`
	Offset  *int64  `json:"offset,omitempty"`
	Pointer *string `json:"pointer,omitempty"`
	Error   string  `json:"error,omitempty"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, checkUsage); fs.PrintDefaults() }
	chunk := fs.Int("chunk", 0, "feed `N` bytes at a time (0: the whole file)")
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	stdins := 0
	for _, f := range files {
		if f == "-" {
			stdins++
		}
	}
	if len(files) == 0 || *chunk < 0 || stdins > 1 {
		switch {
		case *chunk < 0:
			fmt.Fprintf(stderr, "deltajson check: --chunk %d: must not be negative\n", *chunk)
		case stdins > 1:
			fmt.Fprintln(stderr, `deltajson check: "-" (stdin) may be named once`)
		default:
			fmt.Fprintln(stderr, "deltajson check: need at least one FILE")
		}
		fs.Usage()
		return exitUsage
	}
	status := exitOK
	for _, name := range files {
		var data []byte
		if name == "-" {
			name = displayName(name)
			if data, err = io.ReadAll(stdin); err != nil {
				err = fmt.Errorf("%s: %w", name, err)
			}
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			fmt.Fprintf(stderr, "deltajson check: %v\n", err)
			status = exitUsage
			continue
		}
		err = checkBytes(data, *chunk)
		var se *tokenizer.SyntaxError
		if err != nil && !errors.As(err, &se) {
			fmt.Fprintf(stderr, "deltajson check: %s: %v\n", name, err)
			status = exitUsage
			continue
		}
		if se != nil && status == exitOK {
			status = exitInvalid
		}
		if *asJSON {
			res := checkResult{File: name, Valid: se == nil}
			if se != nil {
				res.Offset, res.Pointer, res.Error = &se.Offset, &se.Pointer, se.Error()
			}
			line, _ := json.Marshal(res)
			fmt.Fprintf(stdout, "%s\n", line)
			continue
		}
		if se == nil {
			fmt.Fprintf(stdout, "%s: valid\n", name)
			continue
		}
		fmt.Fprint(stdout, describe(name, data, se))
	}
	return status
}

// checkBytes feeds data to a tokenizer n bytes at a time (0: whole).
func checkBytes(data []byte, n int) error {
	if n <= 0 {
		n = max(len(data), 1)
	}
	tk := tokenizer.New(tokenizer.Options{})
	for i := 0; ; i += n {
		if err := tk.Feed(data[min(i, len(data)):min(i+n, len(data))]); err != nil {
			return err
		}
		if i+n >= len(data) {
			tk.Close()
		}
		for {
			_, err := tk.Next()
			switch {
			case err == io.EOF:
				return nil
			case err == tokenizer.ErrNeedMore:
			case err != nil:
				return err
			default:
				continue
			}
			break
		}
	}
}

// describe renders an error as "file:line:col: message (pointer)", then
// the line with a caret under the offending byte.
func describe(name string, data []byte, se *tokenizer.SyntaxError) string {
	off := int(min(se.Offset, int64(len(data))))
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	lineEnd := bytes.IndexByte(data[off:], '\n')
	if lineEnd < 0 {
		lineEnd = len(data)
	} else {
		lineEnd += off
	}
	line := 1 + bytes.Count(data[:lineStart], []byte{'\n'})
	col := 1 + utf8.RuneCount(data[lineStart:off])
	msg := strings.TrimPrefix(se.Error(), "deltajson: ")
	// Keep the context short around the caret on a long line.
	from, to := lineStart, lineEnd
	if off-from > 60 {
		from = off - 60
	}
	if to-off > 20 {
		to = off + 20
	}
	context := strings.ToValidUTF8(string(data[from:to]), "?")
	caret := strings.Repeat(" ", utf8.RuneCountInString(strings.ToValidUTF8(string(data[from:off]), "?")))
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s\n", name, line, col, msg)
	fmt.Fprintf(&b, "    %s\n    %s^\n", strings.Map(visibleSpace, context), caret)
	return b.String()
}

// visibleSpace keeps the caret aligned: tabs and other control characters
// print as one space.
func visibleSpace(r rune) rune {
	if r < 0x20 {
		return ' '
	}
	return r
}
