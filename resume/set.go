package resume

import (
	"math"

	"github.com/deltajson/deltajson/internal/eventhook"
)

// Set keeps the calls of one response apart, routing each [Event] to its
// call as the package doc's "Identity" table says, under the caps of its
// [Options]. Use one Set per response; the zero Set is ready to use, and a
// Set is not safe for concurrent use.
type Set struct {
	opts  Options
	calls map[string]*Call
	order []*Call
	// What the Set remembers of calls gone (see Remove): the keys of
	// removed calls, those of them whose call had no ID, and their IDs
	// (the first and the last each had, and up to 16 between); and the
	// keys and IDs of calls refused past MaxCalls, apart so that a flood
	// of refusals cannot push the removed ones out.
	removed, removedIDs, removedNoID, refused, refusedIDs bounded
	total                                                 int64
	maxTotal                                              int64 // opts.maxTotal(), read on every delta: total may grow by maxTotal-total
	last                                                  *Call // the last event's call: events come in runs for one call
}

// NewSet returns an empty Set whose calls use opts.
func NewSet(opts Options) *Set {
	return &Set{opts: opts, calls: make(map[string]*Call), maxTotal: opts.maxTotal()}
}

// init makes the zero Set ready, as NewSet(Options{}) would.
func (s *Set) init() {
	if s.calls == nil {
		s.calls, s.maxTotal = make(map[string]*Call), s.opts.maxTotal()
	}
}

// budget is what the total cap still allows once freed bytes held now are
// let go, or -1 for no cap: the budget that Call's methods take.
func (s *Set) budget(freed int64) int64 {
	if s.maxTotal == math.MaxInt64 {
		return -1
	}
	return max(s.maxTotal-s.total+freed, 0)
}

// Apply routes ev to its call, starting one if need be, and returns the
// call, or nil if ev has none. The error is the call's (see [Call.Apply]),
// or [ErrUnknownCall], [ErrTooManyCalls], [ErrRemoved] or
// [ErrIdentityTooLong].
func (s *Set) Apply(ev Event) (*Call, error) { return s.apply(&ev) }

func init() { eventhook.Apply = (*Set).apply }

// apply is Apply, with the event passed by pointer (see
// internal/eventhook), and left as it was.
func (s *Set) apply(ev *Event) (*Call, error) {
	// The commonest event: a plain delta for the last event's call, with
	// room under the total cap. The general path below does the same with
	// it.
	if c := s.last; c != nil && ev.Kind == EventDelta && ev.ID == "" && ev.Name == "" && !ev.Hosted && !ev.Text && c.key == ev.Key {
		s.count(c) // what it took outside Apply, before the cap judges
		if int64(len(ev.Data)) <= s.maxTotal-s.total {
			err := c.Delta(ev.Data, ev.seq(), ev.offset())
			s.count(c)
			return c, err
		}
	}
	if ev.Kind < EventStart || ev.Kind > EventEnd {
		return nil, errUnknownKind(ev.Kind) // before a call is made for it
	}
	s.init()
	if len(ev.Key) > MaxIdentityBytes {
		return nil, ErrIdentityTooLong // no call can have it
	}
	if removed, refused := s.removedIDs.has(ev.ID), s.refusedIDs.has(ev.ID); removed || refused {
		// A removed (or refused) call's event, even under a key that a
		// newer call holds now: it must not rename that call, or run
		// into it. (An event with the held call's own ID is its, even if
		// a removed call had that ID too: some servers reuse IDs.)
		if c := s.calls[ev.Key]; c == nil || c.id != ev.ID {
			if refused {
				return nil, s.refuse(*ev, ErrTooManyCalls)
			}
			return nil, ErrRemoved
		}
	}
	c := s.last
	if c == nil || c.key != ev.Key {
		if c = s.calls[ev.Key]; c == nil {
			if s.removedKey(ev.Key, ev.ID) {
				return nil, ErrRemoved // else another call under the key (see Remove)
			}
			if ev.ID == "" && s.refused.has(ev.Key) {
				return nil, s.refuse(*ev, ErrTooManyCalls) // the rest of a refused call
			}
			if s.opts.RequireStart && ev.Kind != EventStart || ev.Kind == EventEnd && len(ev.Final) == 0 {
				return nil, ErrUnknownCall
			}
			if len(s.order) >= s.opts.maxCalls() {
				s.refused.add(ev.Key, maxRemembered)
				if len(ev.ID) <= MaxIdentityBytes { // no call can have a longer one
					s.refusedIDs.add(ev.ID, maxRemembered)
				}
				return nil, s.refuse(*ev, ErrTooManyCalls)
			}
			c = newCall(ev.Key, &s.opts)
			s.calls[ev.Key] = c
			s.order = append(s.order, c)
		}
		s.last = c
	}
	s.count(c)
	err := c.apply(ev, s.budget(0))
	s.count(c)
	return c, err
}

