package provider

// NOTE: Anthropic Messages events, which Bedrock's
// InvokeModelWithResponseStream also carries, base64 in {"bytes": ...}. A
// tool block (tool_use; server_tool_use and mcp_tool_use, which Anthropic
// runs itself, so their events say Hosted) is keyed by its content block
// index, as "1"; from the second message of a stream on, whose indexes
// start again from 0, by "msg2/1" and so on. Its input arrives as
// input_json_delta pieces; when the start already holds a non-empty input
// object and no non-empty piece follows, that object's compact text is
// the end's final arguments. A block with no content_block_stop (cut off
// by max_tokens) gets no end.

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/resume"
)

type anthropicBlock struct {
	index  int
	key    string
	final  []byte // input from the start, until a piece arrives
	hosted bool
}

type anthropicDecoder struct {
	bedrock  bool             // payloads are {"bytes": base64 of the event}
	blocks   []anthropicBlock // open, by value: a stream of many allocates them once
	messages int
	memoIdx  int    // the block of the delta remembered (see Decoder.memo)
	raw      []byte // a Bedrock payload's decoded bytes
	// head is the bytes before the piece of the delta quick read last,
	// up to its opening quote, and its block index: the next delta of
	// the block begins with them.
	head struct {
		b   [len(quickDelta) + 15 + len(quickDeltaMid)]byte
		n   int
		idx int
	}
}

func newAnthropic(bedrock bool) *anthropicDecoder { return &anthropicDecoder{bedrock: bedrock} }

// block returns the open block idx, valid until a block opens or
// closes, and where it is in blocks; or nil, -1.
func (ad *anthropicDecoder) block(idx int) (*anthropicBlock, int) {
	for i := range ad.blocks {
		if ad.blocks[i].index == idx {
			return &ad.blocks[i], i
		}
	}
	return nil, -1
}

func (ad *anthropicDecoder) key(d *Decoder, idx int) string {
	if ad.messages <= 1 {
		return d.key(idx)
	}
	return "msg" + strconv.Itoa(ad.messages) + "/" + strconv.Itoa(idx)
}

// delta applies an input_json_delta's piece to block idx, if open.
func (ad *anthropicDecoder) delta(d *Decoder, idx int, piece value) error {
	if b, _ := ad.block(idx); b != nil {
		return d.delta(b.key, idx, b.hosted, &b.final, piece)
	}
	return nil
}

// replay applies the delta remembered again, with piece as its text.
func (ad *anthropicDecoder) replay(d *Decoder, piece value) error {
	return ad.delta(d, ad.memoIdx, piece)
}

// unwrap returns the Anthropic event that a Bedrock payload carries in
// base64 as {"bytes": ...}, validated; a payload without bytes is the
// event itself, as an SDK hands it out decoded.
func (ad *anthropicDecoder) unwrap(d *Decoder, v value) (value, error) {
	b64 := d.get(v, "bytes")
	switch {
	case b64 == nil:
		return v, nil
	case !b64.isString():
		return nil, fmt.Errorf("bedrock bytes are %s: %w", b64.kind(), ErrPayload)
	}
	n := base64.StdEncoding.DecodedLen(len(b64) - 2)
	if cap(ad.raw) < n {
		ad.raw = make([]byte, n)
	}
	m, err := base64.StdEncoding.Decode(ad.raw[:n], b64.inner())
	if err != nil {
		return nil, fmt.Errorf("bedrock bytes: %w: %w", err, ErrPayload)
	}
	if err := d.tape.validate(ad.raw[:m]); err != nil {
		return nil, fmt.Errorf("bedrock bytes are not JSON: %w: %w", err, ErrPayload)
	}
	return trimValue(ad.raw[:m]), nil
}

