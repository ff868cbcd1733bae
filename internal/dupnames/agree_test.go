package dupnames_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/internal/dupnames"
	"github.com/deltajson/deltajson/internal/fixtures"
)

// jsontextDup is jsontext's verdict: the offset of the first duplicate
// name, or -1.
func jsontextDup(t *testing.T, doc []byte) int64 {
	_, err := jsontext.NewDecoder(bytes.NewReader(doc)).ReadValue()
	var se *jsontext.SyntacticError
	if errors.Is(err, jsontext.ErrDuplicateName) && errors.As(err, &se) {
		return se.ByteOffset
	}
	require.NoError(t, err, "%.80q", doc)
	return -1
}

// TestAgreesWithJSONText holds Find to jsontext on documents with long
// strings full of escapes and non-ASCII text, with names repeated and
// not, and quotes at every position of the eight-byte words read.
func TestAgreesWithJSONText(t *testing.T) {
	docs := [][]byte{corpus.ToolArgs(20 << 10)}
	for _, name := range []string{"twitter", "citm_catalog", "canada"} {
		if doc, err := fixtures.BenchFile(name); err == nil {
			docs = append(docs, doc)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"a", "b", "é", "日", "😀", `\"`, `\\`, `\n`, `\u00e9`, `\/`, `\\\"`}
	for range 2000 {
		var sb strings.Builder
		sb.WriteString("{")
		for k := range 2 + r.IntN(4) {
			if k > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(`"` + []string{"a", "b", `\u0061`, "c"}[r.IntN(4)] + `":"`)
			for range r.IntN(40) {
				sb.WriteString(parts[r.IntN(len(parts))])
			}
			sb.WriteString(`"`)
		}
		sb.WriteString("}")
		docs = append(docs, []byte(sb.String()))
	}
	for _, doc := range docs {
		d, dup := dupnames.Find(doc, nil)
		want := jsontextDup(t, doc)
		if !assert.Equal(t, want >= 0, dup, "%.200q", doc) {
			continue
		}
		if dup {
			assert.Equal(t, want, d.Offset, "%.200q", doc)
		}
	}
}
