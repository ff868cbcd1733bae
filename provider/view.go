package provider

// NOTE: a read-only view of one payload that tokenizer.Validate has
// accepted. The tokenizer decides what JSON is; this file only finds the
// ends of values it has already accepted, so that a decoder can pick the
// few fields it wants without decoding the rest.

import (
	"bytes"
	"io"
	"iter"
	"math/bits"
	"slices"
	"strings"

	"github.com/deltajson/deltajson/internal/jsonwire"
	"github.com/deltajson/deltajson/tokenizer"
)

// value is one JSON value of a validated payload, with no space around
// it, or nil for a value that is absent.
type value []byte

// skipValue returns the index just past the value that starts at b[i].
// The payload is valid, so it only needs to find quotes and brackets:
// a string's end is its first quote not escaped.
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i+1)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j+1) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i + 1
	for j < len(b) && !jsonwire.Space[b[j]] && b[j] != ',' && b[j] != '}' && b[j] != ']' {
		j++
	}
	return j
}

// skipString returns the index just past the closing quote of the string
// whose contents begin at b[i].
func skipString(b []byte, i int) int {
	for {
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			return len(b)
		}
		q += i
		n := 0 // backslashes before the quote
		for k := q - 1; k >= i && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
}

// inner returns the bytes inside the string v, as they stand (escapes
// and all), or nil when v is not a string.
func (v value) inner() []byte {
	if !v.isString() {
		return nil
	}
	return v[1 : len(v)-1]
}

// isNull reports whether v is absent or null.
func (v value) isNull() bool { return len(v) == 0 || v[0] == 'n' }

// isString reports whether v is a string.
func (v value) isString() bool { return len(v) > 0 && v[0] == '"' }

// isObject reports whether v is an object.
func (v value) isObject() bool { return len(v) > 0 && v[0] == '{' }

// is reports whether v is the string s, compared decoded.
func (v value) is(s string) bool {
	if !v.isString() {
		return false
	}
	return rawIs(v[1:len(v)-1], s)
}

// text appends the decoded contents of the string v to *scratch and
// returns them; a string with no escape is returned as it stands in the
// payload, with nothing appended. ok is false when v is not a string.
func (v value) text(scratch *[]byte) (s []byte, ok bool) {
	if !v.isString() {
		return nil, false
	}
	raw := v[1 : len(v)-1]
	if jsonwire.IndexBackslash(raw) == len(raw) { // escapes come early in most texts that have them
		return raw[:len(raw):len(raw)], true
	}
	n := len(*scratch)
	*scratch = jsonwire.AppendUnescapedDense(*scratch, raw)
	return (*scratch)[n:len(*scratch):len(*scratch)], true
}

// str is text for a field that is an identity (a name, an id, a type):
// an allocated string, or "" when v is not a string.
func (v value) str() string {
	if !v.isString() {
		return ""
	}
	raw := v[1 : len(v)-1]
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	return string(jsonwire.AppendUnescaped(nil, raw))
}

