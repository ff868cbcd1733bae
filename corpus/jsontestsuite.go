package corpus

// NOTE: the parsing cases of nst/JSONTestSuite from two places. The raw
// files in the shared corpus folder are byte exact. sonic ships the same
// suite as one gzipped JSON object (name -> case text) with a few cases
// reclassified for RFC 8259; its strings are read with unquote so that raw
// bytes survive, but that file was written with invalid UTF-8 already
// replaced by U+FFFD, so those cases differ from the raw files (see
// loaders_test.go).

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

const sonicModule = "github.com/bytedance/sonic"

// JSONTestSuite returns the raw test_parsing files from the shared corpus
// folder, named without ".json" and keeping their y_ (must accept), n_
// (must reject) or i_ (either) prefix, sorted by name. A missing folder
// wraps ErrAbsent. The result is cached and shared: do not modify it.
func JSONTestSuite() ([]File, error) { return loadJSONTestSuite() }

var loadJSONTestSuite = sync.OnceValues(func() ([]File, error) {
	dir, err := sharedPath("JSONTestSuite", "test_parsing")
	if err != nil {
		return nil, err
	}
	return readDir(dir, ".json")
})

// JSONTestSuiteSonic returns the cases of sonic's
// testdata/JSONTestSuite/testdata.json.gz, named as in that file, sorted
// by name. Beware: that file holds U+FFFD where the suite has invalid
// UTF-8 (25 cases differ from the raw files), which makes ten of its n_
// cases valid JSON as stored; prefer JSONTestSuite for UTF-8 checks. The
// result is cached and shared: do not modify it.
func JSONTestSuiteSonic() ([]File, error) { return loadSonicSuite() }

var loadSonicSuite = sync.OnceValues(func() ([]File, error) {
	dir, err := moduleDir(sonicModule)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, "testdata", "JSONTestSuite", "testdata.json.gz"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w: %w", err, ErrAbsent)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("corpus: sonic JSONTestSuite: %w", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("corpus: sonic JSONTestSuite: %w", err)
	}
	return parseStringMap(b)
})

// parseStringMap reads a flat JSON object of string values, keeping raw
// bytes in the values (see unquote).
func parseStringMap(b []byte) ([]File, error) {
	fail := func(rest []byte, msg string) ([]File, error) {
		return nil, fmt.Errorf("corpus: string map at offset %d: %s", len(b)-len(rest), msg)
	}
	rest := skipWS(b)
	if len(rest) == 0 || rest[0] != '{' {
		return fail(rest, "want '{'")
	}
	rest = skipWS(rest[1:])
	var out []File
	for len(rest) > 0 && rest[0] != '}' {
		if len(out) > 0 {
			if rest[0] != ',' {
				return fail(rest, "want ',' or '}'")
			}
			rest = skipWS(rest[1:])
		}
		k, r, err := unquote(rest)
		if err != nil {
			return fail(rest, err.Error())
		}
		if r = skipWS(r); len(r) == 0 || r[0] != ':' {
			return fail(r, "want ':'")
		}
		v, r, err := unquote(skipWS(r[1:]))
		if err != nil {
			return fail(r, err.Error())
		}
		out = append(out, File{Name: string(k), Data: v})
		rest = skipWS(r)
	}
	if len(rest) == 0 {
		return fail(rest, "object not closed")
	}
	if len(skipWS(rest[1:])) != 0 {
		return fail(rest[1:], "data after the object")
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	for i := 1; i < len(out); i++ {
		if out[i].Name == out[i-1].Name {
			return nil, errors.New("corpus: string map: duplicate name " + out[i].Name)
		}
	}
	return out, nil
}

func skipWS(b []byte) []byte { return bytes.TrimLeft(b, " \t\r\n") }
