package main

import (
	"bytes"
	"encoding/json"
)

type geminiResp struct{ model, id string }

func (g geminiResp) chunk(parts raw, finish string, usage bool) raw {
	cand := []any{"content", obj("parts", parts, "role", "model")}
	if finish != "" {
		cand = append(cand, "finishReason", finish)
	}
	kv := []any{"candidates", arr(obj(append(cand, "index", 0)...))}
	if usage {
		kv = append(kv, "usageMetadata", obj("promptTokenCount", 58, "candidatesTokenCount", 41, "totalTokenCount", 99))
	}
	return obj(append(kv, "modelVersion", g.model, "responseId", g.id)...)
}

func fnCall(kv ...any) raw { return obj("functionCall", obj(kv...)) }

func pa(path string, kv ...any) raw { return obj(append([]any{"jsonPath", path}, kv...)...) }

func gemini() []stream {
	var out []stream

	// alt=sse, two calls in one event, one later with an id.
	{
		g := geminiResp{model: "gemini-2.5-flash", id: "GmSseParallel01abcd"}
		calls := []call{
			{Key: "0", Name: "find_restaurants", Arguments: `{"zone":"渋谷","cuisine":"ラーメン","open_now":true}`, Ended: true},
			{Key: "1", Name: "book", Arguments: `{"time":"19:30","party":2}`, Ended: true},
			{Key: "2", ID: "fc_3k9Qz", Name: "send_message", Arguments: `{"to":"Zoë","body":"\"See you\" 🍜\nBye","html":"\u003cb\u003e","meta":{"z":1,"a":null}}`, Ended: true},
		}
		p := []raw{
			g.chunk(arr(obj("text", "Looking that up.")), "", false),
			g.chunk(arr(
				fnCall("name", calls[0].Name, "args", raw(calls[0].Arguments)),
				fnCall("name", calls[1].Name, "args", raw(calls[1].Arguments)),
			), "", false),
			g.chunk(arr(obj("functionCall", obj("id", calls[2].ID, "name", calls[2].Name, "args", raw(calls[2].Arguments)), "thoughtSignature", "CiQBjz1rX2VtbQ==")), "STOP", true),
		}
		var b bytes.Buffer
		for _, x := range p {
			b.WriteString("data: " + string(x) + "\r\n\r\n")
		}
		out = append(out, stream{
			name: "gemini__parallel_sse", format: "gemini", container: "sse",
			exercises: "Gemini alt=sse with CRLF: two whole functionCall parts in one event and a third with an id later; args keys out of alphabetical order and \\u003c escapes, which the reader must keep (no map re-marshal)",
			calls:     calls, data: b.Bytes(),
		})
	}

	// streamGenerateContent without alt=sse: a pretty-printed array.
	{
		g := geminiResp{model: "gemini-2.5-pro", id: "GmArrayPretty02efgh"}
		cl := call{Key: "0", Name: "create_event", Arguments: `{"title":"Fête de la musique","date":"2026-06-21","attendees":["Zoë","Jürgen","李雷"],"budget":1.5e3,"notes":"tab\there"}`, Ended: true}
		p := []raw{
			g.chunk(arr(obj("text", "**Planning**\n\nI will create the event.", "thought", true)), "", false),
			g.chunk(arr(fnCall("name", cl.Name, "args", raw(cl.Arguments))), "STOP", false),
			g.chunk(arr(obj("text", "")), "STOP", true),
		}
		var b bytes.Buffer
		b.WriteString("[")
		for i, x := range p {
			if i > 0 {
				b.WriteString("\n,\r\n")
			}
			if err := json.Indent(&b, []byte(x), "", "  "); err != nil {
				panic(err)
			}
		}
		b.WriteString("]")
		out = append(out, stream{
			name: "gemini__array", format: "gemini", container: "json-array",
			exercises: "Gemini streamGenerateContent without alt=sse: one pretty-printed JSON array, a thought part, then a functionCall whose indented args must be compacted with key order and escapes kept",
			calls:     []call{cl}, data: b.Bytes(),
		})
	}

	// Vertex partialArgs.
	{
		g := geminiResp{model: "gemini-3.1-pro-preview", id: "VxPartialArgs03ijkl"}
		calls := []call{
			{Key: "0", Name: "write_note", Arguments: `{"title":"東京タワー","count":3,"urgent":true,"meta":{"lang":"ja"},"tags":["a","b"],"memo":"he said \"hi\"\n","note":null}`, Ended: true},
			{Key: "1", Name: "getWeather", Arguments: `{"location":"San Francisco"}`, Ended: true},
		}
		partial := func(entries ...any) raw { return fnCall("partialArgs", arr(entries...), "willContinue", true) }
		p := []raw{
			g.chunk(arr(obj("functionCall", obj("name", calls[0].Name, "willContinue", true), "thoughtSignature", "CiMBjz1rX25K")), "", false),
			g.chunk(arr(partial(pa("$.title", "stringValue", "東京", "willContinue", true))), "", false),
			g.chunk(arr(partial(pa("$.title", "stringValue", "タワー", "willContinue", true))), "", false),
			g.chunk(arr(partial(pa("$.title", "stringValue", ""))), "", false),
			g.chunk(arr(partial(pa("$.count", "numberValue", 3), pa("$.urgent", "boolValue", true))), "", false),
			g.chunk(arr(partial(pa("$.meta.lang", "stringValue", "ja"))), "", false),
			g.chunk(arr(partial(pa("$.tags[0]", "stringValue", "a"), pa("$.tags[1]", "stringValue", "b"))), "", false),
			g.chunk(arr(partial(pa("$.memo", "stringValue", "he said \"hi", "willContinue", true))), "", false),
			g.chunk(arr(partial(pa("$.memo", "stringValue", "\"\n"))), "", false),
			g.chunk(arr(partial(pa("$.note", "nullValue", "NULL_VALUE"))), "", false),
			g.chunk(arr(obj("functionCall", obj())), "", false),
			g.chunk(arr(fnCall("name", calls[1].Name, "willContinue", true)), "", false),
			g.chunk(arr(partial(pa("$.location", "stringValue", "San ", "willContinue", true))), "", false),
			g.chunk(arr(partial(pa("$.location", "stringValue", "Francisco", "willContinue", true))), "", false),
			g.chunk(arr(partial(pa("$.location", "stringValue", ""))), "", false),
			g.chunk(arr(obj("functionCall", obj())), "STOP", true),
		}
		out = append(out, stream{
			name: "gemini__vertex_partial_args", format: "gemini", container: "jsonl",
			exercises: "Vertex streamFunctionCallArguments: partialArgs by jsonPath (string pieces with willContinue, number, bool, null, nested $.meta.lang, array $.tags[n]); each call closed by an empty functionCall; the reader assembles the Final",
			calls:     calls, data: jsonl(p),
		})
	}
	return out
}
