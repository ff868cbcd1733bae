package corpus

import (
	"github.com/deltajson/deltajson/resume"
)

// gotCall is what the events of one key add up to.
type gotCall struct {
	Key, ID, Name string
	Deltas        []string
	Final         []byte
	Ended, Hosted bool
}

// Text is the Final when there is one, else the joined deltas.
func (c *gotCall) Text() string {
	if c.Final != nil {
		return string(c.Final)
	}
	var s string
	for _, d := range c.Deltas {
		s += d
	}
	return s
}

// assemble folds events by key, in order of first appearance.
func assemble(evs []resume.Event) []*gotCall {
	var out []*gotCall
	byKey := map[string]*gotCall{}
	for _, e := range evs {
		c := byKey[e.Key]
		if c == nil {
			c = &gotCall{Key: e.Key, Hosted: true}
			byKey[e.Key] = c
			out = append(out, c)
		}
		if e.ID != "" && c.ID == "" {
			c.ID = e.ID
		}
		if e.Name != "" && c.Name == "" {
			c.Name = e.Name
		}
		c.Hosted = c.Hosted && e.Hosted // every event of a hosted call says so
		switch e.Kind {
		case resume.EventDelta:
			c.Deltas = append(c.Deltas, string(e.Data))
		case resume.EventEnd:
			c.Ended = true
			if e.Final != nil {
				c.Final = e.Final
			}
		}
	}
	return out
}
