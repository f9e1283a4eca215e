#!/usr/bin/env bash
# Measures the bundled node's start-to-ready time (process start until
# GET /v1 answers 200) and its idle resident memory, over N runs.
# Usage: scripts/startup.sh [runs]   (builds ./examples/server first)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
bin=$(mktemp -d)/ledgernode-server
go build -o "$bin" ./examples/server
port=18580
for i in $(seq 1 "$runs"); do
  start=$(date +%s%N)
  "$bin" -quiet -addr "127.0.0.1:$port" -faucet-addr "127.0.0.1:$((port+1))" -log-level error >/dev/null &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/v1" >/dev/null; do sleep 0.002; done
  ready=$(( ($(date +%s%N) - start) / 1000000 ))
  sleep 1
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "run $i: ready in ${ready} ms, idle RSS $((rss / 1024)) MiB"
done
