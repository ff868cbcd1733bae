// Package sdkbench holds BenchmarkSDK: the same raw stream bytes through
// deltajson (provider.Handler.ReadFrom, to every call ready) and through
// an SDK's own stream and accumulator (openai-go's
// ChatCompletionAccumulator, anthropic-sdk-go's Message.Accumulate), with
// the SDK's HTTP response built in memory, so that no socket is timed.
//
// The streams are the project's own (package corpus):
// openai-chat__long_go_source as it is, and an Anthropic stream made of
// anthropic__escape_number_splits's tool_use block repeated under new
// indexes and ids, so that it has over 200 events.
//
// Run each implementation once per round, over several rounds, and take
// the median of the per-round ratios (see ../../bench/doc.go):
//
//	cd examples && go test -c -o /tmp/sdk.test ./sdkbench
//	for i in $(seq 10); do /tmp/sdk.test -test.run '^$' -test.bench SDK \
//		-test.benchtime 200ms; done | tee /tmp/sdk.txt
//	sed 's/^BenchmarkSDK/BenchmarkStream/' /tmp/sdk.txt | sh ../bench/ratios.sh
package sdkbench
