package tokenizer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shortName returns the raw bytes of a member name of exactly size bytes,
// with escapes, characters that a pointer escapes and a multi-byte
// character, so that a frame's payload is not all one byte.
func shortName(size int) string {
	units := []string{"a", "~", "/", `\"`, "é", `\\`, "b", `\u00e9`}
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		u := units[i%len(units)]
		if b.Len()+len(u) > size {
			u = "x"
		}
		b.WriteString(u)
	}
	return b.String()
}

// TestShortNameFrameAtBufferEnd opens a container under a member name of
// 0 to 17 bytes read whole from the chunk, with the frozen frames ending
// at each byte from pathInline-24 to pathInline: on one side of
// pushShort's room test the name goes in with its 16-byte copy, on the
// other pushNamed takes it (and may spill). Pointer must match
// pointerModel after every token, and the transcript must not depend on
// the chunking.
func TestShortNameFrameAtBufferEnd(t *testing.T) {
	for n := pathInline - 24; n <= pathInline; n++ {
		// n bytes of frames when the container opens: one-byte-index
		// array frames of 3 bytes and one object frame of l+2.
		l := (n - 2) % 3
		arrays := (n - 2 - l) / 3
		for size := 0; size <= 17; size++ {
			name := shortName(size)
			require.Len(t, name, size)
			for _, child := range []string{`[1,{"q":2}]`, `{"q":[3]}`} {
				doc := strings.Repeat("[", arrays) + `{"` + strings.Repeat("x", l) + `":{"` + name + `":` + child +
					`,"z":4}}` + strings.Repeat("]", arrays)
				in := []byte(doc)
				checkPointers(t, doc)
				// Cut before the container: the name is copied into the
				// path at the chunk's end and frozen from there.
				open := strings.Index(doc, name+`":`+child) + len(name) + 2
				whole := run(in, nil, Options{})
				require.Equal(t, whole, run(in, []int{open}, Options{}), "frames %d, name %q, cut before the open", n, name)
				require.Equal(t, whole, run(in, []int{open - 1, open + 1}, Options{}), "frames %d, name %q", n, name)
			}
		}
	}
}

// TestCutNameDoesNotOutliveItsContainer: a member name cut for length
// belongs to the container it was read in. Once that container closes, its
// parent's pointer shows the parent's own name (or index), whole; and a
// container opened under the cut name does not carry the cut as its own,
// which a checkpoint would refuse. The cut is recorded only when the name
// is copied into the path, so the input is fed at every split.
func TestCutNameDoesNotOutliveItsContainer(t *testing.T) {
	long := strings.Repeat("n", 200)
	cutLong := long[:maxPathName] + "…"
	for _, tc := range []struct{ in, ptr string }{
		{`{"a":{"` + long + `":1} x}`, "/a"},    // parent frame 'o', popName
		{`{"a":{"` + long + `":[1]} x}`, "/a"},  // the same, after a frame under the cut name
		{`[0,{"` + long + `":1} x]`, "/1"},      // parent frame 'a', popSmall
		{`{"a":[{"` + long + `":{}}] x}`, "/a"}, // two levels up
		{`{"` + long + `":[1,{"b":2} x]}`, "/" + cutLong + "/1"},
		{`{"` + long + `":{"b":[2]} x}`, "/" + cutLong},
	} {
		in := []byte(tc.in)
		for _, cuts := range [][]int{nil, allCuts(len(in))} {
			tr := run(in, cuts, Options{})
			assert.Equal(t, tc.ptr, tr.Ptr, "%.40q at %d cuts", tc.in, len(cuts))
			assert.Equal(t, StatusFailed, tr.Status)
		}
		for cut := 1; cut < len(in); cut++ {
			tr := run(in, []int{cut}, Options{})
			if !assert.Equal(t, tc.ptr, tr.Ptr, "%.40q cut at %d", tc.in, cut) {
				break
			}
		}
	}
	for _, doc := range []string{
		`{"` + long + `":[1,[2]],"b":{"` + long + `":{"c":[3]}}}`,
		`[{"` + long + `":1},{"x":[2]},[{"` + long + `":[]}]]`,
		`{"a":{"` + long + `":{}},"b":[{"` + long + `":3},4]}`,
	} {
		in := []byte(doc)
		whole := run(in, nil, Options{})
		require.Empty(t, whole.Err)
		assert.Equal(t, whole, runHook(in, allCuts(len(in)), Options{}, restart(t)), "%.40q restarted at every byte", doc)
		for _, n := range []int{7, 16, 17} {
			var cuts []int
			for i := n; i < len(in); i += n {
				cuts = append(cuts, i)
			}
			assert.Equal(t, whole, runHook(in, cuts, Options{}, restart(t)), "%.40q restarted every %d bytes", doc, n)
		}
	}
}

