// Package killtest kills a child process with SIGKILL at a point it
// reports, for tests of what survives a crash.
package killtest

import (
	"bufio"
	"errors"
	"os/exec"
	"syscall"
	"testing"
)

// KillAfter starts cmd, reads its standard output line by line (with the
// line break) until stop returns true for one, kills it with SIGKILL and
// waits for it. It fails t when cmd ends before, or ends some other way
// than by the kill.
func KillAfter(t testing.TB, cmd *exec.Cmd, stop func(line string) bool) {
	t.Helper()
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(pipe)
	for {
		line, err := out.ReadString('\n')
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the child's output ended before the line to stop at: %v", err)
		}
		if stop(line) {
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("the child ended with %v, not by SIGKILL", err)
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the child ended with %v, not by SIGKILL", err)
	}
}
