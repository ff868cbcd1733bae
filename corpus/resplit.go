package corpus

import "github.com/deltajson/deltajson/resume"

// Resplit cuts every delta of events into pieces of at most n bytes, to
// test chunking invariance on real data (n <= 0: events unchanged). A
// piece keeps its delta's key; its Offset, when the delta had one, is
// moved along, and the delta's Seq goes with its first piece only.
func Resplit(events []resume.Event, n int) []resume.Event {
	if n <= 0 {
		return events
	}
	var out []resume.Event
	for _, ev := range events {
		if ev.Kind != resume.EventDelta || len(ev.Data) <= n {
			out = append(out, ev)
			continue
		}
		for i := 0; i < len(ev.Data); i += n {
			p := ev
			p.Data = ev.Data[i:min(i+n, len(ev.Data))]
			if ev.Offset >= 0 {
				p.Offset = ev.Offset + int64(i)
			}
			if i > 0 {
				p.Seq = -1
			}
			out = append(out, p)
		}
	}
	return out
}
