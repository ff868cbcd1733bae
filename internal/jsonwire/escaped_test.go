package jsonwire

import (
	"strings"
	"testing"
)

// refScanEscaped is scanEscapedVector's contract a byte at a time: it
// reads whole 32-byte steps only, and ends at the first byte that stops
// the vector scan.
func refScanEscaped(b []byte) (int, bool) {
	end := len(b) / 32 * 32
	for p := 0; p < end; {
		switch c := b[p]; {
		case c == '"':
			return p, true
		case c < 0x20 || c >= 0x80:
			return p, false
		case c == '\\':
			if p+1 >= end || !SimpleEscape[b[p+1]] || b[p+1] == 'u' {
				return p, false
			}
			p += 2
			continue
		}
		p++
	}
	return end, false
}

// escapedBackgrounds are string contents with escapes close together:
// quoted JSON, quoted code, and runs of backslashes of every length, so
// that a run ends at every place of a step.
var escapedBackgrounds = []string{
	`{\"path\":\"a/b.go\",\"content\":\"package a\\n\\nfunc F() {\\n\\treturn \\\"x\\\"\\n}\\n\"}`,
	`\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\`,
	`a\\b\\\\c\\\\\\d\"\/\b\f\n\r\t`,
	`ab\ncd\\`,
	`plain text with no escape at all, only letters and spaces; `,
}

// escapedStops are what ends the escaped scan: the quote, an escape it
// leaves to the caller, a control or non-ASCII byte, and escapes of
// what is no escape letter.
var escapedStops = []string{
	`"`, `\u00e9`, `\x`, `\a`, `\U`, `\` + "\x00", `\` + "\xc3\xa9", `\"`, `\\"`, `\\\"`,
	"\x00", "\x1f", "\x7f", "\xc3\xa9", "\x80",
}

func TestScanEscapedVector(t *testing.T) {
	if !VectorAvailable() {
		t.Skip("no vector scans in this build or on this CPU")
	}
	check := func(b []byte) bool {
		t.Helper()
		n, quote := scanEscapedVector(b)
		wn, wquote := refScanEscaped(b)
		if n != wn || quote != wquote {
			t.Errorf("scanEscapedVector(%q) = %d, %v; want %d, %v", b, n, quote, wn, wquote)
			return false
		}
		return true
	}
	for _, bg := range escapedBackgrounds {
		for _, stop := range escapedStops {
			for p := 0; p <= 96+1; p++ {
				b := []byte(strings.Repeat(bg, 200/len(bg)+1))[:p]
				if k := strings.LastIndexFunc(string(b), func(r rune) bool { return r != '\\' }); (len(b)-k-1)%2 == 1 {
					b = b[:len(b)-1] // not inside an escape
				}
				b = append(b, stop...)
				b = append(b, bg...)
				b = append(b, `"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz`...)
				for _, e := range []int{len(b), p + len(stop), p + len(stop) + 1, p + 32, p + 33} {
					if e <= len(b) && !check(b[:e:e]) {
						return
					}
				}
				// And through ScanString, on both paths.
				if !checkScanStringPaths(t, b, 0) {
					return
				}
			}
		}
	}
}

func FuzzScanEscaped(f *testing.F) {
	for _, bg := range escapedBackgrounds {
		f.Add([]byte(bg + `"`))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 512 {
			t.Skip()
		}
		if VectorAvailable() {
			n, quote := scanEscapedVector(b)
			if wn, wquote := refScanEscaped(b); n != wn || quote != wquote {
				t.Errorf("scanEscapedVector(%q) = %d, %v; want %d, %v", b, n, quote, wn, wquote)
			}
		}
		checkScanStringPaths(t, b, 0)
		p := append([]byte(`\"\\\n`+strings.Repeat(`\t`, 20)), b...)
		checkScanStringPaths(t, p, 0)
	})
}

// checkUnescapePaths compares AppendUnescaped's two paths on b.
func checkUnescapePaths(t *testing.T, b []byte) bool {
	t.Helper()
	narrow, wide := bothPaths(t, func() string { return string(AppendUnescaped([]byte("x"), b)) })
	if narrow != wide {
		t.Errorf("AppendUnescaped(%q): vector path %q, pure-Go path %q", b, wide, narrow)
		return false
	}
	return true
}

// TestUnescapeVector decodes escaped contents with each escape, \u and
// bad ones among them, at every place of three steps, on both paths.
func TestUnescapeVector(t *testing.T) {
	skipNoVector(t)
	for _, bg := range escapedBackgrounds {
		for _, esc := range []string{`\n`, `\\`, `\"`, `\u00e9`, `\uD83D\uDE00`, `\uD83D`, `\x`, `\`, `é`} {
			for p := 0; p <= 96+1; p++ {
				b := []byte(strings.Repeat(bg, 200/len(bg)+1))[:p]
				if k := strings.LastIndexFunc(string(b), func(r rune) bool { return r != '\\' }); (len(b)-k-1)%2 == 1 {
					b = b[:len(b)-1]
				}
				b = append(append(b, esc...), bg...)
				for _, e := range []int{len(b), p + len(esc), p + 33, p + 64, p + 65} {
					if e <= len(b) && !checkUnescapePaths(t, b[:e:e]) {
						return
					}
				}
			}
		}
	}
}

func FuzzUnescapePaths(f *testing.F) {
	for _, bg := range escapedBackgrounds {
		f.Add([]byte(bg))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkUnescapePaths(t, b)
		checkUnescapePaths(t, append([]byte(strings.Repeat(`ab\n\"`, 20)), b...))
	})
}
