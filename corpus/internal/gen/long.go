package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// longArgs is the ~20 KB write_file arguments of openai-chat__long_go_source.
func longArgs() string {
	content, _ := json.Marshal(goSource(20 << 10))
	return fmt.Sprintf(`{"path":"internal/demo/demo.go","content":%s}`, strings.ReplaceAll(string(content), `\u003c`, "<"))
}

// longStreams are the long_go_source arguments in the other formats'
// streams, for benchmarks of whole streams: each has more than 200
// events.
func longStreams() []stream {
	args := longArgs()
	pieces := mustJoin(args, sized(args, 13, 16, 160))
	var out []stream

	{
		m := &messages{}
		m.start("msg_01LongSourceWr1teF1le", "claude-sonnet-4-5-20250929")
		cl := call{Key: "0", ID: "toolu_01LongSourceAbCd", Name: "write_file", Arguments: args, Ended: true}
		m.toolStart(0, "tool_use", cl.ID, cl.Name, obj())
		m.piece(0, "")
		for _, p := range pieces {
			m.piece(0, p)
		}
		m.stop(0)
		m.end("tool_use")
		out = append(out, stream{
			name: "anthropic__long_go_source", format: "anthropic", container: "sse",
			exercises: "openai-chat__long_go_source's ~20 KB write_file arguments as input_json_delta pieces of 16-160 bytes",
			calls:     []call{cl}, data: sse(m.events, false),
		})
	}

	{
		r := &responses{}
		resp := obj("id", "resp_0c1d2e3f40516273849longsrc", "object", "response", "status", "in_progress", "model", "gpt-5-2025-08-07", "output", arr())
		r.add("response.created", "response", resp)
		r.add("response.in_progress", "response", resp)
		cl := call{Key: "fc_0c1d2e3f405162738495long", ID: "call_Lg7Sr8Cx9Wf0", Name: "write_file", Arguments: args, Ended: true}
		r.add("response.output_item.added", "item", fnItem(cl.Key, cl.ID, cl.Name, "", "in_progress"), "output_index", 0)
		for _, p := range pieces {
			r.add("response.function_call_arguments.delta", "item_id", cl.Key, "output_index", 0, "delta", p, "obfuscation", "Qx")
		}
		r.add("response.function_call_arguments.done", "item_id", cl.Key, "output_index", 0, "arguments", args)
		r.add("response.output_item.done", "item", fnItem(cl.Key, cl.ID, cl.Name, args, "completed"), "output_index", 0)
		r.add("response.completed", "response", obj("id", "resp_0c1d2e3f40516273849longsrc", "object", "response", "status", "completed"))
		out = append(out, stream{
			name: "openai-responses__long_go_source", format: "openai-responses", container: "sse",
			exercises: "openai-chat__long_go_source's ~20 KB write_file arguments as function_call_arguments.delta events of 16-160 bytes, with sequence_number and event: lines",
			calls:     []call{cl}, data: sse(r.events, false),
		})
	}

	{
		// Cohere v2 chat, as vercel-ai's recordings show it: one
		// payload a line, tool_calls an object, index top-level.
		cl := call{Key: "0", ID: "write_file_8kq2m4x7", Name: "write_file", Arguments: args, Ended: true}
		p := []raw{
			obj("id", "5b1e0c8a-long-source", "type", "message-start", "delta", obj("message", obj("role", "assistant", "content", arr(), "tool_plan", "", "tool_calls", arr(), "citations", arr()))),
			obj("type", "tool-plan-delta", "delta", obj("message", obj("tool_plan", "I will write the file."))),
			obj("type", "tool-call-start", "index", 0, "delta", obj("message", obj("tool_calls", obj("id", cl.ID, "type", "function", "function", obj("name", cl.Name, "arguments", ""))))),
		}
		for _, piece := range pieces {
			p = append(p, obj("type", "tool-call-delta", "index", 0, "delta", obj("message", obj("tool_calls", obj("function", obj("arguments", piece))))))
		}
		p = append(p, obj("type", "tool-call-end", "index", 0),
			obj("type", "message-end", "delta", obj("finish_reason", "TOOL_CALL", "usage", obj("tokens", obj("input_tokens", 812, "output_tokens", 5120)))))
		out = append(out, stream{
			name: "cohere__long_go_source", format: "cohere", container: "jsonl",
			exercises: "openai-chat__long_go_source's ~20 KB write_file arguments as Cohere v2 tool-call-delta events of 16-160 bytes",
			calls:     []call{cl}, data: jsonl(p),
		})
	}

	{
		// Ollama's native /api/chat stream, as its API documentation
		// gives it: one JSON object a line, each tool call whole, with
		// its arguments an object; the last line says done. Parallel
		// calls come in one message, and an index inside function.
		calls := []call{
			{Key: "0", Name: "get_weather", Arguments: `{"city":"Toronto","unit":"celsius"}`, Ended: true},
			{Key: "1", Name: "get_time", Arguments: `{"timezone":"America/Toronto"}`, Ended: true},
			{Key: "2", Name: "list_todos", Arguments: ``, Ended: true},
		}
		line := func(msg raw, done bool, extra ...any) raw {
			return obj(append([]any{"model", "qwen3:8b", "created_at", "2026-11-30T18:02:11.48571Z", "message", msg, "done", done}, extra...)...)
		}
		p := []raw{
			line(obj("role", "assistant", "content", "", "thinking", "The user wants weather and time."), false),
			line(obj("role", "assistant", "content", "", "tool_calls", arr(
				obj("function", obj("index", 0, "name", calls[0].Name, "arguments", raw(calls[0].Arguments))),
				obj("function", obj("index", 1, "name", calls[1].Name, "arguments", raw(calls[1].Arguments))),
			)), false),
			line(obj("role", "assistant", "content", "", "tool_calls", arr(
				obj("function", obj("index", 2, "name", calls[2].Name)),
			)), false),
			line(obj("role", "assistant", "content", ""), true, "done_reason", "stop", "total_duration", 2913842125, "eval_count", 61),
		}
		out = append(out, stream{
			name: "ollama__parallel_calls", format: "ollama", container: "jsonl",
			exercises: "Ollama's native /api/chat NDJSON: two whole tool calls in one line with arguments as objects, then a call with no arguments; no ids",
			calls:     calls, data: jsonl(p),
		})
	}
	return out
}
