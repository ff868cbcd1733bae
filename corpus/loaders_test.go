package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func skipAbsent(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, ErrAbsent) {
		t.Skipf("data not available: %v", err)
	}
	require.NoError(t, err)
}

func TestGoFuzzJSON(t *testing.T) {
	fs, err := GoFuzzJSON()
	skipAbsent(t, err)
	assert.Len(t, fs, 1728)
	again, err := GoFuzzJSON()
	require.NoError(t, err)
	assert.Same(t, &fs[0], &again[0], "cached")
}

func prefixCounts(fs []File) map[string]int {
	m := map[string]int{}
	for _, f := range fs {
		m[f.Name[:2]]++
	}
	return m
}

func TestJSONTestSuite(t *testing.T) {
	raw, err := JSONTestSuite()
	skipAbsent(t, err)
	assert.Len(t, raw, 318)
	assert.Equal(t, map[string]int{"y_": 95, "n_": 188, "i_": 35}, prefixCounts(raw))
	for _, f := range raw {
		if f.Name[:2] == "y_" {
			assert.True(t, json.Valid(f.Data), "%s must be valid", f.Name)
		}
	}
}

// TestJSONTestSuiteSonic compares sonic's copy of the suite with the raw
// files and logs the differences.
func TestJSONTestSuiteSonic(t *testing.T) {
	sonic, err := JSONTestSuiteSonic()
	skipAbsent(t, err)
	assert.Len(t, sonic, 318)
	assert.Equal(t, map[string]int{"y_": 103, "n_": 201, "i_": 14}, prefixCounts(sonic))

	raw, err := JSONTestSuite()
	skipAbsent(t, err)
	byBase := map[string]File{}
	for _, f := range raw {
		byBase[f.Name[2:]] = f
	}
	var reclassified, changed, validButN []string
	for _, s := range sonic {
		r, ok := byBase[s.Name[2:]]
		require.True(t, ok, "%s is in both", s.Name)
		if r.Name[:2] != s.Name[:2] {
			reclassified = append(reclassified, r.Name+" -> "+s.Name[:2])
		}
		if !bytes.Equal(r.Data, s.Data) {
			changed = append(changed, s.Name)
		}
		if s.Name[:2] == "n_" && json.Valid(s.Data) {
			validButN = append(validButN, s.Name)
		}
	}
	sort.Strings(reclassified)
	// sonic follows RFC 8259: 13 invalid-UTF-8 cases i_ -> n_, 10 huge
	// numbers i_ -> y_, 2 duplicate keys y_ -> i_.
	assert.Len(t, reclassified, 25)
	// The file stores U+FFFD where the raw cases have invalid bytes, so
	// these differ although the decoder keeps raw bytes.
	assert.Len(t, changed, 25)
	// Ten of those replaced cases are valid JSON as stored, labelled n_:
	// use the raw files, not sonic's, for invalid UTF-8.
	assert.Len(t, validButN, 10)
	t.Logf("reclassified (%d): %v", len(reclassified), reclassified)
	t.Logf("bytes differ from the raw files (%d): %v", len(changed), changed)
	t.Logf("n_ cases that are valid JSON as stored (%d): %v", len(validButN), validButN)
}

func TestBenchFile(t *testing.T) {
	for _, name := range BenchFiles {
		t.Run(name, func(t *testing.T) {
			b, err := BenchFile(name)
			skipAbsent(t, err)
			assert.NotEmpty(t, b)
			assert.True(t, json.Valid(b))
			b2, err := BenchFile(name + ".json")
			require.NoError(t, err)
			assert.Equal(t, len(b), len(b2))
		})
	}
	_, err := BenchFile("large")
	assert.ErrorContains(t, err, "no bench file")
}
