package provider

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// respDelta and respDone are Responses payloads of item id, with piece
// and args as they stand in the payload: escaped, without their quotes.
func respDelta(id, piece string, seq int) string {
	return `{"type":"response.function_call_arguments.delta","item_id":"` + id + `","output_index":0,"delta":"` +
		piece + `","obfuscation":"Qx","sequence_number":` + strconv.Itoa(seq) + `}`
}

func respDone(id, args string, seq int) string {
	return `{"type":"response.function_call_arguments.done","item_id":"` + id + `","output_index":0,"arguments":"` +
		args + `","sequence_number":` + strconv.Itoa(seq) + `}`
}

func respAdded(id string, seq int) string {
	return `{"type":"response.output_item.added","item":{"id":"` + id + `","type":"function_call","status":"in_progress","arguments":"","call_id":"call_` +
		id + `","name":"f"},"output_index":0,"sequence_number":` + strconv.Itoa(seq) + `}`
}

// respResults runs payloads through a Handler, with the end's final
// arguments read by the pieces they repeat or not (noRepeat), and
// returns each call's Result as it ended, and the first error.
func respResults(t *testing.T, payloads []string, noRepeat bool) ([]resume.Result, error) {
	t.Helper()
	var out []resume.Result
	keep := func(c *resume.Call) {
		r := c.Result()
		r.Arguments, r.Value = append([]byte(nil), r.Arguments...), append([]byte(nil), r.Value...)
		out = append(out, r)
	}
	h := NewHandler(Options{Format: FormatOpenAIResponses, OnReady: keep, OnEnd: keep})
	h.dec.noRepeat = noRepeat
	var first error
	for _, p := range payloads {
		if err := h.Payload([]byte(p)); err != nil && first == nil {
			first = err
		}
	}
	out = append(out, h.Finish()...)
	return out, first
}

