//go:build linux

package jsonwire

import (
	"bytes"
	"os"
	"syscall"
	"testing"
)

// guardedPage returns a page of memory, mapped for reading and writing,
// whose next page faults on any access. A slice that ends at the page's
// end makes a read past it a crash.
func guardedPage(t *testing.T) []byte {
	t.Helper()
	size := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[size:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return mem[:size:size]
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
// bytes, at every length up to 3 steps.
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
		}
	}
}
