#!/bin/sh
# ratios.sh prints ratios of times taken in the same round, from the
# output of go test -bench for BenchmarkTokenize, BenchmarkStream,
# BenchmarkRepair or BenchmarkLedger. A result's name is Benchmark<Group>/<case>/<impl>
# (<case> may have several parts, as toolargs/chunk=1). The k-th result
# of a name is round k; a ratio is taken within one round, and the median
# over the rounds is printed with the spread. "best" divides the two
# fastest times, which on a busy machine are the least disturbed.
#
# REF names the implementation to divide by (default deltajson): each
# peer's time over REF's, so above 1 means REF is faster.
#
#	REF=resume sh bench/ratios.sh stream.txt   # reparse-sonic ÷ resume, per chunk size
#
# ACROSS instead divides, for each implementation, a case's time by the
# time of the case that ends in ACROSS in its place (the same document):
#
#	ACROSS=chunk=all sh bench/ratios.sh stream.txt   # chunk=1 ÷ chunk=all, per mode
#	REF=floor sh bench/ratios.sh ledger.txt          # a claim ÷ its store's floor (a sync, a round trip)
#
# go test -count N runs each sub-benchmark N times in a row, so for rounds
# that interleave the peers run the test binary N times with -count 1
# (see doc.go):
#
#	go test -c -o /tmp/bench.test ./bench
#	cd bench && for i in 1 2 3 4 5 6; do /tmp/bench.test -test.run '^$' \
#		-test.bench Tokenize -test.benchtime 200ms; done | tee /tmp/new.txt
#	sh ratios.sh /tmp/new.txt
set -eu
awk -v ref="${REF:-deltajson}" -v across="${ACROSS:-}" '
$1 ~ /^Benchmark(Tokenize|Stream|Repair|Ledger|Wire|SDK)\// {
	name = $1
	sub(/-[0-9]+$/, "", name) # the GOMAXPROCS suffix
	sub(/^Benchmark[A-Za-z]+\//, "", name)
	n = split(name, p, "/")
	impl = p[n]
	key = substr(name, 1, length(name) - length(impl) - 1)
	ns = ""
	for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") ns = $i
	if (ns == "" || key == "") next
	if (!(key in seenKey)) { seenKey[key] = 1; keys[++nk] = key }
	if (!(impl in seenImpl)) { seenImpl[impl] = 1; impls[++ni] = impl }
	r = ++round[key, impl]
	t[key, impl, r] = ns
	if (!((key, impl) in best) || ns + 0 < best[key, impl]) best[key, impl] = ns + 0
}
function median(a, n,    i, j, x) {
	for (i = 2; i <= n; i++) { # insertion sort; n is small
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--) a[j+1] = a[j]
		a[j+1] = x
	}
	lo = a[1]; hi = a[n]
	if (n % 2) return a[(n+1)/2]
	return (a[n/2] + a[n/2+1]) / 2
}
# show prints the ratios of (k, i) over (rk, ri), round by round.
function show(label, k, i, rk, ri,    n, r, a, m) {
	n = 0
	split("", a)
	for (r = 1; r <= round[k, i] && r <= round[rk, ri]; r++)
		a[++n] = t[k, i, r] / t[rk, ri, r]
	if (n == 0) return
	m = median(a, n)
	printf "%-26s %-22s %6d %8.2fx %17s %7.2fx\n", k, label, n, m, sprintf("[%.2f, %.2f]", lo, hi), best[k, i] / best[rk, ri]
}
END {
	if (across != "") {
		printf "%-26s %-22s %6s %9s %17s %8s\n", "case", "impl, over " across, "rounds", "median", "[min, max]", "best"
		for (c = 1; c <= nk; c++) {
			k = keys[c]
			rk = k
			sub(/[^\/]*$/, across, rk)
			if (rk == k) continue
			for (j = 1; j <= ni; j++) show(impls[j], k, impls[j], rk, impls[j])
		}
		exit
	}
	printf "%-26s %-22s %6s %9s %17s %8s\n", "case", "peer, over " ref, "rounds", "median", "[min, max]", "best"
	for (c = 1; c <= nk; c++) {
		k = keys[c]
		for (j = 1; j <= ni; j++) if (impls[j] != ref) show(impls[j], k, impls[j], k, ref)
	}
}
' "$@"
