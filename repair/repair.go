package repair

// NOTE: the parser is the stateful half of the lenient lexer (lex.go is
// the stateless half): one forward pass over the input that recognises
// JSON and the sloppy forms of the enabled kinds, and records an Edit for
// each change. It never builds the output; Repair replays the log with
// Apply, so the log reproduces the output by construction.
//
// Organisation:
//   - repair.go: Repair, the parser, fences, prose, the final strict check.
//   - state.go: value, the state machine for one value.
//   - token.go: one token each: str, altStr, number, word, name, space.
//   - truncate.go: the Truncated kind, at the end of the input.
//   - prefix.go: the tokenizer reads the strict part first; the parser
//     starts where it stopped, and the output check where it left off.
//
// Each byte is looked at a bounded number of times: candidate search for
// Prose resumes where a failed attempt stopped, edits are appended in
// offset order, and the few edits that must go earlier in the log (a
// missing or trailing comma seen only later, prose seen only after its
// value) are inserted behind at most the comment edits that followed.

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/deltajson/deltajson/internal/prefixscan"
	"github.com/deltajson/deltajson/tokenizer"
)

// Repair repairs in with the kinds enabled in opts and returns the output
// and the log of edits. The output is strict RFC 8259 JSON; replaying the
// log on in with [Apply] gives the output exactly.
//
// If in is already strict JSON, Repair returns in itself and an empty log.
// When the log is empty the output aliases in; otherwise it is new memory.
//
// If in cannot be repaired with the enabled kinds, Repair returns an
// *[Error] with the offset of the problem and, in Error.Need, a kind that
// would repair it. Repair never panics, and its work is linear in len(in).
func Repair(in []byte, opts Options) ([]byte, Log, error) {
	if max := opts.maxInput(); len(in) > max {
		return nil, nil, &Error{Offset: int64(max), Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)}
	}
	if opts.Kinds&EscapedJSON != 0 {
		// A string literal holding escaped JSON is strict JSON, a string,
		// and stays one.
		if sp, after, ok := escapedSpan(in); ok && !(sp.open && strictValid(in) == nil) {
			out, log, err := repairEscaped(in, opts, sp)
			if err != nil && (sp.open || after) {
				// The literal may read as a string that needs repairs,
				// and the text before the bracket may not be prose.
				if out2, log2, err2 := repairText(in, opts, true); err2 == nil {
					return out2, log2, nil
				}
			}
			return out, log, err
		}
	}
	return repairPlain(in, opts, true)
}

// repairPlain is Repair for a text read as it stands, with no escaped
// JSON looked for; word is repairText's.
func repairPlain(in []byte, opts Options, word bool) ([]byte, Log, error) {
	out, log, err := repairText(in, opts, word)
	if err != nil && opts.Kinds&EscapedJSON == 0 {
		needEscaped(in, err)
	}
	return out, log, err
}

// needEscaped sets the Need of err, an error of Repair on in with
// EscapedJSON off, to EscapedJSON if in reads as escaped JSON.
func needEscaped(in []byte, err error) {
	var e *Error
	if errors.As(err, &e) && (errors.Is(e, ErrSyntax) || errors.Is(e, ErrNoValue)) {
		if _, _, ok := escapedSpan(in); ok {
			e.Need = EscapedJSON
		}
	}
}

// repairText is Repair for a text read as it stands. With word set, an
// error in text that is strict up to it is worded by the tokenizer (see
// asTokenizer); EscapedJSON's repair of the text read once, whose offsets
// are not the input's, leaves it unset.
func repairText(in []byte, opts Options, word bool) ([]byte, Log, error) {
	p := parsers.Get().(*parser)
	*p = parser{in: in, kinds: opts.Kinds, maxDepth: min(opts.maxDepth(), DefaultMaxDepth), maxEdits: opts.maxEdits(),
		overEdits: -1, stack: p.stack[:0], log: p.log[:0], texts: p.texts[:0], removed: p.removed[:0], long: p.long[:0], skipped: p.skipped, lastClose: -1, noCloser: -1, endsClosed: -1}
	defer p.release()
	err := p.run()
	if p.overEdits >= 0 {
		err = &Error{Offset: p.overEdits, Err: fmt.Errorf("%w: more than %d", ErrTooManyEdits, p.maxEdits)}
	}
	if err != nil {
		if word {
			err = p.asTokenizer(err)
		}
		return nil, nil, err
	}
	if len(p.log) == 0 {
		// The parser accepted in without an edit. It agrees with the
		// tokenizer (FuzzRepair checks that), which has the last word, as
		// it has on repaired output.
		if !p.scanValid {
			if err := strictValid(in); err != nil {
				return nil, nil, err
			}
		}
		return in, nil, nil
	}
	out, log := p.build()
	if err := p.checkOutput(out); err != nil {
		return nil, nil, internalError(err)
	}
	return out, log, nil
}

