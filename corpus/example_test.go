package corpus_test

import (
	"fmt"
	"strings"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
)

// Read a recorded Anthropic stream and join each call's argument pieces.
func ExampleRead() {
	const recorded = `event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Par"}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"is\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}
`
	events, err := corpus.Read(strings.NewReader(recorded), corpus.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range events {
		switch e.Kind {
		case resume.EventStart:
			fmt.Printf("start %s %s %s\n", e.Key, e.ID, e.Name)
		case resume.EventDelta:
			fmt.Printf("delta %s %q\n", e.Key, e.Data)
		case resume.EventEnd:
			fmt.Printf("end   %s\n", e.Key)
		}
	}
	// Output:
	// start 1 toolu_01 get_weather
	// delta 1 "{\"city\": \"Par"
	// delta 1 "is\"}"
	// end   1
}

// Every embedded stream says what it exercises and what each call's
// arguments must come to.
func ExampleStreams() {
	for _, s := range corpus.Streams() {
		if s.Format == corpus.FormatBedrock {
			fmt.Println(s.File)
			for _, c := range s.Expect.Calls {
				fmt.Printf("%s %s %s\n", c.Key, c.Name, c.Arguments)
			}
		}
	}
	// Output:
	// bedrock__anthropic_hangul.eventstream
	// 0 weather {"city":"서울","note":"맑음 ☀️, 25°C \"체감\" 27°C\n습도 40%"}
}
