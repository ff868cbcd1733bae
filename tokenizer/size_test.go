package tokenizer

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// The package doc and the README state the size of a Tokenizer on 64-bit
// machines; keep them in step.
func TestStateSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the documented size is for 64-bit machines")
	}
	size := unsafe.Sizeof(Tokenizer{})
	t.Logf("Tokenizer is %d bytes, of which %d are the inline path", size, unsafe.Sizeof(pathStack{}))
	assert.Equal(t, uintptr(728), size, "update the package doc and the README")
}
