package jsonwire

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkBlock compares IndexBlock on both paths with blockGo, and each
// method with a byte-by-byte reading of b[i:i+BlockLen], from every d.
func checkBlock(t *testing.T, b []byte, i int) bool {
	t.Helper()
	var want Block
	blockGo(&want, b[i:])
	narrow, wide := bothPaths(t, func() Block {
		var x Block
		IndexBlock(&x, b, i)
		return x
	})
	if narrow != want || wide != want {
		t.Errorf("IndexBlock(%q, %d): vector path %+v, pure-Go path %+v, want %+v", b, i, wide, narrow, want)
		return false
	}
	w := b[i : i+BlockLen]
	runEnd := func(d int, in func(byte) bool) int {
		for d < BlockLen && in(w[d]) {
			d++
		}
		return d
	}
	for d := range BlockLen {
		for _, c := range []struct {
			name string
			got  int
			want int
		}{
			{"SpaceEnd", want.SpaceEnd(uint(d)), runEnd(d, func(c byte) bool { return Space[c] })},
			{"StopAt", want.StopAt(uint(d)), runEnd(d, func(c byte) bool { return Plain[c] })},
			{"DigitEnd", want.DigitEnd(uint(d)), runEnd(d, IsDigit)},
		} {
			if got := min(c.got, BlockLen); got != c.want {
				t.Errorf("%s(%d) on %q: %d, want %d", c.name, d, w, c.got, c.want)
				return false
			}
		}
	}
	return true
}

// TestIndexBlockEveryByte puts every byte value at every place of a
// block, over backgrounds of whitespace, plain bytes, digits and
// non-ASCII, and indexes from a few starts.
func TestIndexBlockEveryByte(t *testing.T) {
	skipNoVector(t)
	for _, bg := range []string{" \n\t\r", "abcdefgh", "0123456789", "é€😀", "\x00\x7f\xff\""} {
		b := fill(bg, BlockLen+3)
		for p := range BlockLen {
			for c := range 256 {
				old := b[p]
				b[p] = byte(c)
				for _, i := range []int{0, 3} {
					if p >= i && !checkBlock(t, b, i) {
						return
					}
				}
				b[p] = old
			}
		}
	}
}

// TestIndexBlockBounds wants IndexBlock to take exactly BlockLen bytes
// from i, and to panic when b holds fewer.
func TestIndexBlockBounds(t *testing.T) {
	b := make([]byte, BlockLen+1)
	var x Block
	require.NotPanics(t, func() { IndexBlock(&x, b, 1) })
	require.Panics(t, func() { IndexBlock(&x, b, 2) })
	require.Panics(t, func() { IndexBlock(&x, b[:BlockLen-1], 0) })
}

// TestIndexBlockAtPageEnd indexes blocks that end at the last byte of a
// page with a guard page after it.
func TestIndexBlockAtPageEnd(t *testing.T) {
	page := guardedPage(t)
	for _, bg := range []string{" \n", "abc\"\\", "0123456789", "é€😀"} {
		b := atPageEnd(page, fill(bg, BlockLen+5))
		for i := 0; i+BlockLen <= len(b); i++ {
			if !checkBlock(t, b, i) {
				return
			}
		}
	}
}

func FuzzIndexBlock(f *testing.F) {
	for k, s := range []string{
		`{"a": [1, 2.5e10, "x\ny"], "b": null}                            `,
		"名前:前田あゆみ 第一印象:なんか怖っ！今の印象:とりあえずキモい。\"",
		"\x00\x1f\x20\x7f\x80\xff0123456789\t\n\r \"\\/",
	} {
		f.Add([]byte(fmt.Sprintf("%-64s", s)), uint8(k))
	}
	f.Fuzz(func(t *testing.T, b []byte, at uint8) {
		if len(b) < BlockLen || len(b) > 256 {
			t.Skip()
		}
		checkBlock(t, b, int(at)%(len(b)-BlockLen+1))
	})
}