// count brings the total up to date with c's arguments after an event
// applied to it. What c holds is counted whole, so bytes it got outside
// Apply are counted here too, and neither count can go below zero.
func (s *Set) count(c *Call) {
	n := int64(len(c.args))
	s.total += n - c.counted
	c.counted = n
}

// Call returns the call with the given key, or nil. Feed a Set's calls
// through [Set.Apply]: [Call.Delta], [Call.End] and [Call.Apply] called
// on them directly are not held to [Options.MaxTotalBytes]; the bytes
// they add count from the call's next event through the Set, which the
// cap judges with them.
func (s *Set) Call(key string) *Call { return s.calls[key] }

// Calls returns the calls in the order they started, borrowed: valid until
// the next [Set.Apply] or [Set.Remove].
func (s *Set) Calls() []*Call { return s.order }

// Remove drops the call under key, once it has run, and frees its share of
// the total cap. The Set remembers its key and IDs, so that its replayed
// events give [ErrRemoved] (see the package doc's "Identity").
func (s *Set) Remove(key string) {
	if c := s.drop(key); c != nil {
		s.removed.add(key, maxRemembered)
		if c.id == "" {
			s.removedNoID.add(key, maxRemembered)
		} else {
			s.removedNoID.forget(key) // the key's last call had an ID
		}
		s.removedIDs.add(c.firstID, 2*maxRemembered)
		s.removedIDs.add(c.id, 2*maxRemembered)
		if c.x != nil {
			for _, id := range c.x.ids {
				s.removedIDs.add(id, 2*maxRemembered)
			}
		}
	}
}

// removedKey reports whether a call naming id under key, which no call
// holds, is the one removed under it (see Remove): it names no ID, or
// the call removed had none.
func (s *Set) removedKey(key, id string) bool {
	return s.removed.has(key) && (id == "" || s.removedNoID.has(key))
}

