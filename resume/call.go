package resume

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/deltajson/deltajson/internal/dupnames"
	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// NOTE: This file is the per-call core: the argument buffer, the
// tokenizer that reads it, the status, and the end-signal and reconnect
// rules. The partial view it maintains from tokens is in view.go, path
// events in watch.go, checkpoints in checkpoint.go and logging in log.go.
//
// Every method leaves the call as it was when it returns an error, except
// that a cap passed makes the call StatusTooLarge (a terminal status, and
// the bytes that crossed the cap are not kept).

// Call is one tool call's stream state: its argument bytes and the
// tokenizer reading them. Feed it with [Call.Apply], or [Call.Delta] and
// [Call.End], and read [Call.Status] after each; make one with [NewCall],
// [Restore] or a [Set], and use it from one goroutine at a time.
type Call struct {
	// tk reads the arguments, made when first needed (see tok): a call
	// whose bytes are all held back (hold.go) needs none.
	tk   *tokenizer.Tokenizer
	args []byte
	opts *Options
	// maxArgs is opts.maxBytes(), read on every delta that is held:
	// reading it through opts cost 3-4% on deltas of 8 and 64 bytes.
	maxArgs int64

	key, id, name string
	firstID       string // the first id an event gave it (a Set remembers both)
	index         int
	hosted        bool // run by the provider: never ready (see Event.Hosted)
	text          bool // free-form input, never parsed (see Event.Text)

	status Status
	// What the end signal did, beside status, in the same word.
	ended      bool // the end signal was applied
	hasFinal   bool // ... and it carried final arguments
	emptyValue bool // ... with no argument bytes, or only whitespace, taken as {}
	mismatch   bool // the final arguments differed from the deltas
	err        error

	// The partial view (view.go): args[:viewEnd] is shown, closed by the
	// containers in stack (bit d set: the container at depth d is an
	// object) and by a quote when a string is open (inString). While
	// bytes are held, ahead tells what they add (see view).
	viewEnd  int
	stack    uint64
	inString bool

	// Bytes held back from the tokenizer (hold.go): args[holdStart:]
	// while holding, which ahead has read.
	holding bool
	// restarting says replaceArgs is reading final arguments afresh: the
	// status changes on the way are not logged, only the net change.
	restarting bool
	holdStart  int
	ahead      tokenizer.Lookahead
	quickEnd   int   // see setQuick
	tokEnd     int64 // end of the last token or piece read

	mismatchAt int64 // where, when mismatch

	// deltasLess is the delta events kept (see deltaCount) less the
	// argument bytes, so that a delta of one byte changes neither.
	// (int64: empty deltas cost no byte of the cap.)
	deltasLess int64
	replays    int32 // replayed deltas ignored
	dupEnds    int32 // end signals after the first
	others     int64 // events other than the deltas kept: see eventCount
	lastSeq    int64 // largest Event.Seq seen, or -1
	counted    int64 // len(args) when its Set last counted it (see Set.count)
	x          *extra
	spare      *[]byte // a holder for the next buffer put into argPools
}

// extra holds what only some calls need, so that the common call stays
// small: sequence bookkeeping, containers deeper than 64, path watches.
type extra struct {
	seqs    [8]seqEntry // the latest deltas with a sequence number, a ring
	nSeqs   int
	seqHead int      // the index in seqs of the oldest of them
	deep    []uint64 // container bits for depth 64 and more
	watch   watchState
	ids     []string // ids the call had between its first and its last, at most maxMiddleIDs
}

// maxMiddleIDs bounds the ids a call remembers between its first and its
// last, for a server that changes a call's id on every chunk: a Set
// remembers them all when it removes the call (see Set.Remove).
const maxMiddleIDs = 16

// seqAt returns the i-th oldest of the deltas remembered in seqs.
func (x *extra) seqAt(i int) seqEntry { return x.seqs[(x.seqHead+i)%len(x.seqs)] }

// seqEntry says where the delta with sequence number seq went.
type seqEntry struct {
	seq    int64
	off, n int64
}

// NewCall returns a call with the given key ([Event.Key]) and options,
// for a handler of one call; a [Set] makes its calls itself.
func NewCall(key string, opts Options) *Call {
	return newCall(key, &opts)
}

