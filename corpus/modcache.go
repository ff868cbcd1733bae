package corpus

// NOTE: finding data that stays outside the repository: Go modules in the
// module cache, and the shared corpus folder beside the module root.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

const modulePath = "github.com/deltajson/deltajson"

// SharedEnv names an environment variable that, when set, overrides where
// the shared corpus folder ("…/shared/corpus") is looked for.
const SharedEnv = "DELTAJSON_SHARED_CORPUS"

var moduleRoot = sync.OnceValues(func() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(bytes.TrimSpace(b), []byte("module "+modulePath+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("corpus: no go.mod of %s above the working directory: %w", modulePath, ErrAbsent)
		}
		dir = parent
	}
})

var moduleDirs sync.Map // module path -> dirResult

type dirResult struct {
	dir string
	err error
}

// moduleDir asks the go command where a required module sits in the
// module cache, from the module root so that go.mod pins the version.
func moduleDir(mod string) (string, error) {
	if r, ok := moduleDirs.Load(mod); ok {
		return r.(dirResult).dir, r.(dirResult).err
	}
	var r dirResult
	root, err := moduleRoot()
	if err != nil {
		r.err = err
	} else {
		cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", mod)
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		r.dir = strings.TrimSpace(string(out))
		switch {
		case err != nil:
			r.err = fmt.Errorf("corpus: go list -m %s: %v: %s: %w", mod, err, bytes.TrimSpace(stderr.Bytes()), ErrAbsent)
		case r.dir == "":
			r.err = fmt.Errorf("corpus: module %s is not in the module cache (run go mod download): %w", mod, ErrAbsent)
		}
	}
	moduleDirs.Store(mod, r)
	return r.dir, r.err
}

// sharedCorpus finds "shared/corpus" as a sibling of the module root or
// of one of its parents.
var sharedCorpus = sync.OnceValues(func() (string, error) {
	if d := os.Getenv(SharedEnv); d != "" {
		return d, nil
	}
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	for dir := root; ; {
		parent := filepath.Dir(dir)
		cand := filepath.Join(parent, "shared", "corpus")
		if fi, err := os.Stat(cand); err == nil && fi.IsDir() {
			return cand, nil
		}
		if parent == dir {
			return "", fmt.Errorf("corpus: no shared/corpus folder beside %s or its parents: %w", root, ErrAbsent)
		}
		dir = parent
	}
})

// sharedPath returns a path inside the shared corpus folder, or an
// ErrAbsent error when it is not there.
func sharedPath(elem ...string) (string, error) {
	base, err := sharedCorpus()
	if err != nil {
		return "", err
	}
	p := filepath.Join(append([]string{base}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("corpus: %s: %w", p, ErrAbsent)
		}
		return "", err
	}
	return p, nil
}
