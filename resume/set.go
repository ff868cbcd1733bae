package resume

import "math"

// Set keeps the calls of one response apart by Event.Key, so that the
// interleaved deltas of parallel calls each reach their own call, and
// enforces the per-call cap, a total cap and a cap on the number of
// calls. Which call an event belongs to, and which events are replays,
// is the package doc's Identity table; an event for a key not seen before
// starts a call unless Options.RequireStart is set (ErrUnknownCall), and
// call IDs are taken as unique within a Set, so a server that reuses them
// from one response to the next needs a Set per response. The zero Set
// is ready to use, with the zero Options; a Set is not safe for
// concurrent use.
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

// Apply routes one event to its call and returns the call (nil when the
// event has none: it could not start one, or its call was removed). The
// error is the call's (see Call.Delta and Call.End), or one of the Set's:
// ErrUnknownCall, ErrTooManyCalls, ErrRemoved or ErrIdentityTooLong.
func (s *Set) Apply(ev Event) (*Call, error) {
	// The commonest event: a plain delta for the last event's call, with
	// room under the total cap. The general path below does the same with
	// it.
	if c := s.last; c != nil && ev.Kind == EventDelta && int64(len(ev.Data)) <= s.maxTotal-s.total &&
		ev.ID == "" && ev.Name == "" && !ev.Hosted && !ev.Text && c.key == ev.Key {
		err := c.Delta(ev.Data, ev.seq(), ev.offset())
		s.count(c)
		return c, err
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
				return nil, ErrTooManyCalls
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
				return nil, ErrTooManyCalls // the rest of a refused call
			}
			if s.opts.RequireStart && ev.Kind != EventStart || ev.Kind == EventEnd && len(ev.Final) == 0 {
				return nil, ErrUnknownCall
			}
			if len(s.order) >= s.opts.maxCalls() {
				s.refused.add(ev.Key, maxRemembered)
				if len(ev.ID) <= MaxIdentityBytes { // no call can have a longer one
					s.refusedIDs.add(ev.ID, maxRemembered)
				}
				return nil, ErrTooManyCalls
			}
			c = newCall(ev.Key, &s.opts)
			s.calls[ev.Key] = c
			s.order = append(s.order, c)
		}
		s.last = c
	}
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
// on them directly are not held to [Options.MaxTotalBytes] until the
// call's next event through the Set.
func (s *Set) Call(key string) *Call { return s.calls[key] }

// Calls returns the calls in the order they started. The slice is
// borrowed: valid until the next Apply or Remove.
func (s *Set) Calls() []*Call { return s.order }

// Remove drops a call, for instance once it has run, and frees its
// share of the total cap. The Set remembers the key and the call's IDs,
// so that a replay of its events is ignored with ErrRemoved and cannot
// run it again; the package doc's Identity table says which events are
// replays.
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
// a member.
type bounded struct {
	m    map[string]uint64 // member -> the number of the add that made it one
	fifo []boundedEntry    // the adds, oldest first
	adds uint64
}

type boundedEntry struct {
	v string
	n uint64
}

func (b *bounded) has(v string) bool {
	_, ok := b.m[v]
	return ok
}

// forget removes v, if a member. Its entry in fifo stays, and is let go
// in turn without touching a later add of v.
func (b *bounded) forget(v string) { delete(b.m, v) }

// add adds v, unless it is "" or a member, letting the oldest add go when
// there are max.
func (b *bounded) add(v string, max int) {
	if v == "" || b.has(v) {
		return
	}
	if b.m == nil {
		b.m = make(map[string]uint64)
	}
	if len(b.fifo) >= max {
		if e := b.fifo[0]; b.m[e.v] == e.n {
			delete(b.m, e.v)
		}
		b.fifo = b.fifo[1:]
	}
	b.adds++
	b.m[v] = b.adds
	b.fifo = append(b.fifo, boundedEntry{v, b.adds})
}

// Finish ends the response: every call that got no end signal and is
// still receiving or complete is abandoned (StatusIncomplete, see
// Call.Abandon); an invalid, too-large or rejected one keeps its status
// and error. It returns the result of every call the Set holds, in the
// order the calls started. Finish makes no call ready: one with
// StatusReady there is a call that became ready before and was not
// removed, which a handler that runs and removes ready calls as they
// come has run already.
func (s *Set) Finish() []Result {
	rs := make([]Result, len(s.order))
	for i, c := range s.order {
		c.Abandon()
		rs[i] = c.Result()
	}
	return rs
}

// EndAll applies the end signal, without final arguments, to every call
// that has not ended, in start order, and returns those calls. It is the
// end signal of providers that end all calls at once, such as OpenAI
// Chat's finish_reason (but not "length" or "content_filter", which cut
// the calls short: Finish makes them incomplete).
func (s *Set) EndAll() []*Call {
	p := s.Pending()
	for _, c := range p {
		s.Apply(Event{Kind: EventEnd, Key: c.key})
	}
	return p
}

// Pending returns the calls that still take events (no end signal yet,
// and not abandoned), in start order.
func (s *Set) Pending() []*Call {
	var p []*Call
	for _, c := range s.order {
		if !c.over() {
			p = append(p, c)
		}
	}
	return p
}

// Restore adds a call restored from a checkpoint and its argument bytes
// (see Restore). It replaces a call with the same key. A checkpoint of a
// call removed from the Set gives ErrRemoved, as its events would (see
// Remove): one whose call ID a removed call had, unless the call held
// under its key has that ID, or one under a removed key with no ID, or
// with any when the call removed under the key had none.
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
