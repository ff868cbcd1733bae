package replay

import (
	"errors"
	"testing"

	"github.com/deltajson/deltajson/provider"
	"github.com/deltajson/deltajson/resume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Program is an example program under test, with C its SDK's client:
// how to reach a replaying server, how to run the program's Stream, and
// how the SDK's own accumulator reads the same stream.
type Program[C any] struct {
	// Format names the recordings' format as [Calls] takes it. Folders are
	// the providers folders to replay; nil means Format's own.
	Format  string
	Folders []string
	// Hosted says the provider runs some calls itself: such a call may
	// end without being ready, with [resume.ErrHosted]. Any other call
	// that ends without being ready fails the test.
	Hosted bool
	// CheckStart checks that [provider.Options.OnStart] sees every call,
	// named and before any of its bytes: for a program that builds its
	// start events itself.
	CheckStart bool
	// Client returns an SDK client for the server at url.
	Client func(t *testing.T, url string) C
	// Stream runs the program with the client and opts.
	Stream func(client C, opts provider.Options) ([]resume.Result, error)
	// SDK streams the request again with the client, and returns the
	// calls the SDK's own accumulator finishes; SDKName names it in
	// messages.
	SDK     func(t *testing.T, client C) []Call
	SDKName string
	// SDKCannot names the recordings that SDK does not read right, and
	// why: they are checked against the recording only.
	SDKCannot map[string]string
}

// Check runs p.Stream against a server replaying each recording ([Serve])
// in a subtest of t, and asserts that it returns no error, that the calls
// it leaves open are not ready, and that the calls it hands to OnReady are
// the recording's ([Calls]) and the SDK's, in order. It fails t when no
// recording holds a ready call.
func Check[C any](t *testing.T, p Program[C]) {
	folders := p.Folders
	if folders == nil {
		folders = []string{p.Format}
	}
	total := 0
	for _, rec := range Recordings(t, folders...) {
		t.Run(rec.Name, func(t *testing.T) {
			client := p.Client(t, Serve(t, rec).URL)
			var got []Call
			started, ended := 0, 0
			opts := provider.Options{
				OnReady: func(c *resume.Call) { got = append(got, FromResume(c)) },
				OnEnd: func(c *resume.Call) {
					ended++
					if !p.Hosted || !errors.Is(c.Err(), resume.ErrHosted) {
						t.Errorf("call %s %s ended, not ready: %v", c.ID(), c.Name(), c.Err())
					}
				},
			}
			if p.CheckStart {
				opts.OnStart = func(c *resume.Call) {
					started++
					assert.NotEmpty(t, c.Name(), "a call starts with its name")
					assert.Zero(t, len(c.Arguments()), "a call starts before its bytes")
				}
			}
			left, err := p.Stream(client, opts)
			require.NoError(t, err)
			for _, r := range left {
				assert.NotEqual(t, resume.StatusReady, r.Status, "a call left open is never ready")
			}
			if p.CheckStart {
				assert.Equal(t, len(got)+ended+len(left), started, "calls started: each call ready, ended or left open")
			}
			t.Logf("%d ready, %d left open", len(got), len(left))
			Equal(t, Calls(t, rec, p.Format), got, "against the recording")
			if why, ok := p.SDKCannot[rec.Name]; ok {
				t.Logf("not against %s: %s", p.SDKName, why)
			} else {
				Equal(t, p.SDK(t, client), got, "against "+p.SDKName)
			}
			total += len(got)
		})
	}
	assert.Positive(t, total, "ready calls over all recordings")
}
