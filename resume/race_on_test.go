//go:build race

package resume_test

// raceEnabled says the race detector is on: allocation counts differ.
const raceEnabled = true
