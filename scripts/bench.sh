#!/usr/bin/env bash
# Load test of the product list against bin/shop on a 10,000-product
# catalogue (BENCH_PRODUCTS), on loopback. The server is pinned to core 0
# with GOMAXPROCS=1 and wrk to core 1, so the figures are steadier on a 2-core
# machine. Runs:
#   api, api-gzip    one address, page 1: what the micro-cache answers
#   static           the same body as a static file from the same server
#   mixed            thousands of distinct list addresses (category, sort,
#                    size, price, search, page) picked at random, 16
#                    connections: what shoppers ask
#   mixed-uncached   the same with every address made unique, so no answer
#                    comes from the micro-cache
# With BENCH_POSTGRES_URL (an empty database) the mixed runs are repeated on
# PostgreSQL. Prints figures; it passes no judgement.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null; then
  sudo=""; [ "$(id -u)" != 0 ] && sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null
fi
PORT=${BENCH_PORT:-18181}
DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNECTIONS:-32}
MIXED_CONNS=${BENCH_MIXED_CONNECTIONS:-16}
PRODUCTS=${BENCH_PRODUCTS:-10000}
tmp=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT

go build -o "$tmp/benchdata" ./cmd/benchdata
"$tmp/benchdata" -db "sqlite:$tmp/shop.db" -media "$tmp/media" -products "$PRODUCTS" -urls "$tmp/urls.txt"

start_server() { # database URL
  SHOP_ADDR=127.0.0.1:$PORT SHOP_DATABASE_URL="$1" SHOP_DATA_DIR="$tmp" SHOP_LOG_LEVEL=warn \
    GOMAXPROCS=1 taskset -c 0 bin/shop serve &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz"; do sleep 0.05; done
}

# Start-up: process start to the first 200 from /healthz on an existing database.
t0=$(date +%s%N)
start_server "sqlite:$tmp/shop.db"
t1=$(date +%s%N)
echo "start to first 200: $(( (t1 - t0) / 1000000 )) ms"

url="http://127.0.0.1:$PORT/api/products/?page=1"
curl -sf "$url" > "$tmp/media/products-page-1.json"
echo "response body: $(wc -c < "$tmp/media/products-page-1.json") bytes"

run() { # name connections url [wrk arguments...]
  local name=$1 conns=$2 target=$3 out rps p50 p99 errors
  shift 3
  out=$(taskset -c 1 wrk -t1 -c"$conns" -d"$DURATION" --latency "$target" "$@")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" || true)
  printf '%-22s %10s req/s   p50 %8s   p99 %8s   %s\n' "$name" "$rps" "$p50" "$p99" "$errors"
  echo "$rps" > "$tmp/$name.rps"
}
mixed() { # label
  local base="http://127.0.0.1:$PORT"
  # Warm-up: every address asked once, as in a shop that has been open a
  # while (the cache keeps an answer 30 s and refreshes it in the background).
  sed "s|^|$base|" "$tmp/urls.txt" | taskset -c 1 xargs -P 8 -I{} curl -s -o /dev/null "{}"
  taskset -c 1 wrk -t1 -c"$MIXED_CONNS" -d2s "$base" -s scripts/bench-mixed.lua -- "$tmp/urls.txt" >/dev/null
  run "$1mixed" "$MIXED_CONNS" "$base" -s scripts/bench-mixed.lua -- "$tmp/urls.txt"
  echo "$1server peak RSS under the mixed load: $(awk '/VmHWM/ {print $2/1024 " MB"}' /proc/$pid/status)"
  run "$1mixed-uncached" "$MIXED_CONNS" "$base" -s scripts/bench-mixed.lua -- "$tmp/urls.txt" unique
  echo "$1server peak RSS after the uncached run too: $(awk '/VmHWM/ {print $2/1024 " MB"}' /proc/$pid/status)"
}

taskset -c 1 wrk -t1 -c"$CONNS" -d2s "$url" >/dev/null  # warm-up
run api "$CONNS" "$url"
run static "$CONNS" "http://127.0.0.1:$PORT/media/products-page-1.json"
run api-gzip "$CONNS" "$url" -H "Accept-Encoding: gzip"
awk -v a="$(cat "$tmp/api.rps")" -v s="$(cat "$tmp/static.rps")" 'BEGIN {printf "API / static throughput: %.2f\n", a/s}'
echo "mixed list workload: $(wc -l < "$tmp/urls.txt") distinct addresses, $MIXED_CONNS connections"
mixed ""
kill $pid; wait $pid 2>/dev/null || true; pid=""

if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  "$tmp/benchdata" -db "$BENCH_POSTGRES_URL" -media "$tmp/media-pg" -products "$PRODUCTS" >/dev/null
  start_server "$BENCH_POSTGRES_URL"
  mixed "postgres "
fi
