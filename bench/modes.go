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
	// Run streams doc in deltas of chunk bytes (0: one delta) and returns
	// nil once the whole document has been seen to be one valid value.
	Run func(doc []byte, chunk int) error
}

// StreamModes are deltajson's stream core first, then what handlers do
// without it.
var StreamModes = []StreamMode{
	{Name: "resume", Run: StreamResume},
	{Name: "reparse-sonic", Quadratic: true, Run: reparse(sonic.Valid)},
	{Name: "reparse-fastjson", Quadratic: true, Run: reparse(func(p []byte) bool { return fastjson.ValidateBytes(p) == nil })},
	{Name: "reparse-encoding-json", Quadratic: true, Run: reparse(json.Valid)},
	{Name: "jsontext-pipe", Run: streamJSONText},
}

// StreamResume is the handler's work with package resume: one call, a
// delta per piece with the status read after each, then the end signal.
func StreamResume(doc []byte, chunk int) error {
	if chunk <= 0 {
		chunk = max(len(doc), 1)
	}
	c := resume.NewCall("0", resume.Options{MaxBytes: -1, Capacity: len(doc)})
	for i := 0; i < len(doc); i += chunk {
		if err := c.Delta(doc[i:min(i+chunk, len(doc))], -1, -1); err != nil {
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
func StreamResumeSet(doc []byte, chunk int) error {
	if chunk <= 0 {
		chunk = max(len(doc), 1)
	}
	calls := resume.NewSet(resume.Options{MaxBytes: -1, Capacity: len(doc)})
	ev := resume.NewEvent(resume.EventDelta, "0")
	for i := 0; i < len(doc); i += chunk {
		ev.Data = doc[i:min(i+chunk, len(doc))]
		c, err := calls.Apply(ev)
		if err != nil {
			return err
		}
		if c.Status() == resume.StatusInvalid {
			return c.Err()
		}
	}
	c, err := calls.Apply(resume.NewEvent(resume.EventEnd, "0"))
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
func reparse(valid func([]byte) bool) func(doc []byte, chunk int) error {
	return func(doc []byte, chunk int) error {
		if chunk <= 0 {
			chunk = max(len(doc), 1)
		}
		buf := make([]byte, 0, len(doc))
		ok := false
		for i := 0; i < len(doc); i += chunk {
			buf = append(buf, doc[i:min(i+chunk, len(doc))]...)
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
func streamJSONText(doc []byte, chunk int) error {
	if chunk <= 0 {
		chunk = max(len(doc), 1)
	}
	pr, pw := io.Pipe()
	go func() {
		for i := 0; i < len(doc); i += chunk {
			if _, err := pw.Write(doc[i:min(i+chunk, len(doc))]); err != nil {
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
