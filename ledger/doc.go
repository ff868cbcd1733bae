// Package ledger records which tool calls have run, so that each runs at
// most once across reconnects, restarts and machines.
//
// A handler claims a call before it runs it, with an ID (see below) and a
// [Digest] of its name and arguments, and runs it only when the claim was
// the first:
//
//	d := ledger.DigestOf(c.Name(), c.Value())
//	v, _, err := store.Claim(ctx, id, d)
//	if err != nil || v != ledger.VerdictClaimed {
//		return // seen before, a conflict, or the store failed: do not run
//	}
//	if runErr := run(c.Name(), c.Value()); runErr != nil {
//		store.Fail(ctx, id)
//	} else {
//		store.Done(ctx, id)
//	}
//
// # Rules
//
// These hold for every [Store]:
//
//   - [Store.Claim] on an ID with no claim records one and returns
//     [VerdictClaimed]. Of concurrent claims of one ID, from goroutines,
//     processes or machines that share the store, exactly one gets it.
//   - A claim of an ID claimed before with the same digest is
//     [VerdictSeen]; with another digest it is [VerdictConflict]. Neither
//     changes the record, and neither may run.
//   - [Store.Done] and [Store.Fail] move a claim to [StateDone] or
//     [StateFailed]. An outcome never changes: the other one after it is
//     [ErrOutcome], the same one again does nothing, and either on an ID
//     with no claim is [ErrNotClaimed].
//   - A claim whose process died before its outcome stays [StateClaimed]:
//     the outcome is unknown, and nothing runs it again by itself. A person
//     or a policy looks it up ([Store.Lookup] gives the claim time) and
//     records the outcome; "deltajson ledger FILE" lists such claims in a
//     filestore file, and settles them.
//   - [Store.SaveCheckpoint] keeps a call's checkpoint (the binary form of
//     resume's Call.Checkpoint, as opaque bytes) under the call's ID, so
//     that another process can restore the call in the middle of its
//     stream, and look up whether it already ran.
//   - A record is forgotten a retention time (TTL) after its last change;
//     after that its ID is new again. Keep it longer than any stream can be
//     replayed.
//   - On any error nothing was claimed that the caller may run: the verdict
//     is zero, never [VerdictClaimed]. The errors are [*Error] values
//     that wrap one of the Err sentinels, checked with errors.Is.
//
// # Stores
//
// [NewMemory] keeps the records in memory, for tests and one process.
// Package filestore keeps them in one file, crash-safe, with no server:
// the default for a single process. Package redisstore keeps them in
// Redis, for a fleet; it is its own package so that only a program that
// imports it compiles the Redis client. Package ledgertest is the
// contract every store passes.
//
// Claim a call under an ID that a replay of the same response gives it
// again, and no other response's call gets: providers number calls afresh
// in each response (call_0), and some give no call ID. provider.Handler
// claims under the response's ID and the call's ID or key
// (provider.Handler.ClaimID).
package ledger
