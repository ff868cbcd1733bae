package jsonwire

import (
	"slices"
	"strings"
	"testing"
)

// checkReindex indexes prev, then b through Reindex, and requires Reindex
// to give Index's tokens for b whenever it accepts, and to leave the
// tokens of prev as they were when it does not. It reports whether
// Reindex accepted.
func checkReindex(t *testing.T, prev, b []byte) bool {
	t.Helper()
	toks, _, ok := Index(prev, nil, nil)
	if !ok {
		t.Fatalf("prev %q: Index refuses it", prev)
	}
	var r Run
	return checkReindexRun(t, prev, b, toks, &r)
}

// checkReindexRun is checkReindex from toks, the tokens of prev, and r, the
// Run that Reindex left for them.
func checkReindexRun(t *testing.T, prev, b []byte, toks []Tok, r *Run) bool {
	t.Helper()
	before := slices.Clone(toks)
	got, first, changed, ok := Reindex(prev, b, toks, r)
	if !ok {
		if !slices.Equal(got, before) {
			t.Errorf("%q after %q: refused, yet the tokens changed", b, prev)
		}
		return false
	}
	want, _, valid := Index(b, nil, nil)
	if !valid {
		t.Errorf("%q after %q: Reindex accepts what Index refuses", b, prev)
		return true
	}
	if !slices.Equal(got, want) {
		t.Errorf("%q after %q:\n got %v\nwant %v", b, prev, got, want)
	}
	for k := range got {
		marked := k >= first && k < first+16 && changed>>(k-first)&1 == 1
		same := got[k].Kind == before[k].Kind && string(b[got[k].Off:got[k].End]) == string(prev[before[k].Off:before[k].End])
		if got[k].Kind != KindObject && got[k].Kind != KindArray && marked == same {
			t.Errorf("%q after %q: token %d, changed %v, marked %v (first %d, mask %b)", b, prev, k, !same, marked, first, changed)
		}
	}
	return true
}

func TestReindex(t *testing.T) {
	chat := func(args string) string {
		return `{"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"` + args + `"}}]},"finish_reason":null}]}`
	}
	resp := func(delta, seq string) string {
		return `{"type":"response.function_call_arguments.delta","output_index":0,"delta":"` + delta + `","obfuscation":"Qx","sequence_number":` + seq + `}`
	}
	for _, c := range []struct {
		prev, b string
		ok      bool // whether Reindex reads b by the run alone
	}{
		{chat(`{\"a\":`), chat(`\"x\\\"y\\n\"`), true},
		{chat(`1`), chat(``), true},
		{chat(`日本`), chat(`\u00e9\ud83d\ude00`), true},
		{chat(`ab`), chat(`ab`), true},
		{resp(`ab`, `7`), resp(`c\"d`, `10`), true},
		{resp(`ab`, `9`), resp(`ab`, `-1.5e3`), true},
		{`{"a":1,"b":2}`, `{"a":1 , "b":2}`, true},
		{`{"a":1,"b":2}`, `{"a":1 , "b" :2}`, false},
		{`{"a":1,"b":2}`, `{"a":"x","b":true}`, true},
		{`[1,2,3]`, `[1,22,3]`, true},
		{`{"a":"x","n":1}`, `{"a":"` + strings.Repeat("y", 200) + `","n":2}`, true},
		{`[ 1]`, `[1]`, true},
		{`{"a":"b"}`, `{"c":"b"}`, true},
		// The structure changes, or b is invalid: Index must read it.
		{`{"a":1,"b":2}`, `{"a":1}`, false},
		{`{"a":1}`, `{"a":[1]}`, false},
		{`{"a":[1]}`, `{"a":[]}`, false},
		{`{"a":"x"}`, `{"a":"x"y"}`, false},
		{`{"a":"x"}`, `{"a":"x\"}`, false},
		{`{"a":"x"}`, `{"a":"x` + "\x01" + `"}`, false},
		{`{"a":"x"}`, `{"a":"x` + "\xff" + `"}`, false},
		{`{"a":1}`, `{"a":01}`, false},
		{`{"a":1}`, `{"a":1,}`, false},
		{`{"a":1}`, `{"a":1} `, false},
		{`{"a":1}`, ` {"a":1}`, false},
		{`{"a":1}`, `{"a":tru}`, false},
		{`{"a":1,"b":2}`, `{"a":1,2:2}`, false},
		{`{"a":1,"b":2}`, `{"a":1:"b",2}`, false},
		{`{"a":{}}`, `{"a":{ }}`, false},
		{`{"a":"x","n":1}`, `{"a":"` + strings.Repeat("y", 300) + `","n":2}`, false},
		{`[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]`, `[2,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,19]`, false},
	} {
		if got := checkReindex(t, []byte(c.prev), []byte(c.b)); got != c.ok {
			t.Errorf("%q after %q: Reindex accepts: %v, want %v", c.b, c.prev, got, c.ok)
		}
	}
}