// applyChecked replays log on in, and checks that the output is strict
// JSON: a log that does not replay, or an output that is not strict, is
// a bug, not a property of the input, and the fuzz tests hunt for it.
func applyChecked(in []byte, log Log) ([]byte, Log, error) {
	out, err := Apply(in, log)
	if err == nil {
		err = strictValid(out)
	}
	if err != nil {
		return nil, nil, internalError(err)
	}
	return out, log, nil
}

// internalError is the error of an output that is not strict JSON.
func internalError(err error) error {
	return &Error{Err: fmt.Errorf("%w: internal error: repaired output is invalid: %v", ErrSyntax, err)}
}

// A parser is the state of one Repair call. It is pooled; see release.
type parser struct {
	in       []byte
	kinds    Kind
	maxDepth int
	// log is the log being built, its array kept in the pool, and texts
	// the texts its edits insert that are not constants (see mk).
	log   []edit
	texts []string
	// removed holds, as build goes, the texts the edits remove that are
	// more than a byte long.
	removed []byte
	// long holds, as build goes, the indexes of those edits in the log.
	long []int

	// maxEdits bounds the log; overEdits is the offset of the first edit
	// left out for it, or -1.
	maxEdits  int
	overEdits int64

	stack []frame
	state state
	pos   int

	// safe is the input offset just past the last complete value or
	// opening bracket, and safeLog the log length then. A missing comma is
	// inserted there, and truncation cuts back to it.
	safe, safeLog int
	// comma and commaLog are the same for the last comma, which the
	// TrailingComma kind may remove when the closer shows up.
	comma, commaLog int

	// nameEnd and nameLog are the input offset just past the last object
	// name and the log length then: a missing colon goes there.
	nameEnd, nameLog int
	// lastClose and lastCloseLog are the offset of the closer that ended
	// the top-level value and the log length then, or -1.
	lastClose, lastCloseLog int

	// bareTop allows a bare value at the top level (UnquotedString), and
	// topBare says the top-level value was one: more bare values join it.
	bareTop, topBare bool
	// noCloser is the offset of a string's opening quote from which no
	// quote after it closes a string, or -1 (see str).
	noCloser int
	// altNoCloser holds, for each altSlot, 1 + the offset of the body of
	// a single- or smart-quoted string whose scan met no closing quote
	// up to the end of the input, the least such offset; 0 for none.
	altNoCloser [16]int
	// noFit is 1 + the offset of the opening quote of a string that
	// stringEnd found no fitting end for, the least such; 0 for none.
	noFit int
	// tailAt is 1 + the offset where the run that tailRun finds begins,
	// or 0 before it is looked at; tailClosers counts its closers.
	tailAt, tailClosers int
	// endsClosed is 1 when the input's last byte that is not whitespace
	// is a closing bracket, 0 when not, -1 before it is looked at.
	endsClosed int8

	// probing is set while Prose searches for a value: fail then makes
	// no message and no pointer, only probeErr (see probe).
	probing  bool
	probeErr Error
	// probeFirst is the offset of the first token in the candidate being
	// probed, where a bare value makes the candidate prose.
	probeFirst int
	// fenceCloser is the bracket to remove after the closing fence, when
	// a bracket wraps the fence: [```json ... ```].
	fenceCloser byte

	// tok is the tokenizer of strictPrefix, which read the value from
	// scanStart, and cps its states at the chunk boundaries cpOff (-1:
	// none), kept for checkOutput; cpNext is the one to write next.
	// scanValid says the tokenizer found in[scanStart:] strict, and
	// skipped is the memory of the tokenizer's skip, made at its first
	// use and kept from call to call by the pooled parser.
	// plain is the run of plain bytes (jsonwire.SkipPlain) that member
	// read in a string value: from the byte after its opening quote to
	// where the run stops. The input does not change, so the pair stays
	// true. A new parser's {0, 0} is no string's: a body begins at 1 or
	// later.
	plain [2]int

	tok       tokenizer.Tokenizer
	cps       [2]tokenizer.Tokenizer
	cpOff     [2]int
	cpNext    int
	scanStart int
	scanValid bool
	skipped   *prefixscan.Scan
}

