#!/usr/bin/env bash
# Produces the real tool outputs in sample-data/imports/ that the importers
# are checked against: wrk (plain and with a Lua done() script), autocannon,
# hyperfine and Google Benchmark, plus a per-run results folder made with
# autocannon against two local servers (python3 -m http.server and nginx).
# All traffic goes to 127.0.0.1 only; every run is a few seconds long.
#
# Needs: scripts/install-deps.sh (wrk, hyperfine, nginx-light), libbenchmark-dev,
# npm (autocannon is installed into a temporary folder, outside the repo).
# Usage: scripts/make-import-samples.sh [OUT_DIR]   (default sample-data/imports)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$repo/sample-data/imports}
work=$(mktemp -d /tmp/benchscope-import-samples.XXXXXX)
mkdir -p "$out"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Content served by both servers: a small page and a small JSON document.
mkdir -p "$work/www"
printf '<!doctype html><title>benchscope</title><p>hello</p>\n' > "$work/www/index.html"
printf '{"hello":"world"}\n' > "$work/www/data.json"
# nginx's workers run as an unprivileged user: let them read the files.
chmod a+rx "$work" "$work/www"
chmod a+r "$work/www"/*

PY_PORT=18480
NGINX_PORT=18481
(cd "$work/www" && exec python3 -m http.server "$PY_PORT" --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
mkdir -p "$work/nginx/logs"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $work/nginx/tmp;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $work/www;
  }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
for port in $PY_PORT $NGINX_PORT; do
  for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
done

# wrk: console text with --latency, and the Lua done() JSON after "$".
wrk --version 2>&1 | head -1 > "$out/wrk-version.txt" || true
wrk -t2 -c16 -d3s --latency "http://127.0.0.1:$NGINX_PORT/data.json" > "$out/wrk-nginx-latency.txt"
wrk -t2 -c16 -d3s -s "$repo/sample-data/tools/wrk-done-json.lua" "http://127.0.0.1:$NGINX_PORT/" \
  > "$out/wrk-nginx-lua-done.txt"

# autocannon --json (one line on stdout).
if [ -z "${AUTOCANNON:-}" ]; then
  (cd "$work" && npm install --silent --no-audit --no-fund autocannon@8 >/dev/null)
  AUTOCANNON="$work/node_modules/.bin/autocannon"
fi
"$AUTOCANNON" --version > "$out/autocannon-version.txt" 2>&1 || true
"$AUTOCANNON" -c 8 -d 3 --json "http://127.0.0.1:$NGINX_PORT/data.json" > "$out/autocannon-nginx.json" 2>/dev/null

# hyperfine --export-json: two commands, and a parameter scan.
hyperfine --version > "$out/hyperfine-version.txt"
hyperfine --runs 5 --warmup 1 --export-json "$out/hyperfine-gzip.json" \
  'gzip -1 -c /usr/bin/hyperfine > /dev/null' 'gzip -9 -c /usr/bin/hyperfine > /dev/null' >/dev/null
hyperfine --runs 3 --export-json "$out/hyperfine-scan.json" -L level 1,6,9 \
  'gzip -{level} -c /usr/bin/hyperfine > /dev/null' >/dev/null

# Google Benchmark: 5 repetitions, so iteration rows and aggregate rows (mean, median, stddev, cv).
g++ -O2 -std=c++17 "$repo/sample-data/tools/gbench_sort.cpp" -o "$work/gbench_sort" -lbenchmark -lpthread
"$work/gbench_sort" --benchmark_repetitions=5 --benchmark_min_time=0.05 --benchmark_format=json \
  > "$out/gbench-sort-hash.json"

# A per-run results folder, as workers-benchmark keeps one: <timestamp>-<mode>/<app>-<path>.json.
folder="$out/results/$(date +%Y%m%d-%H%M%S)-local"
mkdir -p "$folder"
for app in python-http-server nginx; do
  port=$PY_PORT
  [ "$app" = nginx ] && port=$NGINX_PORT
  "$AUTOCANNON" -c 8 -d 2 --json "http://127.0.0.1:$port/" > "$folder/$app-root.json" 2>/dev/null
  "$AUTOCANNON" -c 8 -d 2 --json "http://127.0.0.1:$port/data.json" > "$folder/$app-json.json" 2>/dev/null
done
cp "$repo/sample-data/tools/benchscope-map.example.json" "$folder/benchscope-map.json"
echo "make-import-samples: wrote $out" >&2
