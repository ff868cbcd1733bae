package tokenizer

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestStateSize checks the shape of a Tokenizer's memory, whose figures
// bench/README.md gives: the inline path frames are most of it, so that
// pathInline, a tuning choice, sets what a copy costs and the rest stays
// a fixed handful of fields; and a Token is Raw and one word, small
// enough for the compiler to pass in registers.
func TestStateSize(t *testing.T) {
	size, path := unsafe.Sizeof(Tokenizer{}), unsafe.Sizeof(pathStack{})
	t.Logf("Tokenizer is %d bytes, of which %d are the inline path", size, path)
	assert.Less(t, size-path, path, "the state beside the inline path is smaller than it")
	assert.Equal(t, unsafe.Sizeof([]byte(nil))+unsafe.Sizeof(uint64(0)), unsafe.Sizeof(Token{}), "a Token is Raw and one word")
}