// int returns v as an int when it is a whole number of at most 15
// digits, such as an index.
func (v value) int() (int, bool) {
	n, neg, s := 0, false, []byte(v)
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	if len(s) == 0 || len(s) > 15 {
		return 0, false
	}
	for _, c := range s {
		if !jsonwire.IsDigit(c) {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// members iterates over the members of an object value by its bytes, for
// a value the tape does not hold.
type members struct {
	b   value
	i   int
	tmp [32]byte // a name with escapes, decoded
}

// members returns an iterator over v's members, each name decoded (valid
// until the next) with its value; none when v is not an object.
func (d *Decoder) members(v value) iter.Seq2[[]byte, value] {
	return func(yield func([]byte, value) bool) {
		t := &d.tape
		if k := t.index(v, jsonwire.KindObject); k >= 0 {
			var tmp [32]byte
			for j := k + 1; t.toks[j].Kind == jsonwire.KindName; j = int(t.toks[j+1].Next) {
				name := t.base[t.toks[j].Off+1 : t.toks[j].End-1]
				if jsonwire.IndexBackslash(name) < len(name) {
					name = unescapeName(&tmp, name)
				}
				if !yield(name, t.value(j+1)) {
					return
				}
			}
			return
		}
		m := members{b: v, i: 1}
		if !v.isObject() {
			return
		}
		for {
			name, val, ok := m.next()
			if !ok || !yield(name, val) {
				return
			}
		}
	}
}

// next returns the next member's name, decoded (valid until the next call),
// and its value.
func (m *members) next() (name []byte, v value, ok bool) {
	b := m.b
	i := jsonwire.SkipSpace(b, m.i)
	if i >= len(b) || b[i] == '}' {
		return nil, nil, false
	}
	if b[i] == ',' {
		i = jsonwire.SkipSpace(b, i+1)
	}
	end := skipString(b, i+1)
	name = b[i+1 : end-1]
	if bytes.IndexByte(name, '\\') >= 0 {
		name = unescapeName(&m.tmp, name)
	}
	i = jsonwire.SkipSpace(b, end) + 1 // past ':'
	i = jsonwire.SkipSpace(b, i)
	end = skipValue(b, i)
	m.i = end
	return name, b[i:end], true
}

// unescapeName decodes a name with escapes into tmp, or returns nil for
// one longer than any name a decoder asks for.
func unescapeName(tmp *[32]byte, raw []byte) []byte {
	if len(raw) > 6*len(tmp) {
		return nil
	}
	if d := jsonwire.AppendUnescaped(tmp[:0], raw); len(d) <= len(tmp) {
		return d
	}
	return nil
}

// get returns the value of v's first member called name, or nil.
func (d *Decoder) get(v value, name string) value {
	t := &d.tape
	k := t.index(v, jsonwire.KindObject)
	if k < 0 {
		for n, val := range d.members(v) {
			if string(n) == name {
				return val
			}
		}
		return nil
	}
	for j := k + 1; t.toks[j].Kind == jsonwire.KindName; j = int(t.toks[j+1].Next) {
		if rawIs(t.base[t.toks[j].Off+1:t.toks[j].End-1], name) {
			return t.value(j + 1)
		}
	}
	return nil
}

// rawIs reports whether raw, the inside of a string as it stands in a
// payload, decodes to s. An escape makes the text longer than what it
// stands for, so only a raw longer than s needs decoding, and one as long
// matches only without a backslash.
func rawIs(raw []byte, s string) bool {
	switch {
	case len(raw) == len(s):
		return string(raw) == s && strings.IndexByte(s, '\\') < 0
	case len(raw) < len(s) || len(raw) > 6*len(s) || jsonwire.IndexBackslash(raw) == len(raw):
		return false
	}
	var tmp [64]byte
	return string(jsonwire.AppendUnescaped(tmp[:0], raw)) == s
}

// elems iterates over the elements of an array value by its bytes, for
// a value the tape does not hold.
type elems struct {
	b value
	i int
}

// elems returns an iterator over v's elements; none when v is not an
// array.
func (d *Decoder) elems(v value) iter.Seq[value] {
	return func(yield func(value) bool) {
		t := &d.tape
		if k := t.index(v, jsonwire.KindArray); k >= 0 {
			for j := k + 1; t.toks[j].Kind != jsonwire.KindEndArray; j = int(t.toks[j].Next) {
				if !yield(t.value(j)) {
					return
				}
			}
			return
		}
		e := d.elemIter(v)
		for {
			v, ok := e.next()
			if !ok || !yield(v) {
				return
			}
		}
	}
}

// elemIter returns the state of an iteration over v's elements, by its
// bytes.
func (d *Decoder) elemIter(v value) elems {
	if len(v) == 0 || v[0] != '[' {
		return elems{}
	}
	return elems{b: v, i: 1}
}

func (e *elems) next() (value, bool) {
	if e.b == nil {
		return nil, false
	}
	b := e.b
	i := jsonwire.SkipSpace(b, e.i)
	if i >= len(b) || b[i] == ']' {
		return nil, false
	}
	if b[i] == ',' {
		i = jsonwire.SkipSpace(b, i+1)
	}
	end := skipValue(b, i)
	e.i = end
	return b[i:end], true
}

// tape is the tokens of the payload validated last, read in one pass
// (jsonwire.Index): a decoder walks down a payload by them, and skips a
// value by a jump, where reading its bytes again at each level cost a pass
// over it per level.
type tape struct {
	base  []byte
	toks  []jsonwire.Tok
	stack []int32
	// seen remembers where the containers handed out last are on the
	// tape, by their offset's low bits, so that a decoder descending into
	// one finds it with no search.
	seen [8]struct{ off, k int32 }
	tk   *tokenizer.Tokenizer // for what jsonwire.Index does not accept, made then
	// last is a copy of the payload the tape is of, when it is one
	// jsonwire.Index accepted and no longer than maxLast: the next
	// payload of a stream most often differs from it in one short run,
	// which jsonwire.Reindex reads alone.
	last []byte
	// reindexed says that jsonwire.Reindex wrote the tape from the one
	// before: the tokens whose bytes changed are among first to first+15,
	// marked in changed.
	reindexed bool
	first     int32
	changed   uint16
	run       jsonwire.Run // where the last difference was, for Reindex
	long      []byte       // the last long string read, for IndexRepeat
	// spans are the tokens of the memo spansOf in last, for match;
	// validate unsets spansOK, as last changes.
	spans   [memoLen]span
	nSpans  int // -1: the memo names a token twice
	spansOf [memoLen]int32
	spansOK bool
	// lit is where in last the first span after the first that is not
	// a string starts, or len(last), and litSpan is its index in spans
	// (or nSpans): matchRest compares the bytes up to it in one go.
	// intLast says that span is an integer, the last.
	lit     int32
	litSpan int
	intLast bool
	// nums are the values of the integers match read, by memo slot,
	// where numOK says it read one of at most 15 digits (as value.int).
	nums  [memoLen]int
	numOK [memoLen]bool
	// pieceOK says that match read the argument piece of the payload
	// being decoded (vals[0]), and decoded its text in the same pass into
	// the Decoder's scratch, at scratch[pieceLo:pieceHi]; Decode unsets
	// it. Offsets, not slices: while the GC marks, storing a pointer
	// costs a write barrier, on every payload.
	pieceOK          bool
	pieceLo, pieceHi int
	// repeat, when set, is a valid string (quotes included) that a later
	// payload may send again: the pieces of a call, which its end
	// repeats. validate makes it long, for IndexRepeat, before a payload
	// that may hold it.
	repeat []byte
}

// minRepeat is the shortest repeat worth a copy into long.
const minRepeat = 1 << 10

// maxLast bounds the payload a tape keeps a copy of.
const maxLast = 16 << 10

// validate decides whether b is one strict JSON value, and writes its
// tape. What jsonwire.Index does not accept, the tokenizer reads again:
// its verdict and its error are the ones that count. A valid payload
// beyond Index's bounds has no tape, and is read by its bytes.
func (t *tape) validate(b []byte) error {
	var ok bool
	t.seen = [8]struct{ off, k int32 }{}
	t.reindexed, t.spansOK = false, false
	if len(t.last) > 0 {
		var first int
		t.toks, first, t.changed, ok = jsonwire.Reindex(t.last, b, t.toks, &t.run)
		t.reindexed, t.first = ok, int32(first)
	}
	if !ok {
		if len(t.repeat) >= minRepeat && len(b) > len(t.repeat) {
			t.long, t.repeat = append(t.long[:0], t.repeat...), nil
		}
		t.run = jsonwire.Run{}
		t.toks, t.stack, ok = jsonwire.IndexRepeat(b, t.toks[:0], t.stack[:0], &t.long)
	}
	if ok {
		t.base = b
		if len(b) <= maxLast {
			t.last = append(t.last[:0], b...)
		} else {
			t.last = t.last[:0]
		}
		return nil
	}
	t.base, t.toks, t.last = nil, t.toks[:0], t.last[:0]
	if t.tk == nil {
		t.tk = new(tokenizer.Tokenizer)
	}
	t.tk.Reset(tokenizer.Options{})
	t.tk.Feed(b)
	t.tk.Close()
	for {
		if _, err := t.tk.Next(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// value returns the value at tape index j, and remembers where it is
// when it is a container.
func (t *tape) value(j int) value {
	vt := &t.toks[j]
	if vt.Kind == jsonwire.KindObject || vt.Kind == jsonwire.KindArray {
		t.seen[vt.Off&7] = struct{ off, k int32 }{vt.Off, int32(j)}
	}
	return t.base[vt.Off:vt.End]
}

// index returns the tape index of v when it is a container of the given
// kind (jsonwire.KindObject or KindArray) on the tape of the payload
// validated last, and -1 otherwise.
func (t *tape) index(v value, kind byte) int {
	if len(v) == 0 || v[0] != kind {
		return -1
	}
	off := t.offset(v)
	switch {
	case off < 0:
		return -1
	case t.toks[0].Off == off: // the payload's own value
		return 0
	}
	// A slice of base that starts with kind's bracket starts a token of
	// that kind: strings are the only other tokens that could hold one,
	// and no value handed out starts inside a string.
	if s := t.seen[off&7]; s.off == off && s.k != 0 {
		return int(s.k)
	}
	if k := t.find(off); k >= 0 && t.toks[k].Kind == kind {
		return k
	}
	return -1
}

// at returns the tape index of the token that v, a slice of the payload
// validated last, starts with, or -1.
func (t *tape) at(v value) int {
	if off := t.offset(v); off >= 0 {
		return t.find(off)
	}
	return -1
}

// offset returns where v starts in the payload validated last, when it
// is a slice of it, and -1 otherwise.
func (t *tape) offset(v value) int32 {
	// v shares its end of room with base when it is a slice of it.
	off := cap(t.base) - cap(v)
	if len(t.base) == 0 || len(v) == 0 || off < 0 || off >= len(t.base) || &t.base[off] != &v[0] {
		return -1
	}
	return int32(off)
}

// find returns the tape index of the token at offset off, or -1.
func (t *tape) find(off int32) int {
	k, ok := slices.BinarySearchFunc(t.toks, off, func(tt jsonwire.Tok, off int32) int { return int(tt.Off - off) })
	if !ok {
		return -1
	}
	return k
}

// match reports whether b is the payload validated last (kept in last,
// with the tokens of the tape) but for the tokens at the tape indexes in
// m (-1 for none), each a string or an integer there and in b, and
// valid: then b is valid, and vals are those tokens in b, in m's order,
// and nums and numOK the integers' values. It reads only those tokens,
// and compares the bytes around them. A string other than the piece
// (slot 0) that has the bytes it had may be left out of vals: a decoder
// lets such tokens differ, but reads none of them.
//
// The piece, a string, it also decodes onto *scratch in the same pass
// (see pieceOK).
func (t *tape) match(b []byte, m *[memoLen]int32, vals *[memoLen]value, scratch *[]byte) bool {
	if len(t.last) == 0 {
		return false
	}
	if !t.spansOK || t.spansOf != *m {
		t.setSpans(m)
	}
	if t.nSpans < 0 {
		return false
	}
	if t.nSpans > 0 && t.spans[0].slot == 0 && t.spans[0].kind == jsonwire.KindString {
		return t.matchPiece(b, vals, scratch)
	}
	pt, pb := 0, 0 // where last and b are read to
	textLo, textHi := -1, 0
	for _, sp := range t.spans[:t.nSpans] {
		i := pb + int(sp.off) - pt // where the token starts in b
		if i >= len(b) || string(b[pb:i]) != string(t.last[pt:sp.off]) {
			return false
		}
		// A string other than the piece (slot 0), which is new each
		// time, most often has the bytes it had: then it is the same
		// string, valid.
		j := i + int(sp.end-sp.off)
		t.numOK[sp.slot] = false
		switch {
		case sp.slot == 0 && sp.kind == jsonwire.KindString:
			ok := false
			if b[i] != '"' {
				return false
			}
			textLo = len(*scratch)
			if *scratch, j, ok = jsonwire.ScanUnescape(*scratch, b, i+1); !ok {
				return false
			}
			textHi = len(*scratch)
		case sp.kind != jsonwire.KindString || j > len(b) || string(b[i:j]) != string(t.last[sp.off:sp.end]):
			ok := false
			if j, ok = t.scanToken(b, i, &sp); !ok {
				return false
			}
		}
		vals[sp.slot] = b[i:j]
		pt, pb = int(sp.end), j
	}
	if string(b[pb:]) != string(t.last[pt:]) {
		return false
	}
	if textLo >= 0 {
		t.pieceOK, t.pieceLo, t.pieceHi = true, textLo, textHi
	}
	return true
}

// matchPiece is match for a memo whose first token is the piece, a
// string, as the formats' deltas have: the bytes before the piece
// compared, the piece decoded, and the rest read by matchRest.
func (t *tape) matchPiece(b []byte, vals *[memoLen]value, scratch *[]byte) bool {
	off := int(t.spans[0].off)
	if off >= len(b) || string(b[:off]) != string(t.last[:off]) || b[off] != '"' {
		return false
	}
	n := len(*scratch)
	s, j, ok := jsonwire.ScanUnescape(*scratch, b, off+1)
	if t.nSpans == 1 {
		ok = ok && string(b[j:]) == string(t.last[t.spans[0].end:])
	} else {
		ok = ok && t.matchRest(b, j, vals)
	}
	if !ok {
		return false
	}
	if cap(s) == cap(*scratch) {
		*scratch = (*scratch)[:len(s)] // no pointer stored: see pieceOK
	} else {
		*scratch = s
	}
	vals[0] = b[off:j]
	t.pieceOK, t.pieceLo, t.pieceHi = true, n, len(s)
	return true
}

// matchRest is match from b[pb], where the first span ends: its other
// tokens, and the bytes around them, compared.
func (t *tape) matchRest(b []byte, pb int, vals *[memoLen]value) bool {
	pt, k := int(t.spans[0].end), 1
	// The strings before the first token of another kind most often have
	// the bytes they had: then one comparison reads them all, with the
	// bytes around them, and each is the same string, valid (and, read by
	// no decoder, not handed out: see match).
	if n := int(t.lit) - pt; n <= len(b)-pb && (n == 0 || string(b[pb:pb+n]) == string(t.last[pt:t.lit])) {
		if t.intLast {
			// Then an integer, and the bytes after it, as Responses'
			// sequence_number ends its delta events.
			sp, i := &t.spans[t.litSpan], pb+n
			if i < len(b) && b[i]-'1' < 9 {
				// Most often a positive integer of at most 15 digits:
				// read here, with no call (see scanInt).
				v, j := int(b[i]-'0'), i+1
				for ; j < len(b) && b[j]-'0' < 10; j++ {
					v = v*10 + int(b[j]-'0')
				}
				if j-i <= 15 && j < len(b) {
					if !same(b[j:], t.last[sp.end:]) {
						return false
					}
					vals[sp.slot], t.nums[sp.slot], t.numOK[sp.slot] = b[i:j], v, true
					return true
				}
			}
			j, v, isInt := scanInt(b, i)
			if j == 0 || !same(b[j:], t.last[sp.end:]) {
				return false
			}
			vals[sp.slot], t.nums[sp.slot], t.numOK[sp.slot] = b[i:j], v, isInt
			return true
		}
		k, pb, pt = int(t.litSpan), pb+n, int(t.lit)
	}
	for ; k < t.nSpans; k++ {
		sp := &t.spans[k]
		i := pb + int(sp.off) - pt // where the token starts in b
		j := i + int(sp.end-sp.off)
		if sp.kind == jsonwire.KindString && j <= len(b) && string(b[pb:j]) == string(t.last[pt:sp.end]) {
			// The bytes before it and its own as they were: the same
			// string, valid.
			pt, pb = int(sp.end), j
			continue
		}
		if i > pb && (i >= len(b) || string(b[pb:i]) != string(t.last[pt:sp.off])) {
			return false
		}
		var ok bool
		if j, ok = t.scanToken(b, i, sp); !ok {
			return false
		}
		vals[sp.slot] = b[i:j]
		pt, pb = int(sp.end), j
	}
	return same(b[pb:], t.last[pt:])
}

// same reports whether a and b are equal: short ones, such as the end
// of a payload, with no call.
func same(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 8 {
		return string(a) == string(b)
	}
	b = b[:len(a)]
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// scanToken reads the token of span sp at b[i], a string or an integer,
// as match takes them: a valid string, or an integer that a byte not of
// it follows (see scanInt). It returns the token's end, and sets nums
// and numOK for its slot.
func (t *tape) scanToken(b []byte, i int, sp *span) (j int, ok bool) {
	t.numOK[sp.slot] = false
	switch {
	case i >= len(b):
		return 0, false
	case sp.kind == jsonwire.KindString:
		if b[i] != '"' {
			return 0, false
		}
		return jsonwire.ScanString(b, i+1)
	case sp.kind == jsonwire.KindNumber:
		j, t.nums[sp.slot], t.numOK[sp.slot] = scanInt(b, i)
		return j, j > 0
	}
	return 0, false
}

// scanInt reads the integer at b[i], one the tokenizer takes within its
// bounds on a number's length (maxInt) and that a byte not of it
// follows, and returns its end, or 0. It also returns its value as
// value.int does: isInt reports an integer of at most 15 digits.
func scanInt(b []byte, i int) (j, n int, isInt bool) {
	k := i // the first digit
	if k < len(b) && b[k] == '-' {
		k++
	}
	for j = k; j < len(b) && b[j]-'0' < 10; j++ {
		n = n*10 + int(b[j]-'0')
	}
	if j == k || j == len(b) || j-i > maxInt || b[k] == '0' && j > k+1 {
		return 0, 0, false
	}
	if j-k > 15 {
		return j, 0, false
	}
	if k > i {
		n = -n
	}
	return j, n, true
}

// A span is where a memo's token is in last: its bytes, its kind, and
// its slot in the memo.
type span struct {
	off, end int32
	kind     byte
	slot     int8
}

// setSpans sets spans to the tokens of the memo m, in the order they
// stand in last; kind 0 for a token match does not read.
func (t *tape) setSpans(m *[memoLen]int32) {
	t.nSpans, t.spansOf, t.spansOK = 0, *m, true
	for slot, k := range m {
		if k < 0 {
			continue
		}
		tok := t.toks[k]
		sp := span{tok.Off, tok.End, tok.Kind, int8(slot)}
		if tok.Kind != jsonwire.KindString && tok.Kind != jsonwire.KindNumber {
			sp.kind = 0 // match reads no other kind
		}
		j := t.nSpans
		for ; j > 0 && t.spans[j-1].off > sp.off; j-- {
			t.spans[j] = t.spans[j-1]
		}
		t.spans[j], t.nSpans = sp, t.nSpans+1
	}
	for j := 1; j < t.nSpans; j++ {
		if t.spans[j].off < t.spans[j-1].end { // the same token twice
			t.nSpans = -1
			return
		}
	}
	t.lit, t.litSpan = int32(len(t.last)), max(t.nSpans, 1)
	for j := 1; j < t.nSpans; j++ {
		if t.spans[j].kind != jsonwire.KindString {
			t.lit, t.litSpan = t.spans[j].off, j
			break
		}
	}
	t.intLast = t.litSpan == t.nSpans-1 && t.spans[t.litSpan].kind == jsonwire.KindNumber
}

// maxInt is the most bytes of an integer that match reads.
const maxInt = 20

// changedIn reports whether the payload validated last differs from the
// one before at most in the tokens at the tape indexes in m.
func (t *tape) changedIn(m *[memoLen]int32) bool {
	if !t.reindexed {
		return false
	}
	for c := t.changed; c != 0; c &= c - 1 {
		if k := t.first + int32(bits.TrailingZeros16(c)); k != m[0] && k != m[1] && k != m[2] && k != m[3] {
			return false
		}
	}
	return true
}

// trimValue returns the value in a whole payload, without the space
// around it.
func trimValue(b []byte) value {
	if len(b) > 0 && b[0] > ' ' && b[len(b)-1] > ' ' { // most payloads: no call
		return b
	}
	i := jsonwire.SkipSpace(b, 0)
	j := len(b)
	for j > i && jsonwire.Space[b[j-1]] {
		j--
	}
	return b[i:j]
}
