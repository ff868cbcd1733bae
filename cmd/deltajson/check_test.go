package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/tokenizer"
)

// runCLI runs the command line and returns its exit status and output.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

func TestCheck(t *testing.T) {
	good := writeFile(t, "good.json", `{"city":"Paris","days":[1,2]}`)
	prefix := "{\n  \"items\": [1, 2, "
	bad := writeFile(t, "bad.json", prefix+"}\n}")

	code, out, _ := runCLI(t, "", "check", good)
	assert.Equal(t, exitOK, code)
	assert.Equal(t, good+": valid\n", out)

	for _, chunk := range []string{"0", "1", "7"} {
		code, out, _ = runCLI(t, "", "check", "--chunk", chunk, good, bad)
		assert.Equal(t, exitInvalid, code)
		assert.Contains(t, out, bad+":2:19: invalid character '}' looking for beginning of value at offset "+strconv.Itoa(len(prefix))+" (/items/2)\n")
		assert.Contains(t, out, "      \"items\": [1, 2, }\n")
		assert.Contains(t, out, "\n                      ^\n", "the caret stands under the '}'")
	}

	// After "--" every argument is a file name.
	dashed := writeFile(t, "-b.json", `[]`)
	code, out, _ = runCLI(t, "", "check", "--", good, dashed)
	assert.Equal(t, exitOK, code, out)
	assert.Contains(t, out, dashed+": valid\n")

	// Stdin as "-", and flags after the file names.
	code, out, _ = runCLI(t, `[1, 2`, "check", good, "-", "--chunk", "1")
	assert.Equal(t, exitInvalid, code)
	assert.Contains(t, out, good+": valid\n")
	assert.Contains(t, out, "<stdin>:1:6: unexpected end of input")

	code, out, _ = runCLI(t, "", "check", "--json", good, bad)
	assert.Equal(t, exitInvalid, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	assert.JSONEq(t, `{"file":"`+good+`","valid":true}`, lines[0])
	var res map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &res))
	assert.Equal(t, false, res["valid"])
	assert.Equal(t, float64(len(prefix)), res["offset"])
	assert.Equal(t, "/items/2", res["pointer"])
	assert.Contains(t, res["error"], "looking for beginning of value")

	// Standard input keeps its name's < and >, and a file that cannot be
	// read has an error and no verdict.
	missing := filepath.Join(t.TempDir(), "missing.json")
	code, out, _ = runCLI(t, "[]", "check", "--json", "-", missing)
	assert.Equal(t, exitUsage, code)
	lines = strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	assert.JSONEq(t, `{"file":"<stdin>","valid":true}`, lines[0])
	assert.Contains(t, lines[0], "<stdin>")
	res = nil
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &res))
	assert.NotContains(t, res, "valid")
	assert.Contains(t, res["error"], "no such file")
}

func TestCheckUsage(t *testing.T) {
	code, _, errOut := runCLI(t, "", "check")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "Usage: deltajson check")

	code, _, errOut = runCLI(t, "", "check", "--bogus", "x")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "flag provided but not defined")

	code, _, errOut = runCLI(t, "", "check", filepath.Join(t.TempDir(), "missing.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no such file")

	dir := t.TempDir()
	code, _, errOut = runCLI(t, "", "check", dir)
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "deltajson check: read "+dir+": is a directory\n", errOut, "the name once")

	code, _, errOut = runCLI(t, "", "check", "--chunk", "-3", "x.json")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--chunk -3: must not be negative")
	assert.NotContains(t, errOut, "need at least one FILE", "a file was given")

	code, out, _ := runCLI(t, "", "check", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "Example:")

	code, _, errOut = runCLI(t, "", "nope")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `unknown command "nope"`)

	code, out, _ = runCLI(t, "", "help", "check")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "Usage: deltajson check", "help COMMAND is COMMAND --help, on stdout")

	code, _, errOut = runCLI(t, "", "check", "-", "-")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "may be named once")

	code, out, _ = runCLI(t, "", "help")
	assert.Equal(t, exitOK, code)
	for _, c := range []string{"check", "demo"} {
		assert.Contains(t, out, "  "+c+" ")
	}
}

