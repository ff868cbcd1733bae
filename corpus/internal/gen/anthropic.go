package main

import "strings"

// messages builds Anthropic Messages events.
type messages struct{ events []sseEvent }

func (m *messages) add(typ string, kv ...any) {
	m.events = append(m.events, sseEvent{name: typ, data: obj(append([]any{"type", typ}, kv...)...)})
}

// addPadded adds an event with spaces before its last brace, as the API
// sometimes sends.
func (m *messages) addPadded(typ string, kv ...any) {
	p := obj(append([]any{"type", typ}, kv...)...)
	m.events = append(m.events, sseEvent{name: typ, data: p[:len(p)-1] + "    }"})
}

func (m *messages) start(id, model string) {
	m.add("message_start", "message", obj("id", id, "type", "message", "role", "assistant", "model", model,
		"content", arr(), "stop_reason", nil, "stop_sequence", nil, "usage", obj("input_tokens", 412, "output_tokens", 1)))
}

func (m *messages) toolStart(i int, typ, id, name string, input raw) {
	m.add("content_block_start", "index", i, "content_block", obj("type", typ, "id", id, "name", name, "input", input))
}

func (m *messages) piece(i int, s string) {
	m.add("content_block_delta", "index", i, "delta", obj("type", "input_json_delta", "partial_json", s))
}

func (m *messages) stop(i int) { m.addPadded("content_block_stop", "index", i) }

func (m *messages) end(reason string) {
	m.addPadded("message_delta", "delta", obj("stop_reason", reason, "stop_sequence", nil), "usage", obj("output_tokens", 97))
	m.add("message_stop")
}

func (m *messages) payloads() []raw {
	out := make([]raw, len(m.events))
	for i, e := range m.events {
		out[i] = e.data
	}
	return out
}

// everyCut writes each escape once per inner cut position: "\u00e9" as
// "\‖u00e9", "\u‖00e9", … so that the pieces end at every place inside
// an escape.
func everyCut(escapes ...string) string {
	var b strings.Builder
	for _, e := range escapes {
		for p := 1; p < len(e); p++ {
			b.WriteString(e[:p] + cutMark + e[p:] + " ")
		}
	}
	return strings.TrimSuffix(b.String(), " ")
}

