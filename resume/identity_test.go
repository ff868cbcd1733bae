package resume_test

import (
	"errors"
	"testing"

	"github.com/deltajson/deltajson/resume"
)

// TestIdentityTable plays each row of the package doc's Identity table:
// a Set in the row's state, then one event with the row's key and ID.
func TestIdentityTable(t *testing.T) {
	start := func(key, id string) resume.Event {
		return resume.Event{Kind: resume.EventStart, Key: key, ID: id, Name: "f"}
	}
	delta := func(key, id string) resume.Event {
		return resume.Event{Kind: resume.EventDelta, Key: key, ID: id, Data: []byte(`{`)}
	}
	must := func(t *testing.T, s *resume.Set, ev resume.Event) {
		t.Helper()
		if _, err := s.Apply(ev); err != nil {
			t.Fatalf("setting up: %v", err)
		}
	}
	// held: key "k" holds a call with ID "a"; "gone" ran and was removed
	// with ID "r"; with MaxCalls 2, "x" (ID "q") was refused.
	held := func(t *testing.T) *resume.Set {
		s := resume.NewSet(resume.Options{MaxCalls: 2})
		must(t, s, start("gone", "r"))
		s.Remove("gone")
		must(t, s, start("k", "a"))
		must(t, s, start("other", "o"))
		if _, err := s.Apply(start("x", "q")); !errors.Is(err, resume.ErrTooManyCalls) {
			t.Fatalf("setting up a refused call: %v", err)
		}
		return s
	}
	removed := func(id string) func(t *testing.T) *resume.Set {
		return func(t *testing.T) *resume.Set {
			s := resume.NewSet(resume.Options{})
			must(t, s, start("k", id))
			s.Remove("k")
			return s
		}
	}
	for _, c := range []struct {
		name   string
		set    func(*testing.T) *resume.Set
		ev     resume.Event
		err    error  // nil: the event applies
		newID  string // with no error: the ID of the call it applied to
		isNewC bool   // with no error: whether that call is another than the one held
	}{
		{"held, its own ID", held, delta("k", "a"), nil, "a", false},
		{"held, no ID", held, delta("k", ""), nil, "a", false},
		{"held, a new ID renames", held, delta("k", "b"), nil, "b", false},
		{"held, a removed call's ID", held, delta("k", "r"), resume.ErrRemoved, "", false},
		{"held, a refused call's ID", held, delta("k", "q"), resume.ErrTooManyCalls, "", false},
		{"removed with an ID, no ID", removed("a"), delta("k", ""), resume.ErrRemoved, "", false},
		{"removed with an ID, its ID", removed("a"), delta("k", "a"), resume.ErrRemoved, "", false},
		{"removed with an ID, another", removed("a"), start("k", "b"), nil, "b", true},
		{"removed with no ID, an ID", removed(""), start("k", "b"), resume.ErrRemoved, "", false},
		{"refused, no ID", held, delta("x", ""), resume.ErrTooManyCalls, "", false},
		{"new key, a removed call's ID", removed("a"), start("n", "a"), resume.ErrRemoved, "", false},
		{"new key, a new ID", removed("a"), start("n", "b"), nil, "b", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.set(t)
			before := s.Call(c.ev.Key)
			got, err := s.Apply(c.ev)
			if c.err != nil {
				if !errors.Is(err, c.err) || got != nil {
					t.Fatalf("got call %v, error %v; want %v", got != nil, err, c.err)
				}
				if errors.Is(c.err, resume.ErrRemoved) && !errors.Is(err, resume.ErrDuplicate) {
					t.Errorf("ErrRemoved is not an ErrDuplicate")
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("got call %v, error %v; want the event applied", got != nil, err)
			}
			if got.ID() != c.newID || (got != before) != c.isNewC {
				t.Errorf("call ID %q, new %v; want %q, new %v", got.ID(), got != before, c.newID, c.isNewC)
			}
		})
	}
}