// drop drops the call with the given key, if any, and returns it.
func (s *Set) drop(key string) *Call {
	c := s.calls[key]
	if c == nil {
		return nil
	}
	delete(s.calls, key)
	if s.last == c {
		s.last = nil
	}
	for i, o := range s.order {
		if o == c {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	s.total -= c.counted
	return c
}

// bounded is a set of strings that keeps the ones added last: past its
// bound, the oldest is forgotten. The zero bounded is empty; "" is never
// a member. Up to smallBounded adds it is its fifo alone, searched in
// order, and makes no map: a Set remembers a few calls most often.
type bounded struct {
	m    map[string]uint64 // member -> the number of the add that made it one; nil while small
	fifo []boundedEntry    // the adds, oldest first
	adds uint64
}

// boundedEntry is one add: v, and its number, or 0 once v is forgotten
// (kept so only while the bounded has no map).
type boundedEntry struct {
	v string
	n uint64
}

// smallBounded is the most adds a bounded keeps without a map.
const smallBounded = 16

func (b *bounded) has(v string) bool {
	if b.m != nil {
		_, ok := b.m[v]
		return ok
	}
	for _, e := range b.fifo {
		if e.v == v && e.n != 0 {
			return true
		}
	}
	return false
}

// forget removes v, if a member. Its entry in fifo stays, and is let go
// in turn without touching a later add of v.
func (b *bounded) forget(v string) {
	if b.m != nil {
		delete(b.m, v)
		return
	}
	for i := range b.fifo {
		if b.fifo[i].v == v {
			b.fifo[i].n = 0
		}
	}
}

// add adds v, unless it is "" or a member, letting the oldest add go when
// there are max.
func (b *bounded) add(v string, max int) {
	if v == "" || b.has(v) {
		return
	}
	if len(b.fifo) >= max {
		if e := b.fifo[0]; b.m != nil && b.m[e.v] == e.n {
			delete(b.m, e.v)
		}
		b.fifo = b.fifo[1:]
	}
	if b.m == nil && len(b.fifo) >= smallBounded {
		b.m = make(map[string]uint64, 2*smallBounded)
		for _, e := range b.fifo {
			if e.n != 0 {
				b.m[e.v] = e.n
			}
		}
	}
	b.adds++
	if b.m != nil {
		b.m[v] = b.adds
	}
	if b.fifo == nil {
		b.fifo = make([]boundedEntry, 0, 8)
	}
	b.fifo = append(b.fifo, boundedEntry{v, b.adds})
}

// Finish ends the response: it abandons every call still open
// ([Call.Abandon]), and returns the [Result] of every call held, in start
// order. It makes no call ready; a ready one there was ready before and
// not removed.
func (s *Set) Finish() []Result {
	rs := make([]Result, len(s.order))
	for i, c := range s.order {
		c.Abandon()
		rs[i] = c.Result()
	}
	return rs
}

// EndAll applies an end signal without final arguments to every call in
// [Set.Pending], and returns them: the end of providers that end all
// calls at once, such as OpenAI Chat's finish_reason "tool_calls".
func (s *Set) EndAll() []*Call {
	p := s.Pending()
	for _, c := range p {
		s.Apply(Event{Kind: EventEnd, Key: c.key})
	}
	return p
}

// Pending returns the calls that still take events, neither ended nor
// abandoned, in start order.
func (s *Set) Pending() []*Call {
	var p []*Call
	for _, c := range s.order {
		if !c.over() {
			p = append(p, c)
		}
	}
	return p
}

// Restore adds the call that [Restore] makes of cp and args, in place of a
// call with the same key. A checkpoint of a removed call gives
// [ErrRemoved], as its events would.
func (s *Set) Restore(cp Checkpoint, args []byte) (*Call, error) {
	s.init()
	var freed int64
	old := s.calls[cp.c.key]
	if old != nil {
		freed = old.counted // it is replaced
	}
	if len(cp.c.key) > MaxIdentityBytes || len(cp.c.id) > MaxIdentityBytes || len(cp.c.name) > MaxIdentityBytes {
		return nil, ErrIdentityTooLong // as Apply refuses them
	}
	if old == nil || old.id != cp.c.id {
		if s.removedIDs.has(cp.c.id) || s.removedIDs.has(cp.c.firstID) || s.removedKey(cp.c.key, cp.c.id) {
			return nil, ErrRemoved // it ran, or was dropped: restored, it could run again
		}
	}
	c, err := restore(&cp, args, &s.opts, s.budget(freed))
	if c == nil {
		return nil, err
	}
	if s.calls[c.key] == nil && len(s.order) >= s.opts.maxCalls() {
		return nil, ErrTooManyCalls
	}
	s.drop(c.key) // the restored call replaces it
	s.calls[c.key] = c
	s.order = append(s.order, c)
	s.count(c)
	return c, err
}
