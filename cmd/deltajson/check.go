package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"github.com/deltajson/deltajson/internal/textpos"
	"github.com/deltajson/deltajson/tokenizer"
)

func init() {
	register(command{name: "check", summary: "check JSON files with the strict tokenizer, fed in chunks", run: runCheck})
}

const checkUsage = `Usage: deltajson check [--chunk N] [--json] FILE...

Checks that each FILE ("-" is stdin) holds exactly one strict RFC 8259
JSON value, feeding it to the tokenizer N bytes at a time (default: as
read, 64 KB at a time, so that memory does not grow with the file), as a
stream would. Prints "FILE: valid" for a valid file; for an invalid one,
a line with the place and the reason, then the line of the file around
the error and a caret under the offending byte (three lines in all). With
--json it prints one JSON object per file instead: "file", "valid", and
for an invalid file "offset", "pointer" and "error"; a file that could
not be read has "error" and no "valid". Exit status: 0 all
valid, 1 some invalid, 2 usage or I/O error.

Example:
  deltajson check --chunk 1 args.json
  args.json:2:19: invalid character '}' looking for beginning of value at offset 20 (/items/2)
        "items": [1, 2, }
                        ^

Flags:
`

// checkResult is one line of --json output.
type checkResult struct {
	File string `json:"file"`
	// Valid is absent when the file could not be read.
	Valid   *bool   `json:"valid,omitempty"`
	Offset  *int64  `json:"offset,omitempty"`
	Pointer *string `json:"pointer,omitempty"`
	Error   string  `json:"error,omitempty"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	chunk := fs.Int("chunk", 0, "feed `N` bytes at a time, at most 64 KB (0: as read, 64 KB at a time)")
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	files, code, ok := parseArgs(fs, checkUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	stdins := 0
	for _, f := range files {
		if f == "-" {
			stdins++
		}
	}
	if len(files) == 0 || *chunk < 0 || *chunk > checkBlock || stdins > 1 {
		switch {
		case *chunk < 0:
			fmt.Fprintf(stderr, "deltajson check: --chunk %d: must not be negative\n", *chunk)
		case *chunk > checkBlock:
			fmt.Fprintf(stderr, "deltajson check: --chunk %d: at most %d (64 KB)\n", *chunk, checkBlock)
		case stdins > 1:
			fmt.Fprintln(stderr, `deltajson check: "-" (stdin) may be named once`)
		default:
			fmt.Fprintln(stderr, "deltajson check: need at least one FILE")
		}
		fs.Usage()
		return exitUsage
	}
	out := bufio.NewWriter(stdout)
	status := checkFiles(files, stdin, *chunk, *asJSON, out, stderr)
	out.Flush() // an error is run's to report (writeErr)
	return status
}

// writeJSONLine writes v as one line of JSON, with <, > and & as they are.
func writeJSONLine(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // a write error is run's to report (writeErr)
}

// checkFiles checks each file, writes a result for each to stdout and the
// files it cannot read to stderr, and returns the exit status.
func checkFiles(files []string, stdin io.Reader, chunk int, asJSON bool, stdout io.Writer, stderr io.Writer) int {
	status := exitOK
	for _, name := range files {
		se, at, err := checkFile(name, stdin, chunk)
		if name == "-" {
			name = displayName(name)
		}
		if err != nil {
			fmt.Fprintf(stderr, "deltajson check: %v\n", err) // names the file
			status = exitUsage
			if asJSON { // a record for every file named
				writeJSONLine(stdout, checkResult{File: name, Error: err.Error()})
			}
			continue
		}
		if se != nil && status == exitOK {
			status = exitInvalid
		}
		if asJSON {
			valid := se == nil
			res := checkResult{File: name, Valid: &valid}
			if se != nil {
				res.Offset, res.Pointer, res.Error = &se.Offset, &se.Pointer, se.Error()
			}
			writeJSONLine(stdout, res)
			continue
		}
		if se == nil {
			fmt.Fprintf(stdout, "%s: valid\n", name)
			continue
		}
		fmt.Fprint(stdout, describe(name, at, se))
	}
	return status
}

// checkFile checks the file name ("-" is stdin) with checkReader.
// Errors reading it name it.
func checkFile(name string, stdin io.Reader, n int) (*tokenizer.SyntaxError, spot, error) {
	if name == "-" {
		se, at, err := checkReader(stdin, checkBlock, n)
		if err != nil {
			err = fmt.Errorf("%s: %w", displayName(name), err)
		}
		return se, at, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, spot{}, err
	}
	defer f.Close()
	return checkReader(f, checkBlock, n) // an *fs.PathError names the file
}

// checkBlock is how much of a file check holds at once: memory does not
// grow with the file.
const checkBlock = 64 << 10

// spot is a place in the text, for a message: its line, its column in
// characters, and the bytes of its line around it (up to 60 before it
// and 20 from it).
type spot struct {
	line, col     int
	before, after []byte
}

// checkReader feeds r to a tokenizer a block of size bytes at a time,
// each block in deltas of n bytes (0: whole), and returns the first
// syntax error with its spot, or the read error.
func checkReader(r io.Reader, size, n int) (*tokenizer.SyntaxError, spot, error) {
	tk := tokenizer.New(tokenizer.Options{})
	buf := make([]byte, max(size, 1)) // an empty one would never be the last
	var base int64                    // the offset of buf[0] in the text
	at := spot{line: 1, col: 1}       // where buf[0] is
	for {
		m, err := io.ReadFull(r, buf)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return nil, spot{}, err
		}
		block, last := buf[:m], m < len(buf)
		if err := feedBlock(&tk, block, n, last); err != nil {
			var se *tokenizer.SyntaxError
			if !errors.As(err, &se) {
				return nil, spot{}, err
			}
			at = at.advance(block, int(se.Offset-base))
			// When the context after the error stopped at the block's end,
			// not at a newline or at its 20 bytes, the line goes on in the
			// next block: read what the message shows of it.
			if !last && len(at.after) < shownAfter && int(se.Offset-base)+len(at.after) == len(block) {
				more := make([]byte, shownAfter-len(at.after)+utf8.UTFMax)
				k, _ := io.ReadFull(r, more)
				if nl := bytes.IndexByte(more[:k], '\n'); nl >= 0 {
					k = nl
				}
				at.after = textpos.Head(append(at.after, more[:k]...), shownAfter)
			}
			return se, at, nil
		}
		if last {
			return nil, spot{}, nil
		}
		at, base = at.advance(block, m), base+int64(m)
	}
}

// feedBlock feeds block to tk n bytes at a time (0: whole) and reads
// every token; after the last block it closes tk.
func feedBlock(tk *tokenizer.Tokenizer, block []byte, n int, last bool) error {
	if n <= 0 {
		n = max(len(block), 1)
	}
	for i := 0; ; i += n {
		if err := tk.Feed(block[min(i, len(block)):min(i+n, len(block))]); err != nil {
			return err
		}
		end := i+n >= len(block)
		if end && last {
			tk.Close()
		}
		for {
			_, err := tk.Next()
			if err == tokenizer.ErrNeedMore || err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
		}
		if end {
			return nil
		}
	}
}

// advance returns the spot i bytes into block, which begins at s.
func (s spot) advance(block []byte, i int) spot {
	i = min(max(i, 0), len(block)) // an error at the end is past the last byte
	pre := block[:i]
	s.line, s.col = textpos.Forward(s.line, s.col, pre)
	if nl := bytes.LastIndexByte(pre, '\n'); nl >= 0 {
		s.before, pre = nil, pre[nl+1:]
	}
	// A copy: block is reused. A few bytes more than are shown tell a cut
	// inside a character from the start of the line.
	s.before = append(s.before[:len(s.before):len(s.before)], pre[max(len(pre)-shownBefore-utf8.UTFMax, 0):]...)
	s.before = textpos.Tail(s.before, shownBefore)
	rest := block[i:]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	s.after = append([]byte(nil), textpos.Head(rest, shownAfter)...)
	return s
}

// The context of an error is its line, at most shownBefore bytes before
// the error and shownAfter from it, each end cut between two characters.
const (
	shownBefore = 60
	shownAfter  = 20
)

// describe renders an error as "file:line:col: message (pointer)", then
// the line around it with a caret under the offending byte.
func describe(name string, at spot, se *tokenizer.SyntaxError) string {
	msg := strings.TrimPrefix(se.Error(), "tokenizer: ")
	switch {
	case se.Offset != 0:
	case bytes.HasPrefix(at.after, []byte("\xef\xbb\xbf")):
		msg += "; it is a UTF-8 byte order mark, which JSON text must not begin with (RFC 8259, section 8.1)"
	case bytes.HasPrefix(at.after, []byte("data:")) || bytes.HasPrefix(at.after, []byte("event:")):
		msg += "; it looks like a recorded stream (server-sent events), which deltajson replay reads"
	}
	before := strings.Map(visible, strings.ToValidUTF8(string(at.before), "?"))
	context := before + strings.Map(visible, strings.ToValidUTF8(string(at.after), "?"))
	// The caret goes under the byte as a terminal shows the line: a wide
	// character (CJK, most emoji) takes two columns.
	caret := strings.Repeat(" ", uniseg.StringWidth(before))
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: %s\n", name, at.line, at.col, msg)
	fmt.Fprintf(&b, "    %s\n    %s^\n", context, caret)
	return b.String()
}

// visible keeps the context line one line, and the caret aligned: tabs
// and other control characters print as one space, and any other
// character that does not print (DEL, a C1 control, a byte order mark)
// as '?'.
func visible(r rune) rune {
	switch {
	case r < 0x20:
		return ' '
	case r == ' ' || unicode.IsPrint(r):
		return r
	}
	return '?'
}
