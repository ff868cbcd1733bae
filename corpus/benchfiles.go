package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

const fastjsonModule = "github.com/valyala/fastjson"

// BenchFiles names the fastjson benchmark fixtures BenchFile serves, from
// the smallest to the largest. They come from fastjson's testdata folder
// (github.com/valyala/fastjson, MIT), read from the module cache.
var BenchFiles = []string{"small", "medium", "twitter", "citm_catalog", "canada"}

// BenchFile returns one fastjson benchmark fixture by name ("twitter" or
// "twitter.json"). An unknown name is an error; a missing module wraps
// ErrAbsent.
func BenchFile(name string) ([]byte, error) {
	name = strings.TrimSuffix(name, ".json")
	known := false
	for _, n := range BenchFiles {
		known = known || n == name
	}
	if !known {
		return nil, fmt.Errorf("corpus: no bench file %q (have %s)", name, strings.Join(BenchFiles, ", "))
	}
	dir, err := moduleDir(fastjsonModule)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, "testdata", name+".json"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w: %w", err, ErrAbsent)
	}
	return b, nil
}