// TestReindexRun carries the Run from payload to payload, as a stream's
// events do, and wants Index's tokens at each; most payloads differ from
// the one before where it did, and one elsewhere, after which the Run
// moves.
func TestReindexRun(t *testing.T) {
	payloads := []string{
		`{"type":"delta","index":0,"delta":{"partial_json":"{\"a\":"},"n":1}`,
		`{"type":"delta","index":0,"delta":{"partial_json":"\"x\\n"},"n":1}`,
		`{"type":"delta","index":0,"delta":{"partial_json":""},"n":1}`,
		`{"type":"delta","index":0,"delta":{"partial_json":"a\"b"},"n":1}`,
		`{"type":"delta","index":0,"delta":{"partial_json":"a\"b"},"n":22}`,
		`{"type":"delta","index":0,"delta":{"partial_json":"a\"b"},"n":3}`,
		`{"type":"delta","index":0,"delta":{"partial_json":"c"},"n":3}`,
		`{"type":"delta","index":0,"delta":{"partial_json":"c"},"n":3,"x":1}`,
	}
	toks, _, _ := Index([]byte(payloads[0]), nil, nil)
	var r Run
	for k := 1; k < len(payloads); k++ {
		prev, b := []byte(payloads[k-1]), []byte(payloads[k])
		if !checkReindexRun(t, prev, b, toks, &r) {
			if k != len(payloads)-1 {
				t.Errorf("payload %d: refused", k)
			}
			continue
		}
		if r.last == 0 {
			t.Errorf("payload %d: no Run left", k)
		}
	}
}

// FuzzReindex holds Reindex to Index on a valid input, the same input
// with a stretch of it replaced, and that one with another stretch
// replaced, the second time with the Run the first one left.
func FuzzReindex(f *testing.F) {
	f.Add([]byte(`{"a":"bc","n":1}`), uint16(7), uint16(1), []byte(`\"`), uint16(7), uint16(2), []byte(`x`))
	f.Add([]byte(`{"a":"bc","n":1}`), uint16(13), uint16(2), []byte(`2,"m":"`), uint16(6), uint16(1), []byte(`"`))
	f.Add([]byte(`[1,"x",true]`), uint16(4), uint16(7), []byte(`"y",null`), uint16(1), uint16(1), []byte(`[`))
	f.Add([]byte(`{"a":[{"b":"c"}]}`), uint16(12), uint16(1), []byte(`\u0041`), uint16(12), uint16(6), []byte(`de`))
	f.Fuzz(func(t *testing.T, p0 []byte, at1, cut1 uint16, ins1 []byte, at2, cut2 uint16, ins2 []byte) {
		toks, _, ok := Index(p0, nil, nil)
		if !ok {
			return
		}
		p1 := splice(p0, at1, cut1, ins1)
		var r Run
		if !checkReindexRun(t, p0, p1, toks, &r) {
			if toks, _, ok = Index(p1, toks[:0], nil); !ok {
				return
			}
			r = Run{}
		}
		checkReindexRun(t, p1, splice(p1, at2, cut2, ins2), toks, &r)
	})
}

