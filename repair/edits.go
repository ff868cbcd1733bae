package repair

// This file is the log as the parser builds it: edits with no pointers,
// so that building one costs the garbage collector nothing, and that
// the parser's pooled log can be used again. Repair turns it into a [Log]
// once, at the end, and builds the output from it.

// An edit is an [Edit] as the parser keeps it. It replaces in[off:off+n]
// with the text of ins (see text).
type edit struct {
	off  int
	n    int
	ins  uint32
	kind Kind // one kind; Truncated's edits are the ones marked truncated
}

// end returns the offset just past the bytes e removes.
func (e edit) end() int { return e.off + e.n }

// Inserted texts: an edit's ins indexes constTexts, or from textDyn on,
// the parser's texts, which hold the few texts that are made as the
// parser goes (the closers Truncated inserts).
//
// NOTE: every constant text is a slice of a string constant, so that a
// [Log] points at no heap memory for them, and the garbage collector
// has nothing to follow there: a log can hold an edit every few bytes.
var constTexts = func() []string {
	t := []string{""}
	for c := range 256 {
		t = append(t, allBytes[c:c+1]) // at 1+c
	}
	t = append(t, ctrlEscape[:]...) // at textCtrl+c
	return append(t, "null", "true", "false", `":null`, `\ufffd`)
}()

// allBytes holds each byte value once, at its own offset.
const allBytes = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a\x4b\x4c\x4d\x4e\x4f\x50\x51\x52\x53\x54\x55\x56\x57\x58\x59\x5a\x5b\x5c\x5d\x5e\x5f\x60\x61\x62\x63\x64\x65\x66\x67\x68\x69\x6a\x6b\x6c\x6d\x6e\x6f\x70\x71\x72\x73\x74\x75\x76\x77\x78\x79\x7a\x7b\x7c\x7d\x7e\x7f\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f\xa0\xa1\xa2\xa3\xa4\xa5\xa6\xa7\xa8\xa9\xaa\xab\xac\xad\xae\xaf\xb0\xb1\xb2\xb3\xb4\xb5\xb6\xb7\xb8\xb9\xba\xbb\xbc\xbd\xbe\xbf\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7\xc8\xc9\xca\xcb\xcc\xcd\xce\xcf\xd0\xd1\xd2\xd3\xd4\xd5\xd6\xd7\xd8\xd9\xda\xdb\xdc\xdd\xde\xdf\xe0\xe1\xe2\xe3\xe4\xe5\xe6\xe7\xe8\xe9\xea\xeb\xec\xed\xee\xef\xf0\xf1\xf2\xf3\xf4\xf5\xf6\xf7\xf8\xf9\xfa\xfb\xfc\xfd\xfe\xff"

const (
	textCtrl = 1 + 256
	textDyn  = uint32(textCtrl + 0x20 + 5)
)

// mk returns the edit of kind k that replaces in[off:off+n] with ins.
// It calls textIndex for a text of more than a byte, which keeps it from
// inlining: where the text is a constant, mkc makes the edit.
func (p *parser) mk(k Kind, off, n int, ins string) edit {
	e := edit{off: off, n: n, kind: k}
	switch len(ins) {
	case 0:
	case 1:
		e.ins = 1 + uint32(ins[0])
	default:
		e.ins = p.textIndex(ins)
	}
	return e
}

// mkc returns the edit of kind k that replaces in[off:off+n] with the
// constant text ins stands for: insNone, 1 + a byte, or a text* index.
//
// NOTE: mkc inlines: the parser makes an edit every few bytes in dense
// text.
func mkc(k Kind, off, n int, ins uint32) edit { return edit{off: off, n: n, ins: ins, kind: k} }

// Constant texts for mkc.
const (
	insNone        = 0        // nothing inserted
	insQuote       = 1 + '"'  // "
	insBackslash   = 1 + '\\' // \
	insColon       = 1 + ':'  // :
	insComma       = 1 + ','  // ,
	insZero        = 1 + '0'  // 0
	insOpenArray   = 1 + '['  // [
	insCloseArray  = 1 + ']'  // ]
	insCloseObject = 1 + '}'  // }
	textNull       = textDyn - 5
	textTrue       = textDyn - 4
	textFalse      = textDyn - 3
)

// textIndex returns the index of s for an edit's ins.
func (p *parser) textIndex(s string) uint32 {
	switch len(s) {
	case 0:
		return 0
	case 1:
		return 1 + uint32(s[0])
	}
	switch s {
	case "null":
		return textNull
	case "true":
		return textTrue
	case "false":
		return textFalse
	case `":null`:
		return textDyn - 2
	case `\ufffd`:
		return textDyn - 1
	}
	if s[0] == '\\' {
		for c, esc := range ctrlEscape {
			if s == esc {
				return uint32(textCtrl + c)
			}
		}
	}
	p.texts = append(p.texts, s)
	return textDyn + uint32(len(p.texts)-1)
}

