package resume

// EventKind says what happened to a tool call.
type EventKind uint8

const (
	EventStart EventKind = iota + 1 // announces a call, with its ID and Name when known; optional
	EventDelta                      // carries the next piece of the arguments, in Data
	EventEnd                        // the provider's end signal, with the whole arguments in Final if it has them
)

// String returns the kind's name, such as "delta".
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

// Event is one provider-neutral thing that happened to one tool call, as
// package provider decodes it or a handler builds it. A field left out of
// a literal is not given.
type Event struct {
	// Kind says what happened: a start, a delta or the end.
	Kind EventKind
	// Key tells the calls of one response apart: an index, a block
	// number, an item id, as the provider's decoder chose (see the package
	// doc's "Identity").
	Key string
	// ID is the provider's call id ("call_…", "toolu_…"), if this event
	// carries it.
	ID string
	// Name is the tool name, if this event carries it.
	Name string
	// Hosted says the provider runs this tool itself, so the call ends
	// [StatusRejected] with [ErrHosted], never ready. Set it on every event
	// of the call: a Set may make the call from a later event.
	Hosted bool
	// Index is the call's position in the response, if HasIndex is set.
	Index    int
	HasIndex bool
	// Data is the argument piece of an [EventDelta].
	Data []byte
	// Final is the whole argument text of an [EventEnd] that carries it;
	// empty or only whitespace means none, and the deltas stand.
	Final []byte
	// Seq is the provider's event sequence number, if HasSeq is set; it
	// marks replays (see the package doc's "Reconnects and restarts").
	Seq    int64
	HasSeq bool
	// Offset is Data's byte offset in the call's arguments, if HasOffset
	// is set; it tells a replay from a gap.
	Offset    int64
	HasOffset bool
	// Text says the call's input is free-form text, not JSON: held and
	// shown as it comes, never parsed, and ready at its end. It counts
	// only before the call's first byte.
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