func newCall(key string, opts *Options) *Call {
	c := &Call{key: key, opts: opts, maxArgs: opts.maxBytes(), index: -1, lastSeq: -1}
	if n := min(int64(opts.Capacity), c.maxArgs, opts.maxTotal()); n > 0 {
		c.args = make([]byte, 0, n)
	}
	return c
}

// tok returns the call's tokenizer, made at its start if the call had
// none yet.
func (c *Call) tok() *tokenizer.Tokenizer {
	if c.tk == nil {
		c.tk = new(tokenizer.Tokenizer)
		*c.tk = tokenizer.New(c.opts.tokenizerOptions())
	}
	return c.tk
}

// Key returns the call's key within its response.
func (c *Call) Key() string { return c.key }

// ID returns the provider's call id, once an event has carried it.
func (c *Call) ID() string { return c.id }

// Name returns the tool name, once an event has carried it.
func (c *Call) Name() string { return c.name }

// Index returns the call's position in the response, or -1.
func (c *Call) Index() int { return c.index }

// markHosted marks the call as one the provider runs itself (see
// Event.Hosted), unless it has ended or is ending (as in a gate check).
func (c *Call) markHosted() {
	if !c.over() {
		c.hosted = true
	}
}

// Status returns where the call stands.
func (c *Call) Status() Status { return c.status }

// Err returns the reason for [StatusInvalid], [StatusIncomplete],
// [StatusTooLarge] and [StatusRejected], or nil.
func (c *Call) Err() error { return c.err }

// Ended reports whether the call's end signal has been applied.
func (c *Call) Ended() bool { return c.ended }

// over reports whether the call takes no more events: its end signal
// came, or Abandon gave it up (StatusIncomplete without an end).
func (c *Call) over() bool { return c.ended || c.status == StatusIncomplete }

// Arguments returns the argument text as received: the deltas joined, or
// the end signal's final arguments. It is borrowed, valid until the next
// event (a buffer the call grows out of goes to other calls), not to be
// modified, and with no room to append into.
func (c *Call) Arguments() []byte { return c.args[:len(c.args):len(c.args)] }

// emptyObject is what a call with no argument bytes runs with.
var emptyObject = []byte("{}")

// Value returns the arguments a ready call runs with, borrowed like
// [Call.Arguments]: those, or "{}" for a call that ended with none
// ([Result].EmptyAsObject). It is nil unless the call is [StatusReady].
func (c *Call) Value() []byte {
	if c.status != StatusReady {
		return nil
	}
	return c.value()
}

func (c *Call) value() []byte {
	if c.emptyValue {
		return emptyObject[:2:2]
	}
	return c.Arguments()
}

// Apply applies ev to the call whatever its Key, as [Set.Apply] would,
// recording an ID or Name it carries while the call takes events. An ID
// or Name past [MaxIdentityBytes] gives [ErrIdentityTooLong], and rejects
// the call.
func (c *Call) Apply(ev Event) error {
	if ev.Kind < EventStart || ev.Kind > EventEnd {
		return errUnknownKind(ev.Kind)
	}
	return c.apply(&ev, -1)
}

// apply applies ev, of a known kind, under budget, the bytes a Set still
// allows (-1: no cap beyond the call's own): what Call.Apply and
// Set.Apply share.
func (c *Call) apply(ev *Event, budget int64) error {
	if len(ev.ID) > MaxIdentityBytes || len(ev.Name) > MaxIdentityBytes {
		return c.identityTooLong()
	}
	// A delta or end that carries an id or name (OpenAI Chat's first
	// delta, an end that is the call's only event) says what a start
	// would, unless the call takes no more events.
	if (ev.Kind == EventStart || ev.ID != "" || ev.Name != "") && !c.over() {
		c.start(ev.ID, ev.Name, ev.index())
	} else if i := ev.index(); i >= 0 && !c.over() {
		c.index = i
	}
	if ev.Hosted {
		c.markHosted()
	}
	if ev.Text && !c.text && len(c.args) == 0 && c.deltaCount() == 0 && c.status == StatusReceiving && !c.over() {
		c.text = true
	}
	switch ev.Kind {
	case EventStart:
		if c.over() {
			return ErrDuplicate // a replayed start: the call has ended
		}
	case EventDelta:
		if budget < 0 || int64(len(ev.Data)) <= budget {
			// The total cap has nothing to say: Delta, and its quick
			// paths when the call allows them.
			return c.Delta(ev.Data, ev.seq(), ev.offset())
		}
		return c.delta(ev.Data, ev.seq(), ev.offset(), budget)
	case EventEnd:
		return c.end(ev.Final, budget)
	}
	return nil
}

