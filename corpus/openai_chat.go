package corpus

// NOTE: OpenAI Chat Completions chunks and the OpenAI-compatible vendors.
// The liberal rules, each seen in some vendor's stream:
//
//   - index missing: a new id starts a new call, a known id finds its call,
//     and without either a lone piece goes to the last call started (older
//     Ollama, Gemini's OpenAI endpoint), several by their position in
//     tool_calls;
//   - the same index with another id (Ollama gives every parallel call
//     index 0): a new call, and the index's later pieces go to it, when
//     the call the index had holds whole arguments or the piece names
//     another function; else the same call under a new id (Poolside
//     changes a call's id after its first chunk);
//   - id and name only on the first piece; later pieces may carry null, ""
//     or the same values again;
//   - arguments may be absent, null, "", the whole text at once, or a JSON
//     object instead of a string (then its compact text is the piece);
//   - a call may be sent again at the end: a piece equal to the complete
//     arguments so far, when those are already valid JSON, is dropped, and
//     pieces for a call that has ended are ignored.
//
// finish_reason ends every open call of its choice, without a Final,
// except "length" and "content_filter", which say the output was cut
// short (see cutShort).
//
// The deprecated single function_call delta (name and arguments, no index
// or id), which older servers still send, is read as one more call, with
// a number no tool call has (0 when it comes first); an empty one starts
// nothing.

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/deltajson/deltajson/resume"
)

