package main

// NOTE: small builders for wire payloads. JSON objects are written field by
// field so that key order is the provider's, never a map's.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// raw is JSON text that is written as is.
type raw string

// val writes one Go value as JSON.
func val(v any) string {
	switch v := v.(type) {
	case raw:
		return string(v)
	case string:
		return string(q(v))
	case nil:
		return "null"
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case bool:
		return strconv.FormatBool(v)
	}
	panic(fmt.Sprintf("val: %T", v))
}

// q quotes s as JSON without HTML escaping, as providers do.
func q(s string) raw {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	return raw(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// obj builds an object from name, value pairs, in order.
func obj(kv ...any) raw {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(string(q(kv[i].(string))))
		b.WriteByte(':')
		b.WriteString(val(kv[i+1]))
	}
	b.WriteByte('}')
	return raw(b.String())
}

func arr(items ...any) raw {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = val(it)
	}
	return raw("[" + strings.Join(parts, ",") + "]")
}

// sseEvent is one text/event-stream event.
type sseEvent struct {
	name string // event: line, or "" for none
	data raw
}

// sse writes events with "\n" line ends and "data: [DONE]" when done.
func sse(events []sseEvent, done bool) []byte {
	var b bytes.Buffer
	for _, e := range events {
		if e.name != "" {
			fmt.Fprintf(&b, "event: %s\n", e.name)
		}
		fmt.Fprintf(&b, "data: %s\n\n", e.data)
	}
	if done {
		b.WriteString("data: [DONE]\n\n")
	}
	return b.Bytes()
}

func dataOnly(payloads []raw) []sseEvent {
	ev := make([]sseEvent, len(payloads))
	for i, p := range payloads {
		ev[i].data = p
	}
	return ev
}

func jsonl(payloads []raw) []byte {
	var b bytes.Buffer
	for _, p := range payloads {
		b.WriteString(string(p))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// cutMark separates pieces in an argument template; it appears in no
// argument text.
const cutMark = "‖"

// cut splits a template at each cut mark.
func cut(tmpl string) (text string, pieces []string) {
	pieces = strings.Split(tmpl, cutMark)
	return strings.Join(pieces, ""), pieces
}

// perRune cuts s at every character boundary.
func perRune(s string) []string {
	var out []string
	for len(s) > 0 {
		_, n := utf8.DecodeRuneInString(s)
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// sized cuts s into pieces of lo..hi bytes, moved forward to a character
// boundary, from a fixed seed so that output is reproducible.
func sized(s string, seed uint64, lo, hi int) []string {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	var out []string
	for len(s) > 0 {
		n := min(lo+r.IntN(hi-lo+1), len(s))
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n++
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// step is one piece of one call, for interleaving.
type step struct {
	call  int
	piece string
}

// roundRobin interleaves the calls' pieces: one of each call in turn.
func roundRobin(pieces ...[]string) []step {
	var out []step
	for i := 0; ; i++ {
		any := false
		for c, ps := range pieces {
			if i < len(ps) {
				out = append(out, step{c, ps[i]})
				any = true
			}
		}
		if !any {
			return out
		}
	}
}
