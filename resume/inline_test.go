package resume

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestDeltaInlines holds the NOTE in deltaVia: a caller of Call.Delta,
// here Set.Apply, gets the one-byte path inlined, with no call. Built
// without it, a one-byte delta costs more than it did before the path
// was split to inline.
func TestDeltaInlines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m=2", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`set\.go:\d+:\d+: inlining call to \(\*Call\)\.quickByte`).Match(out) {
		var why []string
		for line := range strings.Lines(string(out)) {
			if strings.Contains(line, "inline (*Call).Delta") || strings.Contains(line, "inline (*Call).quickByte") || strings.Contains(line, "inline deltaVia") {
				why = append(why, line)
			}
		}
		t.Errorf("Set.Apply's call to Delta does not inline its one-byte path:\n%s", strings.Join(why, ""))
	}
}
