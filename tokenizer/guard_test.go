//go:build linux

package tokenizer

import (
	"os"
	"syscall"
	"testing"
)

// TestVectorPageEnd feeds every chunk at the end of a page whose next
// page faults on any access, on both paths: a scan that read past a
// chunk's end would crash the test.
func TestVectorPageEnd(t *testing.T) {
	size := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[size:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	// The Tokenizer is done with a chunk when it asks for the next, so
	// each chunk may take the place of the one before.
	atEnd := func(chunk []byte) []byte {
		b := mem[size-len(chunk) : size : size]
		copy(b, chunk)
		return b
	}
	for _, doc := range vectorDocs() {
		if len(doc) > size {
			continue
		}
		for _, cut := range [][]int{nil, {len(doc) / 3, len(doc) / 2}, {len(doc) - 1}} {
			if !checkPaths(t, doc, cut, atEnd) {
				return
			}
		}
	}
}