// identityTooLong refuses an event that gives the call an id or name
// longer than MaxIdentityBytes, and returns ErrIdentityTooLong. The call
// cannot be run as the model meant it, so while it is still receiving or
// complete it becomes StatusRejected with that error, for good: its
// later deltas are kept but not read, and its end leaves it rejected.
// The bytes held back are read first, so that the view is whole.
func (c *Call) identityTooLong() error {
	if c.status <= StatusComplete && !c.over() {
		c.flush()
		if c.status <= StatusComplete {
			c.setStatus(StatusRejected, ErrIdentityTooLong)
		}
	}
	return ErrIdentityTooLong
}

func errUnknownKind(k EventKind) error {
	return errors.New("resume: unknown event kind " + strconv.Itoa(int(k)))
}

// noteMiddleID remembers id, one the call had between its first and its
// last, up to maxMiddleIDs.
func (c *Call) noteMiddleID(id string) {
	if c.x == nil {
		c.x = new(extra)
	}
	if len(c.x.ids) < maxMiddleIDs {
		c.x.ids = append(c.x.ids, id)
	}
}

// start records the call's id, name and index. Empty values, and an
// index below zero, leave what is known; it changes no status.
func (c *Call) start(id, name string, index int) {
	c.others++
	if id != "" {
		if c.id != "" && c.id != id && c.id != c.firstID {
			c.noteMiddleID(c.id)
		}
		c.id = id
		if c.firstID == "" {
			c.firstID = id
		}
	}
	if name != "" {
		c.name = name
	}
	if index >= 0 {
		c.index = index
	}
	c.logStart()
}

// Delta applies an [EventDelta] carrying data, with seq and offset as its
// Seq and Offset, or -1 for none. Replays, gaps and late deltas give the
// errors of the package doc's "Reconnects and restarts", and change
// nothing.
func (c *Call) Delta(data []byte, seq, offset int64) error {
	return deltaVia(c, data, seq, offset, (*Call).quickByte, (*Call).deltaRest)
}

// deltaVia is Delta, with quickByte and deltaRest passed in.
//
// NOTE: The commonest delta there is, one byte that only moves the
// Lookahead's grammar on, costs a lookup and a few stores, and a call to
// Delta cost about as much again: so Delta inlines into the handler's
// loop, and quickByte with it. The compiler inlines a function whose body
// is small, and counts a call to a function that does not inline as most
// of that, but a call to a parameter as little: so deltaVia calls
// through parameters, which Delta binds to known functions. Once
// deltaVia is inlined into Delta, and Delta into its caller, quick is
// quickByte, which is small enough to inline too (it counts no delta:
// see deltasLess). Delta is a few units under the compiler's limit:
// TestDeltaInlines holds that.
func deltaVia(c *Call, data []byte, seq, offset int64, quick func(*Call, byte) bool, rest func(*Call, []byte, int64, int64) error) error {
	// With no sequence number or offset, and room under every cap, the
	// rules for replays, gaps, the end and the caps have nothing to say
	// (see quickEnd).
	if len(data) == 1 && seq&offset < 0 && len(c.args) < c.quickEnd && quick(c, data[0]) {
		return nil
	}
	return rest(c, data, seq, offset)
}

// quickByte appends b, a delta that deltaVia found room for under
// quickEnd, and holds it, when the Lookahead takes it with Step; it
// reports whether it did. If not, nothing changed.
func (c *Call) quickByte(b byte) bool {
	// Step's one branch out, and this one, fold into deltaVia's test.
	if n := len(c.args); c.ahead.Step(b) { // n is deltaVia's: below quickEnd
		c.args = c.args[:n+1]
		c.args[n] = b
		return true
	}
	return false
}