// parsers keeps parsers, for their stacks, so that strict input is
// checked without allocating.
var parsers = sync.Pool{New: func() any { return &parser{stack: make([]frame, 0, 16)} }}

// release returns p to the pool, unless its stack or log grew large: a
// pooled parser must not pin memory. Its texts are cleared, so that it
// holds no text of the input.
func (p *parser) release() {
	if cap(p.stack) > 256 || cap(p.log) > maxPooledEdits || cap(p.texts) > 256 || cap(p.removed) > 4<<10 || cap(p.long) > maxPooledEdits {
		return
	}
	clear(p.texts)
	clear(p.removed)
	*p = parser{stack: p.stack[:0], log: p.log[:0], texts: p.texts[:0], removed: p.removed[:0], long: p.long[:0], skipped: p.skipped}
	parsers.Put(p)
}

// maxPooledEdits is the largest log a pooled parser keeps for the next
// call: enough for a 20 KB text with an edit every 5 bytes.
const maxPooledEdits = 1 << 12

func (p *parser) on(k Kind) bool { return p.kinds&k != 0 }

// edit logs the edit of kind k that replaces in[off:off+n] with ins.
func (p *parser) edit(k Kind, off, n int, ins string) { p.add(p.mk(k, off, n, ins)) }

// add appends e to the log.
func (p *parser) add(e edit) {
	if !p.full(1, e.off) {
		p.log = append(p.log, e)
	}
}

// add2 appends a and b to the log, both or neither, as editsAt would
// at its end, with no call.
func (p *parser) add2(a, b edit) {
	if !p.full(2, a.off) {
		p.log = append(p.log, a, b)
	}
}

// editAt inserts e at index i of the log, behind later edits.
func (p *parser) editAt(i int, e edit) {
	if i == len(p.log) {
		p.add(e) // most often: nothing is behind
		return
	}
	if !p.full(1, e.off) {
		// NOTE: by hand, not slices.Insert: most often one edit is
		// behind, and a call costs more than the move.
		p.log = append(p.log, e)
		if behind := p.log[i:]; len(behind) <= 4 {
			for j := len(behind) - 1; j > 0; j-- {
				behind[j] = behind[j-1]
			}
			behind[0] = e
		} else {
			copy(behind[1:], behind)
			behind[0] = e
		}
	}
}

// editsAt inserts edits at index i of the log, behind later edits, all
// or none of them.
func (p *parser) editsAt(i int, edits ...edit) {
	if len(edits) > 0 && !p.full(len(edits), edits[0].off) {
		if i == len(p.log) {
			p.log = append(p.log, edits...) // most often: nothing is behind
			return
		}
		p.log = slices.Insert(p.log, i, edits...)
	}
}

// full reports whether n more edits, the first at off, would take the
// log past maxEdits. Then they are left out, and Repair fails with
// ErrTooManyEdits at the first edit so left out, so that a log never
// grows past its bound.
func (p *parser) full(n, off int) bool {
	if len(p.log)+n <= p.maxEdits {
		return false
	}
	return p.over(off)
}

// over records off as the offset of the first edit left out, if it is,
// and returns true.
func (p *parser) over(off int) bool {
	if p.overEdits < 0 {
		p.overEdits = int64(off)
	}
	return true
}

