package provider

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/deltajson/deltajson/internal/eventhook"
	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/resume"
)

// Options configure a [Handler]. The zero value reads any format, with
// resume's default caps.
type Options struct {
	// Format is the stream's wire format; FormatAuto tells it from the
	// first payload that names one.
	Format Format
	// Calls are the options of the [resume.Set] that holds the calls: its
	// caps, the gate check, the argument buffer's Capacity. Before the
	// gate check, a call with no name is rejected with [ErrNoName].
	Calls resume.Options
	// Reader configures the [Reader] that [Handler.ReadFrom] reads a body
	// with.
	Reader ReaderOptions
	// OnStart, when set, is called as a call starts, before any of its
	// argument bytes: the place to set a [resume.Call.Watch].
	OnStart func(*resume.Call)
	// OnReady is called once for each call that is ready to run: its end
	// signal came, its arguments are whole and valid, and the gate passed
	// them. Run the call here, or queue it. The Handler then removes the
	// call from its Set, so that a replay of it (see the package doc's
	// Reconnects) is not ready again.
	OnReady func(*resume.Call)
	// Ledger, when set, is claimed for each ready call, under its
	// [Handler.ClaimID] and the digest of its name and value, before
	// OnReady: OnReady then sees only the calls whose claim was the first,
	// in this process or any other that shares the store, and the Handler
	// marks nothing done: record the outcome with the store's Done or Fail
	// under the same ID.
	Ledger ledger.Store
	// ClaimID, when set, gives the ID a ready call is claimed under in
	// the Ledger, in place of [Decoder.ClaimID]'s: for a provider that
	// names neither its responses nor its calls, an ID of the caller's
	// own, such as its request's, with the call's key.
	ClaimID func(c *resume.Call) string
	// OnNotClaimed, when set, is called for each ready call that the
	// Ledger did not let run: claimed before (ledger.VerdictSeen), claimed
	// with other arguments (VerdictConflict), a call with no claim ID, or
	// the store's error (err). Never run such a call. Without it, a store
	// error or a call with no claim ID is the error of the payload that
	// made the call ready.
	OnNotClaimed func(c *resume.Call, v ledger.Verdict, err error)
	// OnEnd, when set, is called once for each call whose end signal came
	// and that is not ready: invalid, incomplete, too large, or rejected
	// (a call the provider runs itself is rejected with ErrHosted, one
	// with no name with [ErrNoName]). The Handler then removes the call.
	// Never run such a call.
	OnEnd func(*resume.Call)
}

// A Handler follows the tool calls of one provider stream, payload by
// payload, and says when each starts, when it is ready to run, and which
// never finished: feed it an SDK's raw event payloads with
// [Handler.Payload], or a whole HTTP body with [Handler.ReadFrom], then
// call [Handler.Finish] when the stream stops. It owns a [Decoder] and a
// [resume.Set]; it is not safe for concurrent use. A hook may call
// Finish, but input from a hook fails with [ErrInHook].
type Handler struct {
	opts    Options
	dec     *Decoder
	set     *resume.Set
	lastID  []byte
	hasID   bool
	seq     int64
	replays int64
	// gone holds the keys whose start was a replay of a call that ran:
	// their deltas and end are the replay's too, though they name no ID.
	gone     map[string]bool
	cr       countingReader
	finished bool // Finish was called: no more input
	decoding bool // message is applying the events of a Decode, whose hooks may call Finish
	// After Finish, dec is nil (back in decoderPool), and fin holds what
	// the Handler's methods read of it.
	fin struct {
		format           Format
		skipped, replays int64
		resp             []byte
		respBuf          [64]byte
	}
}

// NewHandler returns a Handler for one stream.
func NewHandler(opts Options) *Handler {
	calls, check := opts.Calls, opts.Calls.Check
	calls.Check = named
	if check != nil {
		calls.Check = func(c *resume.Call, args []byte) error {
			if err := named(c, args); err != nil {
				return err
			}
			return check(c, args)
		}
	}
	h := &Handler{opts: opts, dec: pooledDecoder(opts.Format), set: resume.NewSet(calls), seq: -1}
	h.dec.set = h.set
	return h
}