// deltaRest is Delta for the deltas quickByte does not take.
func (c *Call) deltaRest(data []byte, seq, offset int64) error {
	// Below quickEnd the delta is appended and held (see deltaVia).
	if len(data) == 1 && seq&offset < 0 && len(c.args) < c.quickEnd {
		c.takeByte(data[0])
		if !c.ahead.Byte(data[0]) {
			c.unhold(len(c.args) - 1)
			return nil
		}
		c.noteComplete()
		return nil
	}
	// (Written out here, not in a function of its own, it saved 2% on
	// deltas of 8 bytes.)
	// A numbered delta above every number seen is no replay: the rules
	// have nothing more to say of it than of one with no number, but
	// where it went.
	if n := len(c.args); len(data) > 1 && (seq&offset < 0 || offset < 0 && seq > c.lastSeq) && n+len(data) <= c.quickEnd {
		c.args = c.args[:n+len(data)]
		copy(c.args[n:], data)
		c.deltasLess += 1 - int64(len(data))
		// Under quickEnd bytes are held already: hold's first test is
		// passed, and its Read is made here, one call fewer a delta.
		if c.ahead.Read(data) { // data is equal to args[n:], and sliced already
			c.noteComplete()
		} else {
			c.unhold(n)
		}
		if seq >= 0 {
			c.noteSeq(seq, int64(n), int64(len(data)))
		}
		return nil
	}
	return c.delta(data, seq, offset, -1)
}

// delta is Delta with budget, the bytes a Set still allows (or -1).
//
// NOTE: this is the per-delta hot path. The rules for replays, gaps and
// the end are in admit, so that a plain delta passes one test for them.
func (c *Call) delta(data []byte, seq, offset, budget int64) error {
	if offset >= 0 || seq >= 0 && seq <= c.lastSeq || c.over() || c.status == StatusTooLarge {
		var err error
		if data, err = c.admit(data, seq, offset); err != nil {
			return err
		}
	}
	if err := c.fits(len(data), budget); err != nil {
		c.others++ // a delta refused
		c.setStatus(StatusTooLarge, err)
		return err
	}
	start := len(c.args)
	c.reserve(len(data))
	if len(data) == 1 {
		c.args = append(c.args, data[0]) // no memmove call
	} else {
		c.args = append(c.args, data...)
	}
	c.deltasLess += 1 - int64(len(data))
	if seq >= 0 || c.opts.Logger != nil {
		c.noteDelta(seq, start, data)
	}
	switch {
	case c.text:
		c.viewEnd = len(c.args) // shown as it comes, never parsed
	case c.status <= StatusComplete && len(data) > 0:
		c.read(start)
	}
	return nil
}

// read holds back args[start:], a delta just appended, or feeds it.
func (c *Call) read(start int) {
	if !c.hold(c.args[start:]) {
		c.unhold(start)
		return
	}
	c.setQuick()
}

// unhold feeds the held bytes, then args[start:], the delta that could
// not be held, each as the chunk it would have been: where an invalid
// byte stops the tokenizer, the view is then the one the deltas give
// without holding back.
func (c *Call) unhold(start int) {
	c.feedHeld(start)
	if c.status <= StatusComplete {
		c.feed(c.args[start:])
	}
}

// reserve makes room for n more argument bytes (which fit the caps):
// when the buffer must grow, it takes the next of argSizes that holds
// them, from argPools, up to 32 KB (a larger object costs the heap
// more); past that it doubles, with at most 1 MB of room past the bytes
// held; and it never grows past the per-call cap. The caps count bytes
// held, not this room. A call given its size in Options.Capacity
// allocates once.
func (c *Call) reserve(n int) {
	held, need := len(c.args), len(c.args)+n
	if need <= cap(c.args) {
		return
	}
	if k := argPoolFor(cap(c.args), need); k < len(argPools) && int64(argSizes[k]) <= c.maxArgs {
		c.growPooled(k)
		return
	}
	room := min(max(cap(c.args), 512-held), 1<<20) // past need
	if need <= 32<<10 {
		room = min(room, 32<<10-need) // a small object still: above 32 KB the heap's allocation costs more
	}
	room = int(max(min(int64(room), c.maxArgs-int64(need)), 0))
	size := need + room
	if size <= 2*held {
		// A clamp above cut the doubling short; append would grow by its
		// own policy (a quarter at a time from held), past the clamp.
		grown := make([]byte, held, size)
		copy(grown, c.args)
		c.args = grown
		return
	}
	// Asked for more than twice the length, append allocates size rounded
	// up to the heap's size class and keeps the whole class as capacity,
	// where make keeps only size: a 20 KB call in 64-byte deltas grows 6
	// times instead of 7, and allocates 53 KB in all instead of 75 KB.
	grown := append(c.args[:held:held], make([]byte, size-held)...)
	c.args = grown[:held:min(int64(cap(grown)), c.maxArgs)]
}

