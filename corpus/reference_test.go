package corpus

// NOTE: a deliberately naive second reader, used to check Read and the
// generator against the wire bytes: it decodes payloads with encoding/json
// into map[string]any and joins argument pieces by hand. It knows one
// payload per "data:" line or per line, nothing more.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

func refPayloads(data []byte) []map[string]any {
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if rest, ok := strings.CutPrefix(line, "data:"); ok {
			line = strings.TrimPrefix(rest, " ")
		}
		if !strings.HasPrefix(line, "{") {
			continue
		}
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// refArgs joins argument pieces per key as the wire has them: tool_calls
// index for OpenAI Chat, block index (and message) for Anthropic,
// item_id for Responses deltas. It also returns Responses' .done
// arguments per item_id.
func refArgs(f Format, data []byte) (args, done map[string]string) {
	args, done = map[string]string{}, map[string]string{}
	messages := 0
	for _, m := range refPayloads(data) {
		switch f {
		case FormatOpenAIChat:
			choices, _ := m["choices"].([]any)
			for _, ch := range choices {
				delta, _ := ch.(map[string]any)["delta"].(map[string]any)
				tcs, _ := delta["tool_calls"].([]any)
				for j, tc := range tcs {
					tcm := tc.(map[string]any)
					fn, _ := tcm["function"].(map[string]any)
					a, ok := fn["arguments"].(string)
					idx, has := tcm["index"].(float64)
					if !has {
						idx = float64(j) // Mistral sends no index: calls by position
					}
					if ok {
						args[fmt.Sprint(idx)] += a
					}
				}
			}
		case FormatAnthropic:
			switch {
			case m["type"] == "message_start":
				messages++ // a new message numbers its blocks from 0 again
			case messages == 0 && m["index"] != nil:
				messages = 1 // no message_start before the first block
			}
			if d, ok := m["delta"].(map[string]any); ok && d["type"] == "input_json_delta" {
				key := fmt.Sprint(m["index"].(float64))
				if messages > 1 {
					key = fmt.Sprintf("msg%d/%s", messages, key)
				}
				args[key] += d["partial_json"].(string)
			}
		case FormatOpenAIResponses:
			switch m["type"] {
			case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta":
				args[m["item_id"].(string)] += m["delta"].(string)
			case "response.function_call_arguments.done":
				done[m["item_id"].(string)] = m["arguments"].(string)
			case "response.custom_tool_call_input.done":
				done[m["item_id"].(string)] = m["input"].(string)
			}
		}
	}
	return args, done
}

// refGeminiArgs returns every functionCall.args in order, decoded.
func refGeminiArgs(data []byte) []any {
	var payloads []map[string]any
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &payloads); err != nil {
			return nil
		}
	} else {
		payloads = refPayloads(data)
	}
	var out []any
	for _, m := range payloads {
		cands, _ := m["candidates"].([]any)
		for _, c := range cands {
			content, _ := c.(map[string]any)["content"].(map[string]any)
			parts, _ := content["parts"].([]any)
			for _, p := range parts {
				if fc, ok := p.(map[string]any)["functionCall"].(map[string]any); ok {
					if a, ok := fc["args"]; ok {
						out = append(out, a)
					}
				}
			}
		}
	}
	return out
}
