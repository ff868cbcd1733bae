package fuzz

import (
	"errors"
	"strconv"
	"testing"

	"github.com/deltajson/deltajson/resume"
)

// FuzzRunOnce is a handler's loop over one Set: it runs a call the moment
// it is ready and removes it. Six calls share three keys, one after
// another on each key (as the messages of a stream that numbers its
// calls from 0 again), and every third is hosted (run by the provider).
// The fuzzer picks the order of their events, and replays of what each
// call has sent, with or without its ID. Each call runs at most once, a
// hosted one never, and a call runs with exactly its arguments.
func FuzzRunOnce(f *testing.F) {
	f.Add([]byte{0, 6, 12, 18, 1, 7, 13, 19, 2, 8, 14, 20, 24, 30, 3, 9, 15, 21})
	f.Add([]byte{0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90, 96, 102})
	f.Add([]byte{2, 8, 20, 26, 38, 44, 56})     // the hosted call 2, whole: it must not run
	f.Add([]byte{0, 6, 18, 12, 24, 36, 42, 54}) // call 0 replayed part way (with its ID), then whole: it runs once
	f.Fuzz(func(t *testing.T, ops []byte) {
		const n = 6
		type script struct {
			key, id string
			hosted  bool
			events  []resume.Event
			sent    int // events sent so far
			ran     int
		}
		var calls [n]*script
		for j := range calls {
			s := &script{key: strconv.Itoa(j % 3), id: "id" + strconv.Itoa(j), hosted: j%3 == 2}
			args := `{"call":` + strconv.Itoa(j) + `,"s":"東京"}`
			start := resume.Event{Kind: resume.EventStart, Key: s.key}
			start.ID, start.Name = s.id, "f"
			s.events = append(s.events, start)
			for k := 0; k < len(args); k += 5 {
				// With its offset, so that a replay of bytes held is
				// known for one (OpenAI Responses' sequence numbers do
				// the same).
				d := resume.Event{Kind: resume.EventDelta, Key: s.key}
				d.Data, d.Offset, d.HasOffset = []byte(args[k:min(k+5, len(args))]), int64(k), true
				s.events = append(s.events, d)
			}
			s.events = append(s.events, resume.Event{Kind: resume.EventEnd, Key: s.key})
			for k := range s.events {
				s.events[k].Hosted = s.hosted
			}
			calls[j] = s
		}
		set := resume.NewSet(resume.Options{MaxCalls: 2})
		apply := func(op int, ev resume.Event, by *script) {
			c, err := set.Apply(ev)
			if c == nil || c.Status() != resume.StatusReady {
				return
			}
			if errors.Is(err, resume.ErrDuplicate) {
				t.Fatalf("op %d: a duplicate returned a ready call", op)
			}
			// The handler runs it: find whose call it is by its first ID.
			var owner *script
			for _, s := range calls {
				if s.id == c.ID() {
					owner = s
				}
			}
			switch {
			case owner == nil:
				t.Fatalf("op %d: ready call %q has no ID of ours", op, c.ID())
			case owner.hosted:
				t.Fatalf("op %d: hosted call %s ran", op, owner.id)
			case owner.ran > 0:
				t.Fatalf("op %d: call %s ran twice (event from %s)", op, owner.id, by.id)
			}
			if want := `{"call":` + owner.id[2:] + `,"s":"東京"}`; string(c.Value()) != want {
				t.Fatalf("op %d: call %s ran with %s, want %s", op, owner.id, c.Value(), want)
			}
			owner.ran++
			set.Remove(c.Key())
		}
		for i, op := range ops {
			s := calls[int(op)%n]
			// A call's key is free for it once the call before it on the
			// key has ended.
			if prev := int(op)%n - 3; prev >= 0 && calls[prev].sent < len(calls[prev].events) && s.sent == 0 {
				continue
			}
			switch op / n % 3 {
			case 0, 1: // the call's next event
				if s.sent < len(s.events) {
					apply(i, s.events[s.sent], s)
					s.sent++
				}
			case 2: // a replay of what it sent, from the start
				// With its ID on every event, anywhere; without IDs (as
				// Anthropic's deltas come) only before the next call on
				// its key starts: a Set cannot tell those from the new
				// call's own deltas.
				withID := op/(3*n)%2 == 0
				if next := int(op)%n + 3; !withID && next < n && calls[next].sent > 0 {
					continue
				}
				for _, ev := range s.events[:s.sent] {
					if ev.ID = ""; withID {
						ev.ID = s.id
					}
					apply(i, ev, s)
				}
			}
		}
	})
}
