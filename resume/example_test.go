package resume_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
)

// A handler feeds a response's events to a Set and runs each call once it
// is ready. The events come from package corpus here; in production they
// come from your own stream reader. The web search is Anthropic's own
// (a server_tool_use block): it is read, and never ready to run here.
func Example() {
	stream := corpus.Streams()[2] // anthropic__interleaved_blocks
	events, err := corpus.Read(bytes.NewReader(stream.Data), corpus.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	calls := resume.NewSet(resume.Options{MaxBytes: 1 << 20})
	for _, ev := range events {
		c, err := calls.Apply(ev)
		if errors.Is(err, resume.ErrDuplicate) {
			continue
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		if c.Status() == resume.StatusReady {
			fmt.Printf("run %s(%s)\n", c.Name(), c.Value())
			calls.Remove(c.Key())
		}
	}
	for _, r := range calls.Finish() {
		fmt.Printf("not run: %s(%s): %s: %v\n", r.Name, r.Arguments, r.Status, r.Err)
	}
	// Output:
	// run get_weather({"location": "Montréal, QC", "unit": "celsius"})
	// run get_time({"timezone": "America/Toronto"})
	// run list_todos({})
	// not run: web_search({"query":"北京 天气","max_results":5}): rejected: resume: a hosted tool, run by the provider
}

// The partial view is valid JSON at every moment, and only grows.
func ExampleCall_AppendPartial() {
	c := resume.NewCall("0", resume.Options{})
	var view []byte
	for _, d := range []string{`{"city":"Mon`, `tréal","days":1`, `2,"units":["c`, `"]}`} {
		_ = c.Delta([]byte(d), -1, -1)
		view = c.AppendPartial(view[:0])
		fmt.Printf("%-9s %s  tentative %q\n", c.Status(), view, c.Tentative())
	}
	// Output:
	// receiving {"city":"Mon"}  tentative ["" "/city"]
	// receiving {"city":"Montréal"}  tentative [""]
	// receiving {"city":"Montréal","days":12,"units":["c"]}  tentative ["" "/units" "/units/0"]
	// complete  {"city":"Montréal","days":12,"units":["c"]}  tentative []
}

// Watch streams one member as it arrives, decoded, while the rest of the
// arguments are still coming.
func ExampleCall_Watch() {
	c := resume.NewCall("0", resume.Options{})
	c.Watch("/content", func(ev resume.PathEvent) {
		fmt.Printf("%q final=%v\n", ev.Text, ev.Final)
	})
	for _, d := range []string{`{"path":"a.md","content":"# Hi`, `\n\u00e9t\u00e9 `, `😀"`, `,"mode":"w"}`} {
		_ = c.Delta([]byte(d), -1, -1)
	}
	// Output:
	// "# Hi" final=false
	// "\nété " final=false
	// "😀" final=true
}

// A call saved mid-stream goes on in another process from its checkpoint
// and the argument bytes it held.
func ExampleCall_Checkpoint() {
	c := resume.NewCall("fc_1", resume.Options{})
	_ = c.Apply(resume.Event{Kind: resume.EventStart, ID: "call_1", Name: "write_file"})
	_ = c.Delta([]byte(`{"path":"a.go","content":"pack`), 12, -1)

	cp, _ := c.Checkpoint()
	saved, _ := cp.MarshalBinary()
	held := append([]byte(nil), c.Arguments()...)

	// ... the process restarts ...
	var back resume.Checkpoint
	if err := back.UnmarshalBinary(saved); err != nil {
		fmt.Println(err)
		return
	}
	r, err := resume.Restore(back, held, resume.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Name(), r.Status(), string(r.AppendPartial(nil)))
	fmt.Println(r.Delta([]byte(`{"path":"a.go","content":"pack`), 12, -1)) // replayed after the reconnect
	_ = r.Delta([]byte(`age a\n"}`), 13, -1)
	_ = r.End(nil)
	fmt.Println(r.Status(), string(r.Value()))
	// Output:
	// write_file receiving {"path":"a.go","content":"pack"}
	// resume: duplicate event ignored
	// ready {"path":"a.go","content":"package a\n"}
}

// The gate check runs once, when a whole call gets its end signal. A
// failing check is a status with the reason, never a panic.
func ExampleOptions_check() {
	allowed := map[string]bool{"get_weather": true}
	opts := resume.Options{Check: func(c *resume.Call, args []byte) error {
		if !allowed[c.Name()] {
			return fmt.Errorf("tool %q is not allowed", c.Name())
		}
		if len(args) > 64 {
			return errors.New("arguments longer than 64 bytes")
		}
		return nil
	}}
	for _, name := range []string{"get_weather", "delete_repo"} {
		c := resume.NewCall("0", opts)
		_ = c.Apply(resume.Event{Kind: resume.EventStart, Name: name})
		_ = c.Delta([]byte(`{"city":"Oslo"}`), -1, -1)
		_ = c.End(nil)
		fmt.Println(name, c.Status(), c.Err())
	}
	// Output:
	// get_weather ready <nil>
	// delete_repo rejected resume: rejected by the gate check: tool "delete_repo" is not allowed
}

// Errors carry the place of the first bad byte, whatever the chunking.
func ExampleCall_Err() {
	c := resume.NewCall("0", resume.Options{})
	for _, ch := range strings.Split(`{"items": [1, 2, 3,], "note": "ok"}`, "") {
		_ = c.Delta([]byte(ch), -1, -1)
	}
	fmt.Println(c.Status(), c.Err())
	// Output:
	// invalid tokenizer: invalid character ']' looking for beginning of value at offset 19 (/items/3)
}
