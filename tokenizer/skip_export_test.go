package tokenizer

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/deltajson/deltajson/internal/prefixscan"
)

// CheckSkip is checkSkip for the package's external tests, with the
// places skip keeps gap bytes apart at least.
func CheckSkip(t *testing.T, b []byte, maxDepth, gap int) int {
	defer func(g int) { skipGap = g }(skipGap)
	skipGap = gap
	return checkSkip(t, b, maxDepth)
}

// checkSkip requires skip, on b under MaxDepth maxDepth, to set up the
// state Next reaches when it reads b up to skip's place as one chunk,
// to report the containers open there as Next's tokens show them, and
// to read the rest of b as Next does, token by token, error included.
// It returns skip's place: len(b) where skip finds b one whole value.
func checkSkip(t *testing.T, b []byte, maxDepth int) int {
	t.Helper()
	opts := Options{MaxDepth: maxDepth}
	got := New(opts)
	var scan prefixscan.Scan
	pl := skip(&got, b, &scan)
	if pl == nil {
		if !reflect.DeepEqual(got, New(opts)) {
			t.Fatalf("skip(%q) stops nowhere and changes the state", b)
		}
		return 0
	}
	if pl.N == 0 {
		if pl.At != len(b) || !reflect.DeepEqual(got, New(opts)) {
			t.Fatalf("skip(%q) finds the value whole, at %d, or changes the state", b, pl.At)
		}
		if err := drainAll(New(opts), b); err != io.EOF {
			t.Fatalf("skip(%q) finds the value whole, and Next says %v", b, err)
		}
		return pl.At
	}
	r := pl.At
	// Next up to r, keeping the open containers.
	want := New(opts)
	want.Feed(b[:r])
	var open []prefixscan.Frame
	for {
		tok, err := want.Next()
		if err == ErrNeedMore {
			break
		}
		if err != nil {
			t.Fatalf("skip(%q) stops at %d, after Next's error %v", b, r, err)
		}
		k := tok.Kind()
		// An element begins: Depth is the container's, before an opener
		// pushes its own.
		if n := len(open); n > 0 && !open[n-1].Obj && tok.First() && tok.Depth() == n && k != KindEndArray {
			open[n-1].Index++
		}
		switch k {
		case KindBeginObject, KindBeginArray:
			open = append(open, prefixscan.Frame{Open: int(tok.Offset()), Obj: k == KindBeginObject, Index: -1})
		case KindEndObject, KindEndArray:
			open = open[:len(open)-1]
		case KindName:
			open[len(open)-1].Name = [2]int{int(tok.Offset()) + 1, int(tok.End()) - 1}
		}
	}
	if n := len(open); n > 0 && !open[n-1].Obj {
		open[n-1].Index++ // after the comma: the next element
	}
	for i := range open {
		if !open[i].Obj {
			continue
		}
		open[i].Index = 0
	}
	gotFr := pl.F[:pl.N]
	for i := range gotFr {
		if gotFr[i].Obj {
			gotFr[i].Index = 0
		} else {
			gotFr[i].Name = [2]int{}
		}
	}
	for i := range open {
		if !open[i].Obj {
			open[i].Name = [2]int{}
		}
	}
	if !reflect.DeepEqual(gotFr, open) {
		t.Fatalf("skip(%q) at %d: frames %+v, Next's %+v", b, r, gotFr, open)
	}
	if got.depth != want.depth || got.expect != want.expect || got.top != want.top || got.nameCut != want.nameCut ||
		got.base != want.base+int64(len(want.buf)) || got.values != want.values || got.lex != want.lex ||
		got.Pointer() != want.Pointer() || !bytes.Equal(got.path.appendFrames(nil), want.path.appendFrames(nil)) {
		t.Fatalf("skip(%q) at %d: state differs from Next's", b, r)
	}
	// The rest, token by token.
	got.Feed(b[r:])
	got.Close()
	want.Feed(b[r:])
	want.Close()
	for n := 0; ; n++ {
		gt, gerr := got.Next()
		wt, werr := want.Next()
		if !bytes.Equal(gt.Raw, wt.Raw) || gt.info != wt.info || got.Pointer() != want.Pointer() {
			t.Fatalf("skip(%q) at %d: token %d is %q %x at %s, Next's %q %x at %s", b, r, n, gt.Raw, gt.info, got.Pointer(), wt.Raw, wt.info, want.Pointer())
		}
		if gerr != nil || werr != nil {
			if (gerr == nil) != (werr == nil) || gerr.Error() != werr.Error() {
				t.Fatalf("skip(%q) at %d: error %v, Next's %v", b, r, gerr, werr)
			}
			var se *SyntaxError
			if errors.As(werr, &se) && n == 0 {
				t.Fatalf("skip(%q) at %d: Next reads no token after it before %v", b, r, werr)
			}
			if werr == io.EOF && n == 0 {
				t.Fatalf("skip(%q) at %d: no token after it", b, r)
			}
			return r
		}
	}
}

// drainAll reads b with tk, fed in one chunk and closed, and returns the
// error that ends the read.
func drainAll(tk Tokenizer, b []byte) error {
	tk.Feed(b)
	tk.Close()
	for {
		if _, err := tk.Next(); err != nil {
			return err
		}
	}
}
