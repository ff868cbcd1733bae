package provider

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/resume"
)

// MaxCalls is the most tool calls a Decoder follows in one stream. The
// payload that would start one more fails with [ErrTooLarge].
const MaxCalls = 4096

// A Decoder turns the payloads of one stream, in order, into the events a
// [resume.Set] takes, with every quirk of its format handled inside: see
// each Format's notes in the package doc. Only tool calls make events;
// text, reasoning and usage are skipped. Make one per stream with
// [NewDecoder]; it is not safe for concurrent use.
type Decoder struct {
	format   Format
	impl     decoder
	replayer replayer // impl, when it is one
	quicker  quicker  // impl, when it is one
	out      []resume.Event
	scratch  []byte // decoded text the events point into, until the next Decode
	calls    int    // calls started, against MaxCalls
	done     bool   // OpenAI's [DONE] came
	seq      int64  // the last Responses sequence_number decoded, or -1
	skipped  int64  // payloads of a type no decoder reads
	replays  int64  // events dropped as sent again, for a call ended or whole
	resp     []byte // the response ID the stream named last, decoded
	tape     tape
	// memo lets a payload that differs from the last one only in a few
	// tokens skip its decoder's walk (see replayer): it holds the tape
	// indexes of the tokens that may differ, the argument piece first,
	// and -1 in the rest; memo[0] is -1 when there is no memo. memoEvent
	// is the last payload's event name, which the memo must match when
	// byEvent says the format's decoder reads it; noMemo, for tests,
	// turns the memo off.
	memo      [memoLen]int32
	memoEvent []byte
	byEvent   bool
	noMemo    bool
	// noQuick, for tests, turns off the quicker's reading of payloads by
	// their exact bytes; quickHits counts the payloads it took.
	noQuick   bool
	quickHits int64
	// memoVals are the values of the memo's tokens in the payload being
	// replayed, in memo's order (those that are integers also in
	// tape.nums); memoHits counts the payloads the memo took, for tests.
	memoVals [memoLen]value
	memoHits int64
	// noRepeat, for tests, turns off reading an end's final arguments by
	// the pieces they repeat (responsesDecoder.final).
	noRepeat bool
	// set, when a Handler feeds one, holds the calls: it knows whether a
	// call's arguments so far are one whole, valid value, and the chat
	// decoder need not read them again.
	set *resume.Set
	// The first room of out, scratch and the tape, in the Decoder itself,
	// so that a stream of small payloads allocates them once.
	outBuf     [4]resume.Event
	scratchBuf [1024]byte
	tokBuf     [64]jsonwire.Tok
	stackBuf   [16]int32
	lastBuf    [1024]byte
	respBuf    [64]byte
	// grown holds buffers that grew in the stream a pooled Decoder read
	// before, for init and setImpl to take (see release).
	grown struct{ raw, long []byte }
}

// decoder is one format's part of a Decoder.
type decoder interface {
	decode(d *Decoder, v value, event []byte) error
}

// NewDecoder returns a decoder for a stream in format f; with FormatAuto
// it takes the format from the first payload that names one.
func NewDecoder(f Format) *Decoder {
	d := new(Decoder)
	d.init(f)
	return d
}

// init makes d a new Decoder for format f, keeping nothing of the
// stream it may have read but the bytes of its own first buffers and of
// those release kept.
func (d *Decoder) init(f Format) {
	grown := d.grown
	*d = Decoder{format: f, seq: -1, memo: noMemo}
	d.grown.raw = grown.raw
	d.out, d.scratch = d.outBuf[:0], d.scratchBuf[:0]
	d.tape.toks, d.tape.stack, d.tape.last = d.tokBuf[:0], d.stackBuf[:0], d.lastBuf[:0]
	d.tape.long = grown.long
	d.resp = d.respBuf[:0]
	if f != FormatAuto {
		d.setImpl(f)
	}
}

// decoderPool holds the Decoders of Handlers that Finish is done with,
// so that a Handler per stream does not allocate one.
var decoderPool sync.Pool

// pooledDecoder returns a Decoder for format f from decoderPool, or a
// new one.
func pooledDecoder(f Format) *Decoder {
	if d, _ := decoderPool.Get().(*Decoder); d != nil {
		d.init(f)
		return d
	}
	return NewDecoder(f)
}

