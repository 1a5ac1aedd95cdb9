#!/usr/bin/env bash
# Compares benchscope-run with wrk on the same nginx, the same cores and the
# same settings: one client thread each, pinned to CLIENT_CPU; nginx (one
# worker) pinned to SERVER_CPU; both only on 127.0.0.1. The tools alternate
# (wrk first in even rounds, benchscope-run first in odd ones). Then a
# fixed-rate run at 50% of wrk's median rate checks that the runner holds
# its rate. The last line is "ratio: X.XX" (benchscope-run / wrk, medians).
#
# Settings (environment): ROUNDS (3), DURATION seconds (5), CONNECTIONS (50),
# CLIENT_CPU (0), SERVER_CPU (1), BENCHSCOPE_BIN (build/bin).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bin=${BENCHSCOPE_BIN:-$root/build/bin}
rounds=${ROUNDS:-3}
duration=${DURATION:-5}
connections=${CONNECTIONS:-50}
client_cpu=${CLIENT_CPU:-0}
server_cpu=${SERVER_CPU:-1}

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
  "$root/scripts/install-deps.sh"
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$bin/benchscope-run" ] || { echo "no $bin/benchscope-run: build first (cmake --build build)" >&2; exit 1; }

tmp=$(mktemp -d /tmp/benchscope-bench-XXXXXX)
nginx_pid=""
cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed -e "s|@PORT@|$port|g" -e "s|@ROOT@|$here/www|g" -e "s|@TMP@|$tmp|g" "$here/nginx.conf" > "$tmp/nginx.conf"
taskset -c "$server_cpu" "$nginx_bin" -p "$tmp" -c "$tmp/nginx.conf" &
nginx_pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 100); do
  curl -sf -o /dev/null "$url/index.html" && break
  sleep 0.05
done
curl -sf -o /dev/null "$url/index.html" || { echo "nginx did not start: $(cat "$tmp/error.log")" >&2; exit 1; }

cat > "$tmp/suite.json" <<JSON
{
  "suite": {"id": "runner-vs-wrk", "title": "benchscope-run against wrk on nginx"},
  "settings": {"mode": "saturation", "connections": $connections, "threads": 1, "warmup_s": 0,
               "duration_s": $duration, "repetitions": 1, "cpu_set_client": "$client_cpu"},
  "participants": [{"id": "nginx", "url": "$url"}],
  "cases": [{"id": "static", "path": "/index.html", "expect": {"status": 200}}]
}
JSON

# value METRIC FILE: the metric of the first repetition of the first result.
value() {
  python3 - "$1" "$2" <<'PY'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[2]))
r = d["results"][0]
if r["status"] != "ok":
    sys.exit("benchscope-run: %s: %s" % (r["status"], r.get("reason", "")))
rep = r["repetitions"][0]
v = rep["metrics"].get(sys.argv[1], 0.0)
print(v if sys.argv[1] != "flags" else ",".join(rep.get("flags", [])) or "none")
PY
}

run_wrk() {
  taskset -c "$client_cpu" wrk -t1 -c"$connections" -d"${duration}s" "$url/index.html" \
    | awk '/^Requests\/sec:/ {print $2}'
}
run_runner() {
  "$bin/benchscope-run" "$tmp/suite.json" --out "$tmp/run.json.gz" --quiet "$@"
  value rps "$tmp/run.json.gz"
}

# Warm nginx and the page cache once, unmeasured.
taskset -c "$client_cpu" wrk -t1 -c"$connections" -d1s "$url/index.html" >/dev/null

wrk_rates=()
runner_rates=()
for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then
    w=$(run_wrk); b=$(run_runner)
  else
    b=$(run_runner); w=$(run_wrk)
  fi
  wrk_rates+=("$w"); runner_rates+=("$b")
  printf 'round %d: wrk %.0f req/s, benchscope-run %.0f req/s\n' "$((r + 1))" "$w" "$b"
done

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
wrk_median=$(median "${wrk_rates[@]}")
runner_median=$(median "${runner_rates[@]}")
printf 'wrk median: %.0f req/s\nbenchscope-run median: %.0f req/s\n' "$wrk_median" "$runner_median"

# Fixed rate at half of wrk's saturation rate: does the runner hold it?
rate=$(awk -v w="$wrk_median" 'BEGIN {printf "%d", w / 2}')
"$bin/benchscope-run" "$tmp/suite.json" --out "$tmp/fixed.json.gz" --quiet --rate "$rate"
achieved=$(value rps "$tmp/fixed.json.gz")
p99=$(value latency_p99 "$tmp/fixed.json.gz")
service_p99=$(value service_time_p99 "$tmp/fixed.json.gz")
flags=$(value flags "$tmp/fixed.json.gz")
awk -v r="$rate" -v a="$achieved" -v p="$p99" -v s="$service_p99" -v f="$flags" 'BEGIN {
  printf "fixed-rate: requested %d req/s, achieved %.0f req/s (%.2f%%), p99 %.3f ms corrected, %.3f ms service time, flags: %s\n",
         r, a, 100 * a / r, p * 1000, s * 1000, f }'

awk -v b="$runner_median" -v w="$wrk_median" 'BEGIN {printf "ratio: %.2f\n", b / w}'
