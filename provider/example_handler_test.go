package provider_test

import (
	"fmt"
	"strings"

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
)

// A Handler follows a live body and runs each call once it is ready.
func ExampleHandler_ReadFrom() {
	body := strings.NewReader(`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"get_weather","arguments":"{\"city\":"}}]}}]}

data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Oslo\"}"}}]}}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: [DONE]

`)
	h := provider.NewHandler(provider.Options{
		OnStart: func(c *resume.Call) {
			c.Watch("/city", func(e resume.PathEvent) { fmt.Printf("city so far: %q\n", e.Text) })
		},
		OnReady: func(c *resume.Call) { fmt.Printf("run %s %s %s\n", c.ID(), c.Name(), c.Value()) },
	})
	if _, err := h.ReadFrom(body); err != nil {
		fmt.Println(err)
	}
	fmt.Println(len(h.Finish()), "calls left open;", h.Format())
	// Output:
	// city so far: "Oslo"
	// run call_1 get_weather {"city":"Oslo"}
	// 0 calls left open; openai-chat
}

// Payload takes what an SDK hands out as an event's raw JSON.
func ExampleHandler_Payload() {
	h := provider.NewHandler(provider.Options{
		Format:  provider.FormatAnthropic,
		OnReady: func(c *resume.Call) { fmt.Printf("run %s %s\n", c.Name(), c.Value()) },
	})
	for _, raw := range []string{
		`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_time","input":{}}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"tz\":\"UTC\"}"}}`,
		`{"type":"content_block_stop","index":1}`,
		`{"type":"content_block_stop","index":1}`, // sent again: runs nothing
	} {
		if err := h.Payload([]byte(raw)); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// run get_time {"tz":"UTC"}
}
