package resume

// EventKind says what happened to a tool call.
type EventKind uint8

const (
	// EventStart announces a call: its key, and its id and name when known.
	// A start is optional; a delta or end for an unseen key starts the call.
	EventStart EventKind = iota + 1
	// EventDelta carries the next piece of the call's argument text.
	EventDelta
	// EventEnd is the provider's end signal for the call. When Final is
	// not empty it holds the complete argument text, and it wins over the
	// concatenated deltas (an empty Final is no final arguments).
	EventEnd
)

func (k EventKind) String() string {
	switch k {
	case EventStart:
		return "start"
	case EventDelta:
		return "delta"
	case EventEnd:
		return "end"
	}
	return "unknown"
}

// Event is one provider-neutral thing that happened to one tool call.
// Provider readers (package corpus) turn wire formats into Events; a Set
// consumes them.
type Event struct {
	Kind EventKind
	// Key identifies the call within one response: "0" for OpenAI Chat's
	// tool_calls[0].index, the item id for OpenAI Responses, the content
	// block index for Anthropic, the part ordinal for Gemini. Deltas of
	// parallel calls are kept apart by Key.
	Key string
	// ID is the provider's call id ("call_…", "toolu_…"), when this event
	// carries one. OpenAI Chat sends it on the first delta only.
	ID string
	// Name is the tool name, when this event carries it.
	Name string
	// Hosted says the provider runs this tool itself and sends its
	// arguments only to show: Anthropic's server_tool_use and
	// mcp_tool_use blocks, OpenAI Responses' built-in tool items. Such a
	// call is read like any other, but it never becomes ready: its end
	// makes it StatusRejected with ErrHosted, so that a handler that runs
	// ready calls cannot run it. One event before the end saying so is
	// enough; say it on every event of the call, since a Set may refuse
	// the start (past MaxCalls) and make the call from a later one.
	Hosted bool
	// Index is the call's position in the response (tool_calls[i].index,
	// output_index, content block index), when HasIndex is set.
	Index    int
	HasIndex bool
	// Data is the argument piece of an EventDelta.
	Data []byte
	// Final is the complete argument text carried by an EventEnd, or nil
	// (or empty) when the end signal carries none.
	Final []byte
	// Seq is the provider's event sequence number, when HasSeq is set.
	Seq    int64
	HasSeq bool
	// Offset is the byte offset of Data within the call's arguments, when
	// HasOffset is set. Reconnect handling uses it to tell a replay from a
	// gap.
	Offset    int64
	HasOffset bool
	// Text says the call's input is free-form text, not JSON (OpenAI
	// Responses' custom tools): its bytes are held and shown as they
	// come, never parsed, and the call is ready at its end whatever they
	// hold. It takes effect on an event before the call's first byte.
	Text bool
}

// seq returns Seq, or -1 when it is not given.
func (ev *Event) seq() int64 {
	if !ev.HasSeq || ev.Seq < 0 {
		return -1
	}
	return ev.Seq
}

// offset returns Offset, or -1 when it is not given.
func (ev *Event) offset() int64 {
	if !ev.HasOffset || ev.Offset < 0 {
		return -1
	}
	return ev.Offset
}

// index returns Index, or -1 when it is not given.
func (ev *Event) index() int {
	if !ev.HasIndex || ev.Index < 0 {
		return -1
	}
	return ev.Index
}