// fail returns an *Error at off. need is the kind that would repair the
// problem; it is reported only if it is not on already.
func (p *parser) fail(off int, need Kind, format string, args ...any) error {
	if p.on(need) {
		need = 0
	}
	if p.probing {
		cause := ErrSyntax
		for _, a := range args {
			if a == io.ErrUnexpectedEOF {
				cause = io.ErrUnexpectedEOF
			}
		}
		p.probeErr = Error{Offset: int64(off), Need: need, Err: cause}
		return &p.probeErr
	}
	return syntaxError(off, p.pointer(), need, fmt.Errorf(format, args...))
}

// run repairs the whole input: fences, then one value, then what follows.
func (p *parser) run() error {
	in := p.in
	if err := p.space(); err != nil {
		return err
	}
	if p.on(Fence) && p.pos < len(in) && (in[p.pos] == '[' || in[p.pos] == '{') {
		// A bracket around a fence goes with it: [```json ... ```].
		j := p.pos + 1
		for j < len(in) && isSpace(in[j]) {
			j++
		}
		closer := closerByte(in[p.pos] == '{')
		tail := bytes.TrimRight(in, " \t\r\n")
		if n := fenceLen(in, j, true); n > 0 && len(tail) > j+n && tail[len(tail)-1] == closer &&
			bytes.HasSuffix(bytes.TrimRight(tail[:len(tail)-1], " \t\r\n"), []byte("```")) {
			p.edit(Fence, p.pos, j+n-p.pos, "")
			p.pos = j + n
			p.fenceCloser = closer
			if err := p.space(); err != nil {
				return err
			}
		}
	}
	if p.on(Fence) && p.fenceCloser == 0 {
		if n := fenceLen(in, p.pos, true); n > 0 {
			p.edit(Fence, p.pos, n, "")
			p.pos += n
			if err := p.space(); err != nil {
				return err
			}
		}
	}
	start, mark := p.pos, len(p.log)
	// With Prose, a bare value at the top level is read only when no
	// object or array is found in the text.
	p.bareTop = !p.on(Prose)
	var err error
	switch p.strictPrefix(start) {
	case scanNone:
		err = p.value()
	case scanIn:
		err = p.loop()
	}
	if err != nil {
		if !p.on(Prose) || errors.Is(err, ErrTooDeep) {
			return err
		}
		s, err2 := p.findValue(start, mark)
		switch {
		case err2 == nil:
			n := len(p.log)
			p.leadingProse(start, s, mark)
			// The log indexes kept for edits to come shift with it.
			p.safeLog += len(p.log) - n
			p.lastCloseLog += len(p.log) - n
			start = s
		case errors.Is(err2, ErrNoValue) && p.on(UnquotedString) && p.bareAgain(start, mark):
			return nil
		default:
			// With no value in prose found, the first attempt's error
			// says more when what it read began a value (a container),
			// or when a kind would have repaired it, as for "tru" or a
			// string cut off.
			var e *Error
			if start < len(in) && (in[start] == '{' || in[start] == '[') || errors.As(err, &e) && e.Need != 0 {
				return err
			}
			return err2
		}
	}
	return p.after(start)
}

// bareAgain reads the input from start again, a bare value allowed at
// the top level, and reports whether that worked.
func (p *parser) bareAgain(start, mark int) bool {
	p.log = p.log[:mark]
	p.lastClose, p.lastCloseLog = -1, 0 // the failed read's closer is gone with its edits
	p.pos = start
	p.bareTop = true
	if p.value() == nil && p.after(start) == nil {
		return true
	}
	p.log = p.log[:mark]
	p.bareTop = false
	return false
}