// setApply is resume.Set.Apply with the event passed by pointer, not
// copied (see internal/eventhook).
var setApply = eventhook.Apply.(func(*resume.Set, *resume.Event) (*resume.Call, error))

// named is the Handler's gate check: a call with no name cannot run.
func named(c *resume.Call, _ []byte) error {
	if c.Name() == "" {
		return ErrNoName
	}
	return nil
}

// Payload handles one event payload (an SSE data line's JSON, or an SDK's
// RawJSON) and runs the hooks for the calls it starts and ends. It returns
// an [*Error] only when the stream is broken: a payload that is not JSON,
// not of its format's shape, or the provider's error (no call changes), or
// an event the [resume.Set] refuses (the payload's other events still
// apply). Then stop reading, and call [Handler.Finish]. What a call's
// status records (too large, a delta after its end) and replays are no
// error.
func (h *Handler) Payload(p []byte) error { return h.Message(Message{Data: p, Offset: -1}) }

// Message handles one message of a [Reader], as [Handler.Payload] does
// its Data; its Event names Bedrock ConverseStream's events, and its ID
// is remembered for [Handler.LastEventID].
func (h *Handler) Message(m Message) error { return h.message(&m) }

// message is Message, with the message passed by reference.
func (h *Handler) message(m *Message) error {
	if h.finished {
		return &Error{Offset: m.Offset, Line: m.Line, Err: ErrFinished}
	}
	if h.decoding { // the events the hook came from are the Decoder's
		return &Error{Offset: m.Offset, Line: m.Line, Err: ErrInHook}
	}
	evs, err := h.dec.Decode(m.Data, m.Event)
	if err != nil {
		return &Error{Offset: m.Offset, Line: m.Line, Err: err}
	}
	var first error
	h.decoding = true
	for i := range evs {
		var err error
		if h.gone == nil && h.opts.OnStart == nil { // then apply is applyOne, with no call new (an event may set gone)
			_, err = h.applyOne(&evs[i], false)
		} else {
			err = h.apply(&evs[i])
		}
		if err != nil && first == nil && !recorded(err) {
			first = &Error{Offset: m.Offset, Line: m.Line, Err: err}
		}
	}
	h.decoding = false
	if m.ID != nil {
		h.lastID, h.hasID = append(h.lastID[:0], m.ID...), true
	}
	if s := h.dec.Seq(); s >= 0 {
		h.seq = s
	}
	if h.finished && !h.decoding { // a hook called Finish
		h.releaseDecoder()
	}
	return first
}

// Apply handles one event built by hand, for an SDK that hands out typed
// events and no raw JSON (Bedrock's ConverseStream in aws-sdk-go-v2): the
// hooks run for it as for a decoded payload's, and it returns what
// [Handler.Payload] would. The zero Event does nothing, and neither does
// an end with no final arguments for a key with no call, such as a text
// block's stop.
func (h *Handler) Apply(ev resume.Event) error {
	if h.finished {
		return &Error{Offset: -1, Err: ErrFinished}
	}
	if ev.Kind == 0 || ev.Kind == resume.EventEnd && len(ev.Final) == 0 && h.set.Call(ev.Key) == nil {
		return nil
	}
	if err := h.apply(&ev); err != nil && !recorded(err) {
		return &Error{Offset: -1, Err: err}
	}
	return nil
}

// apply applies one event, and calls the hooks.
func (h *Handler) apply(ev *resume.Event) error {
	if h.gone != nil && h.gone[ev.Key] {
		if ev.Kind != resume.EventStart {
			h.replays++
			return nil
		}
		delete(h.gone, ev.Key) // a start: a new call, or the replay again
	}
	isNew := h.opts.OnStart != nil && h.set.Call(ev.Key) == nil // only OnStart asks
	if isNew && ev.Kind != resume.EventStart && h.starts(ev) {
		// Start the call on its own first, so that OnStart sees it
		// before any byte.
		st := resume.Event{Kind: resume.EventStart, Key: ev.Key, ID: ev.ID, Name: ev.Name,
			Index: ev.Index, HasIndex: ev.HasIndex, Hosted: ev.Hosted, Text: ev.Text}
		if c, err := h.applyOne(&st, true); c == nil {
			return err
		}
		isNew = false
	}
	_, err := h.applyOne(ev, isNew)
	return err
}

