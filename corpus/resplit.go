package corpus

import (
	"iter"
	"slices"

	"github.com/deltajson/deltajson/resume"
)

// Resplit cuts every delta of events into pieces of at most n bytes, to
// test chunking invariance on real data (n <= 0: events unchanged). A
// piece keeps its delta's key; its Offset, when the delta had one, is
// moved along, and the delta's Seq goes with its first piece only.
//
// Resplit builds every piece at once; ResplitSeq makes them one at a time.
func Resplit(events []resume.Event, n int) []resume.Event {
	if n <= 0 {
		return events
	}
	return slices.Collect(ResplitSeq(events, n))
}

// ResplitSeq yields the events Resplit returns, one at a time: it holds no
// more than the piece it yields, however many pieces there are. A piece's
// Data is part of its delta's.
func ResplitSeq(events []resume.Event, n int) iter.Seq[resume.Event] {
	return func(yield func(resume.Event) bool) {
		for _, ev := range events {
			if n <= 0 || ev.Kind != resume.EventDelta || len(ev.Data) <= n {
				if !yield(ev) {
					return
				}
				continue
			}
			for i := 0; i < len(ev.Data); i += n {
				p := ev
				p.Data = ev.Data[i:min(i+n, len(ev.Data))]
				if ev.HasOffset {
					p.Offset = ev.Offset + int64(i)
				}
				if i > 0 {
					p.Seq, p.HasSeq = 0, false
				}
				if !yield(p) {
					return
				}
			}
		}
	}
}
