#!/usr/bin/env bash
# Load test of the product list against bin/shop on a 1,000-product SQLite
# catalogue, on loopback. The server is pinned to core 0 with GOMAXPROCS=1
# and wrk to core 1, so the figures are steadier on a 2-core machine. The same
# response body is also served as a static file by the same server, to give
# the ratio of the two throughputs. Prints figures; it passes no judgement.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null; then
  sudo=""; [ "$(id -u)" != 0 ] && sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null
fi
PORT=${BENCH_PORT:-18181}
DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNECTIONS:-32}
tmp=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT

go run ./cmd/benchdata -db "sqlite:$tmp/shop.db" -media "$tmp/media" -products 1000 >/dev/null

start_server() {
  SHOP_ADDR=127.0.0.1:$PORT SHOP_DATABASE_URL="sqlite:$tmp/shop.db" SHOP_DATA_DIR="$tmp" SHOP_LOG_LEVEL=warn \
    GOMAXPROCS=1 taskset -c 0 bin/shop serve &
  pid=$!
}

# Start-up: process start to the first 200 from /healthz on an existing database.
t0=$(date +%s%N)
start_server
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz"; do :; done
t1=$(date +%s%N)
echo "start to first 200: $(( (t1 - t0) / 1000000 )) ms"

url="http://127.0.0.1:$PORT/api/products/?page=1"
curl -sf "$url" > "$tmp/media/products-page-1.json"
echo "response body: $(wc -c < "$tmp/media/products-page-1.json") bytes"

run() { # name url [header]
  local out
  out=$(taskset -c 1 wrk -t1 -c"$CONNS" -d"$DURATION" --latency ${3:+-H "$3"} "$2")
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" || true)
  printf '%-34s %10s req/s   p99 %8s   %s\n' "$1" "$rps" "$p99" "$errors"
  echo "$rps" > "$tmp/$1.rps"
}
taskset -c 1 wrk -t1 -c"$CONNS" -d2s "$url" >/dev/null  # warm-up
run api "$url"
run static "http://127.0.0.1:$PORT/media/products-page-1.json"
run api-gzip "$url" "Accept-Encoding: gzip"
echo "server peak RSS: $(awk '/VmHWM/ {print $2/1024 " MB"}' /proc/$pid/status)"
awk -v a="$(cat "$tmp/api.rps")" -v s="$(cat "$tmp/static.rps")" 'BEGIN {printf "API / static throughput: %.2f\n", a/s}'
