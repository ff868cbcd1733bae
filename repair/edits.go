package repair

// This file is the log as the parser builds it: edits with no pointers,
// so that building one costs the garbage collector nothing, and that
// the parser's pooled log can be used again. Repair turns it into a [Log]
// once, at the end, and builds the output from it.

import "strings"

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
var constTexts = func() []string {
	t := []string{""}
	for c := range 256 {
		t = append(t, string([]byte{byte(c)})) // at 1+c
	}
	t = append(t, ctrlEscape[:]...) // at textCtrl+c
	return append(t, "null", "true", "false", `":null`, `\ufffd`)
}()

const (
	textCtrl = 1 + 256
	textDyn  = uint32(textCtrl + 0x20 + 5)
)

// mk returns the edit of kind k that replaces in[off:off+n] with ins.
//
// NOTE: mk inlines, and calls textIndex only for a text of more than a
// byte.
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
		return textDyn - 5
	case "true":
		return textDyn - 4
	case "false":
		return textDyn - 3
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

// output applies the log to the input. The edits are in order and do
// not overlap, as the parser makes them; strictValid checks the result.
func (p *parser) output() []byte {
	in := p.in
	n := len(in)
	for _, e := range p.log {
		n += len(p.text(e.ins)) - e.n
	}
	out := make([]byte, n)
	w, at := 0, 0
	for _, e := range p.log {
		w += copy(out[w:], in[at:e.off])
		// NOTE: most inserted texts are a byte long: no call for them.
		if t := p.text(e.ins); len(t) == 1 {
			out[w] = t[0]
			w++
		} else {
			w += copy(out[w:], t)
		}
		at = e.end()
	}
	copy(out[w:], in[at:])
	return out
}

// export returns the log as a [Log]. A removed byte, as an inserted
// text, is a constant string; longer removed texts are copied, all into
// one string.
func (p *parser) export() Log {
	var sb strings.Builder
	for _, e := range p.log {
		if e.n > 1 {
			sb.Write(p.in[e.off:e.end()])
		}
	}
	removed := sb.String()
	log := make(Log, len(p.log))
	for i, e := range p.log {
		// NOTE: field by field: a whole Edit stored at once is a typed
		// move, with a bulk write barrier while the GC marks.
		l := &log[i]
		l.Kind = e.kind
		l.Offset = int64(e.off)
		switch {
		case e.n == 1:
			l.Removed = constTexts[1+int(p.in[e.off])]
		case e.n > 1:
			l.Removed, removed = removed[:e.n], removed[e.n:]
		}
		if e.ins != 0 {
			l.Inserted = p.text(e.ins)
		}
		l.Truncated = e.kind == Truncated
	}
	return log
}
