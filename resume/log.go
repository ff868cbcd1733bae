package resume

import (
	"context"
	"errors"
	"log/slog"

	"github.com/deltajson/deltajson/tokenizer"
)

// NOTE: Logging is off unless Options.Logger is set, and every log call
// first asks the handler whether its level is enabled, so a call that
// does not log builds no attributes and does not allocate.
//
// Every record carries "call" (the key), "id" (the provider's call id,
// once known), "event" (the call's own event count, so order can be
// checked from the log alone) and "bytes" (the argument bytes held).
// The messages are:
//
//	call start      (Info)  name, index
//	call delta      (Debug) seq, len, and text with LogArguments
//	call status     (Info)  from, to, and error when there is one
//	call end        (Info)  final, mismatch, mismatch_offset
//	call refused    (Warn)  seq, len, error: an event that changed nothing;
//	                        a Set logs it too for an event of a call it
//	                        refused past MaxCalls (with its "kind")
//	call duplicate end (Info) status
//	call result     (Info)  status, error, empty_as_object, and arguments
//	                        with LogArguments: once, when the call reaches
//	                        its final status (ready at most once)

// refuse logs "call refused" for an event of a call the Set did not
// make, past MaxCalls, and returns err.
func (s *Set) refuse(ev Event, err error) error {
	if l := s.opts.Logger; l != nil && l.Enabled(context.Background(), slog.LevelWarn) {
		l.LogAttrs(context.Background(), slog.LevelWarn, "call refused", slog.String("call", ev.Key),
			slog.String("id", ev.ID), slog.String("kind", ev.Kind.String()), slog.Int("len", len(ev.Data)),
			slog.String("error", err.Error()))
	}
	return err
}

func (c *Call) logOn(level slog.Level) bool {
	return c.opts.Logger != nil && c.opts.Logger.Enabled(context.Background(), level)
}

func (c *Call) log(level slog.Level, msg string, attrs ...slog.Attr) {
	base := make([]slog.Attr, 0, 4+len(attrs))
	base = append(base, slog.String("call", c.key))
	if c.id != "" {
		base = append(base, slog.String("id", c.id))
	}
	base = append(base, slog.Int64("event", c.eventCount()), slog.Int("bytes", len(c.args)))
	c.opts.Logger.LogAttrs(context.Background(), level, msg, append(base, attrs...)...)
}

func (c *Call) logStart() {
	if c.logOn(slog.LevelInfo) {
		c.log(slog.LevelInfo, "call start", slog.String("name", c.name), slog.Int("index", c.index))
	}
}

func (c *Call) logDelta(seq int64, data []byte) {
	if !c.logOn(slog.LevelDebug) {
		return
	}
	attrs := []slog.Attr{slog.Int64("seq", seq), slog.Int("len", len(data))}
	if c.opts.LogArguments {
		attrs = append(attrs, slog.String("text", string(data)))
	}
	c.log(slog.LevelDebug, "call delta", attrs...)
}

func (c *Call) logStatus(old Status) {
	if !c.logOn(slog.LevelInfo) {
		return
	}
	attrs := []slog.Attr{slog.String("from", old.String()), slog.String("to", c.status.String())}
	if c.err != nil {
		attrs = append(attrs, c.errorAttr(c.err))
	}
	c.log(slog.LevelInfo, "call status", attrs...)
}

func (c *Call) logEnd() {
	if c.logOn(slog.LevelInfo) {
		c.log(slog.LevelInfo, "call end", slog.Bool("final", c.hasFinal), slog.Bool("mismatch", c.mismatch), slog.Int64("mismatch_offset", c.mismatchAt))
	}
}

func (c *Call) logRefused(err error, seq int64, n int) {
	if c.logOn(slog.LevelWarn) {
		c.log(slog.LevelWarn, "call refused", slog.Int64("seq", seq), slog.Int("len", n), c.errorAttr(err))
	}
}

func (c *Call) logDuplicateEnd() {
	if c.logOn(slog.LevelInfo) {
		c.log(slog.LevelInfo, "call duplicate end", slog.String("status", c.status.String()))
	}
}

func (c *Call) logResult() {
	if !c.logOn(slog.LevelInfo) {
		return
	}
	attrs := []slog.Attr{slog.String("status", c.status.String()), slog.Bool("empty_as_object", c.emptyValue)}
	if c.err != nil {
		attrs = append(attrs, c.errorAttr(c.err))
	}
	if c.opts.LogArguments {
		attrs = append(attrs, slog.String("arguments", string(c.args)))
	}
	c.log(slog.LevelInfo, "call result", attrs...)
}

// errorAttr logs an error. Without LogArguments it leaves out what could
// quote the arguments: a syntax error's pointer (member names) and
// message (the offending byte) give way to its cause and offset, and a
// gate check's error (which may quote values) to its bare fact.
func (c *Call) errorAttr(err error) slog.Attr {
	if c.opts.LogArguments {
		return slog.String("error", err.Error())
	}
	var se *tokenizer.SyntaxError
	var ce *CheckError
	switch {
	case errors.As(err, &se):
		return slog.Group("error", slog.String("cause", se.Err.Error()), slog.Int64("offset", se.Offset))
	case errors.As(err, &ce):
		return slog.Group("error", slog.String("cause", ErrRejected.Error()), slog.Bool("panicked", ce.Panicked))
	}
	return slog.String("error", err.Error())
}