func TestDemo(t *testing.T) {
	code, out, errOut := runCLI(t, "", "demo")
	require.Equal(t, exitOK, code, errOut)
	// Part 1: the tokenizer, delta by delta.
	assert.Contains(t, out, "complete; depth 0")
	assert.Contains(t, out, `string  "😀"`, "the emoji cut between its surrogate halves arrives whole")
	assert.Contains(t, out, `number  "0.75"`, "the number cut after its '.' arrives whole")
	assert.Contains(t, out, "invalid character '}' looking for beginning of object name at offset 28")
	// Part 2: interleaved calls stay apart, and views only grow.
	assert.Contains(t, out, `receiving view {"city":"Pari"}`)
	assert.Contains(t, out, `complete  view {"query":"天気 パリ 🌦","limit":3}`)
	// Part 3: ready only after the end signal, then decoded.
	assert.Less(t, strings.Index(out, "[2 search     ] end"), strings.Index(out, "run search("))
	assert.NotContains(t, out[:strings.Index(out, "[0 get_weather] end")], "ready", "nothing is ready before its end signal")
	assert.Contains(t, out, "run search(map[limit:3 query:天気 パリ 🌦])")
	// Part 4: repair with a log, then a strict decode.
	assert.Contains(t, out, `3:40 literal: replaced "True" with "true"`)
	assert.Contains(t, out, "Decoded strictly: {City:Paris Days:3 Metric:true Tags:[rain wind]}")

	code, _, _ = runCLI(t, "", "demo", "extra")
	assert.Equal(t, exitUsage, code)
}

// describeWhole is how check rendered an error when it read the whole
// file: the reference for the block-by-block reading.
func describeWhole(name string, data []byte, se *tokenizer.SyntaxError) string {
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
	from, to := max(lineStart, off-60), min(lineEnd, off+20)
	for from > lineStart && !utf8.RuneStart(data[from]) {
		from++ // not a part of a character
	}
	for to < lineEnd && !utf8.RuneStart(data[to]) {
		to--
	}
	context := strings.ToValidUTF8(string(data[from:to]), "?")
	caret := strings.Repeat(" ", uniseg.StringWidth(strings.Map(visible, strings.ToValidUTF8(string(data[from:off]), "?"))))
	return fmt.Sprintf("%s:%d:%d: %s\n    %s\n    %s^\n", name, line, col,
		strings.TrimPrefix(se.Error(), "tokenizer: "), strings.Map(visible, context), caret)
}

// TestCheckBlocks reads documents in blocks of every size, so that an
// error, its line and its context fall on every side of a block's edge,
// and compares the message with the whole file's.
func TestCheckBlocks(t *testing.T) {
	long := strings.Repeat("é", 70)
	docs := []string{
		"{\n  \"items\": [1, 2, }\n}",
		"[\n\"" + long + "\", 1 2]",
		"[\n\"x" + long + "\", 1 2]",
		"[\n\"" + long + "\" 1, \"" + long + "\"]",
		"[\n\"x" + long + "\" 1, \"" + long + "\"]",
		"{\"a\": \"日本語\",\n\t\"b\": tru }",
		"{\"" + long + "\": [1,\n\n 2,",
		"[1, 2",
		"\n\n\"x\" 3",
		"{\"a\":\"\tb\"}",
	}
	for _, doc := range docs {
		data := []byte(doc)
		tk := tokenizer.New(tokenizer.Options{})
		var want error
		if want = tk.Feed(data); want == nil {
			tk.Close()
			for want == nil {
				_, want = tk.Next()
			}
		}
		var se *tokenizer.SyntaxError
		require.ErrorAs(t, want, &se, "%q must be invalid", doc)
		wantText := describeWhole("f", data, se)
		for size := 1; size <= len(data)+1; size++ {
			for _, n := range []int{0, 1, 3} {
				got, at, err := checkReader(bytes.NewReader(data), size, n)
				require.NoError(t, err)
				require.NotNil(t, got, "%q block %d chunk %d", doc, size, n)
				assert.Equal(t, se.Offset, got.Offset)
				assert.Equal(t, wantText, describe("f", at, got), "%q block %d chunk %d", doc, size, n)
			}
		}
	}
	// A character broken after its lead byte: the column counts the lead
	// as one character (the whole-file rendering counted its stray
	// continuation byte as a second), and the caret stands under x.
	for size := 1; size <= 6; size++ {
		se, at, err := checkReader(strings.NewReader("[\"\xe6\x97x\"]"), size, 0)
		require.NoError(t, err)
		require.NotNil(t, se)
		assert.Equal(t, "f:1:4: invalid UTF-8 byte 0x78 in string, where 0x80 to 0xbf must continue the character at offset 4 (/0)\n"+
			"    [\"?x\"]\n"+
			"       ^\n", describe("f", at, se), "block %d", size)
	}
	// A valid text in blocks of every size, and a read error.
	for size := 1; size < 12; size++ {
		se, _, err := checkReader(strings.NewReader(`{"a":[1,2]}`), size, 0)
		require.NoError(t, err)
		assert.Nil(t, se, "block %d", size)
	}
	_, _, err := checkReader(iotest.ErrReader(errors.New("disk on fire")), 8, 0)
	assert.EqualError(t, err, "disk on fire")
}

