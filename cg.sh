#!/bin/sh
# cg.sh SRCDIR CHUNK: instructions per document (runs 20 and 10, difference / 10)
set -e
src=$1; chunk=$2
mkdir -p $src/cmd/rone && cp /tmp/rlab/one/main.go $src/cmd/rone/main.go
(cd $src && go build -o /tmp/rlab/rone.$$ ./cmd/rone) ; rm -rf $src/cmd/rone
for n in 10 20; do
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/rlab/cg.$$.$n /tmp/rlab/rone.$$ $chunk $n 2>&1 | grep "I *refs" | sed 's/.*refs: *//;s/,//g' > /tmp/rlab/ir.$$.$n
done
a=$(cat /tmp/rlab/ir.$$.10); b=$(cat /tmp/rlab/ir.$$.20)
echo "$src chunk=$chunk instr/doc=$(( (b-a)/10 ))"
rm -f /tmp/rlab/*.$$.*  /tmp/rlab/rone.$$
