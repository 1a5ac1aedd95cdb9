#!/bin/sh
# Makes the real tool outputs of failed and partly failed runs in this folder
# (tests of issue 10: a failed run is never a clean result). Run from this
# folder on a machine with hyperfine, wrk, python3, g++ with libbenchmark-dev,
# and npm (autocannon is installed into a temporary folder).
set -eu
here=$(pwd)
tmp=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$tmp"' EXIT

# hyperfine: every run exits 3; and one run in three exits 1.
hyperfine -N -i --runs 5 --export-json hyperfine-exit3.json "sh -c 'exit 3'" >/dev/null
echo 0 > "$tmp/count"
hyperfine -N -i --runs 6 --export-json hyperfine-some-fail.json \
  "sh -c 'n=\$(cat $tmp/count); echo \$((n+1)) > $tmp/count; test \$((n % 3)) -ne 2'" >/dev/null

# A local server: "/" answers 200, "/nothing" 404.
mkdir "$tmp/www" && echo hello > "$tmp/www/index.html"
port=18493
(cd "$tmp/www" && exec python3 -m http.server --bind 127.0.0.1 "$port") >/dev/null 2>&1 &
server=$!
for _ in $(seq 100); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.2
done

# wrk on "/" with a done() script that also prints p99.9 (exact counts).
wrk -t1 -c4 -d2s -s "$here/wrk-done-p999.lua" "http://127.0.0.1:$port/" > wrk-root-done-p999.txt

# autocannon: every response a 404.
(cd "$tmp" && npm install --silent --no-audit --no-fund autocannon@8 >/dev/null)
"$tmp/node_modules/.bin/autocannon" -c 4 -d 2 --json "http://127.0.0.1:$port/nothing" > autocannon-all-404.json 2>/dev/null

# Google Benchmark: one benchmark that skips with an error, one that works;
# then the working one with aggregates only.
g++ -O2 -o "$tmp/gb" gbench-errors.cpp -lbenchmark -lpthread
"$tmp/gb" --benchmark_repetitions=3 --benchmark_format=json --benchmark_min_time=0.01 > gbench-errors.json
"$tmp/gb" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_filter=Works \
  --benchmark_format=json --benchmark_min_time=0.01 > gbench-aggregates-only.json
# User statistics min and max beside the built-in aggregates (issue 43).
g++ -O2 -o "$tmp/gbmm" gbench-minmax.cpp -lbenchmark -lpthread
"$tmp/gbmm" --benchmark_format=json --benchmark_min_time=0.01 > gbench-minmax.json
"$tmp/gbmm" --benchmark_report_aggregates_only=true --benchmark_format=json --benchmark_min_time=0.01 \
  > gbench-minmax-aggregates-only.json
