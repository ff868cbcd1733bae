package fuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/deltajson/deltajson/resume"
	"github.com/deltajson/deltajson/tokenizer"
)

// FuzzStreamCore drives a Set with three calls through a fuzzer-chosen
// order of deltas, replays, end signals, duplicate ends and deltas after
// the end. A call is never ready before its end signal, never becomes
// ready twice, and when ready runs with exactly its arguments.
func FuzzStreamCore(f *testing.F) {
	f.Add([]byte(`東京 "quoted" \ 😀`), []byte{0, 1, 2, 0, 3, 6, 9, 12, 15, 2, 5, 8, 11, 14, 1, 4})
	for _, s := range seedTexts(f)[:200] {
		f.Add(s, []byte{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11, 14, 13, 12})
	}
	f.Fuzz(func(t *testing.T, text, ops []byte) {
		// Three calls whose arguments hold the fuzzer's bytes, as
		// strings (escaped by encoding/json) or, when they are JSON, as is.
		var args [3][]byte
		for k := range args {
			if k == 2 && tokenizer.Valid(text) {
				args[k] = text
				continue
			}
			args[k], _ = json.Marshal(map[string]any{"k": k, "text": string(text)})
		}
		keys := [3]string{"0", "1", "2"}
		set := resume.NewSet(resume.Options{})
		var sent [3]int // argument bytes sent
		var ended [3]bool
		var want [3][]byte // what the call must run with, fixed by its first end signal
		var readyOnce [3]int
		for i, op := range ops {
			k, action := int(op)%3, int(op)/3%5
			size := 1 + i%7
			ev := resume.Event{Key: keys[k], Index: k, HasIndex: true}
			switch action {
			case 0, 1: // the next delta, with its offset
				if sent[k] >= len(args[k]) {
					continue
				}
				end := min(sent[k]+size, len(args[k]))
				ev.Kind, ev.Data, ev.Offset, ev.HasOffset = resume.EventDelta, args[k][sent[k]:end], int64(sent[k]), true
				if !ended[k] {
					sent[k] = end
				}
			case 2: // a replay of bytes already sent
				if sent[k] == 0 {
					continue
				}
				from := sent[k] - min(size, sent[k])
				ev.Kind, ev.Data, ev.Offset, ev.HasOffset = resume.EventDelta, args[k][from:sent[k]], int64(from), true
			case 3, 4: // the end signal, the second time a duplicate
				ev.Kind = resume.EventEnd
				if action == 4 {
					ev.Final = args[k]
				}
			}
			before := resume.Status(0)
			if c := set.Call(keys[k]); c != nil {
				before = c.Status()
			}
			c, err := set.Apply(ev)
			// An end with no final arguments for a call no event started
			// has no call to end: refused, it is not the call's end.
			if ev.Kind == resume.EventEnd && !ended[k] && !errors.Is(err, resume.ErrUnknownCall) {
				ended[k] = true
				want[k] = args[k][:sent[k]]
				if ev.Final != nil {
					want[k] = args[k]
				}
			}
			if c == nil {
				if err == nil {
					t.Fatalf("op %d: no call and no error", i)
				}
				continue
			}
			if before == resume.StatusReady && c.Status() != resume.StatusReady {
				t.Fatalf("op %d: a ready call became %v (%v)", i, c.Status(), err)
			}
			if c.Status() != resume.StatusReady {
				continue
			}
			if before != resume.StatusReady {
				readyOnce[k]++
				if errors.Is(err, resume.ErrEnded) {
					t.Fatalf("op %d: a refused delta made the call ready", i)
				}
			}
			if readyOnce[k] > 1 {
				t.Fatalf("op %d: call %d became ready twice", i, k)
			}
			if !ended[k] {
				t.Fatalf("op %d: call %d ready before its end signal", i, k)
			}
			if r := c.Result(); !bytes.Equal(c.Value(), want[k]) && !(r.EmptyAsObject && string(c.Value()) == "{}") {
				t.Fatalf("op %d: call %d runs with %q, want %q", i, k, c.Value(), want[k])
			}
		}
	})
}

// FuzzPartialView feeds arguments in fuzzer-chosen deltas. Every partial
// view is valid JSON, and the received bytes it shows only ever grow: a
// value once shown is never retracted or changed in type.
func FuzzPartialView(f *testing.F) {
	for _, s := range seedTexts(f) {
		f.Add(s, defaultGaps)
	}
	f.Fuzz(func(t *testing.T, in, gaps []byte) {
		c := resume.NewCall("0", resume.Options{})
		var shown []byte
		prev := 0
		for _, cut := range append(Cuts(len(in), gaps), len(in)) {
			if c.Delta(in[prev:cut:cut], -1, -1) != nil {
				break
			}
			prev = cut
			// The status, error and view depend on the bytes so far, not
			// on the deltas: compare with a call that reads the prefix in
			// one delta, straight through the tokenizer (a string limit
			// turns holding back off).
			ref := resume.NewCall("0", resume.Options{Tokenizer: tokenizer.Options{MaxStringLength: 1 << 40}})
			_ = ref.Delta(in[:cut:cut], -1, -1)
			if c.Status() != ref.Status() || fmt.Sprint(c.Err()) != fmt.Sprint(ref.Err()) {
				t.Fatalf("after %d bytes: %s %v, read whole: %s %v", cut, c.Status(), c.Err(), ref.Status(), ref.Err())
			}
			if c.Status() == resume.StatusInvalid {
				break
			}
			view := c.AppendPartial(nil)
			if want := ref.AppendPartial(nil); !bytes.Equal(view, want) {
				t.Fatalf("view after %d bytes %q, read whole %q", cut, view, want)
			}
			if len(view) > 0 && !tokenizer.Valid(view) {
				t.Fatalf("view %q after %d bytes is not JSON", view, cut)
			}
			now := c.Shown()
			if !bytes.HasPrefix(now, shown) {
				t.Fatalf("view retracted: %q then %q", shown, now)
			}
			if !bytes.HasPrefix(view, now) {
				t.Fatalf("view %q does not start with the bytes it shows %q", view, now)
			}
			shown = append(shown[:0], now...)
		}
	})
}
