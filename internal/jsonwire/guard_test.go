//go:build linux

package jsonwire

import (
	"bytes"
	"os"
	"syscall"
	"testing"
)

// guardedPage returns a page of memory, mapped for reading and writing,
// whose previous and next pages fault on any access. A slice that ends
// at the page's end makes a read past it a crash, and one that begins at
// its start a read before it.
func guardedPage(t *testing.T) []byte {
	t.Helper()
	size := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	for _, guard := range [][]byte{mem[:size], mem[2*size:]} {
		if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
	}
	return mem[size : 2*size : 2*size]
}

// atPageStart copies s to the start of page and returns it there.
func atPageStart(page []byte, s []byte) []byte {
	b := page[:len(s):len(s)]
	copy(b, s)
	return b
}

// atPageEnd copies s to the end of page and returns it there.
func atPageEnd(page []byte, s []byte) []byte {
	b := page[len(page)-len(s):]
	copy(b, s)
	return b
}

// TestScansAtPageEnd runs the scans, on both paths, over inputs that end
// at the last byte of a page with a guard page after it: whitespace to
// the end, and string contents that run to the end or stop in the last
// bytes, at every length up to 3 steps, scanned from the start and from
// every place in the last step; and the same contents at the start of a
// page with a guard page before it.
func TestScansAtPageEnd(t *testing.T) {
	page := guardedPage(t)
	var inputs [][]byte
	for _, bg := range backgrounds {
		s := fill(bg, 100)
		inputs = append(inputs, s)
		for _, stop := range stops {
			inputs = append(inputs, append(fill(bg, 100), stop...))
		}
	}
	inputs = append(inputs, bytes.Repeat([]byte(" "), 100), bytes.Repeat([]byte(" \n\t\r"), 25),
		append(bytes.Repeat([]byte(" "), 99), 'x'))
	for _, in := range inputs {
		for n := 0; n <= len(in); n++ {
			b := atPageEnd(page, in[len(in)-n:])
			for _, i := range []int{0, 1, n / 2, n - 1} {
				if i < 0 || i > n {
					continue
				}
				if !checkSkipSpacePaths(t, b, i) {
					return
				}
				if i < n && charStart(b, 0, i) == i && !checkScanStringPaths(t, b, i) {
					return
				}
			}
			// The tail scan's reads: the last 32 bytes of an input that
			// ends at the page's end, and of one that begins at its start.
			for _, b := range [][]byte{b, atPageStart(page, in[len(in)-n:])} {
				for i := max(0, n-31); i < n; i++ {
					if charStart(b, 0, i) == i && !checkScanStringPaths(t, b, i) {
						return
					}
				}
			}
		}
	}
}
