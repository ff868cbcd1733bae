package repair

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sloppy renders a random value the way a model might write it, using
// only forms that the LLM preset repairs without changing the value. It
// also returns the value as encoding/json would decode the strict form.
type sloppy struct {
	r      *rand.Rand
	sb     strings.Builder
	quoted bool // the last value written was single-quoted
}

var sloppyStrings = []string{
	"", "plain", "http://example.com/a#b", "it's", `say "hi"`, "// not a comment", "a, b: c}",
	"“curly”", "tab\there", "C:\\dir", "ünïcödé", "# hash", "{[", "True",
}

func (s *sloppy) space() {
	switch s.r.IntN(8) {
	case 0:
		s.sb.WriteString(" /* note */ ")
	case 1:
		s.sb.WriteString(" // note\n")
	case 2:
		s.sb.WriteString(" # note\n")
	case 3:
		s.sb.WriteString("\n  ")
	}
}

func (s *sloppy) str(v string) {
	s.quoted = false
	if s.r.IntN(2) == 0 && !strings.ContainsAny(v, `'\`) {
		s.sb.WriteString("'" + v + "'")
		s.quoted = true
		return
	}
	b, _ := json.Marshal(v)
	s.sb.Write(b)
}

func (s *sloppy) value(depth int) any {
	s.quoted = false
	k := s.r.IntN(8)
	if depth > 3 {
		k = s.r.IntN(5)
	}
	switch k {
	case 0:
		v := sloppyStrings[s.r.IntN(len(sloppyStrings))]
		s.str(v)
		return v
	case 1:
		n := float64(s.r.IntN(2000) - 1000)
		fmt.Fprint(&s.sb, n)
		return n
	case 2:
		b := s.r.IntN(2) == 0
		lit := map[bool][]string{true: {"true", "True"}, false: {"false", "False"}}[b]
		s.sb.WriteString(lit[s.r.IntN(2)])
		return b
	case 3, 4:
		s.sb.WriteString([]string{"null", "None", "undefined"}[s.r.IntN(3)])
		return nil
	case 5:
		n := s.r.IntN(4)
		out := []any{}
		s.sb.WriteByte('[')
		for i := range n {
			if i > 0 {
				s.sep()
			}
			s.space()
			out = append(out, s.value(depth+1))
		}
		s.trailing(n)
		s.sb.WriteByte(']')
		return out
	default:
		n := s.r.IntN(4)
		out := map[string]any{}
		s.sb.WriteByte('{')
		for i := range n {
			if i > 0 {
				s.sep()
			}
			s.space()
			name := fmt.Sprintf("k%d_%d", depth, i)
			if s.r.IntN(2) == 0 {
				s.sb.WriteString(name)
			} else {
				s.str(name)
			}
			s.sb.WriteString(": ")
			out[name] = s.value(depth + 1)
		}
		s.trailing(n)
		s.sb.WriteByte('}')
		return out
	}
}

// sep writes a comma, or sometimes only a space: a missing comma. Not
// after a single-quoted string, which closes only before a delimiter.
func (s *sloppy) sep() {
	if s.r.IntN(6) == 0 && !s.quoted {
		s.sb.WriteByte(' ')
		return
	}
	s.sb.WriteByte(',')
}

func (s *sloppy) trailing(n int) {
	if n > 0 && s.r.IntN(3) == 0 {
		s.sb.WriteByte(',')
	}
	s.space()
}

// TestRoundTrip checks Repair against a reference: sloppy text rendered
// from a known value must repair to JSON that decodes to that value.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		s := &sloppy{r: r}
		switch r.IntN(3) {
		case 0:
			s.sb.WriteString("```json\n")
		case 1:
			s.sb.WriteString("Here are the arguments:\n")
		}
		var want any
		if r.IntN(2) == 0 {
			want = s.value(5) // depth > 3: any kind of value at the top
		} else {
			s.sb.WriteByte('{')
			s.sb.WriteString("k: ")
			want = map[string]any{"k": s.value(0)}
			s.sb.WriteByte('}')
		}
		s.sb.WriteString([]string{"", "\n```", "\nHope this helps."}[r.IntN(3)])
		in := []byte(s.sb.String())

		out, log, err := Repair(in, Options{Kinds: LLM})
		if err != nil {
			// Prose around a scalar is out of scope: only objects and
			// arrays are candidates, and a quote cannot tell prose apart.
			_, obj := want.(map[string]any)
			_, arr := want.([]any)
			if !obj && !arr && (strings.HasPrefix(string(in), "Here") || strings.HasSuffix(string(in), "helps.")) {
				continue
			}
			require.NoError(t, err, "case %d: %q", i, in)
		}
		checkProperties(t, in, Options{Kinds: LLM}, out, log)
		var got any
		require.NoError(t, Decode(out, &got, DecodeOptions{RejectDuplicates: true}), "case %d: %q -> %q", i, in, out)
		require.Equal(t, want, got, "case %d: %q -> %q\n%s", i, in, out, log)
	}
}

// TestEveryPrefix cuts strict JSON at every byte: the Truncated kind must
// salvage each cut inside the value, and mark it truncated.
func TestEveryPrefix(t *testing.T) {
	for _, doc := range []string{
		`{"name": "search", "args": {"q": "caf\u00e9 \"x\" ünï", "n": -12.5e+3, "ok": [true, false, null], "e": {}, "f": []}}`,
		`[{"a": [[1], {"b": "\\"}]}, "tail"]`,
	} {
		for n := 1; n < len(doc); n++ {
			in := []byte(doc[:n])
			out, log, err := Repair(in, Options{Kinds: Truncated})
			require.NoError(t, err, "%q", in)
			require.True(t, log.Truncated(), "%q", in)
			checkProperties(t, in, Options{Kinds: Truncated}, out, log)
		}
	}
}
