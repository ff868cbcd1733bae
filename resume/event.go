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
	// output_index, content block index), or -1 when unknown.
	Index int
	// Data is the argument piece of an EventDelta.
	Data []byte
	// Final is the complete argument text carried by an EventEnd, or nil
	// (or empty) when the end signal carries none.
	Final []byte
	// Seq is the provider's event sequence number, or -1 when it has none.
	Seq int64
	// Offset is the byte offset of Data within the call's arguments when the
	// provider says so, or -1 when it does not. Reconnect handling uses it
	// to tell a replay from a gap.
	Offset int64
}

// NewEvent returns an event of the given kind for the call key, with
// Index, Seq and Offset set to -1: "not given". Build events with it, then
// set what the provider sent. In a zero Event, Offset 0 would claim that
// Data starts at byte 0, and every delta after the first would look like
// a replay.
func NewEvent(kind EventKind, key string) Event {
	return Event{Kind: kind, Key: key, Index: -1, Seq: -1, Offset: -1}
}