// TestResponsesFinalRepeat: an end whose final arguments repeat the
// pieces as they were escaped takes the Set's bytes for them, and gives
// the same calls as one whose final arguments are decoded; a lost delta,
// another escaping, a delta the Set refused, or calls that interleave
// take the decoding.
func TestResponsesFinalRepeat(t *testing.T) {
	long := strings.Repeat(`line\n \u00e9 é \/ \"q\" `, 60) // a string's inside, over 1 KiB
	tests := []struct {
		name     string
		payloads []string
		args     string // the ready call's arguments
		mismatch bool
		repeat   bool // final is the Set's bytes
	}{{
		name:     "repeat",
		payloads: []string{respAdded("a", 1), respDelta("a", w(`{"x":`), 2), respDelta("a", w(`"\u00e9\n"}`), 3), respDone("a", w(`{"x":"\u00e9\n"}`), 4)},
		args:     `{"x":"\u00e9\n"}`, repeat: true,
	}, {
		name:     "repeat long",
		payloads: []string{respAdded("a", 1), respDelta("a", w(`{"x":"`), 2), respDelta("a", w(long), 3), respDelta("a", w(`"}`), 4), respDone("a", w(`{"x":"`+long+`"}`), 5)},
		args:     `{"x":"` + long + `"}`, repeat: true,
	}, {
		name:     "lost delta",
		payloads: []string{respAdded("a", 1), respDelta("a", w(`{"x":`), 2), respDelta("a", w(`2}`), 4), respDone("a", w(`{"x":12}`), 5)},
		args:     `{"x":12}`, mismatch: true,
	}, {
		name:     "lost delta, long",
		payloads: []string{respAdded("a", 1), respDelta("a", w(`{"x":"`), 2), respDelta("a", w(long), 3), respDone("a", w(`{"x":"`+long+`"}`), 5)},
		args:     `{"x":"` + long + `"}`, mismatch: true,
	}, {
		// The pieces escape é and / where the final arguments do not.
		name:     "escaped otherwise",
		payloads: []string{respAdded("a", 1), respDelta("a", `{\"x\":\"\u00e9\/\"}`, 2), respDone("a", `{\"x\":\"é/\"}`, 3)},
		args:     `{"x":"é/"}`,
	}, {
		name: "escaped otherwise, long",
		payloads: []string{respAdded("a", 1), respDelta("a", w(`{"x":"`+long+`"}`), 2),
			respDone("a", strings.ReplaceAll(w(`{"x":"`+long+`"}`), `é`, `\u00e9`), 3)},
		args: `{"x":"` + long + `"}`,
	}, {
		// The Set refuses the delta numbered below the last: the pieces
		// repeat the final arguments, the Set's bytes do not.
		name:     "delta refused",
		payloads: []string{respAdded("a", 1), respDelta("a", w(`{"x":`), 5), respDelta("a", w(`1}`), 4), respDone("a", w(`{"x":1}`), 6)},
		args:     `{"x":1}`, mismatch: true,
	}, {
		name: "interleaved",
		payloads: []string{respAdded("a", 1), respAdded("b", 2), respDelta("a", w(`{"x":`), 3), respDelta("b", w(`{"y":`), 4),
			respDelta("a", w(`1}`), 5), respDelta("b", w(`2}`), 6), respDone("a", w(`{"x":1}`), 7), respDone("b", w(`{"y":2}`), 8)},
		args: `{"x":1}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := respResults(t, tt.payloads, false)
			require.NoError(t, err)
			want, err := respResults(t, tt.payloads, true)
			require.NoError(t, err)
			assert.Equal(t, want, got, "the same calls, final arguments decoded or not")
			require.NotEmpty(t, got)
			assert.Equal(t, resume.StatusReady, got[0].Status)
			assert.Equal(t, tt.args, string(got[0].Value))
			assert.Equal(t, tt.mismatch, got[0].Mismatch)
			assert.True(t, got[0].Final)

			// The end event's Final is the Set's own bytes only when the
			// pieces repeat it.
			h := NewHandler(Options{Format: FormatOpenAIResponses})
			for _, p := range tt.payloads[:len(tt.payloads)-1] {
				require.NoError(t, h.Payload([]byte(p)))
			}
			done := tt.payloads[len(tt.payloads)-1]
			evs, err := h.dec.Decode([]byte(done), nil)
			require.NoError(t, err)
			require.Len(t, evs, 1)
			sc := h.Set().Call(evs[0].Key)
			require.NotNil(t, sc)
			same := len(sc.Arguments()) > 0 && len(evs[0].Final) > 0 && &sc.Arguments()[0] == &evs[0].Final[0]
			assert.Equal(t, tt.repeat, same, "Final is the Set's bytes")
		})
	}
}

// TestResponsesFinalRepeatInvalid: a payload that repeats a call's
// pieces in a string, but is not JSON elsewhere, is refused.
func TestResponsesFinalRepeatInvalid(t *testing.T) {
	long := w(strings.Repeat(`abc\n`, 300))
	payloads := []string{respAdded("a", 1), respDelta("a", w(`{"x":"`), 2), respDelta("a", long, 3), respDelta("a", w(`"}`), 4)}
	for _, bad := range []string{
		strings.TrimSuffix(respDone("a", w(`{"x":"`)+long+w(`"}`), 5), "}"),
		respDone("a", w(`{"x":"`)+long+w(`"}`), 5) + "x",
		strings.Replace(respDone("a", w(`{"x":"`)+long+w(`"}`), 5), `"sequence_number"`, `"sequence_number`, 1),
	} {
		for _, noRepeat := range []bool{false, true} {
			_, err := respResults(t, append(payloads[:len(payloads):len(payloads)], bad), noRepeat)
			assert.True(t, errors.Is(err, ErrPayload), "noRepeat %v: %v", noRepeat, err)
		}
	}
}

// w escapes s as the inside of a JSON string, as a payload holds it.
func w(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b[1 : len(b)-1])
}
