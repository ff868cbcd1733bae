//go:build race

package provider

// raceEnabled reports a -race build, whose instrumentation allocates.
const raceEnabled = true
