#!/usr/bin/env bash
# Instructions per operation of vmstub benchmarks, counted by callgrind:
# a figure that does not depend on what else the machine is doing.
#   scripts/instructions-per-op.sh BINARY [BENCH...]
# BINARY is a vmstub test binary (go test -c -o /tmp/vmstub.test ./vmstub);
# per op = (instructions at 1,200 ops − at 200 ops) / 1,000, with GC off so
# that only the operation's own work counts.
set -euo pipefail
bin=$1; shift
benches=${*:-ExecuteFrameworkCall ExecuteTransfer ExecuteMoveCall}
for b in $benches; do
  declare -A total=()
  for n in 200 1200; do
    out=$(mktemp)
    GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off valgrind --tool=callgrind --callgrind-out-file="$out" \
      "$bin" -test.run='^$' -test.bench="^Benchmark$b\$" -test.benchtime=${n}x -test.cpu 1 >/dev/null 2>&1
    total[$n]=$(grep -E '^(summary|totals):' "$out" | head -1 | awk '{print $2}')
    rm -f "$out"
  done
  echo "$b $(( (total[1200] - total[200]) / 1000 )) instructions/op"
done
