//go:build seedcorpus

// This file is never built. It keeps in go.mod the module whose files the
// loaders read from the module cache but whose code nothing imports: go
// mod tidy looks at files of every build tag.
package corpus

import _ "github.com/dvyukov/go-fuzz-corpus/json"