// text returns the text an edit's ins stands for.
func (p *parser) text(ins uint32) string {
	if ins < textDyn {
		return constTexts[ins]
	}
	return p.texts[ins-textDyn]
}

// build applies the log to the input, and returns the output and the
// log as a [Log]. The edits are in order and do not overlap, as the
// parser makes them; checkOutput checks the output. A removed byte, as
// an inserted text, is a constant string; longer removed texts are
// copied, all into one string.
func (p *parser) build() ([]byte, Log) {
	log, n := p.export()
	return p.output(n), log
}

// copySlack is how far past its end output may write: short copies
// are made copySlack bytes at a time (see output).
const copySlack = 16

// copyLong is the longest run output copies with no call, where the
// input and the output have room for copyLong bytes from the run on.
const copyLong = 4 * copySlack

// output applies the log to the input, which gives n bytes.
//
// NOTE: most runs of input between two edits are short, and most
// inserted texts are a byte long, which ins encodes. A run of up to
// copySlack bytes is copied as one array, and one of up to copyLong as
// four, with no call, into an output with room to spare: what a copy
// writes past the run, the next one overwrites, as no copy writes
// before the place where it starts.
func (p *parser) output(n int) []byte {
	in, edits := p.in, p.log
	out := make([]byte, n+copySlack)
	// A short copy reads in[at:at+copySlack] and writes
	// out[w:w+copySlack]: lastIn and lastOut are the last at and w for
	// which it may.
	lastIn, lastOut := len(in)-copySlack, len(out)-copySlack
	w, at := 0, 0
	for i := range edits {
		e := &edits[i]
		if run := e.off - at; uint(run) <= copySlack && at <= lastIn && w <= lastOut {
			*(*[copySlack]byte)(out[w:]) = *(*[copySlack]byte)(in[at:])
			w += run
		} else if uint(run) <= copyLong && at <= len(in)-copyLong && w <= len(out)-copyLong {
			// Four copies of copySlack bytes: one of copyLong is a call.
			src, dst := in[at:at+copyLong], out[w:w+copyLong]
			*(*[copySlack]byte)(dst) = *(*[copySlack]byte)(src)
			*(*[copySlack]byte)(dst[copySlack:]) = *(*[copySlack]byte)(src[copySlack:])
			*(*[copySlack]byte)(dst[2*copySlack:]) = *(*[copySlack]byte)(src[2*copySlack:])
			*(*[copySlack]byte)(dst[3*copySlack:]) = *(*[copySlack]byte)(src[3*copySlack:])
			w += run
		} else {
			w += copy(out[w:], in[at:e.off])
		}
		at = e.off + e.n
		switch ins := e.ins; {
		case ins == 0:
		case ins <= 256:
			out[w] = byte(ins - 1)
			w++
		default:
			w += copy(out[w:], p.text(ins))
		}
	}
	w += copy(out[w:], in[at:])
	return out[:w:w]
}

// export returns the log as a [Log], and the length of the output.
//
// NOTE: the removed texts longer than a byte are copied as the loop goes
// and put in the log after it, from one string, at the edits that p.long
// lists, so that no second pass over all the edits is needed.
func (p *parser) export() (Log, int) {
	in, edits := p.in, p.log
	log := make(Log, len(edits))
	n := len(in)
	p.removed, p.long = p.removed[:0], p.long[:0]
	for i := range edits {
		// NOTE: field by field: a whole Edit stored at once is a typed
		// move, with a bulk write barrier while the GC marks.
		e := &edits[i]
		l := &log[i]
		l.Kind = e.kind
		l.Offset = int64(e.off)
		if e.kind == Truncated {
			l.Truncated = true
		}
		n -= e.n
		switch k := e.n; {
		case k == 1:
			c := int(in[e.off])
			l.Removed = allBytes[c : c+1]
		case k > 1:
			// In p, not in locals, that the loop keeps no register for.
			p.removed = append(p.removed, in[e.off:e.off+k]...)
			p.long = append(p.long, i)
		}
		switch ins := e.ins; {
		case ins == 0:
		case ins <= 256:
			c := ins - 1
			l.Inserted = allBytes[c : c+1]
			n++
		default:
			t := p.text(ins)
			l.Inserted = t
			n += len(t)
		}
	}
	if len(p.removed) > 0 {
		removed := string(p.removed)
		for _, i := range p.long {
			k := edits[i].n
			log[i].Removed, removed = removed[:k], removed[k:]
		}
	}
	return log, n
}
