package main

import "bytes"

func openAICompatible() []stream {
	var out []stream

	// Groq: each call whole in one piece, both in one chunk.
	{
		c := chat{id: "chatcmpl-6f0b3e2a-groq-whole", model: "moonshotai/kimi-k2-instruct-0905", created: 1767225700,
			extra: []any{"system_fingerprint", "fp_6e6ff3688b", "x_groq", obj("id", "req_01kgroqwhole")}}
		calls := []call{
			{Key: "0", ID: "functions.add:0", Name: "add", Arguments: `{"a":2,"b":3}`, Ended: true},
			{Key: "1", ID: "functions.lookup:1", Name: "lookup", Arguments: `{"term":"数え方","lang":"ja"}`, Ended: true},
		}
		whole := func(i int) raw {
			return obj("id", calls[i].ID, "type", "function", "function", obj("name", calls[i].Name, "arguments", calls[i].Arguments), "index", i)
		}
		p := []raw{
			c.chunk(obj("role", "assistant", "content", ""), nil),
			c.chunk(toolDelta(whole(0), whole(1)), nil),
			c.chunk(obj(), "tool_calls"),
		}
		out = append(out, stream{
			name: "groq__whole_args", format: "openai-chat", container: "sse",
			exercises: "Groq style: two calls in one chunk, each with id, name and its whole arguments in a single piece, index after function",
			calls:     calls, data: sse(dataOnly(p), true),
		})
	}

	// DeepSeek: null fields on continuations, empty and null pieces.
	{
		c := chat{id: "0d7e9f1c-deepseek-nulls", model: "deepseek-chat", created: 1767225701,
			extra: []any{"system_fingerprint", "fp_8802369eaa_prod0623_fp8_kvcache"}}
		args := `{"location":"深圳","days":3}`
		cl := call{Key: "0", ID: "call_0_5b1c6f0e-3d9a-4b7e-9c21-7f4e2a8d6b10", Name: "get_forecast", Arguments: args, Ended: true}
		cont := func(args any) raw {
			return obj("index", 0, "id", nil, "type", nil, "function", obj("name", nil, "arguments", args))
		}
		p := []raw{
			c.chunk(obj("role", "assistant", "content", nil, "reasoning_content", "查天气"), nil),
			c.chunk(obj("role", "assistant", "content", nil, "tool_calls", arr(first(0, cl.ID, cl.Name))), nil),
		}
		_, pieces := cut(`{"‖‖location‖":"‖深‖圳‖",‖"days‖":‖3‖}`)
		mustJoin(args, pieces)
		for i, piece := range pieces {
			p = append(p, c.chunk(obj("content", nil, "tool_calls", arr(cont(piece))), nil))
			if i == 3 {
				p = append(p, c.chunk(obj("content", nil, "tool_calls", arr(cont(nil))), nil))
			}
		}
		p = append(p, c.chunk(obj("content", nil, "tool_calls", arr(obj("index", 0, "function", nil))), nil))
		p = append(p, c.chunk(obj("content", ""), "tool_calls"))
		p = append(p, obj("id", c.id, "object", "chat.completion.chunk", "created", c.created, "model", c.model, "choices", arr(),
			"usage", obj("prompt_tokens", 52, "completion_tokens", 21, "total_tokens", 73)))
		out = append(out, stream{
			name: "deepseek__null_continuations", format: "openai-chat", container: "jsonl",
			exercises: "DeepSeek style: continuation pieces with id:null, type:null, name:null, an arguments:null piece, function:null, empty-string pieces, a usage chunk with choices:[]",
			calls:     []call{cl}, data: jsonl(p),
		})
	}

	// Mistral: no index on tool calls.
	{
		c := chat{id: "cmpl-e5cc70bb28c444948073e77776eb30ef", model: "mistral-large-latest", created: 1767225702}
		calls := []call{
			{Key: "0", ID: "D681PevKs", Name: "get_weather", Arguments: `{"city": "Lyon"}`, Ended: true},
			{Key: "1", ID: "Q9xT2mZ4a", Name: "get_weather", Arguments: `{"city": "Zürich"}`, Ended: true},
			{Key: "2", ID: "Hh7Wc1Ld3", Name: "convert", Arguments: `{"amount": 12.5, "from": "EUR", "to": "CHF"}`, Ended: true},
		}
		noIndex := func(i int) raw {
			return obj("id", calls[i].ID, "function", obj("name", calls[i].Name, "arguments", calls[i].Arguments))
		}
		p := []raw{
			c.chunk(obj("role", "assistant", "content", ""), nil),
			c.chunk(obj("tool_calls", arr(noIndex(0), noIndex(1))), nil),
			c.chunk(obj("tool_calls", arr(noIndex(2))), nil),
			c.chunk(obj("content", ""), "tool_calls"),
		}
		out = append(out, stream{
			name: "mistral__no_index", format: "openai-chat", container: "jsonl",
			exercises: "Mistral style: tool calls without index, each whole; a new id makes a new call, including one that is alone at position 0 of a later chunk",
			calls:     calls, data: jsonl(p),
		})
	}

	// llama.cpp: first piece with id and name, call re-sent at the end
	// with empty fields.
	{
		c := chat{id: "chatcmpl-llamacppResend", model: "gpt-oss-20b", created: 1767225703,
			extra: []any{"system_fingerprint", "b6390-llamacpp"}}
		args := `{"location":"Florence, Italy","unit":"c"}`
		cl := call{Key: "0", ID: "Xk3PqR7mT1vW9zYb", Name: "weather", Arguments: args, Ended: true}
		pieces := mustJoin(args, sized(args, 21, 2, 8))
		p := []raw{
			c.chunk(obj("role", "assistant", "content", nil), nil),
			c.chunk(toolDelta(obj("index", 0, "id", cl.ID, "type", "function", "function", obj("name", cl.Name, "arguments", pieces[0]))), nil),
		}
		for _, piece := range pieces[1:] {
			p = append(p, c.chunk(toolDelta(more(0, piece)), nil))
		}
		p = append(p, c.chunk(toolDelta(obj("index", 0, "id", cl.ID, "type", "function", "function", obj("name", "", "arguments", ""))), nil))
		p = append(p, c.chunk(obj(), "tool_calls"))
		out = append(out, stream{
			name: "llamacpp__resend_empty", format: "openai-chat", container: "sse",
			exercises: "llama.cpp style: the first piece carries id, name and argument text together; the call is sent again at the end with the same id and empty name and arguments",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}

	// Writer: arguments as a JSON object, no index.
	{
		c := chat{id: "chatcmpl-writer-palmyra-obj", model: "palmyra-x5", created: 1767225704}
		wire := raw(`{ "zeta": 1, "alpha": {"b": 2, "a": [true, null]}, "text": "caf\u00e9 😀 <b>&" }`)
		cl := call{Key: "0", ID: "chatcmpl-tool-7c1e9d", Name: "annotate",
			Arguments: `{"zeta":1,"alpha":{"b":2,"a":[true,null]},"text":"caf\u00e9 😀 <b>&"}`, Ended: true}
		p := []raw{
			c.chunk(obj("role", "assistant", "content", nil), nil),
			c.chunk(toolDelta(obj("id", cl.ID, "type", "function", "function", obj("name", cl.Name, "arguments", wire))), nil),
			c.chunk(obj(), "tool_calls"),
		}
		out = append(out, stream{
			name: "writer__args_object", format: "openai-chat", container: "sse",
			exercises: "Writer style: arguments sent as a JSON object, not a string, with spaces and keys out of order; the reader keeps key order and escapes (json.Compact), never re-marshals",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}

	// Alibaba/Qwen: id "" on continuations, whole call re-sent at the end.
	{
		c := chat{id: "chatcmpl-qwen-resend-full", model: "qwen-plus", created: 1767225705}
		args := `{"query":"杭州 西湖","top_k":5}`
		cl := call{Key: "0", ID: "call_9f2c1e7b3a5d4c8e", Name: "web_search", Arguments: args, Ended: true}
		p := []raw{c.chunk(obj("content", nil, "role", "assistant", "tool_calls", arr(
			obj("index", 0, "id", cl.ID, "type", "function", "function", obj("name", cl.Name, "arguments", "")))), nil)}
		for _, piece := range mustJoin(args, sized(args, 31, 3, 10)) {
			p = append(p, c.chunk(obj("content", nil, "tool_calls", arr(
				obj("index", 0, "id", "", "type", "function", "function", obj("arguments", piece)))), nil))
		}
		p = append(p, c.chunk(obj("content", nil, "tool_calls", arr(
			obj("index", 0, "id", cl.ID, "type", "function", "function", obj("name", cl.Name, "arguments", args)))), nil))
		p = append(p, c.chunk(obj("content", ""), "tool_calls"))
		out = append(out, stream{
			name: "alibaba__qwen_resend_full", format: "openai-chat", container: "sse",
			exercises: "Alibaba/Qwen style: continuation pieces with id \"\", then the whole call sent again (same id, name and complete arguments) before finish_reason; the copy must not double the arguments",
			calls:     []call{cl}, data: sse(dataOnly(p), true),
		})
	}

	// OpenRouter: comments, CRLF, data without a space, multi-line data.
	{
		c := chat{id: "gen-1767225706-OpenRouterCrlf", model: "google/gemini-2.5-flash", created: 1767225706,
			extra: []any{"provider", "Google AI Studio"}}
		calls := []call{
			{Key: "0", ID: "tool_add_abc123", Name: "add", Arguments: `{"a":2,"b":3}`, Ended: true},
			{Key: "1", ID: "tool_multiply_def456", Name: "multiply", Arguments: `{"a":2,"b":3}`, Ended: true},
		}
		var b bytes.Buffer
		b.WriteString(": OPENROUTER PROCESSING\r\n\r\n: OPENROUTER PROCESSING\r\n\r\n")
		b.WriteString("retry: 3000\r\n")
		b.WriteString("data:" + string(c.chunk(obj("role", "assistant", "content", ""), nil)) + "\r\n\r\n")
		for i, cl := range calls {
			b.WriteString("id: " + cl.ID + "\r\n")
			b.WriteString("data: " + string(c.chunk(toolDelta(first(i, cl.ID, cl.Name)), nil)) + "\r\n\r\n")
			b.WriteString(": OPENROUTER PROCESSING\r\n\r\n")
			// One payload over two data: lines; the joining "\n" is JSON whitespace.
			whole := string(c.chunk(toolDelta(more(i, cl.Arguments)), nil))
			at := bytes.IndexByte([]byte(whole), ',')
			b.WriteString("data: " + whole[:at+1] + "\r\ndata: " + whole[at+1:] + "\r\n\r\n")
		}
		b.WriteString("data: " + string(c.chunk(obj(), "tool_calls")) + "\r\n\r\n")
		b.WriteString("data: [DONE]\r\n\r\n")
		out = append(out, stream{
			name: "openrouter__comments_crlf", format: "openai-chat", container: "sse",
			exercises: "OpenRouter style SSE framing: ': OPENROUTER PROCESSING' comments, CRLF line ends, retry: and id: fields, 'data:' without a space, one payload split over two data: lines",
			calls:     calls, data: b.Bytes(),
		})
	}
	return out
}
