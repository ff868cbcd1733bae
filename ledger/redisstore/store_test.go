package redisstore_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deltajson/deltajson/internal/killtest"
	"github.com/deltajson/deltajson/internal/redistest"
	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/ledgertest"
	"github.com/deltajson/deltajson/ledger/redisstore"
)

var ctx = context.Background()

// Environment of a re-executed test binary: the server's address, the
// key prefix, and what to do ("claim-one": claim call_1 and wait to be
// killed; "claim-many": claim call_0 to call_N-1 after a line on stdin).
const (
	envAddr   = "REDISSTORE_TEST_ADDR"
	envPrefix = "REDISSTORE_TEST_PREFIX"
	envDo     = "REDISSTORE_TEST_DO"
)

// manyIDs is how many IDs each process claims in TestTwoProcesses.
const manyIDs = 300

// quiet drops go-redis's log lines: the tests that cut the server off
// check the errors themselves.
type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

func TestMain(m *testing.M) {
	redis.SetLogger(quiet{})
	if do := os.Getenv(envDo); do != "" {
		os.Exit(child(do))
	}
	os.Exit(m.Run())
}

func child(do string) int {
	c := redis.NewClient(&redis.Options{Addr: os.Getenv(envAddr)})
	defer c.Close()
	s := redisstore.New(c, redisstore.Options{Prefix: os.Getenv(envPrefix)})
	d := ledger.DigestOf("pay", []byte(`{"amount":10}`))
	switch do {
	case "claim-one":
		v, _, err := s.Claim(ctx, "call_1", d)
		if err != nil {
			fmt.Println(err)
			return 1
		}
		fmt.Println(v)
		time.Sleep(time.Minute)
	case "claim-many":
		fmt.Println("ready")
		if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
			return 1
		}
		for i := range manyIDs {
			v, _, err := s.Claim(ctx, "call_"+strconv.Itoa(i), d)
			if err != nil {
				fmt.Println(err)
				return 1
			}
			if v == ledger.VerdictClaimed {
				fmt.Println(i)
			}
		}
		return 0
	}
	return 2
}

// server starts one redis-server for the tests of this package.
func server(t *testing.T) (string, *redis.Client) {
	addr := redistest.Start(t)
	c := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { c.Close() })
	return addr, c
}

func TestContract(t *testing.T) {
	_, c := server(t)
	ledgertest.Run(t, func(t *testing.T, ttl time.Duration) ledger.Store {
		s := redisstore.New(c, redisstore.Options{TTL: ttl, Prefix: t.Name() + ":"})
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// childCmd returns a re-execution of the test binary that does do.
func childCmd(addr, prefix, do string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envAddr+"="+addr, envPrefix+"="+prefix, envDo+"="+do)
	cmd.Stderr = os.Stderr
	return cmd
}

// TestTwoProcesses has two processes claim the same IDs at once: each ID
// is won by exactly one.
func TestTwoProcesses(t *testing.T) {
	addr, _ := server(t)
	type proc struct {
		cmd *exec.Cmd
		in  io.WriteCloser
		out *bufio.Reader
	}
	var procs [2]proc
	for i := range procs {
		cmd := childCmd(addr, "two:", "claim-many")
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		procs[i] = proc{cmd, in, bufio.NewReader(out)}
		line, err := procs[i].out.ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "ready\n", line)
	}
	for _, p := range procs {
		_, err := io.WriteString(p.in, "go\n")
		require.NoError(t, err)
	}
	won := map[int]int{}
	perProc := [2]int{}
	for i, p := range procs {
		rest, err := io.ReadAll(p.out)
		require.NoError(t, err)
		require.NoError(t, p.cmd.Wait(), "child %d: %s", i, rest)
		for _, f := range strings.Fields(string(rest)) {
			n, err := strconv.Atoi(f)
			require.NoError(t, err, "child %d printed %q", i, f)
			won[n]++
			perProc[i]++
		}
	}
	require.Len(t, won, manyIDs)
	ids := make([]int, 0, len(won))
	for id := range won {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		assert.Equal(t, 1, won[id], "processes that won call_%d", id)
	}
	t.Logf("claims won by each process: %v", perProc)
}

// TestKilledBetweenClaimAndOutcome kills a process that claimed a call
// and recorded no outcome: the claim stays, unknown, and is seen.
func TestKilledBetweenClaimAndOutcome(t *testing.T) {
	addr, c := server(t)
	killtest.KillAfter(t, childCmd(addr, "killed:", "claim-one"), func(line string) bool {
		require.Equal(t, "claimed\n", line)
		return true
	})

	s := redisstore.New(c, redisstore.Options{Prefix: "killed:"})
	rec, err := s.Lookup(ctx, "call_1")
	require.NoError(t, err)
	assert.Equal(t, ledger.StateClaimed, rec.State)
	v, _, err := s.Claim(ctx, "call_1", ledger.DigestOf("pay", []byte(`{"amount":10}`)))
	require.NoError(t, err)
	assert.Equal(t, ledger.VerdictSeen, v)
	ttl, err := c.PTTL(ctx, "killed:call_1").Result()
	require.NoError(t, err)
	assert.Greater(t, ttl, ledger.DefaultTTL-time.Minute, "a claim expires after the TTL")
}

// TestUnreachable claims through a client whose server is not there: the
// error reaches the caller, and nothing is claimed.
func TestUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialTimeout: time.Second})
	defer c.Close()
	s := redisstore.New(c, redisstore.Options{})
	v, rec, err := s.Claim(ctx, "call_1", ledger.DigestOf("f", []byte("{}")))
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	assert.ErrorIs(t, err, syscall.ECONNREFUSED)
	assert.Equal(t, ledger.VerdictNone, v)
	assert.Equal(t, ledger.Record{}, rec)
	require.ErrorIs(t, s.Done(ctx, "call_1"), ledger.ErrUnavailable)
	_, err = s.Lookup(ctx, "call_1")
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	require.ErrorIs(t, s.SaveCheckpoint(ctx, "call_1", []byte("cp")), ledger.ErrUnavailable)
}