func (ad *anthropicDecoder) decode(d *Decoder, v value, event []byte) error {
	if ad.bedrock {
		var err error
		if v, err = ad.unwrap(d, v); err != nil {
			return err
		}
	}
	if !v.isObject() {
		return errNotObject
	}
	var typ, index, block, delta, errv value
	for name, val := range d.members(v) {
		switch string(name) {
		case "type":
			typ = val
		case "index":
			index = val
		case "content_block":
			block = val
		case "delta":
			delta = val
		case "error":
			errv = val
		}
	}
	switch {
	case typ.is("error"):
		if err := d.errorValue(errv); err != nil {
			return err
		}
		return fmt.Errorf("error event: %w", ErrProvider)
	case typ.is("message_start"):
		// A new message numbers its blocks from 0 again. A block the
		// last one left open (cut off) stays open, with no end.
		d.setResponse(d.get(d.get(v, "message"), "id"))
		ad.messages++
		ad.blocks = ad.blocks[:0]
		return nil
	case index == nil:
		if !anthropicType(typ.str()) {
			d.skipped++
		}
		return nil
	}
	ad.indexed()
	idx, ok := index.int()
	if !ok || idx < 0 {
		return fmt.Errorf("content block index %s: %w", truncate(index, 40), ErrPayload)
	}
	switch {
	case typ.is("content_block_start"):
		bt := d.get(block, "type")
		if !bt.is("tool_use") && !bt.is("server_tool_use") && !bt.is("mcp_tool_use") {
			return nil
		}
		if b, _ := ad.block(idx); b != nil {
			d.replays++ // a replayed start
			return nil
		}
		if err := d.newCall(); err != nil {
			return err
		}
		b := anthropicBlock{index: idx, key: ad.key(d, idx), hosted: !bt.is("tool_use")}
		if in := d.get(block, "input"); in.isObject() && string(in) != "{}" {
			if c := d.compact(in); string(c) != "{}" {
				b.final = append([]byte(nil), c...)
			}
		}
		ad.blocks = append(ad.blocks, b)
		ev := d.emit(resume.EventStart, b.key, idx)
		ev.ID, ev.Name, ev.Hosted = d.get(block, "id").str(), d.get(block, "name").str(), b.hosted
	case typ.is("content_block_delta"):
		if dt := d.get(delta, "type"); !dt.is("input_json_delta") {
			if b, _ := ad.block(idx); b != nil || !anthropicDelta(dt.inner()) {
				return d.unread(dt, b != nil)
			}
			return nil
		}
		piece := d.get(delta, "partial_json")
		if err := ad.delta(d, idx, piece); err != nil || !piece.isString() || ad.bedrock || errv != nil {
			return err
		}
		// A Bedrock payload's tape is of the event it wraps: no memo.
		ad.memoIdx = idx
		d.remember(piece, event)
	case typ.is("content_block_stop"):
		p, i := ad.block(idx)
		if p == nil {
			return nil
		}
		b := *p // before the blocks after it move down
		ad.blocks = slices.Delete(ad.blocks, i, i+1)
		ev := d.emit(resume.EventEnd, b.key, idx)
		ev.Final, ev.Hosted = b.final, b.hosted
	default:
		if !anthropicType(typ.str()) {
			b, _ := ad.block(idx)
			return d.unread(typ, b != nil)
		}
	}
	return nil
}

// The bytes around the fields of the payloads that quick reads, as
// Anthropic sends them: no space, the members in this order.
const (
	quickDelta     = `{"type":"content_block_delta","index":`
	quickDeltaMid  = `,"delta":{"type":"input_json_delta","partial_json":"`
	quickStart     = `{"type":"content_block_start","index":`
	quickStartID   = `,"content_block":{"type":"tool_use","id":"`
	quickStartName = `,"name":"`
	quickStartEnd  = `,"input":{}}}`
	quickStop      = `{"type":"content_block_stop","index":`
)