// after reads what follows the top-level value that began at start:
// whitespace and a closing fence, stray closers (Bracket), a comma at the
// end (TrailingComma), more members of an object closed early (Bracket),
// more values (MultiValue), or prose.
func (p *parser) after(start int) error {
	in := p.in
	for {
		if err := p.space(); err != nil {
			return err
		}
		if p.pos < len(in) && p.on(Fence) {
			if n := fenceLen(in, p.pos, false); n > 0 {
				p.edit(Fence, p.pos, n, "")
				p.pos += n
				if err := p.space(); err != nil {
					return err
				}
				if p.fenceCloser != 0 && p.pos < len(in) && in[p.pos] == p.fenceCloser {
					p.edit(Fence, p.pos, 1, "")
					p.pos++
				}
				p.fenceCloser = 0
				continue
			}
		}
		if p.pos == len(in) {
			return nil
		}
		switch c := in[p.pos]; {
		case (c == '}' || c == ']') && p.on(Bracket):
			p.edit(Bracket, p.pos, 1, "")
			p.pos++
			continue
		case c == ',' && p.skipQuiet(p.pos+1) == len(in):
			if !p.on(TrailingComma) {
				return p.fail(p.pos, TrailingComma, "trailing comma after the top-level value")
			}
			p.edit(TrailingComma, p.pos, 1, "")
			p.pos++
			continue
		case c == ',' && p.on(Bracket) && p.reopens():
			p.editAt(p.lastCloseLog, mkc(Bracket, p.lastClose, 1, insNone))
			p.stack = append(p.stack[:0], frame{obj: true, open: start, name: [2]int{-1, -1}})
			p.state = stNext
			if err := p.loop(); err != nil {
				return err
			}
			continue
		case p.on(MultiValue) && p.joins(p.pos):
			i, _ := slices.BinarySearchFunc(p.log, start, func(e edit, off int) int { return cmp.Compare(e.off, off) })
			p.editAt(i, mkc(MultiValue, start, 0, insOpenArray))
			p.safeLog++
			p.stack = append(p.stack[:0], frame{wrap: wrapMulti, name: [2]int{-1, -1}})
			p.state = stNext
			if err := p.loop(); err != nil {
				return err
			}
			continue
		}
		return p.trailing()
	}
}

// reopens reports whether the comma at p.pos, after a top-level object,
// is followed by a member: a name and a colon. Then the object was closed
// early: {"a": 1}, "b": 2}. Closers removed after it, and closers
// inserted before it, go with it: {"a": 1}}, "b": 2}.
func (p *parser) reopens() bool {
	in := p.in
	if p.lastClose < 0 || in[p.lastClose] != '}' {
		return false
	}
	for i := len(p.log) - 1; i >= 0 && p.log[i].off >= p.lastClose; i-- {
		if e := p.log[i]; e.kind != Bracket || e.off == p.lastClose && e.n > 0 {
			return false
		}
	}
	if j := lastNonSpace(in, 0, p.lastClose); j < 0 || in[j] == '{' {
		return false // an empty object: its members would need no comma
	}
	return p.memberAt(p.skipQuiet(p.pos + 1))
}

