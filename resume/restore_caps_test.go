package resume_test

import (
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/resume"
)

func checkpointOf(t *testing.T, args string) resume.Checkpoint {
	c := resume.NewCall("0", resume.Options{})
	require.NoError(t, c.Delta([]byte(args), -1, -1))
	cp, err := c.Checkpoint()
	require.NoError(t, err)
	return cp
}

func TestRestoreKeepsCaps(t *testing.T) {
	args := `{"path":"/tmp/a","content":"0123456789012345678901234567"}`
	cp := checkpointOf(t, args[:40])

	_, err := resume.Restore(cp, []byte(args[:40]), resume.Options{MaxBytes: 10})
	assert.ErrorIs(t, err, resume.ErrTooLarge, "the saved bytes alone pass the cap")

	set := resume.NewSet(resume.Options{MaxTotalBytes: 30})
	_, err = set.Restore(cp, []byte(args[:40]))
	assert.ErrorIs(t, err, resume.ErrTotalTooLarge)
	assert.Zero(t, resume.HeldBytes(set))

	set = resume.NewSet(resume.Options{MaxTotalBytes: 45})
	c, err := set.Restore(cp, []byte(args))
	assert.ErrorIs(t, err, resume.ErrTotalTooLarge, "the rest passes the total cap")
	require.NotNil(t, c, "the call is kept as the checkpoint left it")
	assert.Equal(t, resume.StatusTooLarge, c.Status())
	assert.LessOrEqual(t, resume.HeldBytes(set), int64(45))
}

func TestRestoreRefusesTamperedFields(t *testing.T) {
	cp := checkpointOf(t, `[1,{"a":2}`)
	good, err := cp.MarshalBinary()
	require.NoError(t, err)
	refused := 0
	for i := 5; i < len(good)-4; i++ {
		for _, x := range []byte{0x01, 0x10, 0x40} {
			bad := append([]byte(nil), good...)
			bad[i] ^= x
			binary.LittleEndian.PutUint32(bad[len(bad)-4:], crc32.ChecksumIEEE(bad[:len(bad)-4]))
			var back resume.Checkpoint
			if back.UnmarshalBinary(bad) != nil {
				refused++
				continue
			}
			c, err := resume.Restore(back, []byte(`[1,{"a":2}`), resume.Options{})
			if err != nil {
				refused++
				continue
			}
			// Whatever was accepted behaves: its view is JSON.
			if v := c.AppendPartial(nil); len(v) > 0 {
				assert.True(t, json.Valid(v), "byte %d ^ %#x gives the view %q", i, x, v)
			}
		}
	}
	assert.NotZero(t, refused)
}