// argSizes are the sizes of the buffers in argPools: heap size classes
// from 128 bytes to 32 KB, each half as large again as the one before,
// or a third. Small first sizes and steps finer than doubling cost a
// copy more of the bytes held, and leave the last buffer, which a call
// keeps, less room unused; the buffers between cost no allocation, once
// the pools hold them.
var argSizes = [...]int{128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768}

// argPools hold argument buffers that calls grew out of, argPools[k]
// those of argSizes[k] bytes, each in a *[]byte. A buffer a call has
// grown out of is no one's: its bytes were borrowed only until the next
// event ([Call.Arguments]), and a tokenizer never touches a chunk again
// once it has read it to its end. So the next call that grows takes it,
// in place of a new one, and a stream of a few calls allocates little
// more than their last buffers.
var argPools [len(argSizes)]sync.Pool

// argPoolFor returns the index in argPools of the least size that is
// more than capacity and at least need, or len(argPools) when that is
// past the last pool's.
func argPoolFor(capacity, need int) int {
	k := 0
	for k < len(argSizes) && (argSizes[k] <= capacity || argSizes[k] < need) {
		k++
	}
	return k
}

// growPooled moves the arguments into a buffer of argSizes[k] bytes
// from argPools, or a new one, and puts the one they leave into its
// pool, when it is of a pool's size. The holders the buffers come in
// pass from one to the next, and one left over is kept in spare.
func (c *Call) growPooled(k int) {
	var grown []byte
	p, _ := argPools[k].Get().(*[]byte)
	if p != nil {
		grown = (*p)[:0]
	} else {
		grown = make([]byte, 0, argSizes[k])
	}
	old := c.args
	c.args = append(grown, old...)
	if j := argPoolFor(0, cap(old)); j < len(argPools) && argSizes[j] == cap(old) {
		if p == nil {
			p, c.spare = c.spare, nil
		}
		if p == nil {
			p = new([]byte)
		}
		*p = old[:0]
		argPools[j].Put(p)
		return
	}
	if p != nil && c.spare == nil {
		*p, c.spare = nil, p
	}
}

// admit applies the rules for a delta placed by offset or numbered at or
// below the largest number seen, and for one after the end or the cap.
// It returns the bytes of data still to append, or the refusal.
func (c *Call) admit(data []byte, seq, offset int64) ([]byte, error) {
	held := int64(len(c.args))
	if offset >= 0 {
		switch {
		case offset > held && !c.over():
			return nil, c.refuse(&GapError{From: held, To: offset}, seq, len(data))
		case offset < held && c.over() && c.mismatch:
			// Final arguments replaced the bytes the deltas placed: the
			// delta cannot be held to them, and came before the end.
			c.replays++
			return nil, c.refuse(ErrDuplicate, seq, len(data))
		case offset < held:
			n := min(int64(len(data)), held-offset)
			if i := firstDiff(c.args[offset:offset+n], data[:n]); i >= 0 {
				return nil, c.refuse(&ReplayError{Offset: offset + int64(i)}, seq, len(data))
			}
			if n == int64(len(data)) {
				c.replays++
				return nil, c.refuse(ErrDuplicate, seq, len(data))
			}
			data = data[n:] // the held part is a replay; keep the rest
		}
	} else if seq >= 0 && seq <= c.lastSeq {
		if err := c.checkReplay(data, seq); err != nil {
			return nil, c.refuse(err, seq, len(data))
		}
		c.replays++
		return nil, c.refuse(ErrDuplicate, seq, len(data))
	}
	if c.over() {
		return nil, c.refuse(ErrEnded, seq, len(data))
	}
	if c.status == StatusTooLarge {
		return nil, c.refuse(c.err, seq, len(data))
	}
	return data, nil
}

// noteDelta remembers where a numbered delta went, and logs the delta.
func (c *Call) noteDelta(seq int64, start int, data []byte) {
	if seq >= 0 {
		c.noteSeq(seq, int64(start), int64(len(data)))
	}
	if c.opts.Logger != nil {
		c.logDelta(seq, data)
	}
}

// fits reports a cap that n more bytes would pass.
func (c *Call) fits(n int, budget int64) error {
	if int64(len(c.args))+int64(n) > c.maxArgs {
		return &limitErr{ErrTooLarge, c.maxArgs}
	}
	if budget >= 0 && int64(n) > budget {
		return &limitErr{ErrTotalTooLarge, c.opts.maxTotal()}
	}
	return nil
}

