#!/usr/bin/env bash
# Compares benchscope-run with wrk on the same nginx, the same cores and the
# same settings: one client thread each, pinned to CLIENT_CPU; nginx (one
# worker) pinned to SERVER_CPU; both only on 127.0.0.1. The tools alternate
# (wrk first in even rounds, benchscope-run first in odd ones). Requests are
# counted by nginx itself (stub_status before and after each run), so
# neither tool's own count is trusted; each round also prints each tool's
# CPU time (user + system) per request. Then a fixed-rate run at 50% of
# wrk's median rate checks that the runner holds its rate. The last line is
# "ratio: X.XX" (benchscope-run / wrk, medians of the server's counts).
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

# served: nginx's request count so far (this status request included).
served() { curl -sf "$url/__status" | awk 'NR == 3 {print $3}'; }

# measure COMMAND...: runs a client; prints "SERVER_RATE CPU_US_PER_REQUEST",
# both from nginx's count, with the client's user+system time. The client's
# output is left in $tmp/client.out.
measure() {
  local before after cpu
  before=$(served)
  TIMEFORMAT='%U %S'
  cpu=$( { time "$@" > "$tmp/client.out" 2>/dev/null; } 2>&1 )
  after=$(served)
  awk -v c="$((after - before - 1))" -v d="$duration" -v t="$cpu" 'BEGIN {
    split(t, p, " "); printf "%.0f %.2f\n", c / d, (p[1] + p[2]) * 1e6 / c }'
}
wrk_client() { taskset -c "$client_cpu" wrk -t1 -c"$connections" -d"${duration}s" "$url/index.html"; }
wrk_own() { awk '/^Requests\/sec:/ {printf "%.0f", $2}' "$tmp/client.out"; }
# Progress on (its JSON lines in client.out), as when the app starts it.
runner_client() { "$bin/benchscope-run" "$tmp/suite.json" --out "$tmp/run.json.gz" "$@"; }
runner_own() { printf '%.0f' "$(value rps "$tmp/run.json.gz")"; }

# Warm nginx and the page cache once, unmeasured.
taskset -c "$client_cpu" wrk -t1 -c"$connections" -d1s "$url/index.html" >/dev/null
# Other work on the machine skews every figure: say how busy it was.
printf 'load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

wrk_rates=()
runner_rates=()
wrk_cpus=()
runner_cpus=()
for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then
    w=$(measure wrk_client); w_own=$(wrk_own); b=$(measure runner_client); b_own=$(runner_own)
  else
    b=$(measure runner_client); b_own=$(runner_own); w=$(measure wrk_client); w_own=$(wrk_own)
  fi
  read -r w_rate w_cpu <<< "$w"
  read -r b_rate b_cpu <<< "$b"
  wrk_rates+=("$w_rate"); runner_rates+=("$b_rate"); wrk_cpus+=("$w_cpu"); runner_cpus+=("$b_cpu")
  printf 'round %d, counted by nginx: wrk %s req/s, %s us CPU/request (its own count %s); benchscope-run %s req/s, %s us CPU/request (its own count %s)\n' \
    "$((r + 1))" "$w_rate" "$w_cpu" "$w_own" "$b_rate" "$b_cpu" "$b_own"
done
printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
wrk_median=$(median "${wrk_rates[@]}")
runner_median=$(median "${runner_rates[@]}")
printf 'wrk median: %.0f req/s, %s us CPU/request\nbenchscope-run median: %.0f req/s, %s us CPU/request\n' \
  "$wrk_median" "$(median "${wrk_cpus[@]}")" "$runner_median" "$(median "${runner_cpus[@]}")"

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
