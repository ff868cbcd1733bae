package ledger_test

import (
	"testing"
	"time"

	"github.com/deltajson/deltajson/ledger"
	"github.com/deltajson/deltajson/ledger/ledgertest"
)

func TestMemory(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, ttl time.Duration) ledger.Store {
		s := ledger.NewMemory(ttl)
		t.Cleanup(func() { s.Close() })
		return s
	})
}
