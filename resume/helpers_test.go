package resume_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

// feed applies doc to c as deltas of n bytes (all of it when n <= 0) and
// returns the first error.
func feed(c *resume.Call, doc string, n int) error {
	if n <= 0 {
		n = len(doc)
	}
	var first error
	for i := 0; i < len(doc); i += n {
		if err := c.Delta([]byte(doc[i:min(i+n, len(doc))]), -1, -1); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// chunkSizes are the delta sizes every chunking test tries; 0 is whole.
var chunkSizes = []int{1, 2, 3, 5, 7, 13, 64, 0}

// throughBinary is c's checkpoint moved through its binary form, as to
// another process.
func throughBinary(t *testing.T, c *resume.Call) resume.Checkpoint {
	t.Helper()
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	bin, err := cp.MarshalBinary()
	require.NoError(t, err)
	var back resume.Checkpoint
	require.NoError(t, back.UnmarshalBinary(bin))
	return back
}