// TestWrongCloses: a '}' or ']' where the grammar does not allow a close
// is the error that the byte's place calls for, with its offset and
// pointer, at every chunking, at the top and below frames that Next would
// unfreeze itself (a small index, a short name).
func TestWrongCloses(t *testing.T) {
	tests := []struct {
		prefix, rest string // rest begins with the bad byte
		ptr, msg     string
		cause        error
	}{
		{`{`, `]`, "", "invalid character ']' looking for beginning of object name or '}'", ErrSyntax},
		{`[`, `}`, "/0", "invalid character '}' looking for beginning of value or ']'", ErrSyntax},
		{`{"a"`, `}`, "/a", "invalid character '}' after object name (expecting ':')", ErrSyntax},
		{`{"a"`, `]`, "/a", "invalid character ']' after object name (expecting ':')", ErrSyntax},
		{`{"a":`, `}`, "/a", "invalid character '}' looking for beginning of value", ErrSyntax},
		{`{"a":`, `]`, "/a", "invalid character ']' looking for beginning of value", ErrSyntax},
		{`{"a":1,`, `}`, "", "invalid character '}' looking for beginning of object name", ErrSyntax},
		{`{"a":1,`, `]`, "", "invalid character ']' looking for beginning of object name", ErrSyntax},
		{`[1,`, `]`, "/1", "invalid character ']' looking for beginning of value", ErrSyntax},
		{`[1,`, `}`, "/1", "invalid character '}' looking for beginning of value", ErrSyntax},
		{`{"a":1`, `]`, "/a", "invalid character ']' after object value (expecting ',' or '}')", ErrSyntax},
		{`{"a":{}`, `]`, "/a", "invalid character ']' after object value (expecting ',' or '}')", ErrSyntax},
		{`[1`, `}`, "/0", "invalid character '}' after array element (expecting ',' or ']')", ErrSyntax},
		{`[[]`, `}`, "/0", "invalid character '}' after array element (expecting ',' or ']')", ErrSyntax},
		{``, `]`, "", "invalid character ']' looking for beginning of value", ErrSyntax},
		{``, `}`, "", "invalid character '}' looking for beginning of value", ErrSyntax},
		{`[] `, `]`, "", "invalid character ']' after top-level value", ErrTrailingData},
		{`{}`, `}`, "", "invalid character '}' after top-level value", ErrTrailingData},
	}
	for _, tc := range tests {
		for _, under := range []struct{ open, ptr string }{{"", ""}, {`[0,[`, "/1/0"}, {`{"k":[{"n":`, "/k/0/n"}} {
			prefix := under.open + tc.prefix
			if under.open != "" && tc.prefix == "" {
				continue // not at the top level
			}
			ptr, msg := under.ptr+tc.ptr, tc.msg
			if under.open != "" && strings.HasSuffix(msg, "after top-level value") {
				// The value closed is an element or member below: the
				// same byte is a wrong close there.
				continue
			}
			in := []byte(prefix + tc.rest + "]}]")
			for _, opts := range []Options{{}, {AllowMultipleValues: true}} {
				want, wantMsg := tc.cause, msg
				if opts.AllowMultipleValues && tc.cause == ErrTrailingData {
					want, wantMsg = ErrSyntax, "invalid character '"+tc.rest[:1]+"' looking for beginning of value"
				}
				for _, cuts := range [][]int{nil, allCuts(len(in)), {len(prefix)}, {len(prefix) + 1}} {
					tr := run(in, cuts, opts)
					assert.Equal(t, int64(len(prefix)), tr.Offset, "%q %+v cuts %v", in, opts, cuts)
					assert.Equal(t, ptr, tr.Ptr, "%q %+v cuts %v", in, opts, cuts)
					assert.Contains(t, tr.Err, wantMsg, "%q %+v cuts %v", in, opts, cuts)
					assert.Equal(t, StatusFailed, tr.Status)
				}
				tk := New(opts)
				require.NoError(t, tk.Feed(in))
				assert.ErrorIs(t, drain(&tk), want, "%q %+v", in, opts)
			}
		}
	}
}