func TestCheckReaderBlockSizeZero(t *testing.T) {
	se, _, err := checkReader(strings.NewReader(`[1]`), 0, 0) // read a byte at a time, and end
	require.NoError(t, err)
	assert.Nil(t, se)
}

// TestCheckContextShown: the caret stands under the offending byte as a
// terminal shows the line, with wide characters two columns; characters
// that do not print are shown as one column each; a byte order mark at
// the start is named.
func TestCheckContextShown(t *testing.T) {
	for _, tt := range []struct {
		in, context, caret string
	}{
		{"{\"a\": \"天気 パリ\", \"b\": x}", `{"a": "天気 パリ", "b": x}`, "                        ^"},
		{"[\"\u007f\u0085\", x]", `["??", x]`, "       ^"},
		{"[1,\t\x1b x]", `[1,   x]`, "    ^"}, // the escape is the error
	} {
		path := filepath.Join(t.TempDir(), "f.json")
		require.NoError(t, os.WriteFile(path, []byte(tt.in), 0o644))
		var stdout, stderr bytes.Buffer
		require.Equal(t, exitInvalid, run([]string{"check", path}, nil, &stdout, &stderr), stderr.String())
		lines := strings.Split(stdout.String(), "\n")
		require.Len(t, lines, 4, stdout.String())
		assert.Equal(t, "    "+tt.context, lines[1], tt.in)
		assert.Equal(t, "    "+tt.caret, lines[2], tt.in)
	}
	path := filepath.Join(t.TempDir(), "bom.json")
	require.NoError(t, os.WriteFile(path, []byte("\xef\xbb\xbf{}"), 0o644))
	var stdout bytes.Buffer
	assert.Equal(t, exitInvalid, run([]string{"check", path}, nil, &stdout, io.Discard))
	assert.Contains(t, stdout.String(), "UTF-8 byte order mark")

	// A recorded stream given to check: replay reads it.
	path = filepath.Join(t.TempDir(), "chat.sse")
	require.NoError(t, os.WriteFile(path, []byte("data: {\"choices\":[]}\n\ndata: [DONE]\n\n"), 0o644))
	stdout.Reset()
	assert.Equal(t, exitInvalid, run([]string{"check", path}, nil, &stdout, io.Discard))
	assert.Contains(t, stdout.String(), "it looks like a recorded stream (server-sent events), which deltajson replay reads")
}

// TestCheckOutput: a write error is an I/O error; --chunk past 64 KB is a
// usage error; with --json, a file that cannot be read has a record too.
func TestCheckOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ok.json")
	require.NoError(t, os.WriteFile(path, []byte(`{}`), 0o644))
	var stderr bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"check", path}, nil, failingWriter{}, &stderr))
	assert.Contains(t, stderr.String(), "deltajson check: writing the output: no space left on device")

	stderr.Reset()
	assert.Equal(t, exitUsage, run([]string{"check", "--chunk", "65537", path}, nil, io.Discard, &stderr))
	assert.Contains(t, stderr.String(), "--chunk 65537: at most 65536 (64 KB)")

	var stdout bytes.Buffer
	missing := filepath.Join(t.TempDir(), "nope.json")
	assert.Equal(t, exitUsage, run([]string{"check", "--json", path, missing}, nil, &stdout, io.Discard))
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	require.Len(t, lines, 2, stdout.String())
	var r checkResult
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &r))
	assert.Equal(t, missing, r.File)
	assert.Nil(t, r.Valid, "no verdict for a file not read")
	assert.Contains(t, r.Error, "no such file")
}
