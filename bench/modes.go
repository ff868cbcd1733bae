package bench

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/bytedance/sonic"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/valyala/fastjson"

	"github.com/deltajson/deltajson/resume"
)

// StreamMode is one way a handler can follow a tool call's argument text
// arriving in deltas. BenchmarkStream and the CLI's bench command share
// these.
type StreamMode struct {
	Name string
	// Quadratic says the work grows with the square of the document: the
	// mode reads the whole buffer again after every delta.
	Quadratic bool
	// Run follows the deltas of s and returns nil once the whole document
	// has been seen to be one valid value.
	Run func(s Stream) error
}

// Stream is a document cut into the deltas a handler receives. The deltas
// are cut once, before any timing: a handler is handed each delta by its
// SDK, so cutting is not part of the work a mode is timed for. (Cut inside
// the timed loop, it cost about 40 instructions per delta, half of what
// resume spends on a delta of one byte.)
type Stream struct {
	Doc    []byte   // the whole document
	Deltas [][]byte // Doc in order, each with no room to append into
}

// Cut cuts doc into deltas of chunk bytes, the last one shorter if need
// be; with chunk <= 0, doc is one delta. An empty doc has no deltas.
func Cut(doc []byte, chunk int) Stream {
	if chunk <= 0 {
		chunk = max(len(doc), 1)
	}
	s := Stream{Doc: doc, Deltas: make([][]byte, 0, (len(doc)+chunk-1)/chunk)}
	for i := 0; i < len(doc); i += chunk {
		j := min(i+chunk, len(doc))
		s.Deltas = append(s.Deltas, doc[i:j:j])
	}
	return s
}

// StreamModes are deltajson's stream core first, then what handlers do
// without it.
var StreamModes = []StreamMode{
	{Name: "resume", Run: StreamResume},
	{Name: "reparse-sonic", Quadratic: true, Run: reparse(sonic.Valid)},
	{Name: "reparse-fastjson", Quadratic: true, Run: reparse(func(p []byte) bool { return fastjson.ValidateBytes(p) == nil })},
	{Name: "reparse-encoding-json", Quadratic: true, Run: reparse(json.Valid)},
	{Name: "jsontext-pipe", Run: streamJSONText},
	{Name: "jsontext-reader", Run: streamJSONTextReader},
}

// StreamResume is the handler's work with package resume: one call, a
// delta per piece with the status read after each, then the end signal.
// The call is given the document's size as Options.Capacity.
func StreamResume(s Stream) error { return streamResume(s, len(s.Doc)) }

// GrowMode is StreamResume for a handler that does not know the size of
// the arguments to come: no Options.Capacity, so the call's buffer grows
// as deltas come. BenchmarkStream runs it after resume-set; the CLI's
// bench leaves it out.
var GrowMode = StreamMode{Name: "resume-grow", Run: func(s Stream) error { return streamResume(s, 0) }}

// streamOptions are resume's options here: no cap, and the gate's check
// for duplicate names left out, so that the figures are the stream's
// work. (That check is one more pass over the arguments when the call
// ends, a fixed cost whatever the deltas: about 45% of the whole
// toolargs document's time.)
func streamOptions(capacity int) resume.Options {
	return resume.Options{MaxBytes: -1, Capacity: capacity, AllowDuplicateNames: true}
}

func streamResume(s Stream, capacity int) error {
	c := resume.NewCall("0", streamOptions(capacity))
	for _, d := range s.Deltas {
		if err := c.Delta(d, -1, -1); err != nil {
			return err
		}
		if c.Status() == resume.StatusInvalid {
			return c.Err()
		}
	}
	if err := c.End(nil); err != nil {
		return err
	}
	if c.Status() != resume.StatusReady {
		return c.Err()
	}
	return nil
}

// SetMode is StreamResume through a resume.Set, as a handler of several
// calls feeds it: one Event per delta, routed by its key. BenchmarkStream
// runs it after resume; the CLI's bench leaves it out.
var SetMode = StreamMode{Name: "resume-set", Run: StreamResumeSet}

// StreamResumeSet is StreamResume with each delta an Event applied to a
// Set.
func StreamResumeSet(s Stream) error {
	calls := resume.NewSet(streamOptions(len(s.Doc)))
	ev := resume.Event{Kind: resume.EventDelta, Key: "0"}
	for _, d := range s.Deltas {
		ev.Data = d
		c, err := calls.Apply(ev)
		if err != nil {
			return err
		}
		if c.Status() == resume.StatusInvalid {
			return c.Err()
		}
	}
	c, err := calls.Apply(resume.Event{Kind: resume.EventEnd, Key: "0"})
	if err != nil {
		return err
	}
	if c.Status() != resume.StatusReady {
		return c.Err()
	}
	return nil
}

// reparse is the handler's work without it: append each delta to a
// buffer and validate the whole buffer, whose validity means "complete".
func reparse(valid func([]byte) bool) func(s Stream) error {
	return func(s Stream) error {
		buf := make([]byte, 0, len(s.Doc))
		ok := false
		for _, d := range s.Deltas {
			buf = append(buf, d...)
			ok = valid(buf)
		}
		if !ok {
			return errors.New("bench: the whole document did not validate")
		}
		return nil
	}
}

// streamJSONText pipes the deltas into a jsontext.Decoder and reads every
// token: a pull decoder fed by a writer goroutine.
func streamJSONText(s Stream) error {
	pr, pw := io.Pipe()
	go func() {
		for _, d := range s.Deltas {
			if _, err := pw.Write(d); err != nil {
				return
			}
		}
		pw.Close()
	}()
	d := jsontext.NewDecoder(pr)
	for {
		if _, err := d.ReadToken(); err != nil {
			pr.Close()
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// streamJSONTextReader is jsontext reading the deltas through an
// io.Reader that hands out one delta per Read, as an SDK's stream
// iterator wrapped in a reader does: incremental too, with no goroutine
// between. It measures jsontext itself; jsontext-pipe also measures the
// io.Pipe hand-off, about 1.2 µs a delta.
func streamJSONTextReader(s Stream) error {
	d := jsontext.NewDecoder(&deltaReader{deltas: s.Deltas})
	for {
		if _, err := d.ReadToken(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// deltaReader reads deltas in order, at most one per Read.
type deltaReader struct {
	deltas [][]byte
	cur    []byte
}

func (r *deltaReader) Read(p []byte) (int, error) {
	for len(r.cur) == 0 {
		if len(r.deltas) == 0 {
			return 0, io.EOF
		}
		r.cur, r.deltas = r.deltas[0], r.deltas[1:]
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}
