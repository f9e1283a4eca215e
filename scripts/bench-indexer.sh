#!/usr/bin/env bash
# Committed transfers over HTTP with the bundled server's indexer off and on,
# alternated in one run so that machine noise hits both sides:
#   off:  -indexer-addr= (no indexer);
#   on:   the indexer on, and 16 clients polling processor_status every
#         200 ms as the SDKs' waitForIndexer does, while the transfers run,
#         so every committed block is indexed as it lands;
#   busy: the same with one client polling without pause (a stress case:
#         the poller's own HTTP work takes CPU from the node).
# Each side also gives the server's CPU time per committed transfer (from
# /proc; "-" elsewhere), steadier than throughput on a machine shared with
# other work: the on/off difference is what indexing costs a transfer.
# Then the three indexer queries the SDKs send most under load, against the
# index of everything submitted.
# Usage: scripts/bench-indexer.sh   (ROUNDS=3 N=20000 CONN=64 DUR=5 BUSY=1 by default;
# BUSY=0 leaves the busy side out, for more off/on rounds in the same time)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
N=${N:-20000}
CONN=${CONN:-64}
DUR=${DUR:-5}
BUSY=${BUSY:-1}
bin=$(mktemp -d)
go build -o "$bin/server" ./examples/server
go build -o "$bin/loadgen" ./examples/loadgen
api=127.0.0.1:18580 faucet=127.0.0.1:18581 ix=127.0.0.1:18582
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

start_server() { # indexer address ("" for off)
  "$bin/server" -quiet -log-level error -addr "$api" -faucet-addr "$faucet" -ready-addr= -indexer-addr="$1" >/dev/null 2>&1 &
  server=$!
  pids+=("$server")
  until curl -sf "http://$api/v1" >/dev/null; do sleep 0.01; done
}
warm_index() { # index genesis before measuring, as a node in use has
  curl -sf -H 'content-type: application/json' -d '{"query":"{ processor_status { last_success_version } }"}' "http://$ix/v1/graphql" >/dev/null
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; }
ticks() { if [ -r "/proc/$server/stat" ]; then awk '{print $14 + $15}' "/proc/$server/stat"; else echo -; fi; }
submit() { # prints committed transfers/s and the server's CPU µs per transfer
  local t0 t1 thr
  t0=$(ticks)
  thr=$("$bin/loadgen" -mode submit -url "http://$api/v1" -faucet "http://$faucet" -senders 64 -n "$N" -c "$CONN" | awk '/committed throughput/ {print $3}')
  t1=$(ticks)
  if [ "$t0" = - ]; then echo "$thr -"; return; fi
  echo "$thr $(awk -v a="$t0" -v b="$t1" -v n="$N" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.0f", (b - a) / hz * 1e6 / n}')"
}

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3)"
echo "== committed transfers/s over HTTP ($N transfers, 64 senders, $CONN connections)"
printf '%-6s %12s %12s %7s %12s %7s   %s\n' round "indexer off" "indexer on" ratio "busy poller" ratio "server CPU µs/transfer: off on busy"
for r in $(seq "$ROUNDS"); do
  start_server ""
  read -r off offcpu < <(submit)
  stop_server
  start_server "$ix"
  warm_index
  "$bin/loadgen" -mode read -read processor_status -indexer "http://$ix/v1/graphql" -c 16 -pause 200ms -duration 10m >"$bin/poll.txt" 2>&1 &
  poller=$!
  read -r on oncpu < <(submit)
  kill -INT "$poller"; wait "$poller" 2>/dev/null || true
  busycpu=-
  if [ "$BUSY" != 0 ]; then
    stop_server
    start_server "$ix"
    warm_index
    "$bin/loadgen" -mode read -read processor_status -indexer "http://$ix/v1/graphql" -c 1 -duration 10m >"$bin/poll.txt" 2>&1 &
    poller=$!
    read -r busy busycpu < <(submit)
    kill -INT "$poller"; wait "$poller" 2>/dev/null || true
  fi
  if [ "$r" -lt "$ROUNDS" ]; then stop_server; fi
  busyratio=-
  if [ "$BUSY" != 0 ]; then busyratio=$(awk -v a="$busy" -v b="$off" 'BEGIN {printf "%.2f", a / b}'); else busy=-; fi
  printf '%-6s %12s %12s %7.2f %12s %7s   %s %s %s\n' "$r" "$off" "$on" "$(awk -v a="$on" -v b="$off" 'BEGIN {print a / b}')" \
    "$busy" "$busyratio" "$offcpu" "$oncpu" "$busycpu"
done

echo "== indexer queries ($CONN connections, ${DUR}s each; index of genesis and $N transfers)"
for q in processor_status balances owned_tokens; do
  printf '%-18s ' "$q"
  "$bin/loadgen" -mode read -read "$q" -indexer "http://$ix/v1/graphql" -c "$CONN" -duration "${DUR}s" | sed -n 's/^throughput //p'
done