// checkReplay compares a delta replayed by sequence number with the bytes
// it delivered the first time, when that is still remembered.
func (c *Call) checkReplay(data []byte, seq int64) error {
	if c.x == nil {
		if c.ended {
			return nil // after the end anything numbered before it is a replay
		}
		return ErrOutOfOrder // no number was ever remembered, yet seq is not above the largest
	}
	for i := range c.x.nSeqs {
		e := c.x.seqAt(i)
		if e.seq != seq {
			continue
		}
		if e.off+e.n > int64(len(c.args)) {
			return nil // unreachable: replaced arguments forget their sequence numbers
		}
		n := min(e.n, int64(len(data)))
		if i := firstDiff(c.args[e.off:e.off+n], data[:n]); i >= 0 {
			return &ReplayError{Offset: e.off + int64(i)}
		}
		if int64(len(data)) != e.n {
			return &ReplayError{Offset: e.off + n}
		}
		return nil
	}
	// Every number since the oldest remembered is known, so one that is
	// not among them was never applied; after the end signal (whose final
	// arguments may have made the call forget them) it is a replay.
	if x := c.x; !c.ended && (x.nSeqs < len(x.seqs) || seq > x.seqAt(0).seq) {
		return ErrOutOfOrder
	}
	return nil // too old to check; still a replay by its number
}

func (c *Call) noteSeq(seq, off, n int64) {
	c.lastSeq = max(c.lastSeq, seq) // a delta placed by offset may come with an older number
	if c.x == nil {
		c.x = new(extra)
	}
	x := c.x
	if x.nSeqs < len(x.seqs) {
		x.seqs[(x.seqHead+x.nSeqs)%len(x.seqs)] = seqEntry{seq, off, n}
		x.nSeqs++
		return
	}
	x.seqs[x.seqHead] = seqEntry{seq, off, n} // in place of the oldest
	x.seqHead = (x.seqHead + 1) % len(x.seqs)
}

// firstDiff returns the first index where a and b (of equal length)
// differ, or -1.
func firstDiff(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return len(a)
}

// feed reads chunk, the bytes just appended to args, token by token.
// NOTE: this is the per-delta hot path; it must not allocate.
func (c *Call) feed(chunk []byte) {
	tk := c.tok()
	if err := tk.Feed(chunk); err != nil {
		c.setStatus(StatusInvalid, err) // unreachable: every chunk is read to its end
		return
	}
	for {
		tok, err := tk.Next()
		if err != nil {
			if err != tokenizer.ErrNeedMore && err != io.EOF {
				c.setStatus(StatusInvalid, err)
			}
			break
		}
		c.token(tok)
	}
	if c.status == StatusReceiving && tk.Status() == tokenizer.StatusComplete {
		c.setStatus(StatusComplete, nil)
	}
}

// End applies an [EventEnd] whose Final is final, nil, empty or only
// whitespace for none (a text call's text is its own), and the call
// leaves [StatusReceiving] and [StatusComplete] for good. The package
// doc's "End signals" says how final arguments meet the deltas.
func (c *Call) End(final []byte) error { return c.end(final, -1) }

func (c *Call) end(final []byte, budget int64) error {
	c.others++
	if len(final) == 0 {
		final = nil // no argument text (see End)
	}
	if c.over() {
		c.dupEnds++
		c.logDuplicateEnd()
		return ErrDuplicate
	}
	if c.text {
		return c.endText(final, budget)
	}
	if final != nil && jsonwire.SkipSpace(final, 0) == len(final) {
		final = nil // whitespace is no arguments: the deltas stand
	}
	if c.holding && c.ahead.Complete() && c.status == StatusComplete && (final == nil || bytes.Equal(final, c.args)) {
		// The Lookahead that held the bytes back has read the whole value
		// and found it valid. The tokenizer would only agree; it reads
		// them if something asks for its state later (a checkpoint, a
		// pointer). quickEnd goes with the end, before the check runs: a
		// check may call the call's own methods.
		c.ended, c.hasFinal, c.quickEnd = true, final != nil, 0
		c.logEnd()
		c.gate()
		return nil
	}
	c.flush()
	if final != nil && !bytes.Equal(final, c.args) && c.status != StatusTooLarge && c.status != StatusRejected {
		if err := c.fits(len(final)-len(c.args), budget); err != nil {
			c.ended = true
			c.logEnd()
			c.setStatus(StatusTooLarge, err)
			c.logResult()
			return err
		}
		c.replaceArgs(final)
	}
	c.ended, c.hasFinal = true, final != nil
	c.logEnd()
	switch c.status {
	case StatusReceiving, StatusComplete:
	default:
		c.logResult()
		return nil
	}
	tk := c.tok()
	if c.status == StatusReceiving && !tk.Begun() { // nothing but whitespace read
		c.emptyValue = true
		c.gate()
		return nil
	}
	tk.Close()
	for {
		tok, err := tk.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *tokenizer.SyntaxError
			if errors.As(err, &se) && errors.Is(se.Err, io.ErrUnexpectedEOF) {
				c.setStatus(StatusIncomplete, err)
			} else {
				c.setStatus(StatusInvalid, err)
			}
			c.logResult()
			return nil
		}
		c.token(tok) // a top-level number ends only here
	}
	c.gate()
	return nil
}

