package main

import ()

// chat builds Chat Completions chunks for one response.
type chat struct {
	id, model string
	created   int
	extra     []any // fields after choices on every chunk
}

func (c chat) chunk(delta raw, finish any) raw {
	kv := []any{"id", c.id, "object", "chat.completion.chunk", "created", c.created, "model", c.model,
		"choices", arr(obj("index", 0, "delta", delta, "logprobs", nil, "finish_reason", finish))}
	return obj(append(kv, c.extra...)...)
}

// first is the opening piece of call i as OpenAI sends it.
func first(i int, id, name string) raw {
	return obj("index", i, "id", id, "type", "function", "function", obj("name", name, "arguments", ""))
}

// more is a continuation piece as OpenAI sends it: index and arguments.
func more(i int, piece string) raw {
	return obj("index", i, "function", obj("arguments", piece))
}

func toolDelta(calls ...any) raw { return obj("tool_calls", arr(calls...)) }

func openAIChat() []stream {
	var out []stream

	// Parallel calls whose pieces interleave.
	{
		c := chat{id: "chatcmpl-Dj1parallelInterleave", model: "gpt-4o-2024-08-06", created: 1767225600,
			extra: []any{"obfuscation", "k3Xq"}}
		calls := []call{
			{Key: "0", ID: "call_Wx1Qm7rP0aLd", Name: "get_weather", Arguments: `{"city":"Paris","unit":"celsius"}`},
			{Key: "1", ID: "call_Tz8Lk2nV4bHs", Name: "get_time", Arguments: `{"tz":"Europe/Paris","format":"24h"}`},
			{Key: "2", ID: "call_Sr5Jf9cM1eQw", Name: "search", Arguments: `{"query":"天気 パリ 🌦","limit":3}`},
		}
		var pieces [][]string
		for i := range calls {
			pieces = append(pieces, mustJoin(calls[i].Arguments, sized(calls[i].Arguments, uint64(i+1), 1, 7)))
		}
		p := []raw{c.chunk(obj("role", "assistant", "content", nil, "refusal", nil), nil)}
		for i, cl := range calls {
			p = append(p, c.chunk(toolDelta(first(i, cl.ID, cl.Name)), nil))
		}
		steps := roundRobin(pieces...)
		for i := 0; i < len(steps); i++ {
			// Every fifth chunk carries pieces of two calls at once.
			if i%5 == 4 && i+1 < len(steps) && steps[i+1].call != steps[i].call {
				p = append(p, c.chunk(toolDelta(more(steps[i].call, steps[i].piece), more(steps[i+1].call, steps[i+1].piece)), nil))
				i++
				continue
			}
			p = append(p, c.chunk(toolDelta(more(steps[i].call, steps[i].piece)), nil))
		}
		p = append(p, c.chunk(obj(), "tool_calls"))
		for i := range calls {
			calls[i].Ended = true
		}
		out = append(out, stream{
			name: "openai-chat__parallel_interleaved", format: "openai-chat", container: "sse",
			exercises: "three parallel calls whose argument pieces interleave round-robin, some chunks carrying pieces of two calls, obfuscation padding, data: [DONE]",
			calls:     calls, data: sse(dataOnly(p), true),
		})
	}

	// Every character boundary, CJK, emoji and escapes.
	{
		c := chat{id: "chatcmpl-Dj2perCharUnicode", model: "gpt-4o-mini-2024-07-18", created: 1767225601}
		args := `{"title":"日本語のメモ","body":"Grüße 👋🏽 — naïve café\n\"quoted\" \\ back","family":"👨‍👩‍👧","emoji":"\ud83d\ude00","cjk":"\u65e5\u672c","tab":"\t"}`
		cl := call{Key: "0", ID: "call_Pc3Uv6yN8dGj", Name: "write_note", Arguments: args, Ended: true}
		p := []raw{c.chunk(toolDelta(first(0, cl.ID, cl.Name)), nil)}
		for _, piece := range mustJoin(args, perRune(args)) {
			p = append(p, c.chunk(toolDelta(more(0, piece)), nil))
		}
		p = append(p, c.chunk(obj(), "tool_calls"))
		out = append(out, stream{
			name: "openai-chat__per_char_unicode", format: "openai-chat", container: "sse",
			exercises: "one delta per character: CJK, emoji with skin tone and ZWJ sequences cut between code points, and argument escapes (\\n, \\\", \\\\, \\ud83d\\ude00, \\u65e5) cut at every position",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}

	// Cut off by the token limit.
	{
		c := chat{id: "chatcmpl-Dj3lengthCutoff", model: "gpt-4o-2024-08-06", created: 1767225602}
		args := `{"title":"A story","content":"Once upon a time, in a land far, far aw`
		cl := call{Key: "0", ID: "call_Lc7Hq2wE5fKa", Name: "save_story", Arguments: args} // cut short: no end
		p := []raw{c.chunk(toolDelta(first(0, cl.ID, cl.Name)), nil)}
		for _, piece := range mustJoin(args, sized(args, 11, 3, 9)) {
			p = append(p, c.chunk(toolDelta(more(0, piece)), nil))
		}
		p = append(p, c.chunk(obj(), "length"))
		out = append(out, stream{
			name: "openai-chat__length_cutoff", format: "openai-chat", container: "sse",
			exercises: "finish_reason \"length\": the arguments stop mid-string and are not valid JSON; the output was cut short, so the call gets no end signal",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}

	// Cut short right after a call's first piece: no argument text at all,
	// which a call that ended would take as {}.
	{
		c := chat{id: "chatcmpl-Dj3lengthNoArgs", model: "gpt-4o-2024-08-06", created: 1767225602}
		done := call{Key: "0", ID: "call_Nx2Lp8kQ4wRt", Name: "read_file", Arguments: `{"path":"notes.txt"}`}
		cut := call{Key: "1", ID: "call_Rm5Vz1cH7jDs", Name: "delete_files", Arguments: ``}
		p := []raw{c.chunk(toolDelta(first(0, done.ID, done.Name)), nil)}
		for _, piece := range mustJoin(done.Arguments, sized(done.Arguments, 17, 4, 7)) {
			p = append(p, c.chunk(toolDelta(more(0, piece)), nil))
		}
		p = append(p, c.chunk(toolDelta(first(1, cut.ID, cut.Name)), nil), c.chunk(obj(), "length"))
		out = append(out, stream{
			name: "openai-chat__length_no_args", format: "openai-chat", container: "sse",
			exercises: "finish_reason \"length\" right after the second call's first piece: neither call gets an end signal, so neither runs, not even the second as {}",
			calls:     []call{done, cut}, data: sse(dataOnly(p), true),
		})
	}

	// Markdown fences and trailing commas, for the repair pass.
	{
		c := chat{id: "chatcmpl-Dj4fencedArgs", model: "gpt-4o-mini-2024-07-18", created: 1767225603}
		args := "```json\n{\"items\": [1, 2, 3,],\n \"note\": \"ok\",}\n```"
		cl := call{Key: "0", ID: "call_Fn4Rb8tY1sXe", Name: "record", Arguments: args, Ended: true}
		p := []raw{c.chunk(toolDelta(first(0, cl.ID, cl.Name)), nil)}
		for _, piece := range mustJoin(args, sized(args, 12, 2, 6)) {
			p = append(p, c.chunk(toolDelta(more(0, piece)), nil))
		}
		p = append(p, c.chunk(obj(), "tool_calls"))
		out = append(out, stream{
			name: "openai-chat__fenced_trailing_comma", format: "openai-chat", container: "sse",
			exercises: "arguments wrapped in a ```json markdown fence with trailing commas in an array and an object: invalid JSON for the repair pass",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}

	// A very long string argument.
	{
		c := chat{id: "chatcmpl-Dj5longSource", model: "gpt-4.1-2025-04-14", created: 1767225604}
		args := longArgs()
		cl := call{Key: "0", ID: "call_Gs6Dx3kP9vNm", Name: "write_file", Arguments: args, Ended: true}
		p := []raw{c.chunk(toolDelta(first(0, cl.ID, cl.Name)), nil)}
		for _, piece := range mustJoin(args, sized(args, 13, 16, 160)) {
			p = append(p, c.chunk(toolDelta(more(0, piece)), nil))
		}
		p = append(p, c.chunk(obj(), "tool_calls"))
		out = append(out, stream{
			name: "openai-chat__long_go_source", format: "openai-chat", container: "sse",
			exercises: "a ~20 KB string argument (a whole Go source file with tabs, quotes, backslashes and non-ASCII comments) in 16-160 byte pieces",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}
	return out
}