// release puts d, a Decoder from pooledDecoder that no one uses any
// more, back into decoderPool, holding nothing of its stream but the
// bytes of its buffers, up to maxPooled each: its events and the bytes
// they point into are valid only until the next Decode, and the Set it
// fed keeps copies.
func (d *Decoder) release() {
	raw := d.grown.raw // set while no format was told
	if rd, ok := d.impl.(*responsesDecoder); ok {
		raw = rd.raw
	}
	raw, long := pooled(raw), pooled(d.tape.long)
	*d = Decoder{}
	d.grown.raw, d.grown.long = raw, long
	decoderPool.Put(d)
}

// maxPooled bounds a buffer that a pooled Reader or Decoder keeps.
const maxPooled = 256 << 10

// pooled returns b emptied, for a pool to keep, or nil when it is
// larger than maxPooled.
func pooled(b []byte) []byte {
	if cap(b) > maxPooled {
		return nil
	}
	return b[:0]
}

// setImpl makes the part of format f, and notes whether it replays, and
// whether it reads the event name (ConverseStream's alone does).
func (d *Decoder) setImpl(f Format) {
	d.impl = newImpl(f)
	if rd, ok := d.impl.(*responsesDecoder); ok {
		rd.raw = d.grown.raw
	}
	d.grown.raw = nil // only a responses decoder uses it
	d.replayer, _ = d.impl.(replayer)
	d.quicker, _ = d.impl.(quicker)
	d.byEvent = f == FormatBedrockConverse
}

func newImpl(f Format) decoder {
	switch f {
	case FormatOpenAIChat:
		return newChat()
	case FormatOpenAIResponses:
		return newResponses()
	case FormatAnthropic:
		return newAnthropic(false)
	case FormatBedrock:
		return newAnthropic(true)
	case FormatGemini:
		return newGemini()
	case FormatBedrockConverse:
		return newConverse()
	case FormatCohere:
		return newCohere()
	case FormatInteractions:
		return newInteractions()
	case FormatOllama:
		return newOllama()
	}
	return nil
}

// Format returns the stream's format: the one given, or the one told from
// its payloads (FormatAuto until one named it).
func (d *Decoder) Format() Format { return d.format }

// Done reports whether the stream has sent OpenAI's "[DONE]".
func (d *Decoder) Done() bool { return d.done }

// Skipped returns the number of payloads whose type no decoder reads:
// an event type added after this package was written, say, or a chunk
// without the member its format carries calls in (Chat's choices,
// Gemini's candidates, Ollama's message). They are not errors, unless
// they belong to a tool call in progress (see [Decoder.Decode]).
func (d *Decoder) Skipped() int64 { return d.skipped }

// ResponseID returns the ID of the response, or message, that the stream
// named last: Chat's and Gemini's response id, Responses' response.id,
// Anthropic's and Cohere's message id. It is "" for a stream that names
// none (Bedrock, Ollama).
func (d *Decoder) ResponseID() string { return string(d.resp) }

// ClaimID returns an ID for call c, one of this stream's, that a replay
// of the stream gives c again, for a ledger ([Options.Ledger]) to claim
// it under: in a stream that names its response ([Decoder.ResponseID]),
// that ID, a slash and the call's ID, or its key when the provider gave
// it none, since providers number calls afresh in each response (call_0,
// functions.add:0); else the call's ID, or "".
func (d *Decoder) ClaimID(c *resume.Call) string { return claimID(d.resp, c) }

// claimID is Decoder.ClaimID, for a stream whose response ID is resp.
func claimID(resp []byte, c *resume.Call) string {
	call := c.ID()
	if len(resp) == 0 {
		return call
	}
	if call == "" {
		call = c.Key()
	}
	return string(resp) + "/" + call
}

// setResponse keeps v, a string of at most [resume.MaxIdentityBytes],
// as the response ID.
func (d *Decoder) setResponse(v value) {
	if raw := v.inner(); len(raw) > 0 && len(raw) <= resume.MaxIdentityBytes && !bytes.Equal(raw, d.resp) {
		d.resp = jsonwire.AppendUnescaped(d.resp[:0], raw)
	}
}

