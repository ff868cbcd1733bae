// Package resume is the per-call stream core of deltajson: it turns the
// argument deltas of streamed LLM tool calls into calls that are safe to
// run. It sits between package tokenizer, which it feeds, and package
// repair, which it knows nothing of.
//
// A handler feeds every provider event to a Set; the Set keeps parallel
// calls apart, and each Call holds its argument bytes, reads them with a
// strict tokenizer as they arrive and says after every event where it
// stands. A call runs only when its status is StatusReady:
//
//	calls := resume.NewSet(resume.Options{MaxBytes: 1 << 20})
//	for ev := range events { // from package corpus, or your own reader
//		c, err := calls.Apply(ev)
//		if errors.Is(err, resume.ErrDuplicate) {
//			continue // a replay after a reconnect, "done" twice, or a removed call's event
//		}
//		if c != nil && c.Status() == resume.StatusReady {
//			run(c.Name(), c.Value())
//			calls.Remove(c.Key())
//		}
//	}
//	for _, r := range calls.Finish() { // calls that never ended
//		log.Printf("%s: %s: %v", r.Name, r.Status, r.Err)
//	}
//
// # Status
//
// A call is receiving while its bytes are a valid prefix, complete when
// they form a whole value, and ready only once the end signal has come,
// the value is whole and valid, and the gate check (Options.Check: a JSON
// Schema, a tool allow-list, a size rule) has passed; the check runs
// once and a panic in it is a failure, not a crash. Nothing is ready
// before the end signal. A call is invalid from the first byte that is not
// JSON (Err is the tokenizer's *tokenizer.SyntaxError: offset, JSON
// Pointer, reason), incomplete when it ended (or the stream stopped)
// with the value unfinished, too large past a byte cap, and rejected
// when the check failed, when the arguments are not a JSON object
// (ErrNotObject, unless Options.AllowAnyValue: every provider sends an
// object), when an object in the arguments has the same name twice
// (ErrDuplicateName, unless Options.AllowDuplicateNames:
// parsers differ on which value counts), or when the call is one the
// provider runs itself (Event.Hosted: shown, never run here). Bytes after
// an invalid byte are kept ([Call.Arguments] holds all that arrived) but
// not read, until final arguments in the end signal replace them.
//
// # End signals
//
// Final arguments in the end signal win over the deltas; when deltas
// came and differ, Result.Mismatch and Result.MismatchOffset say so.
// Empty final arguments count as none: an SDK's string field that the
// event left out is "", and must not wipe the deltas out. A call with no
// deltas and only final arguments (LM Studio, Gemini) works like any
// other. A call that ends with no argument bytes (or only whitespace) and
// no final arguments is taken as "{}" and Result.EmptyAsObject says so:
// Anthropic sends partial_json "" for a tool without parameters. A
// second end signal changes nothing and gives ErrDuplicate; a delta after
// the end gives ErrEnded (or ErrDuplicate when its sequence number is not
// above the largest seen: see "Reconnects and restarts") and changes
// nothing.
//
// # Identity
//
// A call is its key (Event.Key: an index, a block number, an item id, as
// the provider's decoder chose). What an event does depends on its key
// and on the call ID it names (Event.ID, "" for none):
//
//	key                     ID named                         the event
//	held by a call          the call's, none, or a new one   is the call's (a new ID renames it)
//	held by a call          a removed or refused call's      ErrRemoved (or ErrTooManyCalls)
//	removed, with an ID     none, or one the call had        ErrRemoved: a replay
//	removed, with an ID     another                          starts a new call under the key
//	removed, with no ID     any                              ErrRemoved
//	refused past MaxCalls   none                             ErrTooManyCalls
//	new                     a removed call's                 ErrRemoved
//	new                     none, or one not seen            starts a new call
//
// ErrRemoved is also an ErrDuplicate. The Set remembers the last 4096
// keys removed or refused, and each removed call's first and last ID
// and up to 16 between (some servers change it on every chunk); a
// checkpoint holds none of this memory.
//
// # Reconnects and restarts
//
// When an Event carries Offset, a delta whose bytes are already held is a
// replay: ignored with ErrDuplicate when they match, a *ReplayError when
// they do not; a delta past the bytes held is a *GapError naming the
// missing range. Without Offset, a Seq not above the largest seen marks
// a replay, checked against the bytes it brought the first time while
// that is remembered (the last eight numbers); a number in that window
// that was never seen is ErrOutOfOrder, not a replay. Gaps can only be
// found by Offset: sequence numbers count the events of a whole
// response, not of a call. After the end signal, a delta numbered at or
// below the largest number seen is a replay (ErrDuplicate) even if that
// number was never seen, since final arguments may have replaced the
// deltas the numbers placed. None of these change the call.
//
// Call.Checkpoint saves a call at any moment as a value, whose binary
// form (versioned and CRC-checked) moves to another process; Restore
// with the same argument bytes goes on exactly as if the call had never
// stopped. Corrupt, truncated and foreign checkpoints give errors. What a
// checkpoint does not hold is the Set's memory of the calls it removed:
// a process that restores calls must itself know which ones ran (by
// call ID) and resume the stream after the last event it applied, and a
// checkpoint of a ready call restores ready.
//
// [Restore] takes argument bytes that may go on past those saved: the rest
// is applied as one delta with no Seq or Offset, so a stream resumed from
// the checkpoint's last event would give those deltas again as new ones.
// Resume it after the last delta the bytes hold, or give deltas their
// Offset. A call that had ended keeps the status it was saved with: the
// options that judge a call at its end (Check, AllowAnyValue,
// AllowDuplicateNames) apply only to calls that end after the restore.
//
// # Partial view and path events
//
// AppendPartial renders, at any moment, valid JSON of what has arrived:
// open strings and containers closed, an unfinished name, number or
// literal left out, a member shown only once its value has begun. What it
// shows only grows (Shown), so keeping a display current costs work
// proportional to the delta; Tentative names the values that may still
// grow. Watch reports the value at a JSON Pointer as it grows and when it
// is final, so a UI can stream "/content" as it arrives.
//
// The view shows nothing before a value begins. Final arguments that differ
// from the deltas (Result.Mismatch) replace what it shows, and a call
// taken as "{}" shows "{}" from its end on. Once the call is invalid the
// view stays where it was when the bad byte was read, which may depend on
// how the deltas were cut. A Text call's view is its text as received,
// which is not JSON. A name that occurs twice in an object is reported
// twice to its watch.
//
// # Providers
//
// Package provider turns live provider streams into Events; a handler of its
// own builds them as literals, in which a field left out is not
// given. The shapes map so:
//
//   - OpenAI Chat Completions: choices[].delta.tool_calls[i] gives Key
//     "i" from its index; id and function.name come on the first delta
//     only (EventStart), each function.arguments piece is an EventDelta,
//     and a finish_reason ends every open call (Set.EndAll), except
//     "length" and "content_filter": they say the output was cut short,
//     and arguments cut short may still parse (none at all, which an
//     ended call takes as {}, or "10" of "100"), so the open calls get no
//     end signal, and Set.Finish makes them incomplete.
//     OpenAI-compatible vendors (Groq, DeepSeek, Mistral, llama.cpp,
//     OpenRouter) send the same, some with whole arguments in one delta.
//     An event that names another id than its call's renames the call
//     (Poolside changes a call's id after its first chunk); Ollama gives
//     every parallel call index 0, so keyed by index its calls run into
//     one, whose arguments are then not one JSON value (package corpus
//     tells the two apart).
//     Older servers send the deprecated delta.function_call instead: one
//     call, with no index or id.
//   - OpenAI Responses: response.output_item.added starts a call keyed by
//     item_id with output_index as Index; function_call_arguments.delta is
//     an EventDelta and .done an EventEnd whose Final is the full
//     arguments; sequence_number is Seq. A built-in tool's item (not a
//     function_call or custom_tool_call) is OpenAI's to run: Hosted.
//   - Anthropic Messages: content_block_start with a tool_use block
//     starts a call keyed by the block index (sometimes with the whole
//     input, which is a Final); input_json_delta.partial_json is an
//     EventDelta (the first often ""); content_block_stop is the EventEnd.
//     Each message numbers its blocks from 0 again, so a handler that
//     reads several messages keys by message and index (package corpus
//     does, from the second message on). Anthropic runs server_tool_use
//     and mcp_tool_use blocks itself: their events set Event.Hosted.
//     Bedrock wraps the same events in AWS event-stream frames.
//   - Gemini and Vertex: each functionCall part carries whole args
//     objects, several per event: a start and an EventEnd whose Final is
//     the args' compact JSON. Vertex partialArgs carry values rather than
//     text, so they too end in one Final; a finishReason other than STOP
//     (MAX_TOKENS, say) cuts a call so streamed short, and it gets no end
//     signal.
//
// # How deltas are read
//
// A delta costs work proportional to its length, and no allocation once
// the argument buffer has room ([Options.Capacity]). Deltas are read by a
// [tokenizer.Lookahead], which keeps the status and the partial view up
// to date, and the call's tokenizer reads the bytes held back only when
// something needs it: a byte the Lookahead is not sure of, a checkpoint,
// a pointer, a path watch, an end signal before the value is whole.
// Tokens, errors and offsets are still exactly the tokenizer's;
// Options.Tokenizer.MaxStringLength turns the Lookahead off. bench/README.md
// gives what a delta and a call cost.
//
// # Caps
//
// Memory is bounded by default: a call holds at most [DefaultMaxBytes] of
// arguments, and a Set at most [DefaultMaxCalls] calls and
// [DefaultMaxTotalBytes] of arguments in all. [Options] sets each cap, or
// lifts it with a negative value. A cap passed is a typed error
// ([ErrTooLarge], [ErrTotalTooLarge], [ErrTooManyCalls]), and the bytes
// that would pass it are not kept.
//
// The caps count argument bytes. On top of them each call holds a state
// of fixed size, its key, ID and name (each at most [MaxIdentityBytes],
// or the event is refused with [ErrIdentityTooLong]), and its buffer's
// spare room: [Options.Capacity] if set, else at most as much again as
// the bytes held, and 1 MB. A Set also remembers the keys and IDs of the
// last 4096 calls it removed or refused.
//
// # Observability
//
// With [Options.Logger] each call logs its lifecycle to log/slog: key and
// its own event count, bytes so far, each status change, the end signal
// and the final status with its reason; see the list in log.go. The
// argument text is logged only with [Options.LogArguments].
//
// # What it does not do
//
// It does not repair broken arguments (package repair does, when asked),
// decode them into Go values, or read provider wire formats (package
// corpus). It reads one JSON value per call: freeform tool input that is
// not JSON ends invalid.
package resume
