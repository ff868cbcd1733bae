package resume_test

import (
	"github.com/deltajson/deltajson/resume"
)

// feed applies doc to c as deltas of n bytes (all of it when n <= 0) and
// returns the first error.
func feed(c *resume.Call, doc string, n int) error {
	if n <= 0 {
		n = len(doc)
	}
	var first error
	for i := 0; i < len(doc); i += n {
		if err := c.Delta([]byte(doc[i:min(i+n, len(doc))]), -1, -1); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// chunkSizes are the delta sizes every chunking test tries; 0 is whole.
var chunkSizes = []int{1, 2, 3, 5, 7, 13, 64, 0}

// resplit cuts every delta of events into pieces of n bytes (n <= 0:
// unchanged). Offsets are kept consistent.
func resplit(events []resume.Event, n int) []resume.Event {
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
				p.Seq = -1 // one event's number, on its first piece only
			}
			out = append(out, p)
		}
	}
	return out
}
