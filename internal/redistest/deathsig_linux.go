package redistest

import (
	"os/exec"
	"syscall"
)

// killWithParent has the server killed when the test process dies, so
// that a test binary killed at its timeout leaves no server behind.
func killWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
