// Package provider takes a live LLM provider stream to tool calls that are
// safe to run: raw bytes, or an SDK's raw event payloads, in; each call out
// once its end signal has come and its arguments are whole, valid JSON.
// Every provider's quirks are handled inside it.
//
// A [Handler] is the whole pipeline for one stream. Feed it what the SDK
// hands out, and run a call in [Options.OnReady]:
//
//	h := provider.NewHandler(provider.Options{
//		Format:  provider.FormatOpenAIChat,
//		OnReady: func(c *resume.Call) { run(c.ID(), c.Name(), c.Value()) },
//	})
//	for stream.Next() {
//		if err := h.Payload([]byte(stream.Current().RawJSON())); err != nil {
//			log.Print(err) // the stream is broken: not JSON, the provider's error
//			break
//		}
//	}
//	for _, r := range h.Finish() { // calls the stream left open: never run
//		log.Printf("%s: %s: %v", r.Name, r.Status, r.Err)
//	}
//
// Or give it the HTTP body itself with [Handler.ReadFrom]: a [Reader]
// splits SSE, JSON lines, a streamed JSON array or AWS event-stream
// frames as their bytes arrive. A call is ready at most once in a
// Handler, and a replay the Set can tell is dropped (see Reconnects);
// [Options.Ledger] makes that hold across processes.
//
// # Formats
//
// A [Decoder] turns one stream's payloads into [resume.Event] values; a
// Handler owns one. FormatAuto tells the format from the first payload
// that names it. Each format's rules:
//
//   - FormatOpenAIChat: choices[].delta.tool_calls keyed by index (by
//     id, then position, for servers that send none, such as Mistral);
//     a new id under a taken index is a new call once the index's call is
//     whole or names another function (Ollama's index 0), else the same
//     call renamed (Poolside); arguments as an object (Writer) are its
//     compact text; a whole call sent again (Alibaba) is dropped;
//     finish_reason ends the open calls, but "length" and
//     "content_filter" say the output was cut short, and end none; the
//     deprecated function_call is one more call.
//   - FormatOpenAIResponses: an output item is a call keyed by item id;
//     the first of .done and output_item.done ends it with its final
//     arguments; sequence_number, when present, numbers the events;
//     custom_tool_call's input is free text (Event.Text); built-in tools'
//     items are the provider's to run (Event.Hosted).
//   - FormatAnthropic and FormatBedrock: a tool_use block keyed by its
//     index, a later message's blocks by "msgN/index"; a start that
//     carries the whole input gives it as final arguments;
//     server_tool_use and mcp_tool_use are hosted; Bedrock's
//     {"bytes": base64} payloads are unwrapped.
//   - FormatGemini: whole args (none at all runs with {}); the first
//     candidate only; Vertex's partialArgs become JSON text deltas as they
//     come, and the assembled object the final arguments; a finishReason
//     other than STOP ends no call.
//   - FormatBedrockConverse, FormatCohere, FormatInteractions: a block or
//     step index's start, argument deltas and stop.
//   - FormatOllama: whole calls, one JSON object a line.
//
// # Errors and limits
//
// A payload that is not JSON, or not its format's shape, fails with an
// [*Error] wrapping [ErrPayload], one that carries the provider's error
// with [ErrProvider], even before the format is known; either way it
// changes no call. An event type no decoder reads, and an empty payload,
// are skipped and counted ([Handler.Skipped]); but one of a tool call in
// progress may hold its arguments, so it fails with ErrPayload and the
// call gets no end. A Reader holds at most
// [DefaultMaxMessageBytes] of one message, a Decoder follows at most
// [MaxCalls] calls, and the Set's caps ([resume.Options]) hold the rest:
// each gives an error that matches tokenizer.ErrLimit, the Reader's and
// the Decoder's also [ErrTooLarge].
//
// # Reconnects
//
// [Handler.LastEventID] gives what a reconnect sends (Last-Event-ID, or
// Responses' starting_after) so that the server sends only what came
// after; read the new body into the same Handler, and call
// [Handler.Finish] only once no reconnect follows. A new Handler, as in
// a new process, knows nothing of the calls before: one whose start it
// missed ends with no name and is rejected ([ErrNoName]), one it sees
// whole runs again unless a ledger ([Options.Ledger]) saw it run, and a
// call restored from a checkpoint into its Set is not one its decoder
// follows. Replays are dropped when they can be told: by the Responses
// sequence_number, by a call that has ended or started already, and by
// a call's ID once it has run. SSE ids are not read as an order: a
// server that sends part of an open call again, without sequence
// numbers, gives the call those bytes twice as new ones, so do not
// resume such a stream into the same Handler. A server that sends a
// stream again from its start makes calls without an ID (Gemini,
// Ollama) look new: use a new Handler for such a stream, or a ledger
// ([Options.Ledger]) whose claim IDs ([Handler.ClaimID]) name the
// response.
package provider