// endText is end for a Text call: final, when given, replaces the text,
// and the call is ready unless the gate refuses it.
func (c *Call) endText(final []byte, budget int64) error {
	if final != nil && !bytes.Equal(final, c.args) && c.status == StatusReceiving {
		if err := c.fits(len(final)-len(c.args), budget); err != nil {
			c.ended = true
			c.logEnd()
			c.setStatus(StatusTooLarge, err)
			c.logResult()
			return err
		}
		c.noteMismatch(final)
		c.deltasLess -= int64(len(final) - len(c.args)) // no delta brought them
		c.args = append(c.args[:0], final...)
		c.viewEnd = len(c.args)
	}
	c.ended, c.hasFinal = true, final != nil
	c.logEnd()
	if c.status != StatusReceiving {
		c.logResult()
		return nil
	}
	c.gate()
	return nil
}

// replaceArgs makes final the arguments. When the deltas were a prefix
// of it only the rest is read; else the call starts over on final, and
// the partial view may change (Result reports the mismatch).
func (c *Call) replaceArgs(final []byte) {
	n := len(c.args)
	c.noteMismatch(final)
	c.deltasLess -= int64(len(final) - n) // no delta brought them
	if bytes.HasPrefix(final, c.args) && c.status <= StatusComplete {
		c.args = append(c.args, final[n:]...)
		c.feed(c.args[n:])
		return
	}
	c.args = append(c.args[:0], final...)
	if c.x != nil {
		c.x.nSeqs = 0 // their offsets were into the old arguments
	}
	c.tok().Reset(c.opts.tokenizerOptions())
	c.viewEnd, c.stack, c.inString, c.tokEnd = 0, 0, false, 0
	old := c.status
	c.status, c.err = StatusReceiving, nil
	c.resetWatches()
	c.restarting = true
	c.feed(c.args)
	c.restarting = false
	if c.status != old {
		c.logStatus(old)
	}
}

// noteMismatch records where final, the end signal's arguments, first
// differs from the deltas held, when deltas came.
func (c *Call) noteMismatch(final []byte) {
	if n := len(c.args); c.deltaCount() > 0 || n > 0 {
		c.mismatch = true
		c.mismatchAt = int64(min(n, len(final)))
		if i := firstDiff(c.args[:c.mismatchAt], final[:c.mismatchAt]); i >= 0 {
			c.mismatchAt = int64(i)
		}
	}
}

// gate runs the check on a whole, valid, ended call and makes it ready
// or rejected.
func (c *Call) gate() {
	if err := c.refusal(); err != nil {
		c.setStatus(StatusRejected, err)
	} else {
		c.setStatus(StatusReady, nil)
	}
	c.logResult()
}

// refusal is the ready gate's reason to reject a whole, valid, ended
// call, in the order the gate asks: hosted, not an object, a name twice,
// the check; or nil. A rule the options lift costs nothing.
func (c *Call) refusal() error {
	v := c.value()
	switch {
	case c.hosted:
		return ErrHosted
	case c.text:
	case !c.opts.AllowAnyValue && notObject(v) != nil:
		return ErrNotObject
	case !c.opts.AllowDuplicateNames:
		if err := duplicateName(v); err != nil {
			return err
		}
	}
	if c.opts.Check != nil {
		return c.runCheck()
	}
	return nil
}