// splice returns b with cut bytes at at replaced by ins.
func splice(b []byte, at, cut uint16, ins []byte) []byte {
	i := min(int(at), len(b))
	j := min(i+int(cut), len(b))
	return append(append(append([]byte{}, b[:i]...), ins...), b[j:]...)
}

func TestCommonEnds(t *testing.T) {
	naive := func(p, b []byte) (pre, suf int) {
		for pre < min(len(p), len(b)) && p[pre] == b[pre] {
			pre++
		}
		for suf < min(len(p), len(b)) && p[len(p)-1-suf] == b[len(b)-1-suf] {
			suf++
		}
		return pre, suf
	}
	base := []byte(strings.Repeat("abcdefghij", 5))
	for n := 0; n <= len(base); n++ {
		for at := 0; at <= n; at++ {
			p := base[:n]
			b := slices.Clone(p)
			if at < n {
				b[at] = '#'
			}
			for _, q := range [][]byte{b, append(slices.Clone(b), 'x'), append([]byte("x"), b...)} {
				pre, suf := naive(p, q)
				if got := commonPrefix(p, q); got != pre {
					t.Errorf("commonPrefix(%q, %q) = %d, want %d", p, q, got, pre)
				}
				if got := commonSuffix(p, q); got != suf {
					t.Errorf("commonSuffix(%q, %q) = %d, want %d", p, q, got, suf)
				}
			}
		}
	}
}

// checkIndexRepeat reads b with IndexRepeat after the payloads that left
// last, and wants what Index gives.
func checkIndexRepeat(t *testing.T, b []byte, last *[]byte) {
	t.Helper()
	got, _, gotOK := IndexRepeat(b, nil, nil, last)
	want, _, wantOK := Index(b, nil, nil)
	if gotOK != wantOK || gotOK && !slices.Equal(got, want) {
		t.Errorf("IndexRepeat(%q) = %v, %v; Index gives %v, %v", b, got, gotOK, want, wantOK)
	}
}

// TestIndexRepeat reads a stream of payloads that send a long string
// again, whole, cut, and with a byte changed after it.
func TestIndexRepeat(t *testing.T) {
	long := strings.Repeat(`ab\"c\\d日本`, 200)
	var last []byte
	for _, p := range []string{
		`{"delta":"x"}`,
		`{"arguments":"` + long + `","n":1}`,
		`{"item":{"arguments":"` + long + `"},"n":2}`,
		`{"a":["` + long + `"]}`,
		`{"a":"` + long + `x"}`,
		`{"a":"` + long + `\"}`,
		`{"a":"` + long[:len(long)-1] + `"}`,
		`{"a":"` + long + `"` + "\x01",
		`["` + long + `"`,
	} {
		checkIndexRepeat(t, []byte(p), &last)
	}
	if !strings.Contains(string(last), long) {
		t.Errorf("IndexRepeat kept %d bytes, not the long string", len(last))
	}
}

// FuzzIndexRepeat holds IndexRepeat to Index on a payload after another,
// with strings of 8 bytes or more remembered.
func FuzzIndexRepeat(f *testing.F) {
	f.Add([]byte(`{"a":"0123456789"}`), []byte(`{"b":["0123456789"]}`))
	f.Add([]byte(`["0123456789\\"]`), []byte(`["0123456789\\"x"]`))
	f.Fuzz(func(t *testing.T, p0, p1 []byte) {
		was := minRepeat
		minRepeat = 8
		defer func() { minRepeat = was }()
		var last []byte
		IndexRepeat(p0, nil, nil, &last)
		checkIndexRepeat(t, p1, &last)
	})
}
