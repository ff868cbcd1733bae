#!/bin/sh
# ratios.sh prints, for each file and peer, the throughput of deltajson
# divided by the peer's (above 1 means deltajson is faster), from the
# output of BenchmarkTokenize. The k-th result of a name is round k; a
# ratio is taken within one round and the median over the rounds is
# printed with the spread. "best" divides the two fastest times, which
# on a busy machine are the least disturbed. go test -count N runs each sub-benchmark N times
# in a row, so for rounds that interleave the peers run the binary N times
# with -count 1 (see doc.go):
#
#	go test -c -o /tmp/bench.test ./bench
#	for i in 1 2 3 4 5 6; do /tmp/bench.test -test.run '^$' \
#		-test.bench Tokenize -test.benchtime 200ms; done | tee new.txt
#	sh bench/ratios.sh new.txt
#
# REF names the implementation to divide by (default deltajson), e.g. to
# compare a patched build whose results were renamed deltajson-new.
set -eu
awk -v ref="${REF:-deltajson}" '
$1 ~ /^BenchmarkTokenize\// {
	name = $1
	sub(/-[0-9]+$/, "", name) # the GOMAXPROCS suffix
	split(name, p, "/")
	file = p[2]; impl = p[3]
	ns = ""
	for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") ns = $i
	if (ns == "") next
	if (!(file in seenFile)) { seenFile[file] = 1; files[++nf] = file }
	if (!(impl in seenImpl)) { seenImpl[impl] = 1; impls[++ni] = impl }
	r = ++round[file, impl]
	t[file, impl, r] = ns
	if (!((file, impl) in best) || ns + 0 < best[file, impl]) best[file, impl] = ns + 0
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
END {
	printf "%-14s %-20s %6s %8s %15s %7s\n", "file", ref " vs", "rounds", "median", "[min, max]", "best"
	for (f = 1; f <= nf; f++) {
		file = files[f]
		for (k = 1; k <= ni; k++) {
			peer = impls[k]
			if (peer == ref) continue
			n = 0
			split("", a)
			for (r = 1; r <= round[file, peer] && r <= round[file, ref]; r++)
				a[++n] = t[file, peer, r] / t[file, ref, r]
			if (n == 0) continue
			m = median(a, n)
			printf "%-14s %-20s %6d %7.2fx %15s %6.2fx\n", file, peer, n, m, sprintf("[%.2f, %.2f]", lo, hi), best[file, peer] / best[file, ref]
		}
	}
}
' "$@"
