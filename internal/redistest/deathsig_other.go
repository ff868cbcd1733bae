//go:build !linux

package redistest

import "os/exec"

// killWithParent does nothing here: only Linux kills a child with its
// parent.
func killWithParent(*exec.Cmd) {}
