//go:build race

package tokenizer

// raceEnabled says the race detector is on: allocation counts differ.
const raceEnabled = true
