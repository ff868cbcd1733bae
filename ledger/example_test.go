package ledger_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/deltajson/deltajson/corpus"
	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/resume"
)

// A handler claims each ready call before it runs it. The stream comes
// twice, as after a reconnect that replays it: the second time, the call
// is seen, and does not run again.
func Example() {
	const stream = `data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"pay","input":{}}}

data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"amount\": 10}"}}

data: {"type":"content_block_stop","index":0}

`
	ctx := context.Background()
	store := ledger.NewMemory(0) // filestore.Open or redisstore.New in production
	defer store.Close()
	for attempt := 1; attempt <= 2; attempt++ {
		events, err := corpus.Read(strings.NewReader(stream), corpus.FormatAnthropic)
		if err != nil {
			panic(err)
		}
		calls := resume.NewSet(resume.Options{})
		for _, ev := range events {
			c, err := calls.Apply(ev)
			if err != nil || c.Status() != resume.StatusReady {
				continue
			}
			v, _, err := store.Claim(ctx, c.ID(), ledger.DigestOf(c.Name(), c.Value()))
			if err != nil || v != ledger.VerdictClaimed {
				fmt.Printf("attempt %d: %s %s: %v, not run\n", attempt, c.ID(), c.Name(), v)
				continue
			}
			fmt.Printf("attempt %d: %s %s%s: run\n", attempt, c.ID(), c.Name(), c.Value())
			store.Done(ctx, c.ID())
		}
	}
	rec, _ := store.Lookup(ctx, "toolu_1")
	fmt.Println("toolu_1:", rec.State)
	// Output:
	// attempt 1: toolu_1 pay{"amount": 10}: run
	// attempt 2: toolu_1 pay: seen, not run
	// toolu_1: done
}
