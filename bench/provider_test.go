package bench

import (
	"bytes"
	"errors"
	"testing"

	"github.com/bytedance/sonic"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/resume"
)

// BenchmarkProvider replays each embedded provider stream (package
// corpus) from its decoded events: resume feeds them to a Set; reparse
// keeps a buffer per call and validates it with sonic after every delta.
// Reading the wire format is outside the timed loop. SetBytes is the sum
// of the argument bytes.
func BenchmarkProvider(b *testing.B) {
	for _, s := range corpus.Streams() {
		events, err := corpus.Read(bytes.NewReader(s.Data), s.Format)
		require.NoError(b, err, s.Name)
		size := 0
		for _, ev := range events {
			size += len(ev.Data) + len(ev.Final)
		}
		b.Run(s.Name+"/resume", func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				replayResume(events)
			}
		})
		b.Run(s.Name+"/reparse", func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				replayReparse(events)
			}
		})
	}
}

// replayResume returns how many calls ended whole: ready, or hosted (run
// by the provider, so rejected once whole), which the reparsing
// handler below cannot tell apart.
func replayResume(events []resume.Event) int {
	set := resume.NewSet(resume.Options{})
	ready := 0
	for _, ev := range events {
		c, err := set.Apply(ev)
		if err == nil && (c.Status() == resume.StatusReady || errors.Is(c.Err(), resume.ErrHosted)) {
			ready++
		}
	}
	return ready
}

// replayReparse is what a handler without deltajson does: a buffer per
// call, validated whole after every delta, and the final arguments (when
// the end carries them) validated once more.
func replayReparse(events []resume.Event) int {
	bufs := map[string][]byte{}
	ready := 0
	for _, ev := range events {
		switch ev.Kind {
		case resume.EventDelta:
			bufs[ev.Key] = append(bufs[ev.Key], ev.Data...)
			sonic.Valid(bufs[ev.Key])
		case resume.EventEnd:
			args := bufs[ev.Key]
			if ev.Final != nil {
				args = ev.Final
			}
			if sonic.Valid(args) {
				ready++
			}
		}
	}
	return ready
}

// Both replays must agree on how many calls are ready, or the benchmark
// compares different work.
func TestProviderReplaysAgree(t *testing.T) {
	for _, s := range corpus.Streams() {
		events, err := corpus.Read(bytes.NewReader(s.Data), s.Format)
		require.NoError(t, err, s.Name)
		valid, other := 0, 0
		for _, c := range s.Expect.Calls {
			switch {
			case c.Valid && c.Ended:
				valid++
			case c.Ended && c.Arguments == "":
				other++ // no argument bytes: resume runs it with "{}"
			case c.Ended && c.Text:
				other++ // free-form text: resume runs it as it came
			}
		}
		require.Equal(t, valid+other, replayResume(events), "%s: resume", s.Name)
		require.Equal(t, valid, replayReparse(events), "%s: reparse", s.Name)
	}
}
