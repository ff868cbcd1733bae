// Package resume is the per-call stream core built on package tokenizer:
// safe points and serializable checkpoints, status gates, end-signal
// reconciliation, reconnects, parallel calls and a monotonic partial view.
package resume
