package corpus

// NOTE: OpenAI Chat Completions chunks and the OpenAI-compatible vendors.
// The liberal rules, each seen in some vendor's stream:
//
//   - index missing: a new id starts a new call, a known id finds its call,
//     and without either the position in tool_calls is used;
//   - id and name only on the first piece; later pieces may carry null, ""
//     or the same values again;
//   - arguments may be absent, null, "", the whole text at once, or a JSON
//     object instead of a string (then its compact text is the piece);
//   - a call may be sent again at the end: a piece equal to the complete
//     arguments so far, when those are already valid JSON, is dropped, and
//     pieces for a call that has ended are ignored.
//
// finish_reason ends every call of its choice, without a Final.

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
			ToolCalls capped[chatToolCall] `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	}] `json:"choices"`
	Error json.RawMessage `json:"error"`
}

type chatToolCall struct {
	Index    *int    `json:"index"`
	ID       *string `json:"id"`
	Function *struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

type chatCall struct {
	args  []byte
	ended bool
}

// chatChoice keeps the calls of one choice in first-seen order.
type chatChoice struct {
	calls map[int]*chatCall
	order []int
	byID  map[string]int
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
		st := d.choices[ci]
		if st == nil {
			if ch.Delta == nil || len(ch.Delta.ToolCalls) == 0 {
				continue // no calls to start or end: keep no state for it
			}
			st = &chatChoice{calls: make(map[int]*chatCall), byID: make(map[string]int)}
			d.choices[ci] = st
		}
		if ch.Delta != nil {
			for j, tc := range ch.Delta.ToolCalls {
				if err := st.piece(ci, j, tc, out); err != nil {
					return err
				}
			}
		}
		if ch.FinishReason != nil && *ch.FinishReason != "" {
			for _, idx := range st.order {
				if call := st.calls[idx]; !call.ended {
					call.ended = true
					e := newEvent(resume.EventEnd, chatKey(ci, idx))
					e.Index = idx
					if err := out.add(e); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

func (st *chatChoice) piece(ci, pos int, tc chatToolCall, out *eventList) error {
	var id, name string
	if tc.ID != nil {
		id = *tc.ID
	}
	if tc.Function != nil && tc.Function.Name != nil {
		name = *tc.Function.Name
	}
	idx := pos
	switch known, seen := st.byID[id]; {
	case tc.Index != nil:
		idx = *tc.Index
	case id != "" && seen:
		idx = known
	case id != "":
		idx = len(st.order)
	}
	key := chatKey(ci, idx)
	call := st.calls[idx]
	if call == nil {
		call = &chatCall{}
		st.calls[idx] = call
		st.order = append(st.order, idx)
		e := newEvent(resume.EventStart, key)
		e.ID, e.Name, e.Index = id, name, idx
		if err := out.add(e); err != nil {
			return err
		}
	}
	if id != "" {
		if _, ok := st.byID[id]; !ok {
			st.byID[id] = idx
		}
	}
	if call.ended || tc.Function == nil {
		return nil
	}
	text, ok, err := argText(tc.Function.Arguments)
	if err != nil || !ok {
		return err
	}
	if len(text) > 0 && bytes.Equal(text, call.args) && json.Valid(call.args) {
		return nil // the whole call sent again
	}
	call.args = append(call.args, text...)
	e := newEvent(resume.EventDelta, key)
	e.Index = idx
	e.Data = text
	return out.add(e)
}
