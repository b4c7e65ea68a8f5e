#!/usr/bin/env bash
# Three `shop serve` processes behind Caddy on one PostgreSQL database and
# one S3-compatible store, all on the loopback (`make cluster`;
# docs/deploy.md section 10). Browse http://127.0.0.1:8080; Ctrl-C stops
# everything. The instances run in dev mode (demo catalogue, simulated
# M-Pesa and eTIMS, mail outbox), each its own simulators: an instance's
# SHOP_PUBLIC_URL is its own address, so its simulated M-Pesa calls it back.
#
#   CLUSTER_PG_URL   the PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable)
#   CLUSTER_DB       the database made there (shop_cluster); CLUSTER_FRESH=1 drops it first
#   CLUSTER_ADDR     Caddy's address (127.0.0.1:8080); the instances on the three ports after it
#   CLUSTER_S3_ADDR  the S3-compatible store's (127.0.0.1:9000)
#   CLUSTER_SHOP_BIN a shop binary to run instead of building bin/shop
set -euo pipefail
cd "$(dirname "$0")/.."

pg_url=${CLUSTER_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
db=${CLUSTER_DB:-shop_cluster}
front=${CLUSTER_ADDR:-127.0.0.1:8080}
host=${front%:*}
port=${front##*:}
run=${CLUSTER_RUN_DIR:-$PWD/.cluster}
s3=${CLUSTER_S3_ADDR:-$host:9000}

scripts/ensure-caddy.sh >/dev/null
shop=${CLUSTER_SHOP_BIN:-bin/shop}
if [ -z "${CLUSTER_SHOP_BIN:-}" ]; then make bin/shop >/dev/null; fi
go build -o bin/fakes3 ./cmd/fakes3

if ! pg_isready -q -d "$pg_url"; then
  echo "PostgreSQL does not answer at $pg_url (set CLUSTER_PG_URL)" >&2
  exit 1
fi
if [ "${CLUSTER_FRESH:-0}" = 1 ]; then
  psql -q "$pg_url" -c "DROP DATABASE IF EXISTS $db" >/dev/null
fi
if [ -z "$(psql -qtA "$pg_url" -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
  psql -q "$pg_url" -c "CREATE DATABASE $db" >/dev/null
fi
db_url=$(printf '%s' "$pg_url" | sed -E "s#/[^/?]*(\?|$)#/$db\1#")

mkdir -p "$run"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

bin/fakes3 --addr "$s3" --bucket shop-media >"$run/fakes3.log" 2>&1 &
pids+=($!)

export AWS_ACCESS_KEY_ID=cluster AWS_SECRET_ACCESS_KEY=cluster-secret
export SHOP_DATABASE_URL=$db_url SHOP_TRUSTED_PROXIES=127.0.0.1 SHOP_LOG_FORMAT=text SHOP_LOG_LEVEL=${SHOP_LOG_LEVEL:-warn}
export SHOP_MEDIA_URL="s3://shop-media/live?endpoint=http://$s3&region=us-east-1&path_style=true"
export SHOP_METRICS_TOKEN=cluster-metrics-token-0123456789

wait_ready() {
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "http://$1/readyz" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  echo "$1 did not become ready; see $run" >&2
  exit 1
}

upstreams=()
for i in 1 2 3; do
  addr=$host:$((port + i))
  SHOP_ADDR=$addr SHOP_PUBLIC_URL=http://$addr SHOP_DATA_DIR=$run/data-$i \
    "$shop" serve --dev >"$run/shop-$i.log" 2>&1 &
  pids+=($!)
  echo "$!" >"$run/shop-$i.pid"
  # The first seeds the demo catalogue; the others start on it.
  [ "$i" = 1 ] && wait_ready "$addr"
  upstreams+=("$addr")
done
for a in "${upstreams[@]}"; do wait_ready "$a"; done

CLUSTER_ADDR=$front CLUSTER_UPSTREAMS="${upstreams[*]}" \
  caddy run --adapter caddyfile --config scripts/cluster/Caddyfile >"$run/caddy.log" 2>&1 &
pids+=($!)
wait_ready "$front"

cat <<EOF
The shop runs on three instances behind Caddy: http://$front
  instances  ${upstreams[*]} (pids in $run/shop-N.pid; logs in $run)
  database   $db_url
  pictures   $SHOP_MEDIA_URL (in memory: gone when this stops)
  metrics    curl -H 'Authorization: Bearer $SHOP_METRICS_TOKEN' http://${upstreams[0]}/metrics | grep shop_job_held
Kill one (kill -9 \$(cat $run/shop-2.pid)) and keep browsing: Caddy routes around it.
Ctrl-C stops everything.
EOF
wait