// Seq returns the sequence_number of the last OpenAI Responses event
// decoded, or -1: what a reconnect passes as starting_after.
func (d *Decoder) Seq() int64 { return d.seq }

// Decode decodes one payload and returns the events it makes, in order.
// event is the message's event name (the SSE event field, or an
// event-stream frame's :event-type), or nil; only Bedrock's ConverseStream
// needs it. The events and the bytes they hold are valid until the next
// call of Decode. A payload that is not JSON, or not of its format's
// shape, fails with an error wrapping [ErrPayload], and one that carries
// the provider's error with [ErrProvider]; either way the payload makes
// no event, and the Decoder goes on with the next one. An empty payload,
// like an unknown event, is skipped ([Decoder.Skipped]); an unknown event
// of a tool call in progress fails with ErrPayload, since it may carry
// the call's arguments.
func (d *Decoder) Decode(payload, event []byte) ([]resume.Event, error) {
	d.out, d.scratch = d.out[:0], d.scratch[:0]
	d.tape.pieceOK = false
	v := trimValue(payload)
	if string(v) == "[DONE]" {
		d.done = true
		return nil, nil
	}
	if len(v) == 0 { // an empty SSE data event, as some proxies send to keep a connection open
		d.skipped++
		return nil, nil
	}
	if q := d.quicker; q != nil && !d.noQuick {
		if ok, err := q.quick(d, v); ok {
			// v had the exact bytes of a shape q knows, and is valid: the
			// tape, of the payload validated last, is kept for the memo.
			d.quickHits++
			if d.tape.base != nil { // see the memo's case below
				d.tape.base = nil
			}
			if err != nil {
				d.out, d.memo = d.out[:0], noMemo
				return nil, err
			}
			return d.out, nil
		}
	}
	r := d.replayer
	if r != nil && d.memo[0] >= 0 && !d.noMemo && (!d.byEvent || string(event) == string(d.memoEvent)) && d.tape.match(v, &d.memo, &d.memoVals, &d.scratch) {
		// v is the last payload validated but for the memo's tokens,
		// each one valid: the tape, of that payload, is kept for the
		// next, and v is read by the memo alone.
		if d.tape.base != nil { // a store only when it changes: while the GC marks, one costs a barrier
			d.tape.base = nil
		}
		return d.replay(r)
	}
	if err := d.tape.validate(v); err != nil {
		return nil, fmt.Errorf("payload is not JSON: %w: %w", err, ErrPayload)
	}
	if d.impl == nil && d.format != FormatAuto {
		return nil, fmt.Errorf("format %v: %w", d.format, ErrUnknownFormat)
	}
	if d.impl == nil {
		// Before any payload named the format, an error in any format's
		// shape ends the stream as the provider's, and names no format.
		if err := d.anyError(v, event); err != nil {
			return nil, err
		}
		f := d.detect(v, event)
		if f == FormatAuto {
			d.skipped++
			return nil, nil
		}
		d.format = f
		d.setImpl(f)
	}
	n := len(d.out)
	if r := d.replayer; r != nil && d.memo[0] >= 0 && !d.noMemo && d.tape.changedIn(&d.memo) &&
		d.tape.toks[d.memo[0]].Kind == jsonwire.KindString && (!d.byEvent || string(event) == string(d.memoEvent)) {
		for i, k := range d.memo {
			if k >= 0 {
				d.memoVals[i] = d.tape.value(int(k))
				d.tape.nums[i], d.tape.numOK[i] = d.memoVals[i].int()
			}
		}
		return d.replay(r)
	}
	d.memo = noMemo
	if err := d.impl.decode(d, v, event); err != nil {
		d.out, d.memo = d.out[:n], noMemo
		return nil, err
	}
	return d.out, nil
}

// replay has r apply the payload the memo took, whose tokens are in
// memoVals.
func (d *Decoder) replay(r replayer) ([]resume.Event, error) {
	d.memoHits++
	if err := r.replay(d, d.memoVals[0]); err != nil {
		d.out, d.memo = d.out[:0], noMemo
		return nil, err
	}
	return d.out, nil
}

// memoLen is the most tokens a memo lets differ; noMemo is no memo.
const memoLen = 4

var noMemo = [memoLen]int32{-1, -1, -1, -1}