// TestServerGone claims, stops the server, and claims again.
func TestServerGone(t *testing.T) {
	addr := redistest.Start(t)
	c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	defer c.Close()
	s := redisstore.New(c, redisstore.Options{})
	_, _, err := s.Claim(ctx, "call_1", ledger.DigestOf("f", []byte("{}")))
	require.NoError(t, err)
	require.NoError(t, c.Shutdown(ctx).Err()) // the reply is lost: go-redis gives nil
	v, _, err := s.Claim(ctx, "call_2", ledger.DigestOf("f", []byte("{}")))
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	assert.Equal(t, ledger.VerdictNone, v)
}

// TestReadOnly claims on a server that became a read-only replica.
func TestReadOnly(t *testing.T) {
	_, c := server(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	require.NoError(t, c.Do(ctx, "REPLICAOF", "127.0.0.1", port).Err())
	s := redisstore.New(c, redisstore.Options{})
	v, _, err := s.Claim(ctx, "call_1", ledger.DigestOf("f", []byte("{}")))
	require.ErrorIs(t, err, ledger.ErrUnavailable)
	assert.Contains(t, err.Error(), "READONLY")
	assert.Equal(t, ledger.VerdictNone, v)
}

// TestFull fills a server with a memory cap: the write that does not fit
// is ErrUnavailable, and claims that returned are there.
func TestFull(t *testing.T) {
	_, c := server(t)
	used, err := c.Info(ctx, "memory").Result()
	require.NoError(t, err)
	var usedBytes int
	for _, line := range strings.Split(used, "\r\n") {
		if v, ok := strings.CutPrefix(line, "used_memory:"); ok {
			usedBytes, err = strconv.Atoi(v)
			require.NoError(t, err)
		}
	}
	require.Positive(t, usedBytes)
	require.NoError(t, c.ConfigSet(ctx, "maxmemory-policy", "noeviction").Err())
	require.NoError(t, c.ConfigSet(ctx, "maxmemory", strconv.Itoa(usedBytes+1<<20)).Err())
	s := redisstore.New(c, redisstore.Options{})
	var full error
	var claimed []string
	for i := 0; i < 1000 && full == nil; i++ {
		id := "call_" + strconv.Itoa(i)
		if full = s.SaveCheckpoint(ctx, id, make([]byte, 16<<10)); full != nil {
			break
		}
		var v ledger.Verdict
		if v, _, full = s.Claim(ctx, id, ledger.DigestOf("f", []byte("{}"))); full == nil {
			require.Equal(t, ledger.VerdictClaimed, v)
			claimed = append(claimed, id)
		}
	}
	require.ErrorIs(t, full, ledger.ErrUnavailable)
	assert.Contains(t, full.Error(), "OOM")
	for _, id := range claimed {
		rec, err := s.Lookup(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, ledger.StateClaimed, rec.State, id)
	}
}

// TestForeignRecords reads keys that a newer version, or something other
// than a ledger, wrote.
func TestForeignRecords(t *testing.T) {
	_, c := server(t)
	s := redisstore.New(c, redisstore.Options{Prefix: "f:"})
	d := ledger.DigestOf("f", []byte("{}"))
	for _, tc := range []struct {
		name  string
		setup func(key string) error
		want  error
		done  bool // Done reads the record's version and state, and so finds it wrong too
	}{
		{"newer version", func(k string) error { return c.HSet(ctx, k, "v", "2", "s", "2").Err() }, ledger.ErrVersion, true},
		{"bad version", func(k string) error { return c.HSet(ctx, k, "v", "x", "s", "2").Err() }, ledger.ErrCorrupt, true},
		{"bad state", func(k string) error { return c.HSet(ctx, k, "v", "1", "s", "9").Err() }, ledger.ErrCorrupt, true},
		{"short digest", func(k string) error { return c.HSet(ctx, k, "v", "1", "s", "2", "d", "abc", "c", "1").Err() }, ledger.ErrCorrupt, false},
		{"a string", func(k string) error { return c.Set(ctx, k, "hello", 0).Err() }, ledger.ErrCorrupt, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := "call_" + strings.ReplaceAll(tc.name, " ", "_")
			require.NoError(t, tc.setup("f:"+id))
			v, _, err := s.Claim(ctx, id, d)
			require.ErrorIs(t, err, tc.want, "claim")
			assert.Equal(t, ledger.VerdictNone, v)
			_, err = s.Lookup(ctx, id)
			require.ErrorIs(t, err, tc.want, "lookup")
			if tc.done {
				require.ErrorIs(t, s.Done(ctx, id), tc.want, "done")
			}
		})
	}
}
