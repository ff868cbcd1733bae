package provider

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestMemo decodes every recorded stream with the memo and without it,
// and wants the same events from both; the long streams of each format
// must take most of their payloads by the memo.
func TestMemo(t *testing.T) {
	used := 0
	for _, s := range recordedStreams(t) {
		src := s.data
		if s.decoded != nil {
			src = s.decoded
		}
		a, b := NewDecoder(FormatAuto), NewDecoder(FormatAuto)
		b.noMemo = true
		ra := NewReader(bytes.NewReader(src), ReaderOptions{})
		hits, events := 0, 0
		for {
			m, err := ra.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			memo := a.memo
			ea, erra := a.Decode(m.Data, m.Event)
			ka := eventsKey(ea)
			if memo[0] >= 0 && a.tape.changedIn(&memo) {
				hits++
			}
			eb, errb := b.Decode(m.Data, m.Event)
			if kb := eventsKey(eb); ka != kb || (erra == nil) != (errb == nil) || a.Seq() != b.Seq() || a.Skipped() != b.Skipped() {
				t.Fatalf("%s, payload %q: with the memo %s (%v, seq %d), without %s (%v, seq %d)", s.name, m.Data, ka, erra, a.Seq(), kb, errb, b.Seq())
			}
			events++
		}
		if strings.HasPrefix(s.name, "streams/") && strings.Contains(s.name, "__long_go_source.") {
			used++
			if hits < events/2 {
				t.Errorf("%s: %d of %d payloads by the memo", s.name, hits, events)
			}
		}
	}
	if used < 4 {
		t.Errorf("%d long streams among the recorded streams, want 4", used)
	}
}