// starts reports whether ev, not a start, would start a call under a key
// the Set does not hold: a delta does, unless the Set wants a start; an
// end does only with final arguments.
func (h *Handler) starts(ev *resume.Event) bool {
	if h.opts.Calls.RequireStart {
		return false
	}
	return ev.Kind == resume.EventDelta || ev.Kind == resume.EventEnd && len(ev.Final) > 0
}

func (h *Handler) applyOne(ev *resume.Event, isNew bool) (*resume.Call, error) {
	c, err := setApply(h.set, ev)
	if err != nil && (errors.Is(err, resume.ErrDuplicate) || errors.Is(err, resume.ErrRemoved)) {
		h.replays++
		if c == nil && ev.Kind == resume.EventStart {
			// A removed call's start under a key of its own (Anthropic
			// numbers a replayed message's blocks anew): the rest of
			// the key's events are the replay's.
			if h.gone == nil || len(h.gone) >= MaxCalls {
				h.gone = make(map[string]bool)
			}
			h.gone[ev.Key] = true
		}
		return c, nil
	}
	if c == nil {
		return nil, err
	}
	if isNew && h.opts.OnStart != nil {
		h.opts.OnStart(c)
	}
	if c.Ended() {
		if derr := h.done(c); err == nil {
			err = derr
		}
	}
	return c, err
}

// done calls the hook for a call whose end came, and removes it. Its
// error is the Ledger's, when no OnNotClaimed takes it.
func (h *Handler) done(c *resume.Call) error {
	var err error
	if c.Status() == resume.StatusReady {
		var ok bool
		if ok, err = h.claim(c); ok && h.opts.OnReady != nil {
			h.opts.OnReady(c)
		}
	} else if h.opts.OnEnd != nil {
		h.opts.OnEnd(c)
	}
	h.set.Remove(c.Key())
	return err
}

// claim claims ready call c in the Ledger, if there is one, and reports
// whether c may run; the error is one no OnNotClaimed took.
func (h *Handler) claim(c *resume.Call) (bool, error) {
	if h.opts.Ledger == nil {
		return true, nil
	}
	var v ledger.Verdict
	err := errNoID
	if id := h.ClaimID(c); id != "" {
		v, _, err = h.opts.Ledger.Claim(context.Background(), id, ledger.DigestOf(c.Name(), c.Value()))
	}
	switch {
	case err == nil && v == ledger.VerdictClaimed:
		return true, nil
	case h.opts.OnNotClaimed != nil:
		h.opts.OnNotClaimed(c, v, err)
	case err != nil:
		return false, fmt.Errorf("call %s not claimed: %w", c.Key(), err)
	}
	return false, nil
}

// ClaimID returns the ID that [Options.Ledger] claims call c under: the
// one [Options.ClaimID] gives, else [Decoder.ClaimID]'s. It is "" when
// there is none: such a call is not claimed, and never runs.
func (h *Handler) ClaimID(c *resume.Call) string {
	if h.opts.ClaimID != nil {
		return h.opts.ClaimID(c)
	}
	if h.dec == nil {
		return claimID(h.fin.resp, c)
	}
	return h.dec.ClaimID(c)
}

// errNoID is the reason a call with no claim ID is not claimed.
var errNoID = errors.New("provider: a call with no claim ID (no call or response ID) cannot be claimed in a ledger: set Options.ClaimID")

