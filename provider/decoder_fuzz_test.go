package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/deltajson/deltajson/resume"
)

// fuzzFormat fuzzes one format's decoder through a Handler: data is its
// payloads, one a line. No input panics; a payload the decoder refuses
// changes no call; the same payloads decode to the same events again;
// and a ready call runs with valid JSON, or with text for a Text call.
func fuzzFormat(f *testing.F, format Format) {
	for _, s := range recordedStreams(f) {
		src := s.data
		if s.decoded != nil {
			src = s.decoded // an event-stream's frames, as {"<event>": payload} lines
		}
		var seed bytes.Buffer
		rd := NewReader(bytes.NewReader(src), ReaderOptions{})
		d := NewDecoder(FormatAuto)
		for {
			m, err := rd.Next()
			if err != nil {
				break
			}
			d.Decode(m.Data, m.Event)
			seed.Write(bytes.ReplaceAll(m.Data, []byte("\n"), []byte(" ")))
			seed.WriteByte('\n')
		}
		if d.Format() == format || format == FormatBedrock && d.Format() == FormatAnthropic {
			f.Add(seed.Bytes())
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Split(data, []byte("\n"))
		h := NewHandler(Options{Format: format, Calls: resume.Options{MaxCalls: 32, MaxTotalBytes: 1 << 20},
			OnReady: func(c *resume.Call) {
				if v := c.Value(); !c.Result().Text && !json.Valid(v) {
					t.Fatalf("%s ready with %q", c.Key(), v)
				}
			}})
		for _, line := range lines {
			before := snapshot(h.Set())
			err := h.Payload(line)
			if errors.Is(err, ErrPayload) || errors.Is(err, ErrProvider) || errors.Is(err, ErrUnknownFormat) ||
				errors.Is(err, ErrTooLarge) && !errors.Is(err, resume.ErrTotalTooLarge) && !errors.Is(err, resume.ErrTooLarge) {
				if after := snapshot(h.Set()); after != before {
					t.Fatalf("a refused payload changed the calls:\n%s\n%s", before, after)
				}
			}
		}
		h.Finish()

		// The calls are the same when an end's final arguments are
		// always decoded, not taken from the Set by the pieces they
		// repeat.
		ends := func(noRepeat bool) string {
			var out bytes.Buffer
			keep := func(c *resume.Call) {
				r := c.Result()
				fmt.Fprintf(&out, "%s %s %v %v %v %q\n", r.Key, r.Status, r.Final, r.Mismatch, r.MismatchOffset, r.Arguments)
			}
			h := NewHandler(Options{Format: format, Calls: resume.Options{MaxCalls: 32, MaxTotalBytes: 1 << 20}, OnReady: keep, OnEnd: keep})
			h.dec.noRepeat = noRepeat
			for _, line := range lines {
				fmt.Fprintf(&out, "%v\n", errKey(h.Payload(line)))
			}
			return out.String()
		}
		if a, b := ends(false), ends(true); a != b {
			t.Fatalf("final arguments by the pieces:\n%s\ndecoded:\n%s", a, b)
		}

		// The same payloads, decoded again, give the same events, and so
		// they do with no memo and no quicker.
		a, b := NewDecoder(format), NewDecoder(format)
		b.noMemo, b.noQuick = true, true
		for _, line := range lines {
			ea, erra := a.Decode(line, nil)
			ka := eventsKey(ea)
			eb, errb := b.Decode(line, nil)
			if kb := eventsKey(eb); ka != kb || fmt.Sprint(erra) != fmt.Sprint(errb) || a.Seq() != b.Seq() || a.Skipped() != b.Skipped() || a.replays != b.replays {
				t.Fatalf("decoded twice, two answers: %s (%v) / %s (%v)", ka, erra, kb, errb)
			}
		}
	})
}

// snapshot renders what a Set holds.
func snapshot(s *resume.Set) string {
	var b bytes.Buffer
	for _, c := range s.Calls() {
		r := c.Result()
		b.WriteString(r.Key + " " + r.ID + " " + r.Name + " " + r.Status.String() + " ")
		b.Write(r.Arguments)
		b.WriteByte('\n')
	}
	return b.String()
}

func eventsKey(evs []resume.Event) string {
	var b bytes.Buffer
	for _, e := range evs {
		fmt.Fprintf(&b, "%v|%s|%s|%s|%d %v|%d %v|%d %v|%v %v|", e.Kind, e.Key, e.ID, e.Name, e.Index, e.HasIndex, e.Seq, e.HasSeq, e.Offset, e.HasOffset, e.Hosted, e.Text)
		b.Write(e.Data)
		b.WriteByte('|')
		b.Write(e.Final)
		b.WriteByte('\n')
	}
	return b.String()
}

func FuzzOpenAIChat(f *testing.F)      { fuzzFormat(f, FormatOpenAIChat) }
func FuzzOpenAIResponses(f *testing.F) { fuzzFormat(f, FormatOpenAIResponses) }
func FuzzAnthropic(f *testing.F)       { fuzzFormat(f, FormatAnthropic) }
func FuzzGemini(f *testing.F)          { fuzzFormat(f, FormatGemini) }
func FuzzBedrock(f *testing.F)         { fuzzFormat(f, FormatBedrock) }
func FuzzBedrockConverse(f *testing.F) { fuzzFormat(f, FormatBedrockConverse) }
func FuzzCohere(f *testing.F)          { fuzzFormat(f, FormatCohere) }
func FuzzInteractions(f *testing.F)    { fuzzFormat(f, FormatInteractions) }
func FuzzOllama(f *testing.F)          { fuzzFormat(f, FormatOllama) }