func anthropic() []stream {
	var out []stream

	// Pieces that end inside escapes, numbers and literals.
	{
		m := &messages{}
		m.start("msg_01EscSplitsA1b2C3d4E5f6", "claude-sonnet-4-5-20250929")
		m.add("ping")
		tmpl := `{"path":"C:\‖\Users\\‖me","escapes":"` +
			everyCut(`\n`, `\"`, `\\`, `\/`, `\t`, `\u00e9`, `\ud83d\ude00`) +
			`","n":3.‖12,"neg":-‖0.5e‖+3,"big":12‖345678901234567890,"t":tr‖ue,"f":fal‖se,"z":nu‖ll,"arr":[1‖,2‖]‖,"cjk":"漢‖字‖🀄"‖}`
		args, pieces := cut(tmpl)
		pieces = append([]string{""}, pieces...)
		pieces = append(pieces[:6], append([]string{""}, pieces[6:]...)...)
		cl := call{Key: "0", ID: "toolu_01EscSplitsXyZ", Name: "save_record", Arguments: args, Ended: true}
		m.toolStart(0, "tool_use", cl.ID, cl.Name, obj())
		for _, p := range mustJoin(args, pieces) {
			m.piece(0, p)
		}
		m.stop(0)
		m.end("tool_use")
		out = append(out, stream{
			name: "anthropic__escape_number_splits", format: "anthropic", container: "sse",
			exercises: "pieces ending at every position inside \\n \\\" \\\\ \\/ \\t \\u00e9 and \\ud83d\\ude00 (including between the surrogate halves), between two backslashes, inside numbers (3.|12, -|0.5e|+3) and literals (tr|ue, nu|ll); empty first and middle pieces; ping; spaces before the final brace of stop events",
			calls:     []call{cl}, data: sse(m.events, false),
		})
	}

	// Interleaved tool blocks, input given whole in the start event, no-arg call.
	{
		m := &messages{}
		m.start("msg_01ParallelBlocksQ7r8S9", "claude-opus-4-1-20250805")
		m.add("content_block_start", "index", 0, "content_block", obj("type", "text", "text", ""))
		m.add("content_block_delta", "index", 0, "delta", obj("type", "text_delta", "text", "Checking both."))
		m.stop(0)
		calls := []call{
			{Key: "1", ID: "toolu_01WeatherAaBbCc", Name: "get_weather", Arguments: `{"location": "Montréal, QC", "unit": "celsius"}`, Ended: true},
			{Key: "2", ID: "toolu_01TimeDdEeFf", Name: "get_time", Arguments: `{"timezone": "America/Toronto"}`, Ended: true},
			{Key: "3", ID: "srvtoolu_01SearchGgHh", Name: "web_search", Arguments: `{"query":"北京 天气","max_results":5}`, Ended: true, Hosted: true},
			{Key: "4", ID: "toolu_01NoArgsIiJj", Name: "list_todos", Arguments: ``, Ended: true},
		}
		m.toolStart(1, "tool_use", calls[0].ID, calls[0].Name, obj())
		m.toolStart(2, "tool_use", calls[1].ID, calls[1].Name, obj())
		for _, s := range roundRobin(
			mustJoin(calls[0].Arguments, sized(calls[0].Arguments, 61, 1, 9)),
			mustJoin(calls[1].Arguments, sized(calls[1].Arguments, 62, 1, 9)),
		) {
			m.piece(s.call+1, s.piece)
		}
		m.stop(1)
		m.stop(2)
		m.toolStart(3, "server_tool_use", calls[2].ID, calls[2].Name, raw(`{"query": "北京 天气", "max_results": 5}`))
		m.stop(3)
		m.toolStart(4, "tool_use", calls[3].ID, calls[3].Name, obj())
		m.piece(4, "")
		m.stop(4)
		m.end("tool_use")
		out = append(out, stream{
			name: "anthropic__interleaved_blocks", format: "anthropic", container: "sse",
			exercises: "two tool_use blocks open at once whose input_json_delta pieces alternate; a server_tool_use whose whole input is in content_block_start (the End's Final, compacted); a no-argument tool whose only piece is empty",
			calls:     calls, data: sse(m.events, false),
		})
	}

	// Cut off by max_tokens.
	{
		m := &messages{}
		m.start("msg_01MaxTokensKk1Ll2", "claude-3-7-sonnet-20250219")
		args := `{"filename": "notes.md", "lines": ["# Überblick", "", "- erster Punkt", "- zweiter Pu`
		cl := call{Key: "0", ID: "toolu_01MaxTokensMm3", Name: "make_file", Arguments: args}
		m.toolStart(0, "tool_use", cl.ID, cl.Name, obj())
		for _, p := range mustJoin(args, sized(args, 71, 4, 14)) {
			m.piece(0, p)
		}
		m.end("max_tokens")
		out = append(out, stream{
			name: "anthropic__max_tokens_cutoff", format: "anthropic", container: "sse",
			exercises: "stop_reason max_tokens: no content_block_stop for the tool block, so no End, and the arguments stop mid-string (not valid JSON)",
			calls:     []call{cl}, data: sse(m.events, false),
		})
	}
	return out
}

func bedrock() []stream {
	m := &messages{}
	m.start("msg_bdrk_01SeoulCjkNn4Oo5", "claude-haiku-4-5-20251001")
	args := `{"city":"서울","note":"맑음 ☀️, 25°C \"체감\" 27°C\n습도 40%"}`
	cl := call{Key: "0", ID: "toolu_bdrk_01SeoulPp6", Name: "weather", Arguments: args, Ended: true}
	m.toolStart(0, "tool_use", cl.ID, cl.Name, obj())
	m.piece(0, "")
	for _, p := range mustJoin(args, sized(args, 81, 1, 5)) {
		m.piece(0, p)
	}
	m.stop(0)
	m.end("tool_use")
	var data []byte
	pads := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"
	for i, p := range m.payloads() {
		data = append(data, bedrockChunk(p, pads[:1+i%len(pads)])...)
	}
	return []stream{{
		name: "bedrock__anthropic_hangul", format: "bedrock", container: "eventstream",
		exercises: "AWS event-stream frames (CRC32-checked) whose base64 bytes carry Anthropic events; Hangul, emoji with variation selector and escapes in 1-5 byte pieces; an empty first piece; padding field p of varying length",
		calls:     []call{cl}, data: data,
	}}
}