// quick reads, by their exact bytes, the payloads of a stream's tool
// blocks (a tool_use start with an empty input, an input_json_delta, a
// stop, with spaces before its brace), a ping and message_stop: each
// valid JSON, with nothing in it that decode would read otherwise (see
// quicker). A Bedrock payload is left to decode.
func (ad *anthropicDecoder) quick(d *Decoder, v value) (bool, error) {
	if ad.bedrock || len(v) < len(`{"type":"ping"}`) || v[1] != '"' {
		return false, nil
	}
	switch {
	case ad.head.n > 0 && len(v) > ad.head.n && string(v[:ad.head.n]) == string(ad.head.b[:ad.head.n]):
		return ad.quickDelta(d, v, ad.head.idx, ad.head.n), nil
	case hasAt(v, 0, quickDelta):
		idx, i := quickIndex(v, len(quickDelta))
		if i < 0 || !hasAt(v, i, quickDeltaMid) {
			return false, nil
		}
		i += len(quickDeltaMid)
		if !ad.quickDelta(d, v, idx, i) {
			return false, nil
		}
		ad.head.n, ad.head.idx = copy(ad.head.b[:], v[:i]), idx
	case hasAt(v, 0, quickStart):
		idx, i := quickIndex(v, len(quickStart))
		if i < 0 || !hasAt(v, i, quickStartID) {
			return false, nil
		}
		id := i + len(quickStartID) - 1 // the quote
		nm, ok := jsonwire.ScanString(v, id+1)
		if !ok || !hasAt(v, nm, quickStartName) {
			return false, nil
		}
		nm += len(quickStartName) - 1
		end, ok := jsonwire.ScanString(v, nm+1)
		if !ok || len(v)-end != len(quickStartEnd) || !hasAt(v, end, quickStartEnd) {
			return false, nil
		}
		ad.indexed()
		if b, _ := ad.block(idx); b != nil {
			d.replays++ // a replayed start
			return true, nil
		}
		if err := d.newCall(); err != nil {
			return true, err
		}
		b := anthropicBlock{index: idx, key: ad.key(d, idx)}
		ad.blocks = append(ad.blocks, b)
		ev := d.emit(resume.EventStart, b.key, idx)
		if raw := v[id+1 : end-1]; jsonwire.IndexBackslash(raw) == len(raw) {
			// Neither has an escape: the two strings come from one
			// allocation, with the bytes between them.
			both := string(raw)
			ev.ID, ev.Name = both[:nm-len(quickStartName)-id-1], both[nm-id:]
		} else {
			ev.ID, ev.Name = value(v[id:nm-len(quickStartName)+1]).str(), value(v[nm:end]).str()
		}
	case hasAt(v, 0, quickStop):
		idx, i := quickIndex(v, len(quickStop))
		for i > 0 && i < len(v) && jsonwire.Space[v[i]] {
			i++
		}
		if i < 0 || i != len(v)-1 || v[i] != '}' {
			return false, nil
		}
		ad.indexed()
		if p, k := ad.block(idx); p != nil {
			b := *p // before the blocks after it move down
			ad.blocks = slices.Delete(ad.blocks, k, k+1)
			ev := d.emit(resume.EventEnd, b.key, idx)
			ev.Final, ev.Hosted = b.final, b.hosted
		}
	case string(v) == `{"type":"ping"}`, string(v) == `{"type":"message_stop"}`:
	default:
		return false, nil
	}
	return true, nil
}

// quickDelta is quick for an input_json_delta of block idx whose piece
// begins at v[i], the bytes before it read.
func (ad *anthropicDecoder) quickDelta(d *Decoder, v value, idx, i int) bool {
	n := len(d.scratch)
	s, j, ok := jsonwire.ScanUnescape(d.scratch, v, i)
	if !ok || len(v)-j != 2 || v[j] != '}' || v[j+1] != '}' {
		return false
	}
	if cap(s) == cap(d.scratch) {
		d.scratch = d.scratch[:len(s)] // no pointer stored: see tape.pieceOK
	} else {
		d.scratch = s
	}
	ad.indexed()
	if b, _ := ad.block(idx); b != nil {
		d.deltaText(b.key, idx, b.hosted, &b.final, s[n:len(s):len(s)])
	}
	return true
}

// indexed notes that an event with a block index came: a stream that
// starts without message_start is one message.
func (ad *anthropicDecoder) indexed() {
	if ad.messages == 0 {
		ad.messages = 1
	}
}

// hasAt reports whether b holds s at b[i].
func hasAt(b []byte, i int, s string) bool {
	return i >= 0 && len(b)-i >= len(s) && string(b[i:i+len(s)]) == s
}

// quickIndex reads the block index at v[i]: a JSON integer of 1 to 15
// digits, with no sign. It returns the index, and where it ends; or -1,
// -1 for anything else.
func quickIndex(v value, i int) (int, int) {
	n, j := 0, i
	for ; j < len(v) && j-i <= 15 && v[j]-'0' < 10; j++ {
		n = n*10 + int(v[j]-'0')
	}
	if j == i || j-i > 15 || v[i] == '0' && j > i+1 {
		return -1, -1
	}
	return n, j
}

// anthropicDelta reports whether t is a type of content_block_delta that
// Anthropic documents: input_json_delta, read, and those of other blocks.
func anthropicDelta(t []byte) bool {
	switch string(t) {
	case "input_json_delta", "text_delta", "thinking_delta", "signature_delta", "citations_delta":
		return true
	}
	return false
}