// notObject returns ErrNotObject unless v, a whole value, is a JSON
// object.
func notObject(v []byte) error {
	if i := jsonwire.SkipSpace(v, 0); i == len(v) || v[i] != '{' {
		return ErrNotObject
	}
	return nil
}

// duplicateName returns a *DuplicateNameError if v, a whole valid value,
// has an object with the same name twice; else nil.
func duplicateName(v []byte) error {
	if d, dup := dupnames.Find(v, nil); dup {
		return &DuplicateNameError{Offset: d.Offset, Pointer: d.Pointer, Name: d.Name}
	}
	return nil
}

func (c *Call) runCheck() (err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok {
				e = fmt.Errorf("%v", r)
			}
			err = &CheckError{Err: e, Panicked: true}
		}
	}()
	if e := c.opts.Check(c, c.value()); e != nil {
		return &CheckError{Err: e}
	}
	return nil
}

// Abandon makes a receiving or complete call whose stream stopped without
// an end signal [StatusIncomplete], with an error wrapping [ErrNoEnd], and
// reports whether it did. The call then takes no more events, as after an
// end signal.
func (c *Call) Abandon() bool {
	if c.ended || c.status > StatusComplete {
		return false
	}
	c.abandon()
	return true
}

// abandon makes the call incomplete, with the tokenizer's reason.
func (c *Call) abandon() {
	c.flush()
	var cause error
	if c.status == StatusReceiving {
		tk := *c.tok() // a copy: the call itself stays resumable
		tk.Close()
		for {
			if _, err := tk.Next(); err != nil {
				if err != io.EOF {
					cause = err
				}
				break
			}
		}
	}
	c.setStatus(StatusIncomplete, &noEndErr{cause})
	c.logResult()
}

// eventCount is the number of events applied, which the log numbers its
// records by: the deltas kept, counted for Result, and the others. A delta
// taken under quickEnd so counts once, not twice.
func (c *Call) eventCount() int64 { return c.deltaCount() + c.others }

// deltaCount is the number of delta events kept.
func (c *Call) deltaCount() int64 { return c.deltasLess + int64(len(c.args)) }

// refuse logs an event that changed nothing and returns its error.
func (c *Call) refuse(err error, seq int64, n int) error {
	c.others++ // a delta refused
	c.logRefused(err, seq, n)
	return err
}

func (c *Call) setStatus(s Status, err error) {
	if s > StatusComplete {
		c.quickEnd = 0 // nothing more is taken: every end signal leads here
	}
	old := c.status
	c.status, c.err = s, err
	if old != s && !c.restarting {
		c.logStatus(old)
	}
}

// Result is a call's outcome, as [Call.Result] and [Set.Finish] give it.
type Result struct {
	// Key, ID, Name and Index are the call's ([Call.Key] and the rest).
	Key, ID, Name string
	Index         int
	Hosted        bool // run by the provider ([Event.Hosted])
	Text          bool // free-form input, not JSON ([Event.Text])
	// Status is where the call stood when Result was taken.
	Status Status
	// Err is [Call.Err].
	Err error
	// Arguments and Value are [Call.Arguments] and [Call.Value], borrowed
	// from the call.
	Arguments, Value []byte
	// Ended says the end signal was applied ([Call.Ended]); Final that it
	// carried final arguments.
	Ended, Final bool
	// EmptyAsObject says the call ended with no argument bytes, or only
	// whitespace, and runs with "{}".
	EmptyAsObject bool
	// Mismatch says the final arguments differed from the deltas;
	// MismatchOffset is the first offset where they differ (the length of
	// the shorter when one is a prefix of the other).
	Mismatch       bool
	MismatchOffset int64
	// Deltas counts the deltas kept, Replays the replayed deltas ignored,
	// DuplicateEnds the end signals after the first.
	Deltas, Replays, DuplicateEnds int
}

// Result returns the call's outcome so far.
func (c *Call) Result() Result {
	return Result{
		Key: c.key, ID: c.id, Name: c.name, Index: c.index, Hosted: c.hosted, Text: c.text,
		Status: c.status, Err: c.err,
		Arguments: c.Arguments(), Value: c.Value(),
		Ended: c.ended, Final: c.hasFinal, EmptyAsObject: c.emptyValue,
		Mismatch: c.mismatch, MismatchOffset: c.mismatchAt,
		Deltas: int(c.deltaCount()), Replays: int(c.replays), DuplicateEnds: int(c.dupEnds),
	}
}
