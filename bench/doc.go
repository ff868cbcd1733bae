// Package bench measures deltajson next to the Go JSON libraries people
// would otherwise use. Its API is StreamModes, the ways a handler can
// follow a stream of argument deltas (a StreamMode runs on a Stream, the
// deltas Cut makes), which the CLI's bench command shares, with SetMode,
// GrowMode and the resume modes' functions; everything else is in its
// tests and benchmarks.
//
// # What is measured
//
// BenchmarkTokenize/<file>/<impl> reads one document per iteration, fed in
// one chunk, and reports throughput (b.SetBytes) and allocations:
//
//   - deltajson: tokenizer.New, Feed, Close, then Next until io.EOF. This
//     is the full token stream, every string checked as UTF-8. The other
//     benchmarks' fixtures are made in their files.
//   - fastjson-validate: fastjson.ValidateBytes (no UTF-8 check).
//   - sonic-valid: sonic.Valid (the amd64/arm64 JIT build).
//   - encoding-json-valid: encoding/json.Valid.
//   - encoding-json-token: encoding/json Decoder.Token until io.EOF.
//   - jsontext-token: go-json-experiment jsontext Decoder.ReadToken
//     until io.EOF.
//   - gjson-valid: gjson.ValidBytes.
//
// Only deltajson and the two token readers hand out tokens; the others only
// give a verdict, so they are the bar deltajson aims at, not its like.
// TestPeersAgree checks that every peer accepts every fixture (and rejects
// it cut in half), so no benchmark times an error path. TestTokenizeAllocs
// holds the deltajson reader to zero allocations.
//
// BenchmarkStream/<doc>/chunk=<n>/<mode> streams a document as argument
// deltas of n bytes (1, 8, 64, 512, or all at once): resume (package
// resume, each byte read once), resume-set (the same through a
// resume.Set, one Event per delta), resume-grow (resume with no
// Options.Capacity, its buffer growing as deltas come), reparse-sonic, reparse-fastjson and
// reparse-encoding-json (validate the whole buffer after every delta, as
// naive handlers do; quadratic, so skipped where one op would validate
// more than 3e8 bytes), jsontext-pipe (a jsontext.Decoder fed through
// io.Pipe, as the issue asked; the pipe's goroutine hand-off is most of
// its cost per delta) and jsontext-reader (the same decoder reading the
// deltas through an io.Reader that gives one per Read, with no goroutine:
// jsontext's own cost). resume is given Options.Capacity, the document's
// size, as a handler that knows its largest argument size sets it;
// resume-grow is the same without it. Both leave out the ready gate's
// pass for duplicate names (Options.AllowDuplicateNames), a fixed cost at
// the end whatever the deltas, so that the figures are the stream's. The documents are toolargs, 20 KB of made-up tool arguments
// (corpus.ToolArgs), and twitter. SetBytes is the document's size. The
// deltas are cut before the timed loop (Cut), as an SDK hands them to a
// handler, so each mode is timed for its own work on them only.
//
// BenchmarkWire/<stream>/<impl> takes a recorded stream's raw bytes to
// every call ready, for four of corpus's streams of over 200 events in
// four wire formats (the same 20 KB call in each): deltajson (package
// provider's Reader, a Decoder and a Set, through a Handler), and sonic,
// gjson and encoding-json, which split the stream with the same Reader,
// take each payload's argument piece (minimal structs, or gjson paths),
// join the pieces per call and validate them at the end. deltajson also
// validates every payload, strictly, which the peers do not (gjson) or
// only as a side effect of decoding the fields they read. TestWireAgree
// holds every impl to the same call. events/op is the stream's payloads.
// BenchmarkSDK, in the examples module, takes the same bytes through
// openai-go and anthropic-sdk-go with their accumulators.
//
// BenchmarkProvider/<stream>/<mode> replays each embedded provider stream
// of package corpus from its events: resume feeds a resume.Set; reparse
// keeps a buffer per call and validates it with sonic after every delta.
//
// BenchmarkRepair/<case>/<impl> repairs a fenced 20 KB object, trailing
// commas throughout, Python literals and a truncated object, with
// deltajson (every kind on) and with github.com/kaptinlin/jsonrepair.
// BenchmarkRepairScaling shows time per byte from 1 KB to 1 MB.
//
// BenchmarkLedger/<store>/<op> claims new call IDs in package ledger's
// stores (memory, file: ledger/filestore, redis: ledger/redisstore on a
// redis-server the benchmark starts, skipped without one): claim one
// after another, claim-parallel from many goroutines at once, and floor,
// what bounds a claim there, timed alone (file: a 4 KB write and a sync;
// redis: a PING). REF=floor sh ratios.sh gives a claim's cost in floors.
//
// # Fixtures
//
// The files are fastjson's benchmark fixtures (testdata/ of
// github.com/valyala/fastjson at the version go.mod pins, MIT), read from
// the module cache by fixtures.BenchFile; nothing is copied here:
//
//   - canada: 2.2 MB, a GeoJSON border, almost all numbers.
//   - citm_catalog: 1.7 MB, an event catalog; indented, short names, ints.
//   - twitter: 0.6 MB, search API results; long strings, much non-ASCII.
//   - medium: 2.3 kB and small: 190 B, API-like objects.
//
// When the module is not downloaded (go mod download), the tests skip.
//
// # Running
//
// The machine is likely shared, so compare peers from the same run and
// read ratios, not absolute times. go test -count N runs each sub-benchmark
// N times in a row; to interleave the peers, build the binary once and run
// it N times:
//
//	go test -c -o /tmp/bench.test ./bench
//	cd bench && for i in 1 2 3 4 5 6; do /tmp/bench.test -test.run '^$' \
//		-test.bench 'Tokenize/(canada|citm_catalog|twitter)/' \
//		-test.benchtime 200ms; done | tee /tmp/new.txt
//	sh ratios.sh /tmp/new.txt # deltajson/peer throughput, median of rounds
//
// The stream figures the same way, with ratios.sh told what to divide by:
//
//	cd bench && for i in $(seq 20); do
//		/tmp/bench.test -test.run '^$' -test.benchtime 200ms \
//			-test.bench 'Stream/toolargs/chunk=(1|8|64|512|all)/(resume|jsontext-pipe)$'
//		/tmp/bench.test -test.run '^$' -test.benchtime 3x \
//			-test.bench 'Stream/toolargs/chunk=1/reparse-sonic$'
//	done | tee /tmp/stream.txt
//	REF=resume sh ratios.sh /tmp/stream.txt        # each peer ÷ resume
//	ACROSS=chunk=all sh ratios.sh /tmp/stream.txt  # each chunk size ÷ whole
//
// benchstat (go install golang.org/x/perf/cmd/benchstat@latest) reads
// only key=value name parts as columns, so name them first; this prints
// one row per file and every peer against deltajson:
//
//	sed -E 's#^BenchmarkTokenize/([^/]+)/#BenchmarkTokenize/file=\1/impl=#' /tmp/new.txt |
//		benchstat -row /file -col /impl -
//
// The quick form, -count in one process, runs the rounds back to back,
// which the noise of a shared machine then skews between peers:
//
//	go test -run '^$' -bench Tokenize -benchtime 200ms -count 6 ./bench
//
// To compare two builds of the tokenizer, save both outputs and run
// benchstat old.txt new.txt.
package bench