// replayer is a decoder that can set Decoder.memo: replay applies the
// last payload again with piece, the new argument piece, in place of its
// own, as decode would for the new payload; the values of the memo's
// other tokens are in Decoder.memoVals.
type replayer interface {
	replay(d *Decoder, piece value) error
}

// quicker is a decoder that reads the payloads its format sends most by
// their exact bytes, with no tape: quick reports whether v is one of
// them, valid, and then applies it as decode would, with decode's error;
// when it is not, quick changes nothing, and decode reads v. The tape
// and the memo stay those of the payload validated last.
type quicker interface {
	quick(d *Decoder, v value) (bool, error)
}

// remember sets the memo to the argument piece args of the payload just
// decoded, and also to the scalars in also (a sequence number, fields the
// decoder does not read), with the payload's event name.
func (d *Decoder) remember(args value, event []byte, also ...value) {
	k := d.tape.at(args)
	if k < 0 || len(also) >= memoLen {
		return
	}
	d.memo = noMemo
	d.memo[0] = int32(k)
	for i, v := range also {
		if d.memo[i+1] = int32(d.tape.at(v)); d.memo[i+1] < 0 {
			d.memo = noMemo
			return
		}
	}
	d.memoEvent = append(d.memoEvent[:0], event...)
}

// emit adds an event of kind for the call key.
func (d *Decoder) emit(kind resume.EventKind, key string, index int) *resume.Event {
	return d.emitData(kind, key, index, nil)
}

// emitData is emit, with data as the event's Data.
func (d *Decoder) emitData(kind resume.EventKind, key string, index int, data []byte) *resume.Event {
	n := len(d.out)
	if n == cap(d.out) {
		d.out = append(d.out, resume.Event{})
	}
	d.out = d.out[:n+1]
	ev := &d.out[n]
	// Set field by field, not as a composite literal or zeroed whole:
	// while the GC marks, either takes a bulk write barrier over every
	// pointer of the Event, and each pointer stored one. So ID, Name,
	// Final and Data are stored only when they change: a call's deltas
	// reuse one slot, with none of the first three (TestEmitResets).
	ev.Kind, ev.Key, ev.Index, ev.HasIndex = kind, key, index, index >= 0
	if ev.ID != "" || ev.Name != "" || ev.Final != nil {
		ev.ID, ev.Name, ev.Final = "", "", nil
	}
	if ev.Data != nil || data != nil {
		ev.Data = data
	}
	ev.Hosted, ev.Seq, ev.HasSeq, ev.Offset, ev.HasOffset, ev.Text = false, 0, false, 0, false, false
	return ev
}

// delta emits the argument piece of the call key, index idx, and drops
// the whole arguments it started with (*final) once a piece brings text.
func (d *Decoder) delta(key string, idx int, hosted bool, final *[]byte, piece value) error {
	text, ok, err := d.args(piece)
	if err != nil || !ok {
		return err
	}
	d.deltaText(key, idx, hosted, final, text)
	return nil
}

// deltaText is delta for a piece already decoded, text.
func (d *Decoder) deltaText(key string, idx int, hosted bool, final *[]byte, text []byte) {
	if len(text) > 0 && *final != nil { // a store only when it changes: while the GC marks, one costs a barrier
		*final = nil
	}
	d.emitData(resume.EventDelta, key, idx, text).Hosted = hosted
}

// newCall counts one more call against MaxCalls.
func (d *Decoder) newCall() error {
	if d.calls >= MaxCalls {
		return fmt.Errorf("more than %d tool calls in one stream: %w", MaxCalls, ErrTooLarge)
	}
	d.calls++
	return nil
}

// key returns the decimal text of n, shared for small n, so that a call's
// events cost no string each.
func (d *Decoder) key(n int) string {
	if n >= 0 && n < len(smallKeys) {
		return smallKeys[n]
	}
	return strconv.Itoa(n)
}

// smallKeys are the keys of the first calls of a stream.
var smallKeys = func() (k [256]string) {
	for i := range k {
		k[i] = strconv.Itoa(i)
	}
	return k
}()

