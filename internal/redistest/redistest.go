// Package redistest starts a real redis-server for tests, on 127.0.0.1
// and a port of its own, with no persistence.
package redistest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// RequireEnv is the environment variable that, set to anything, makes
// Start fail when there is no redis-server, where it would skip (CI sets
// it, so that its Redis tests cannot skip unseen).
const RequireEnv = "DELTAJSON_REQUIRE_REDIS"

// Start starts a redis-server that stops when tb's test ends, and returns
// its address. It skips tb, with a message, when there is no redis-server
// on the PATH (fails, with RequireEnv set), and fails it when the server
// does not start.
func Start(tb testing.TB) string {
	tb.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv(RequireEnv) != "" {
			tb.Fatalf("redis-server is not installed, and %s is set", RequireEnv)
		}
		tb.Skip("redis-server is not installed (apt-get install redis-server): skipping the Redis tests")
	}
	var last error
	for range 5 { // another process may take the free port first
		port, err := freePort()
		if err != nil {
			tb.Fatal(err)
		}
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
			"--save", "", "--appendonly", "no", "--dir", tb.TempDir(), "--loglevel", "warning")
		killWithParent(cmd)
		if err := cmd.Start(); err != nil {
			tb.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		if last = waitReady(addr, exited); last == nil {
			tb.Cleanup(func() {
				cmd.Process.Kill()
				<-exited
			})
			return addr
		}
		cmd.Process.Kill()
	}
	tb.Fatalf("redis-server did not start: %v", last)
	return ""
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitReady waits up to 10 s for the server at addr to answer PING.
func waitReady(addr string, exited <-chan error) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("redis-server exited: %v", err)
		default:
		}
		if ping(addr) == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("redis-server at %s did not answer PING in 10 s", addr)
}

func ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line != "+PONG\r\n" {
		return fmt.Errorf("PING answered %q", line)
	}
	return nil
}