// ReadFrom reads a raw stream body (SSE, JSON lines, a JSON array or an
// AWS event-stream) and handles each message as its bytes arrive, until
// the body ends or fails; it returns the bytes read. It stops at the
// first error of the body (a cut, a cap, a bad frame) or of a message
// (see [Handler.Payload]). A body that stalls blocks in its
// Read: cancel the request's context to end it. Call [Handler.Finish]
// after it, unless you reconnect (see the package doc's Reconnects).
func (h *Handler) ReadFrom(r io.Reader) (int64, error) {
	if h.decoding {
		return 0, &Error{Err: ErrInHook}
	}
	cr := &h.cr
	cr.r, cr.n = r, 0
	// The messages that Message gets alias rd's buffer, and nothing
	// keeps them past it (the Decoder copies what it keeps): rd goes
	// back to the pool when ReadFrom returns.
	rd := pooledReader(cr, h.opts.Reader)
	defer func() { cr.r = nil; rd.release() }()
	var m Message
	for {
		err := rd.next(&m)
		if err == io.EOF {
			h.keepID(rd)
			return cr.n, nil
		}
		if err != nil {
			return cr.n, err
		}
		if err := h.message(&m); err != nil {
			return cr.n, err
		}
		if m.ID == nil { // Message took an id the message had
			h.keepID(rd)
		}
	}
}

// keepID takes the Reader's SSE last event ID, which an id field sets
// even in an event with no data, once the stream has sent one.
func (h *Handler) keepID(rd *Reader) {
	if rd.sse.anyID {
		h.lastID, h.hasID = append(h.lastID[:0], rd.sse.lastID...), true
	}
}

// recorded reports whether err, from a call's event, is one that the
// call's status records, or that leaves the call as it was, and needs no
// stop.
func recorded(err error) bool {
	var gap *resume.GapError
	var replay *resume.ReplayError
	switch {
	case errors.Is(err, resume.ErrTooLarge), errors.Is(err, resume.ErrTotalTooLarge),
		errors.Is(err, resume.ErrEnded), errors.Is(err, resume.ErrOutOfOrder),
		errors.As(err, &gap), errors.As(err, &replay):
		return true
	}
	return false
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// Finish ends the stream: each call still held, which never got its end
// signal (the stream was cut, or said its output was cut short), becomes
// incomplete and is returned, and is never ready. Call it once the stream
// is over for good, however it stopped, and not before a reconnect into
// the same Handler: after Finish the Handler takes no more input, and
// fails with [ErrFinished].
func (h *Handler) Finish() []resume.Result {
	h.finished = true
	res := h.set.Finish()
	if !h.decoding { // else message releases it, done with its events
		h.releaseDecoder()
	}
	return res
}

// releaseDecoder keeps what the Handler's methods read of its Decoder,
// which decodes no more, and puts it back into decoderPool.
func (h *Handler) releaseDecoder() {
	if d := h.dec; d != nil {
		h.fin.format, h.fin.skipped, h.fin.replays = d.format, d.skipped, d.replays
		h.fin.resp = append(h.fin.respBuf[:0], d.resp...)
		h.dec = nil
		d.release()
	}
}

// Set returns the Set that holds the calls not yet ended.
func (h *Handler) Set() *resume.Set { return h.set }

// Format returns the stream's format: the one given, or the one told from
// its payloads (FormatAuto until one named it).
func (h *Handler) Format() Format {
	if h.dec == nil {
		return h.fin.format
	}
	return h.dec.Format()
}

// LastEventID returns the SSE last event ID as of the last message
// handled (set by the latest id field, even one in an event with no
// data), or the Responses sequence_number of the last event decoded, as
// text: what a reconnect sends as Last-Event-ID or starting_after, so
// that the server sends only what came after. It is "" when the stream
// has neither.
func (h *Handler) LastEventID() string {
	if h.hasID {
		return string(h.lastID)
	}
	if h.seq >= 0 {
		return strconv.FormatInt(h.seq, 10)
	}
	return ""
}

// ResponseID returns the ID of the response the stream named last, as
// [Decoder.ResponseID] gives it.
func (h *Handler) ResponseID() string {
	if h.dec == nil {
		return string(h.fin.resp)
	}
	return h.dec.ResponseID()
}

// Replays returns the number of events dropped as replays: a start or
// delta for a call that has ended or already started, a whole call sent
// again, or an event numbered at or below the last one seen.
func (h *Handler) Replays() int64 {
	if h.dec == nil {
		return h.replays + h.fin.replays
	}
	return h.replays + h.dec.replays
}

// Skipped returns the number of payloads of a type no decoder reads (see
// [Decoder.Skipped]).
func (h *Handler) Skipped() int64 {
	if h.dec == nil {
		return h.fin.skipped
	}
	return h.dec.Skipped()
}
