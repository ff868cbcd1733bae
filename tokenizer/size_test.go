package tokenizer

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// The package doc states the size of a Tokenizer; keep them in step.
func TestStateSize(t *testing.T) {
	size := unsafe.Sizeof(Tokenizer{})
	t.Logf("Tokenizer is %d bytes, of which %d are the inline path", size, unsafe.Sizeof(pathStack{}))
	assert.LessOrEqual(t, size, uintptr(768), "the package doc promises at most 768 bytes")
}
