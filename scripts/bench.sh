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
#   by kind          each address of the mixed workload asked alone, uncached,
#                    and the time a list of each kind takes (cmd/benchlists)
# Each run also says its answers per second of the server's CPU (on
# PostgreSQL, of the whole machine's less wrk's: see ticks), and the load
# average: the figures of a busy machine are lower bounds. Before the runs, the cold
# start on the demo database and on the benchmark's (cmd/benchstart).
# With BENCH_POSTGRES_URL (an empty database), or SHOP_TEST_POSTGRES_URL (a
# schema of its own is made there with psql, and dropped after), the mixed
# runs are repeated on PostgreSQL. Prints figures; it passes no judgement.
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
schema=""
cleanup() {
  [ -n "$pid" ] && kill $pid 2>/dev/null
  [ -n "$schema" ] && psql -q "$SHOP_TEST_POSTGRES_URL" -c "DROP SCHEMA $schema CASCADE" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
if [ -z "${BENCH_POSTGRES_URL:-}" ] && [ -n "${SHOP_TEST_POSTGRES_URL:-}" ] && command -v psql >/dev/null; then
  schema="bench_$$"
  psql -q "$SHOP_TEST_POSTGRES_URL" -c "CREATE SCHEMA $schema"
  sep='?'; [[ "$SHOP_TEST_POSTGRES_URL" == *\?* ]] && sep='&'
  BENCH_POSTGRES_URL="$SHOP_TEST_POSTGRES_URL${sep}search_path=$schema"
fi

go build -o "$tmp/benchdata" ./cmd/benchdata
"$tmp/benchdata" -db "sqlite:$tmp/shop.db" -media "$tmp/media" -products "$PRODUCTS" -urls "$tmp/urls.txt"

start_server() { # database URL
  SHOP_ADDR=127.0.0.1:$PORT SHOP_DATABASE_URL="$1" SHOP_DATA_DIR="$tmp" SHOP_LOG_LEVEL=warn \
    GOMAXPROCS=1 taskset -c 0 bin/shop serve &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$PORT/healthz"; do sleep 0.05; done
}

echo "machine load at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
go build -o "$tmp/benchstart" ./cmd/benchstart
go build -o "$tmp/benchlists" ./cmd/benchlists

# Cold start: process start to the first 200 of the product list, median of
# 5, on the demo database (made once by --dev) and on the benchmark's; with
# the CPU the server had used by then, which the machine's load does not
# inflate.
mkdir -p "$tmp/demo"
SHOP_ADDR=127.0.0.1:$PORT SHOP_DATA_DIR="$tmp/demo" SHOP_LOG_LEVEL=warn bin/shop serve --dev &
pid=$!
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/readyz"; do sleep 0.05; done
kill $pid; wait $pid 2>/dev/null || true; pid=""
for data in demo:"sqlite:$tmp/demo/shop.db" benchmark:"sqlite:$tmp/shop.db"; do
  echo -n "cold start, ${data%%:*} database: "
  SHOP_ADDR=127.0.0.1:$PORT SHOP_DATABASE_URL="${data#*:}" SHOP_DATA_DIR="$tmp" SHOP_LOG_LEVEL=error GOMAXPROCS=1 \
    taskset -c 0 "$tmp/benchstart" -n 5 -url "http://127.0.0.1:$PORT/api/products/?page=1" -- bin/shop serve
done
start_server "sqlite:$tmp/shop.db"

url="http://127.0.0.1:$PORT/api/products/?page=1"
curl -sf "$url" > "$tmp/media/products-page-1.json"
echo "response body: $(wc -c < "$tmp/media/products-page-1.json") bytes"

# ticks: CPU clock ticks the server has used; when it serves from a
# PostgreSQL on this machine, every busy tick of the machine instead (the
# server, PostgreSQL's processes, and whatever else runs), from which run
# takes wrk's own: a lower bound of the answers per CPU-second, as
# PostgreSQL's backends come and go with the pool.
ticks() {
  if [ -n "${pg_cpu:-}" ]; then
    awk '$1 == "cpu" {print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat
  else
    awk '{print $14 + $15}' /proc/$pid/stat
  fi
}
hz=$(getconf CLK_TCK)
run() { # name connections url [wrk arguments...]
  local name=$1 conns=$2 target=$3 out rps p50 p99 errors c0 c1 n
  shift 3
  c0=$(ticks)
  # bash's times: this shell's, then its children's (wrk's) user and system time.
  out=$(taskset -c 1 bash -c 'wrk "$@"; times' wrk -t1 -c"$conns" -d"$DURATION" --latency "$target" "$@")
  c1=$(ticks)
  if [ -n "${pg_cpu:-}" ]; then
    c1=$((c1 - $(tail -1 <<<"$out" | awk -v hz="$hz" '{gsub(/[ms]/, " "); print int(($1 * 60 + $2 + $3 * 60 + $4) * hz)}')))
  fi
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  n=$(awk '/requests in/ {print $1}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" || true)
  local per="server"
  [ -n "${pg_cpu:-}" ] && per="machine (server, PostgreSQL and the rest; wrk's taken off)"
  local cpu
  cpu=$(awk -v n="$n" -v c=$((c1 - c0)) -v hz="$hz" 'BEGIN {if (c > 0) printf "%.0f", n / (c / hz); else print "-"}')
  printf '%-22s %10s req/s   p50 %8s   p99 %8s   %s answers per %s CPU-second   load %s   %s\n' "$name" "$rps" "$p50" "$p99" \
    "$cpu" "$per" "$(cut -d' ' -f1 /proc/loadavg)" "$errors"
  echo "$rps" > "$tmp/$name.rps"
  echo "$cpu" > "$tmp/$name.cpu"
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
  # The uncached lists against the static file, both per second of the
  # server's CPU: a figure that machines of other speeds can compare (issue
  # 38 was measured at 0.018; its 1,000 a second was 0.092 of that machine's
  # static file). Not on PostgreSQL, whose figure counts the machine's CPU.
  if [ -z "$1" ]; then
    awk -v u="$(cat "$tmp/mixed-uncached.cpu")" -v s="$(cat "$tmp/static.cpu")" \
      'BEGIN {if (u + 0 > 0 && s + 0 > 0) printf "uncached lists / static file, per server CPU-second: %.3f\n", u / s}'
  fi
  echo "$1uncached lists one at a time, by kind (cmd/benchlists):"
  taskset -c 1 "$tmp/benchlists" -base "$base" -urls "$tmp/urls.txt" | sed 's/^/  /'
  echo "$1server peak RSS after the uncached run too: $(awk '/VmHWM/ {print $2/1024 " MB"}' /proc/$pid/status)" \
    "(now: its own memory $(awk '/RssAnon/ {print $2/1024 " MB"}' /proc/$pid/status)," \
    "pages of the binary and the mapped database $(awk '/RssFile/ {print $2/1024 " MB"}' /proc/$pid/status))"
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
  # PostgreSQL on this machine: its processes' CPU counts in the runs.
  [[ "$BENCH_POSTGRES_URL" == *@127.0.0.1* || "$BENCH_POSTGRES_URL" == *@localhost* ]] && pg_cpu=1
  mixed "postgres "
fi
