// Package fuzz holds the native Go fuzz targets of deltajson, one per
// invariant. Each checks a property, not only the absence of a panic:
//
//	FuzzDifferential   the verdict is encoding/json.Valid && utf8.Valid
//	                   (lone surrogate escapes aside, as package tokenizer
//	                   documents), and strings decode as encoding/json does
//	FuzzChunking       the input cut at fuzzer-chosen points gives the same
//	                   tokens, offsets, outcome, error offset and message
//	FuzzResume         a checkpoint at a fuzzer-chosen point, marshalled and
//	                   restored into a fresh tokenizer, changes nothing
//	FuzzPieces         no string piece ends inside a UTF-8 sequence, an
//	                   escape or a surrogate pair, and the pieces decode to
//	                   the whole string
//	FuzzCheckpointDecode  arbitrary checkpoint bytes give an error or a
//	                   state that behaves; never a panic
//	FuzzStreamCore     a random order of deltas, replays, end signals and
//	                   duplicates for three calls: never ready before the
//	                   end signal, never ready twice, never a wrong text
//	FuzzRunOnce        a handler that runs and removes ready calls, six
//	                   calls on three keys, replays with and without IDs:
//	                   each call runs at most once, with its arguments,
//	                   and a hosted call never
//	FuzzPartialView    every partial view is valid JSON, and each view
//	                   extends the previous one
//	FuzzRepair         valid input is untouched; the output is strict or
//	                   there is an error; repair is idempotent; the log
//	                   replays to the output
//
// Seeds come from go-fuzz-corpus, JSONTestSuite and the project's own
// provider streams (package corpus), so `go test ./...` runs every seed
// as a regular test. Packages resume and repair have fuzz targets of their
// own for properties that need their internals (FuzzCall, FuzzDuplicates). A long local run of one target:
//
//	go test -run '^$' -fuzz '^FuzzChunking$' -fuzztime 10m ./fuzz
//
// Crashers the fuzzer finds land in testdata/fuzz/<Target>/ and stay there
// as regression cases.
package fuzz