// args returns an argument field's text: a string's decoded contents, or
// the compact text of an object or array (which some servers send in its
// place). ok is false for a field that is absent or null.
func (d *Decoder) args(v value) (text []byte, ok bool, err error) {
	switch {
	case v.isNull():
		return nil, false, nil
	case v.isString():
		if p := d.memoVals[0]; d.tape.pieceOK && len(p) == len(v) && &p[0] == &v[0] { // decoded by tape.match
			t := &d.tape
			return d.scratch[t.pieceLo:t.pieceHi:t.pieceHi], true, nil
		}
		text, _ = v.text(&d.scratch)
		return text, true, nil
	case v[0] == '{' || v[0] == '[':
		return d.compact(v), true, nil
	}
	return nil, false, fmt.Errorf("arguments are %s, neither text nor an object: %w", v.kind(), ErrPayload)
}

// compact returns v without the whitespace between its tokens, keeping
// its strings, key order and escapes as sent.
func (d *Decoder) compact(v value) []byte {
	n := len(d.scratch)
	for i := 0; i < len(v); {
		switch c := v[i]; {
		case c == '"':
			j, _ := jsonwire.ScanString(v, i+1)
			d.scratch = append(d.scratch, v[i:j]...)
			i = j
		case jsonwire.Space[c]:
			i++
		default:
			d.scratch = append(d.scratch, c)
			i++
		}
	}
	return d.scratch[n:len(d.scratch):len(d.scratch)]
}

// kind names the kind of v for an error message.
func (v value) kind() string {
	switch {
	case len(v) == 0:
		return "absent"
	case v[0] == '"':
		return "a string"
	case v[0] == '{':
		return "an object"
	case v[0] == '[':
		return "an array"
	case v[0] == 't' || v[0] == 'f':
		return "a boolean"
	case v[0] == 'n':
		return "null"
	}
	return "a number"
}

// errorValue reports an {"error": ...} value, which OpenAI, OpenRouter,
// Anthropic and Gemini send mid-stream on failure; nil when v is absent
// or null.
func (d *Decoder) errorValue(v value) error {
	if v.isNull() {
		return nil
	}
	msg, typ := d.get(v, "message").str(), d.get(v, "type").str()
	if typ == "" {
		typ = d.get(v, "code").str()
		if typ == "" && len(d.get(v, "code")) > 0 {
			typ = string(d.get(v, "code"))
		}
	}
	switch {
	case msg == "" && typ == "" && v.isString():
		return fmt.Errorf("%s: %w", v.str(), ErrProvider)
	case msg == "" && typ == "":
		return fmt.Errorf("%s: %w", truncate(v, 200), ErrProvider)
	case typ == "":
		return fmt.Errorf("%s: %w", msg, ErrProvider)
	case msg == "":
		return fmt.Errorf("%s: %w", typ, ErrProvider)
	}
	return fmt.Errorf("%s: %s: %w", typ, msg, ErrProvider)
}

// anyError returns the provider's error that v carries in the shape of
// any format: an "error" member (OpenAI, Gemini, Ollama, Mistral), a type
// or event named "error" (Anthropic, Cohere, Responses), or an object
// named "error" (vLLM and other OpenAI-compatible servers); nil if none.
func (d *Decoder) anyError(v value, event []byte) error {
	if e := d.get(v, "error"); !e.isNull() {
		return d.errorValue(e)
	}
	if d.get(v, "object").is("error") { // its message and type, as Chat reads it
		return d.errorValue(v)
	}
	if d.get(v, "type").is("error") || string(event) == "error" {
		if e := d.get(v, "message"); e.isString() {
			return fmt.Errorf("%s: %w", e.str(), ErrProvider)
		}
		return fmt.Errorf("%s: %w", truncate(v, 200), ErrProvider)
	}
	return nil
}

// unread takes a payload of a type the decoder does not read: skipped
// and counted, unless it names a tool call the decoder follows, whose
// arguments it may carry: then it is an error, and the call gets no end.
func (d *Decoder) unread(typ value, ofCall bool) error {
	if ofCall {
		return fmt.Errorf("%s event for a tool call in progress, of a type this decoder does not read: %w", truncate(typ, 60), ErrPayload)
	}
	d.skipped++
	return nil
}

// truncate returns at most n bytes of b, for a message.
func truncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "…"
}

var errNotObject = fmt.Errorf("payload is not a JSON object: %w", ErrPayload)
