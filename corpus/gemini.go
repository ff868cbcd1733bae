package corpus

// NOTE: Gemini and Vertex generateContent chunks. A functionCall with whole
// args becomes Start + End, Final being the compact text of args exactly as
// sent (json.Compact, so key order and escapes are kept). Key and Index are
// the call's ordinal in the stream. With candidateCount > 1, the
// candidates are other answers to the same turn, of which a handler acts
// on one: the calls of any candidate but the first are left out.
//
// Vertex streamFunctionCallArguments sends a call in pieces instead: a
// functionCall with name and willContinue, then partialArgs entries
// (jsonPath, and stringValue / numberValue / boolValue / nullValue, string
// values arriving in several pieces), closed by a functionCall without
// willContinue (usually empty), by the next named call (whole or streamed)
// or by the candidate's finishReason STOP (any other, such as MAX_TOKENS,
// says the output was cut short, and the call gets no end signal: values
// cut short still make a whole object). These pieces carry values, not JSON text,
// so no faithful text deltas exist: the reader assembles the object, in
// first-seen key order, and sends it as the Final of the End. See
// partialargs.go.

import (
	"encoding/json"
	"strconv"

	"github.com/deltajson/deltajson/resume"
)

type geminiChunk struct {
	Candidates capped[struct {
		Content *struct {
			Parts capped[struct {
				FunctionCall *geminiCall `json:"functionCall"`
			}] `json:"parts"`
		} `json:"content"`
		FinishReason string `json:"finishReason"`
		Index        int    `json:"index"`
	}] `json:"candidates"`
	Error json.RawMessage `json:"error"`
}

type geminiCall struct {
	ID           string             `json:"id"`
	Name         string             `json:"name"`
	Args         json.RawMessage    `json:"args"`
	PartialArgs  capped[partialArg] `json:"partialArgs"`
	WillContinue bool               `json:"willContinue"`
}

// geminiDecoder reads the first candidate's calls (see above).
type geminiDecoder struct {
	n    int         // calls seen
	open *partialObj // the call being streamed in pieces, if any
	at   int         // the open call's ordinal, its key
	left treeBudget  // what is left of the stream's partialArgs budget
}

func newGeminiDecoder() *geminiDecoder { return &geminiDecoder{left: newTreeBudget()} }

func (d *geminiDecoder) decode(p payload, out *eventList) error {
	var c geminiChunk
	if err := unmarshalPayload(p, &c); err != nil {
		return err
	}
	if err := providerError(c.Error); err != nil {
		return err
	}
	for _, cand := range c.Candidates {
		if cand.Index != 0 {
			continue // another answer to the same turn (see above)
		}
		if cand.Content != nil {
			for _, part := range cand.Content.Parts {
				if fc := part.FunctionCall; fc != nil {
					if err := d.call(fc, out); err != nil {
						return err
					}
				}
			}
		}
		if cand.FinishReason == "STOP" && d.open != nil {
			// The candidate is done: a call still streamed in pieces
			// gets its end, with what came.
			if err := d.close(out); err != nil {
				return err
			}
		}
	}
	return nil
}

func (d *geminiDecoder) call(fc *geminiCall, out *eventList) error {
	streamed := fc.WillContinue || len(fc.PartialArgs) > 0
	if d.open != nil && fc.Name != "" && len(fc.PartialArgs) == 0 {
		// A named call, whole or the first of its pieces, starts while one
		// is open: it is a new call, not the open one's closer.
		if err := d.close(out); err != nil {
			return err
		}
	}
	if d.open == nil {
		if !streamed && fc.Name == "" && len(fc.Args) == 0 {
			return nil // a lone closer
		}
		key := strconv.Itoa(d.n)
		e := newEvent(resume.EventStart, key)
		e.ID, e.Name, e.Index, e.HasIndex = fc.ID, fc.Name, d.n, true
		d.n++
		if err := out.add(e); err != nil {
			return err
		}
		if !streamed {
			end := newEvent(resume.EventEnd, key)
			end.Index, end.HasIndex = e.Index, true
			if len(fc.Args) > 0 && string(fc.Args) != "null" {
				end.Final = compact(fc.Args)
			}
			return out.add(end)
		}
		d.open, d.at = newPartialObj(), e.Index
	}
	for _, pa := range fc.PartialArgs {
		if err := d.open.apply(pa, &d.left); err != nil {
			return err
		}
	}
	if !fc.WillContinue {
		return d.close(out)
	}
	return nil
}

func (d *geminiDecoder) close(out *eventList) error {
	e := newEvent(resume.EventEnd, strconv.Itoa(d.at))
	e.Index, e.HasIndex = d.at, true
	e.Final = d.open.json()
	d.open = nil
	return out.add(e)
}