type chatChunk struct {
	Choices capped[struct {
		Index *int `json:"index"`
		Delta *struct {
			ToolCalls    capped[chatToolCall] `json:"tool_calls"`
			FunctionCall *chatFunction        `json:"function_call"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	}] `json:"choices"`
	Error json.RawMessage `json:"error"`
}

type chatToolCall struct {
	Index    *int          `json:"index"`
	ID       *string       `json:"id"`
	Function *chatFunction `json:"function"`
}

type chatFunction struct {
	Name      *string         `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type chatCall struct {
	id    string
	name  string
	args  []byte
	ended bool
}

// other reports whether a piece with another id than the call's, naming
// the function name (or none), is another call: when the call's arguments
// are whole, or when the piece names another function. Else it is the
// same call under a new id (Poolside changes a call's id after its first
// chunk, and names the function once).
func (c *chatCall) other(name string) bool {
	return json.Valid(c.args) || name != "" && name != c.name
}

// chatChoice keeps the calls of one choice in first-seen order. A call's
// number (its key's last part) is its wire index, unless that index was
// taken by a call with another id: then it is a fresh number past every
// index seen, and at maps the wire index to it.
type chatChoice struct {
	calls map[int]*chatCall
	order []int
	open  []int // the calls not ended, for finish_reason
	byID  map[string]int
	at    map[int]int
	next  int // more than every number given
	// legacy is the number of the deprecated function_call's call, or -1.
	legacy int
}

type chatDecoder struct {
	choices map[int]*chatChoice
}

func newChatDecoder() *chatDecoder { return &chatDecoder{choices: make(map[int]*chatChoice)} }

// chatKey is the tool index for choice 0, the usual case, and
// "choice.index" otherwise so that n>1 choices stay apart.
func chatKey(choice, index int) string {
	if choice == 0 {
		return strconv.Itoa(index)
	}
	return strconv.Itoa(choice) + "." + strconv.Itoa(index)
}

func (d *chatDecoder) decode(p payload, out *eventList) error {
	var c chatChunk
	if err := unmarshalPayload(p, &c); err != nil {
		return err
	}
	if err := providerError(c.Error); err != nil {
		return err
	}
	for pos, ch := range c.Choices {
		ci := pos
		if ch.Index != nil {
			ci = *ch.Index
		}
		var calls []chatToolCall
		var legacy *chatFunction
		if ch.Delta != nil {
			calls = ch.Delta.ToolCalls
			if len(calls) == 0 && ch.Delta.FunctionCall.says() {
				legacy = ch.Delta.FunctionCall
			}
		}
		st := d.choices[ci]
		if st == nil {
			if len(calls) == 0 && legacy == nil {
				continue // no calls to start or end: keep no state for it
			}
			st = &chatChoice{calls: make(map[int]*chatCall), byID: make(map[string]int), at: make(map[int]int), legacy: -1}
			d.choices[ci] = st
		}
		for j, tc := range calls {
			if err := st.piece(ci, j, len(calls), tc, out); err != nil {
				return err
			}
		}
		if legacy != nil {
			if err := st.legacyPiece(ci, legacy, out); err != nil {
				return err
			}
		}
		if ch.FinishReason != nil && *ch.FinishReason != "" && !cutShort(*ch.FinishReason) {
			for _, idx := range st.open {
				st.calls[idx].ended = true
				e := newEvent(resume.EventEnd, chatKey(ci, idx))
				e.Index, e.HasIndex = idx, true
				if err := out.add(e); err != nil {
					return err
				}
			}
			st.open = st.open[:0]
		}
	}
	return nil
}

// cutShort reports whether a finish_reason says the output was cut short:
// "length" (the token limit) or "content_filter". The open calls' arguments
// may then stop anywhere, even where they parse (no text at all, which a
// call would take as {}, or "10" of "100"), so they get no end signal and
// end incomplete.
func cutShort(reason string) bool { return reason == "length" || reason == "content_filter" }

func (st *chatChoice) piece(ci, pos, n int, tc chatToolCall, out *eventList) error {
	var id, name string
	if tc.ID != nil {
		id = *tc.ID
	}
	if tc.Function != nil && tc.Function.Name != nil {
		name = *tc.Function.Name
	}
	idx := pos
	switch known, seen := st.byID[id]; {
	case id != "" && seen:
		idx = known
	case tc.Index != nil:
		idx = *tc.Index
		if to, ok := st.at[idx]; ok {
			idx = to
		}
		if c := st.calls[idx]; c != nil && (st.isLegacy(idx) || id != "" && c.id != "" && c.id != id && c.other(name)) {
			idx = st.next // the index taken by another call: a new one
			st.at[*tc.Index] = idx
		}
	case id != "":
		idx = st.next
	case n == 1 && len(st.order) > 0 && !st.isLegacy(st.order[len(st.order)-1]):
		idx = st.order[len(st.order)-1]
	}
	return st.add(ci, idx, id, name, tc.Function, out)
}

// isLegacy reports whether call number idx is the deprecated
// function_call's.
func (st *chatChoice) isLegacy(idx int) bool { return st.legacy >= 0 && idx == st.legacy }

// legacyPiece adds a piece of the deprecated function_call to the
// choice's one such call, which takes a number of its own: never a tool
// call's, so that the two shapes in one stream stay apart.
func (st *chatChoice) legacyPiece(ci int, fn *chatFunction, out *eventList) error {
	if st.legacy < 0 {
		st.legacy = st.next
	}
	var name string
	if fn.Name != nil {
		name = *fn.Name
	}
	return st.add(ci, st.legacy, "", name, fn, out)
}

// says reports a function_call that names a call or brings argument
// text; an empty one ({}, or null and "" fields) starts nothing. Bad
// arguments say something: add reports them.
func (fn *chatFunction) says() bool {
	if fn == nil {
		return false
	}
	text, ok, err := argText(fn.Arguments)
	return fn.Name != nil && *fn.Name != "" || err != nil || ok && len(text) > 0
}

// add starts call number idx if it is new, and appends the piece's
// argument text to it.
func (st *chatChoice) add(ci, idx int, id, name string, fn *chatFunction, out *eventList) error {
	key := chatKey(ci, idx)
	call := st.calls[idx]
	if call == nil {
		call = &chatCall{id: id, name: name}
		st.calls[idx] = call
		st.order = append(st.order, idx)
		st.open = append(st.open, idx)
		st.next = max(st.next, idx+1)
		e := newEvent(resume.EventStart, key)
		e.ID, e.Name, e.Index, e.HasIndex = id, name, idx, true
		if err := out.add(e); err != nil {
			return err
		}
	}
	if id != "" {
		if _, ok := st.byID[id]; !ok {
			st.byID[id] = idx
		}
	}
	if call.ended || fn == nil {
		return nil
	}
	text, ok, err := argText(fn.Arguments)
	if err != nil || !ok {
		return err
	}
	if len(text) > 0 && bytes.Equal(text, call.args) && json.Valid(call.args) {
		return nil // the whole call sent again
	}
	call.args = append(call.args, text...)
	e := newEvent(resume.EventDelta, key)
	e.Index, e.HasIndex = idx, true
	e.Data = text
	return out.add(e)
}
