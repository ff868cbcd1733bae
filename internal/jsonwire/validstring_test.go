package jsonwire

import (
	"strings"
	"testing"
)

// checkSkipValid holds SkipValidString, with the vector scans on and
// off, to ScanString on valid contents, and the two paths to each other
// on any bytes.
func checkSkipValid(t *testing.T, b []byte, i int) {
	t.Helper()
	was := UseVector(false)
	narrow := SkipValidString(b, i)
	UseVector(was)
	got := SkipValidString(b, i)
	if got != narrow {
		t.Fatalf("SkipValidString(%q, %d) = %d, %d without vector scans", b, i, got, narrow)
	}
	if want, ok := ScanString(b, i); ok && got != want {
		t.Fatalf("SkipValidString(%q, %d) = %d, ScanString %d", b, i, got, want)
	}
}

// TestSkipValidString puts runs of backslashes of every length before a
// quote, at every place around the 32-byte steps.
func TestSkipValidString(t *testing.T) {
	for p := range 70 {
		for run := range 6 {
			for _, tail := range []string{`"`, `x"`, `"abc`, strings.Repeat("y", 40) + `"`, ``} {
				b := []byte(strings.Repeat("a", p) + strings.Repeat(`\`, run) + tail)
				checkSkipValid(t, b, 0)
				if p > 0 {
					checkSkipValid(t, b, 1)
				}
			}
		}
	}
}

func FuzzSkipValidString(f *testing.F) {
	for _, s := range []string{`abc"`, `\\\"\\"`, strings.Repeat(`\"`, 40) + `"`, strings.Repeat(`\\`, 17) + `\"x"`, `日本語\u00e9"`} {
		f.Add([]byte(s), 0)
	}
	f.Fuzz(func(t *testing.T, b []byte, i int) {
		if i < 0 || i > len(b) {
			return
		}
		checkSkipValid(t, b, i)
	})
}
