package repair

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/deltajson/deltajson/internal/textpos"
)

// An Edit is one change made by [Repair]: at Offset in the input, the
// bytes Removed were replaced by the bytes Inserted. Either may be empty.
type Edit struct {
	Kind Kind `json:"kind"`
	// Truncated is set on the edit of kind Truncated: the input was cut
	// off, and the output only shows what survived.
	Truncated bool   `json:"truncated,omitempty"`
	Offset    int64  `json:"offset"`
	Removed   string `json:"removed"`
	Inserted  string `json:"inserted"`
}

// End returns the offset in the input just past the removed bytes.
func (e Edit) End() int64 { return e.Offset + int64(len(e.Removed)) }

// A Log is the ordered list of edits one call to [Repair] made. Edits are
// sorted by Offset and do not overlap, so [Apply] can replay them.
type Log []Edit

// Truncated reports whether the input was cut off. A handler must not
// execute a tool call whose arguments were truncated.
func (l Log) Truncated() bool {
	for _, e := range l {
		if e.Truncated {
			return true
		}
	}
	return false
}

// Kinds returns the set of kinds used by the edits in l.
func (l Log) Kinds() Kind {
	var k Kind
	for _, e := range l {
		k |= e.Kind
	}
	return k
}

// errBadLog is returned by Apply for a log that does not fit the input.
var errBadLog = errors.New("repair: log does not apply to input")

// Apply replays log on in and returns the result, which is the output
// [Repair] returned with that log. It fails if an edit is out of order,
// overlaps the one before, or removes bytes that are not in the input.
func Apply(in []byte, log Log) ([]byte, error) {
	if len(log) == 0 {
		return in, nil
	}
	n := len(in)
	for _, e := range log {
		n += len(e.Inserted) - len(e.Removed)
	}
	if n < 0 {
		return nil, errBadLog
	}
	out := make([]byte, 0, n)
	var at int64
	for i, e := range log {
		end := e.End()
		if e.Offset < at || end > int64(len(in)) || string(in[e.Offset:end]) != e.Removed {
			return nil, fmt.Errorf("%w: edit %d (%s at offset %d)", errBadLog, i, e.Kind, e.Offset)
		}
		out = append(out, in[at:e.Offset]...)
		out = append(out, e.Inserted...)
		at = end
	}
	return append(out, in[at:]...), nil
}

// contextBytes is how much input WriteText shows on each side of an edit,
// at most: it cuts between characters.
const contextBytes = 16

// WriteText writes one line per edit for a human reader:
//
//	3:9 trailing-comma: removed "," in "a\": [1,\n    2, 3,]\n}"
//
// with the 1-based line and column of the edit in the input in which the
// log was made, and a little input around it, quoted as Go quotes it.
// The column counts characters: bytes that do not continue a UTF-8
// sequence.
func (l Log) WriteText(w io.Writer, in []byte) error {
	bw := bufio.NewWriter(w)
	line, col := 1, 1
	var at int64
	for _, e := range l {
		if e.Offset < at || e.End() > int64(len(in)) {
			return errBadLog
		}
		// The edits are sorted, so one walk over the input finds every
		// line and column.
		line, col = textpos.Forward(line, col, in[at:e.Offset])
		at = e.Offset
		fmt.Fprintf(bw, "%d:%d %s: ", line, col, e.Kind)
		switch {
		case e.Removed != "" && e.Inserted != "":
			fmt.Fprintf(bw, "replaced %s with %s", quoteShort(e.Removed), quoteShort(e.Inserted))
		case e.Removed != "":
			fmt.Fprintf(bw, "removed %s", quoteShort(e.Removed))
		default:
			fmt.Fprintf(bw, "inserted %s", quoteShort(e.Inserted))
		}
		around := string(textpos.Tail(in[:e.Offset], contextBytes)) + string(in[e.Offset:e.End()]) +
			string(textpos.Head(in[e.End():], contextBytes))
		fmt.Fprintf(bw, " in %s", quoteShort(around))
		if e.Truncated {
			bw.WriteString(" [truncated]")
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// String renders the log without context, one edit a line.
func (l Log) String() string {
	var b []byte
	for _, e := range l {
		b = fmt.Appendf(b, "%d %s: %s -> %s\n", e.Offset, e.Kind, quoteShort(e.Removed), quoteShort(e.Inserted))
	}
	return string(b)
}

// quoteShort quotes s for a log line, eliding the middle of long text.
func quoteShort(s string) string {
	const max = 48
	if len(s) > max {
		return strconv.Quote(textpos.Head(s, max/2)) + "…" + strconv.Quote(textpos.Tail(s, max/2)) + "(" + strconv.Itoa(len(s)) + " bytes)"
	}
	return strconv.Quote(s)
}
