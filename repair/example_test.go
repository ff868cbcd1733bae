package repair_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/deltajson/deltajson/repair"
	"github.com/deltajson/deltajson/resume"
)

// A model wrapped its tool-call arguments in a fence and wrote Python.
// Repair them with the LLM preset, check the log, then decode strictly.
func Example() {
	args := []byte("```json\n{\"city\": 'Paris', \"metric\": True,}\n```")

	out, log, err := repair.Repair(args, repair.Options{Kinds: repair.LLM})
	if err != nil {
		fmt.Println("cannot repair:", err)
		return
	}
	log.WriteText(os.Stdout, args)

	var call struct {
		City   string `json:"city"`
		Metric bool   `json:"metric"`
	}
	err = repair.Decode(out, &call, repair.DecodeOptions{RejectDuplicates: true, RejectUnknown: true})
	fmt.Printf("%s\n%+v %v\n", out, call, err)
	// Output:
	// 1:1 fence: removed "```json\n" in "```json\n{\"city\": 'Paris'"
	// 2:10 single-quote: replaced "'" with "\"" in "``json\n{\"city\": 'Paris', \"metric\""
	// 2:16 single-quote: replaced "'" with "\"" in "\n{\"city\": 'Paris', \"metric\": True"
	// 2:29 literal: replaced "True" with "true" in "ris', \"metric\": True,}\n```"
	// 2:33 trailing-comma: removed "," in ", \"metric\": True,}\n```"
	// 3:1 fence: removed "```" in "metric\": True,}\n```"
	// {"city": "Paris", "metric": true}
	//
	// {City:Paris Metric:true} <nil>
}

// With no kind enabled, Repair only checks: it says what is wrong and
// which kind would fix it.
func ExampleRepair_zeroOptions() {
	_, _, err := repair.Repair([]byte(`{"a": [1, 2,]}`), repair.Options{})
	var e *repair.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Pointer, e.Need)
	}
	fmt.Println(err)
	// Output:
	// 12 /a/2 trailing-comma
	// repair: offset 12 at /a/2: invalid JSON: trailing comma (tokenizer: invalid character ']' looking for beginning of value at offset 12 (/a/2)) (repairable with kind trailing-comma)
}

// Arguments cut off by a token limit can be salvaged for display, but the
// log says they were truncated, and the call must not run.
func ExampleLog_Truncated() {
	out, log, err := repair.Repair([]byte(`{"path": "/tmp/rep`), repair.Options{Kinds: repair.LLM | repair.Truncated})
	fmt.Println(string(out), err)
	if log.Truncated() {
		fmt.Println("truncated: do not execute")
	}
	// Output:
	// {"path": "/tmp/rep"} <nil>
	// truncated: do not execute
}

// Several values in the prose: Repair will not guess.
func ExampleRepair_ambiguous() {
	_, _, err := repair.Repair([]byte(`Either {"a":1} or {"a":2}.`), repair.Options{Kinds: repair.LLM})
	fmt.Println(errors.Is(err, repair.ErrAmbiguous), err)
	// Output:
	// true repair: offset 18: more than one JSON value in the input
}

// Apply replays a log; it is how the output is built.
func ExampleApply() {
	in := []byte(`[None, 1 2]`)
	out, log, _ := repair.Repair(in, repair.Options{Kinds: repair.Literal | repair.MissingComma})
	replayed, _ := repair.Apply(in, log)
	fmt.Println(string(out), string(replayed))
	fmt.Print(log)
	// Output:
	// [null, 1, 2] [null, 1, 2]
	// 1 literal: "None" -> "null"
	// 8 missing-comma: "" -> ","
}

// A call that ended invalid, repaired and put through the ready gate
// again: a new call with the same identity, whose end signal carries the
// repaired text as its final arguments, is ready only if that text is
// whole, valid and passes the gate (here, Options.Check too). Show the
// log to whoever decides to run it.
func ExampleRepair_resumeCall() {
	opts := resume.Options{Check: func(c *resume.Call, args []byte) error {
		if c.Name() != "get_weather" {
			return errors.New("not an allowed tool")
		}
		return nil
	}}
	c := resume.NewCall("0", opts)
	_ = c.Apply(resume.Event{Kind: resume.EventStart, ID: "call_1", Name: "get_weather"})
	_ = c.Delta([]byte(`{"city": "Oslo", "days": 3,}`), -1, -1)
	_ = c.End(nil)
	fmt.Println(c.Status())

	out, log, err := repair.Repair(c.Arguments(), repair.Options{Kinds: repair.LLM})
	if err != nil {
		fmt.Println("cannot repair:", err)
		return
	}
	again := resume.NewCall(c.Key(), opts)
	_ = again.Apply(resume.Event{Kind: resume.EventEnd, ID: c.ID(), Name: c.Name(), Final: out})
	fmt.Println(again.Status(), string(again.Value()))
	log.WriteText(os.Stdout, c.Arguments())
	// Output:
	// invalid
	// ready {"city": "Oslo", "days": 3}
	// 1:27 trailing-comma: removed "," in "Oslo\", \"days\": 3,}"
}
