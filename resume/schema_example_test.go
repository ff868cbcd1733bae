package resume_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/deltajson/deltajson/resume"
)

// The gate can be a JSON Schema for each tool's parameters, checked once
// the arguments are whole and the end signal has come. This uses
// github.com/santhosh-tekuri/jsonschema/v6, needed by this example only.
func ExampleOptions_jsonSchema() {
	const weatherSchema = `{
		"type": "object",
		"properties": {
			"city": {"type": "string", "minLength": 1},
			"days": {"type": "integer", "minimum": 1, "maximum": 14}
		},
		"required": ["city"],
		"additionalProperties": false
	}`
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(weatherSchema))
	if err != nil {
		panic(err)
	}
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource("https://example.com/get_weather.json", doc); err != nil {
		panic(err)
	}
	schemas := map[string]*jsonschema.Schema{"get_weather": compiler.MustCompile("https://example.com/get_weather.json")}

	opts := resume.Options{Check: func(c *resume.Call, args []byte) error {
		sch := schemas[c.Name()]
		if sch == nil {
			return fmt.Errorf("no schema for tool %q", c.Name())
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
		if err != nil {
			return err
		}
		return sch.Validate(inst)
	}}

	for _, args := range []string{`{"city":"Oslo","days":3}`, `{"city":"Oslo","days":30}`} {
		c := resume.NewCall("0", opts)
		_ = c.Apply(resume.Event{Kind: resume.EventStart, ID: "call_1", Name: "get_weather"})
		for i := 0; i < len(args); i += 5 { // deltas as they stream
			_ = c.Delta([]byte(args[i:min(i+5, len(args))]), -1, -1)
		}
		_ = c.End(nil)
		fmt.Println(c.Status())
		if c.Err() != nil {
			fmt.Println(strings.ReplaceAll(c.Err().Error(), "\n", " | "))
		}
	}
	// Output:
	// ready
	// rejected
	// resume: rejected by the gate check: jsonschema validation failed with 'https://example.com/get_weather.json#' | - at '/days': maximum: got 30, want 14
}
