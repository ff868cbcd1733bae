package jsonwire

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// checkDense holds AppendUnescapedDense to AppendUnescaped on b, after a
// prefix in dst.
func checkDense(t *testing.T, b []byte) {
	t.Helper()
	want := AppendUnescaped([]byte("pre"), b)
	if got := AppendUnescapedDense([]byte("pre"), b); !bytes.Equal(got, want) {
		t.Fatalf("AppendUnescapedDense(%q) = %q, want %q", b, got, want)
	}
	if !vector || !denseOK || len(b) < 32 {
		return
	}
	// The vector scan stores within the room it is promised, and no
	// further.
	room := make([]byte, len(b)+8+32)
	for i := range room {
		room[i] = 0xAA
	}
	nd, ns := unescapeDenseVector(room[:len(b)+8], b)
	if got := append(room[:nd:nd], AppendUnescaped(nil, b[ns:])...); !bytes.Equal(got, want[3:]) {
		t.Fatalf("unescapeDenseVector(%q) = %q + the rest, want %q", b, room[:nd], want[3:])
	}
	for i, c := range room[len(b)+8:] {
		if c != 0xAA {
			t.Fatalf("unescapeDenseVector(%q) stored at %d, past its room of %d", b, len(b)+8+i, len(b)+8)
		}
	}
}

// TestAppendUnescapedDense decodes contents made of escapes, \u escapes,
// runs of backslashes, text and non-ASCII characters, at every length up
// to a few steps, so that escapes straddle the 32-byte steps.
func TestAppendUnescapedDense(t *testing.T) {
	parts := []string{"a", "bc", "é", "日", `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\/`, `\u00e9`, `\ud83d\ude00`, `\\\"`, `\\n`, "n", "t", `"`}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var sb strings.Builder
		for sb.Len() < r.IntN(200) {
			sb.WriteString(parts[r.IntN(len(parts))])
		}
		checkDense(t, []byte(sb.String()))
	}
	for p := range 70 { // a lone backslash, and bad escapes, at each place
		for _, tail := range []string{`\`, `\x`, `\u12`, `\\`, `\n`} {
			checkDense(t, []byte(strings.Repeat(`\n`, p/2)+strings.Repeat("a", p%2)+tail+strings.Repeat("b", 40-p%40)))
			checkDense(t, []byte(strings.Repeat("a", p)+tail))
		}
	}
}

func FuzzAppendUnescapedDense(f *testing.F) {
	f.Add([]byte(strings.Repeat(`\"a\\b\n`, 12)))
	f.Add([]byte(strings.Repeat(`x`, 31) + `\` + `t` + strings.Repeat(`\u0041`, 8)))
	f.Fuzz(func(t *testing.T, b []byte) { checkDense(t, b) })
}

// checkScanUnescape holds ScanUnescape to ScanString and AppendUnescaped
// on the string that begins at b[i].
func checkScanUnescape(t *testing.T, b []byte, i int) {
	t.Helper()
	j, ok := ScanString(b, i)
	got, gj, gok := ScanUnescape([]byte("pre"), b, i)
	if gok != ok || ok && gj != j {
		t.Fatalf("ScanUnescape(%q, %d) = %d, %v; ScanString %d, %v", b, i, gj, gok, j, ok)
	}
	want := []byte("pre")
	if ok {
		want = AppendUnescaped(want, b[i:j-1])
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("ScanUnescape(%q, %d) = %q, want %q", b, i, got, want)
	}
	if !vector || !denseOK || len(b) < 35 || i < 3 || b[i-1]|b[i-2]|b[i-3] >= 0x80 {
		return
	}
	// The vector scan stores within the room it is promised.
	n := len(b) - i + 8
	room := bytes.Repeat([]byte{0xAA}, n+32)
	scanUnescapeVector(room[:n], b, i)
	for k, c := range room[n:] {
		if c != 0xAA {
			t.Fatalf("scanUnescapeVector(%q) stored at %d, past its room of %d", b[i:], n+k, n)
		}
	}
}

// TestScanUnescape reads strings of escapes, text, non-ASCII and bad
// bytes, closed or not, with bytes after them, at every length up to a
// few steps.
func TestScanUnescape(t *testing.T) {
	parts := []string{"a", "bc", "é", "日", "😀", `\"`, `\\`, `\n`, `\t`, `\/`, `\u00e9`, `\\\"`, "n", `"`, "}}"}
	// Bad bytes, one part in sixteen: a control byte, a bad escape, and
	// UTF-8 that is not valid (a lone continuation, a sequence cut short,
	// a surrogate, overlong forms, past U+10FFFF).
	bad := []string{"\x01", `\x`, "\xff", "\x80", "\xbf", "\xe6\x97", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "\xc1\xbf",
		"\xe0\x80\xaf", "\xe0\x9f\xbf", "\xf0\x80\x80\xaf", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 40000 {
		var sb strings.Builder
		for sb.Len() < r.IntN(160) {
			p := parts[r.IntN(len(parts))]
			if r.IntN(16) == 0 {
				p = bad[r.IntN(len(bad))]
			}
			if p == `"` && r.IntN(8) != 0 {
				continue // keep most strings valid and long
			}
			sb.WriteString(p)
		}
		if r.IntN(2) == 0 {
			sb.WriteString(`"}}` + strings.Repeat(" ", r.IntN(40)))
		}
		b := []byte(sb.String())
		checkScanUnescape(t, b, 0)
		if len(b) > 3 {
			checkScanUnescape(t, b, 3)
		}
		// As in a payload, where the vector scan reads it.
		const member = `{"partial_json":"`
		checkScanUnescape(t, append([]byte(member), b...), len(member))
	}
}

// TestScanUnescapeUTF8 puts each bad sequence, alone and after good
// ones, at every place of the first steps, and the quote after it.
func TestScanUnescapeUTF8(t *testing.T) {
	const member = `{"partial_json":"`
	bad := []string{"\x80", "\xbf", "\x80\x80", "😀\x80", "\xed\x9f\xbf\x80", "日\xa5", "é\xa9", "\xc3", "\xe6\x97", "\xf0\x9f\x98", "\xed\xa0\x80", "\xed\xbf\xbf",
		"\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xe0\x9f\xbf", "\xf0\x80\x80\xaf", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff"}
	good := []string{"é", "日", "😀", "\xed\x9f\xbf", "\xee\x80\x80", "\xf4\x8f\xbf\xbf", "\xe0\xa0\x80", "\xf0\x90\x80\x80", "\xc2\x80"}
	for _, seq := range append(bad, good...) {
		for at := range 70 {
			for _, tail := range []string{`"}}` + strings.Repeat(" ", 40), strings.Repeat("x", 40) + `"}`, `\n"}`} {
				b := []byte(member + strings.Repeat("a", at) + seq + tail)
				checkScanUnescape(t, b, len(member))
			}
		}
	}
}

func FuzzScanUnescape(f *testing.F) {
	f.Add([]byte(strings.Repeat(`\"a\\b\n`, 12)+`"}}`), 0)
	f.Add([]byte(`{"partial_json":"`+strings.Repeat(`\\n\t\"x`, 9)+`é"}}`), 17)
	f.Fuzz(func(t *testing.T, b []byte, i int) {
		if i < 0 || i > len(b) {
			return
		}
		checkScanUnescape(t, b, i)
	})
}
