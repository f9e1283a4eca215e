#!/usr/bin/env bash
# End-to-end benchmarks over HTTP, each beside its physical bound measured in
# the same run on the same machine:
#   - reads: GET resource, GET transaction by version, POST /view against a
#     bare net/http handler writing a fixed JSON body (wrk when installed,
#     else examples/loadgen's read mode; the same client for both sides);
#   - submit: committed transfers/s (BCS, signatures verified) against the
#     Ed25519 verification rate of one core; then p50/p99 submit→commit at
#     half that load;
#   - start-to-ready and idle RSS of the bundled node.
# Usage: scripts/bench.sh   (DUR=seconds per read run, CONN=connections, N=transfers)
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${DUR:-5}
CONN=${CONN:-64}
N=${N:-20000}
bin=$(mktemp -d)
go build -o "$bin/server" ./examples/server
go build -o "$bin/loadgen" ./examples/loadgen
api=127.0.0.1:18480 faucet=127.0.0.1:18481 bare=127.0.0.1:18482
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

echo "== machine"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3)"

echo "== signature verification bound"
"$bin/loadgen" -mode verify | tee "$bin/verify.txt"
per_core=$(sed -E 's/.*verify: ([0-9]+)\/s on one core.*/\1/' "$bin/verify.txt")

start=$(date +%s%N)
"$bin/server" -quiet -log-level error -addr "$api" -faucet-addr "$faucet" >/dev/null 2>&1 &
pids+=($!); server=$!
until curl -sf "http://$api/v1" >/dev/null; do sleep 0.002; done
ready_ms=$(( ($(date +%s%N) - start) / 1000000 ))
sleep 1
idle_rss=$(awk '/VmRSS/ {print $2}' "/proc/$server/status")
"$bin/loadgen" -mode bare -addr "$bare" >/dev/null &
pids+=($!)
until curl -sf "http://$bare/" >/dev/null; do sleep 0.01; done

# Some history to read: transfers from the dev accounts.
"$bin/loadgen" -mode submit -url "http://$api/v1" -faucet "http://$faucet" -senders 10 -n 500 -c 10 >/dev/null
dev=$(curl -s "http://$api/v1/accounts/0x83bc3be31a65a03125d0b56d2fbfc28ed23b35e99fdb4114021deb525d75a4c1/transactions?limit=1")
version=$(echo "$dev" | sed -E 's/.*"version":"([0-9]+)".*/\1/')
account=0x83bc3be31a65a03125d0b56d2fbfc28ed23b35e99fdb4114021deb525d75a4c1
view_body='{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["'$account'"]}'

# rps METHOD URL [BODY]: requests/s over DUR seconds with CONN connections.
rps() {
  if command -v wrk >/dev/null; then
    local script=""
    if [ "$1" = POST ]; then
      script="$bin/post.lua"
      printf 'wrk.method="POST"\nwrk.headers["Content-Type"]="application/json"\nwrk.body=[[%s]]\n' "$3" >"$script"
      wrk -t2 -c"$CONN" -d"${DUR}s" -s "$script" "$2" | awk '/Requests\/sec/ {printf "%d", $2}'
    else
      wrk -t2 -c"$CONN" -d"${DUR}s" "$2" | awk '/Requests\/sec/ {printf "%d", $2}'
    fi
  else
    local base=${2%%/v1*}/v1 path=${2#*/v1}
    if [ "$1" = POST ]; then
      "$bin/loadgen" -mode read -read view -url "$base" -c "$CONN" -duration "${DUR}s" | awk '/throughput/ {printf "%d", $2}'
    else
      "$bin/loadgen" -mode read -read path -url "${base}" -path "$path" -c "$CONN" -duration "${DUR}s" | awk '/throughput/ {printf "%d", $2}'
    fi
  fi
}

echo "== reads ($(command -v wrk >/dev/null && echo wrk || echo loadgen), $CONN connections, ${DUR}s each, bare bound measured before each)"
printf '%-44s %10s %10s %7s\n' operation "req/s" "bare" ratio
for op in resource version view; do
  # The bare handler is served under /v1 paths too (it ignores the path).
  b=$(rps GET "http://$bare/v1/")
  case $op in
    resource) r=$(rps GET "http://$api/v1/accounts/$account/resource/0x1::account::Account"); name="GET /accounts/{a}/resource/0x1::account::Account" ;;
    version) r=$(rps GET "http://$api/v1/transactions/by_version/$version"); name="GET /transactions/by_version/{v}" ;;
    view) r=$(rps POST "http://$api/v1/view" "$view_body"); name="POST /view (coin::balance)" ;;
  esac
  printf '%-44s %10s %10s %7.2f\n' "$name" "$r" "$b" "$(awk -v a="$r" -v b="$b" 'BEGIN {print a / b}')"
done

echo "== submit (BCS, 64 senders, $CONN connections, $N transfers)"
"$bin/loadgen" -mode submit -url "http://$api/v1" -faucet "http://$faucet" -senders 64 -n "$N" -c "$CONN" | tee "$bin/submit.txt"
committed=$(awk '/committed throughput/ {print $3}' "$bin/submit.txt")
printf 'committed %s txn/s; one-core verification bound %s/s; ratio %.2f\n' "$committed" "$per_core" "$(awk -v a="$committed" -v b="$per_core" 'BEGIN {print a / b}')"
half=$((committed / 2))
echo "== submit at half that load ($half txn/s)"
"$bin/loadgen" -mode submit -url "http://$api/v1" -faucet "http://$faucet" -senders 64 -n $((half * 10)) -c "$CONN" -rate "$half"

echo "== start-to-ready (process start → first 200 on GET /v1): ${ready_ms} ms; idle RSS before the load: $((idle_rss / 1024)) MiB"
