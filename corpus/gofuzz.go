package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// File is one named input of an external corpus.
type File struct {
	Name string
	Data []byte
}

const goFuzzModule = "github.com/dvyukov/go-fuzz-corpus"

// GoFuzzJSON returns the JSON inputs of go-fuzz-corpus (json/corpus, 1728
// files at the version go.mod pins), read from the module cache and sorted
// by name. The result is cached and shared: do not modify it.
func GoFuzzJSON() ([]File, error) { return loadGoFuzz() }

var loadGoFuzz = sync.OnceValues(func() ([]File, error) {
	dir, err := moduleDir(goFuzzModule)
	if err != nil {
		return nil, err
	}
	return readDir(filepath.Join(dir, "json", "corpus"), "")
})

// readDir reads every regular file of dir whose name ends in ext, with ext
// cut from the name.
func readDir(dir, ext string) ([]File, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w: %w", err, ErrAbsent)
	}
	var out []File
	for _, e := range ents {
		name := e.Name()
		if !e.Type().IsRegular() || filepath.Ext(name) != ext && ext != "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, File{Name: name[:len(name)-len(ext)], Data: b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
