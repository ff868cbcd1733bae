package main

// responses numbers Responses API events.
type responses struct {
	seq    int
	events []sseEvent
}

func (r *responses) add(typ string, kv ...any) {
	p := obj(append(append([]any{"type", typ}, kv...), "sequence_number", r.seq)...)
	r.seq++
	r.events = append(r.events, sseEvent{name: typ, data: p})
}

func (r *responses) payloads() []raw {
	out := make([]raw, len(r.events))
	for i, e := range r.events {
		out[i] = e.data
	}
	return out
}

func fnItem(id, callID, name, args, status string) raw {
	return obj("id", id, "type", "function_call", "status", status, "arguments", args, "call_id", callID, "name", name)
}

func openAIResponses() []stream {
	var out []stream

	// Two function calls whose deltas interleave.
	{
		r := &responses{}
		resp := obj("id", "resp_0b1c2d3e4f5061728394a5b6c7d8e9f0", "object", "response", "status", "in_progress", "model", "gpt-5-2025-08-07", "output", arr())
		r.add("response.created", "response", resp)
		r.add("response.in_progress", "response", resp)
		r.add("response.output_item.added", "item", obj("id", "rs_0b1c2d3e4f5061728394", "type", "reasoning", "summary", arr()), "output_index", 0)
		r.add("response.output_item.done", "item", obj("id", "rs_0b1c2d3e4f5061728394", "type", "reasoning", "summary", arr()), "output_index", 0)
		calls := []call{
			{Key: "fc_0b1c2d3e4f50617283941111", ID: "call_Ra1Sb2Tc3Ud4", Name: "translate", Arguments: `{"text":"Grüße aus Köln 🎉","to":"ja"}`, Ended: true},
			{Key: "fc_0b1c2d3e4f50617283942222", ID: "call_Ve5Wf6Xg7Yh8", Name: "lookup", Arguments: `{"word":"こんにちは","n":2.5e-3}`, Ended: true},
		}
		for i, cl := range calls {
			r.add("response.output_item.added", "item", fnItem(cl.Key, cl.ID, cl.Name, "", "in_progress"), "output_index", i+1)
		}
		pieces := [][]string{
			mustJoin(calls[0].Arguments, sized(calls[0].Arguments, 41, 1, 6)),
			mustJoin(calls[1].Arguments, sized(calls[1].Arguments, 42, 1, 6)),
		}
		for _, s := range roundRobin(pieces...) {
			r.add("response.function_call_arguments.delta", "item_id", calls[s.call].Key, "output_index", s.call+1, "delta", s.piece, "obfuscation", "Zq9")
		}
		for i, cl := range calls {
			r.add("response.function_call_arguments.done", "item_id", cl.Key, "output_index", i+1, "arguments", cl.Arguments)
			r.add("response.output_item.done", "item", fnItem(cl.Key, cl.ID, cl.Name, cl.Arguments, "completed"), "output_index", i+1)
		}
		r.add("response.completed", "response", obj("id", "resp_0b1c2d3e4f5061728394a5b6c7d8e9f0", "object", "response", "status", "completed"))
		out = append(out, stream{
			name: "openai-responses__parallel_interleaved", format: "openai-responses", container: "sse",
			exercises: "two function_call items whose argument deltas interleave by item_id, after a reasoning item; event: lines, sequence_number, obfuscation; .done arguments equal the deltas",
			calls:     calls, data: sse(r.events, false),
		})
	}

	// Whole arguments only in the final events; a custom tool.
	{
		r := &responses{}
		r.add("response.created", "response", obj("id", "resp_finalonly", "object", "response", "status", "in_progress", "model", "glm-4.7-flash"))
		fn := call{Key: "fc_finalonly01", ID: "call_2025306790311111", Name: "weather", Arguments: `{"location":"Zürich","unit":"celsius"}`, Ended: true}
		r.add("response.output_item.added", "output_index", 0, "item", fnItem(fn.Key, fn.ID, fn.Name, "", "in_progress"))
		r.add("response.function_call_arguments.done", "item_id", fn.Key, "output_index", 0, "arguments", fn.Arguments)
		r.add("response.output_item.done", "output_index", 0, "item", fnItem(fn.Key, fn.ID, fn.Name, fn.Arguments, "completed"))
		ct := call{Key: "ctc_finalonly02", ID: "call_custom_sql_002", Name: "write_sql", Arguments: "SELECT name FROM users WHERE city = 'Zürich' -- \"quoted\"", Ended: true, Text: true}
		ctItem := func(input, status string) raw {
			return obj("type", "custom_tool_call", "id", ct.Key, "call_id", ct.ID, "name", ct.Name, "input", input, "status", status)
		}
		r.add("response.output_item.added", "output_index", 1, "item", ctItem("", "in_progress"))
		for _, piece := range mustJoin(ct.Arguments, sized(ct.Arguments, 51, 4, 12)) {
			r.add("response.custom_tool_call_input.delta", "item_id", ct.Key, "output_index", 1, "delta", piece)
		}
		r.add("response.custom_tool_call_input.done", "item_id", ct.Key, "output_index", 1, "input", ct.Arguments)
		r.add("response.output_item.done", "output_index", 1, "item", ctItem(ct.Arguments, "completed"))
		out = append(out, stream{
			name: "openai-responses__final_only", format: "openai-responses", container: "jsonl",
			exercises: "a function_call with no argument deltas at all (arguments only in .done, as LM Studio sends), and a custom tool whose freeform input (SQL, not JSON) arrives in custom_tool_call_input deltas",
			calls:     []call{fn, ct}, data: jsonl(r.payloads()),
		})
	}
	return out
}