// memberAt reports whether a member of an object begins at i: a name,
// double-quoted on one line or bare, and a colon.
func (p *parser) memberAt(i int) bool {
	in := p.in
	switch {
	case i < len(in) && in[i] == '"':
		i++
		for i < len(in) && in[i] != '"' && in[i] != '\n' {
			if in[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(in) || in[i] != '"' {
			return false
		}
		i++
	case i < len(in) && bareNameStart(in, i):
		for i++; i < len(in) && isNameByte(in[i]); i++ {
		}
	default:
		return false
	}
	i = p.skipQuiet(i)
	return i < len(in) && in[i] == ':'
}

// trailing handles text after the top-level value: prose to remove, or
// another value, which is an error (ErrAmbiguous) rather than a guess.
func (p *parser) trailing() error {
	in := p.in
	if p.topBare {
		return p.fail(p.pos, MultiValue&^p.kinds, "unexpected %s after a top-level bare value", quoteChar(in, p.pos))
	}
	if !p.on(Prose) {
		need := Prose
		switch {
		case in[p.pos] == '`':
			need = Fence
		case p.startsScalar(p.pos) || p.joins(p.pos):
			need = MultiValue
		}
		return p.fail(p.pos, need, "unexpected %s after top-level value", quoteChar(in, p.pos))
	}
	if p.startsScalar(p.pos) {
		return &Error{Offset: int64(p.pos), Need: MultiValue &^ p.kinds, Err: ErrAmbiguous}
	}
	// Trailing prose: refuse to guess if it holds another value.
	proseAt, mark := p.pos, len(p.log)
	for s := nextOpen(in, p.pos); s >= 0; {
		p.pos = s
		err := p.probe()
		p.log = p.log[:mark]
		if err == nil {
			need := Kind(0)
			if p.joins(proseAt) {
				need = MultiValue &^ p.kinds // NDJSON: {"a":1}\n{"b":2}
			}
			return &Error{Offset: int64(s), Need: need, Err: ErrAmbiguous}
		}
		if errors.Is(err, ErrTooDeep) {
			return p.again(s, mark, err)
		}
		if p.deepFailure(s, err) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = p.again(s, mark, err)
			p.log = p.log[:mark]
			return &Error{Offset: int64(s), Err: fmt.Errorf("%w (the one here is broken: %v)", ErrAmbiguous, err)}
		}
		s = nextOpen(in, max(s+1, resumeAt(err)))
	}
	p.edit(Prose, proseAt, len(in)-proseAt, "")
	p.pos = len(in)
	return nil
}

// startsScalar reports whether the text at i, after a comma if any,
// starts a value that no prose starts with (looseValue). Text after the
// top-level value that does is another value, not prose to drop.
func (p *parser) startsScalar(i int) bool {
	in := p.in
	if in[i] == ',' {
		i = p.skipQuiet(i + 1)
	}
	return i < len(in) && p.looseValue(i)
}

// looseValue reports whether a value that no prose starts with starts
// at in[i]: a quote of any kind, a number (.5 too), a tuple or a call
// whose first argument starts a value ((1, 2), ObjectId("x")), or a
// literal (true, None, NaN) that stands alone: before the end, a comma,
// a closer, a line end or another value.
func (p *parser) looseValue(i int) bool {
	in := p.in
	switch c := in[i]; {
	case c == '`':
		return fenceLen(in, i, false) == 0
	case c == '(':
		return p.valueAt(p.skipQuiet(i + 1))
	case isIdent(c):
		end := wordEnd(in, i)
		if end < len(in) && in[end] == '(' {
			return p.valueAt(p.skipQuiet(end + 1))
		}
		switch string(in[i:end]) {
		case "true", "false", "null", "True", "False", "None", "NaN", "Infinity", "undefined":
			k := end
			for k < len(in) && (in[k] == ' ' || in[k] == '\t') {
				k++
			}
			return k == len(in) || bytes.IndexByte([]byte(",]}\r\n"), in[k]) >= 0 ||
				k > end && (p.valueAt(k) || hasLiteral(in, k))
		}
		return false
	}
	return p.valueAt(i) && in[i] != '[' && in[i] != '{'
}

// numberAt reports whether a number starts at b[i], with its sign and
// leading digit optional: 1, -1, .5, -.5.
func numberAt(b []byte, i int) bool {
	if b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '.' {
		i++
	}
	return i < len(b) && isDigit(b[i])
}

// valueAt reports whether a quote, a bracket, a number or a tuple
// starts at i.
func (p *parser) valueAt(i int) bool {
	if i >= len(p.in) {
		return false
	}
	switch c := p.in[i]; {
	case c == '"' || c == '\'' || c == '[' || c == '{' || c == '(' || isDigit(c):
		return true
	case c == '-' || c == '.':
		return numberAt(p.in, i)
	case c == 0xE2:
		return smartQuote(p.in, i) == smartLeftDouble || smartQuote(p.in, i) == smartLeftSingle
	}
	return false
}

// findValue looks for the first object or array at or after start that
// repairs into a value, and returns its offset. A candidate that fails at
// its first token is prose, like "[the docs]", and the search resumes
// where it failed; one that fails later is broken JSON, and its error is
// returned. So is one that the end of the input cuts (an unclosed string
// or comment): every later candidate would read to the end again, and
// the search would take time quadratic in the input.
func (p *parser) findValue(start, mark int) (int, error) {
	for s := nextOpen(p.in, start); s >= 0; {
		p.log = p.log[:mark]
		p.pos = s
		err := p.probe()
		if err == nil {
			if open := unclosed(p.in[start:s]); open >= 0 {
				// "{1: "x", "ids": [42]}": the object failed at its
				// first token, yet the array is a part of it, not a
				// value in prose.
				p.log = p.log[:mark]
				return 0, &Error{Offset: int64(start + open), Err: fmt.Errorf("%w: the value at offset %d lies inside the %q at offset %d, which is not JSON; taking it out would drop the rest", ErrNoValue, s, p.in[start+open], start+open)}
			}
			return s, nil
		}
		if errors.Is(err, ErrTooDeep) || p.deepFailure(s, err) || errors.Is(err, io.ErrUnexpectedEOF) {
			return 0, p.again(s, mark, err)
		}
		s = nextOpen(p.in, max(s+1, resumeAt(err)))
	}
	p.log = p.log[:mark]
	return 0, &Error{Offset: int64(start), Need: Prose &^ p.kinds, Err: ErrNoValue}
}

// probe is value for a candidate of the search in prose, which may try as
// many candidates as the input has brackets: its errors are cheap (no
// message, no pointer), and valid only until the next probe. again makes
// the error of the one candidate whose error is reported.
func (p *parser) probe() error {
	p.probing = true
	p.probeFirst = p.pos + 1
	for p.probeFirst < len(p.in) && isSpace(p.in[p.probeFirst]) {
		p.probeFirst++
	}
	err := p.value()
	p.probing = false
	return err
}

// again reads the candidate at s again, whose probe failed with err,
// and returns its error in full. Read so, without the probe's rule that
// a bare first token makes it prose, the candidate may repair after
// all; the probe's verdict stands then, and again returns err.
func (p *parser) again(s, mark int, err error) error {
	p.log = p.log[:mark]
	p.pos = s
	if err2 := p.value(); err2 != nil {
		return err2
	}
	p.log = p.log[:mark]
	if err == &p.probeErr {
		e := p.probeErr // valid only until the next probe
		return &e
	}
	return err
}

// unclosed returns the index in b of the outermost '{' or '[' that b
// leaves open, or -1: a value right after b would be inside it. A closer
// that does not match the innermost open bracket is ignored. Brackets in
// quotes count too: in prose, quotes cannot be trusted to pair.
//
// NOTE: the stack holds one bit per level, set for an object, and the
// offset of the outermost bracket only: b may be all brackets.
func unclosed(b []byte) int {
	var objs []uint64
	depth, first := 0, -1
	for i, c := range b {
		switch c {
		case '{', '[':
			if depth == 0 {
				first = i
			}
			if depth/64 == len(objs) {
				objs = append(objs, 0)
			}
			if c == '{' {
				objs[depth/64] |= 1 << (depth % 64)
			} else {
				objs[depth/64] &^= 1 << (depth % 64)
			}
			depth++
		case '}', ']':
			if depth > 0 && objs[(depth-1)/64]&(1<<((depth-1)%64)) != 0 == (c == '}') {
				depth--
			}
		}
	}
	if depth == 0 {
		return -1
	}
	return first
}

// deepFailure reports whether the candidate at s failed after its first
// token: it is broken JSON, not prose, and searching on could extract a
// value nested in it and silently drop the rest.
func (p *parser) deepFailure(s int, err error) bool {
	first := s + 1
	for first < len(p.in) && isSpace(p.in[first]) {
		first++
	}
	return resumeAt(err) > first
}

func resumeAt(err error) int {
	if e, ok := err.(*Error); ok {
		return int(e.Offset) // without errors.As: the search calls it for every candidate
	}
	var e *Error
	if errors.As(err, &e) {
		return int(e.Offset)
	}
	return 0
}

// leadingProse logs the removal of in[start:s], the text before the value
// found at s, as Prose, and a fence line at its end as Fence. The edits go
// before those of the value, which were logged first.
func (p *parser) leadingProse(start, s, mark int) {
	proseEnd, fence := s, edit{n: -1}
	if p.on(Fence) {
		if f := bytes.LastIndex(p.in[start:s], []byte("```")); f >= 0 {
			f += start
			for f > start && p.in[f-1] == '`' {
				f--
			}
			n := fenceLen(p.in, f, true)
			if len(bytes.TrimLeft(p.in[f+n:s], " \t\r\n")) == 0 {
				proseEnd = f
				fence = mkc(Fence, f, n, insNone)
			}
		}
	}
	edits := make([]edit, 0, 2)
	if proseEnd > start {
		edits = append(edits, mkc(Prose, start, proseEnd-start, insNone))
	}
	if fence.n >= 0 {
		edits = append(edits, fence)
	}
	p.editsAt(mark, edits...)
}
