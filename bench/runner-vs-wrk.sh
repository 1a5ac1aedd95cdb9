#!/usr/bin/env bash
# Compares benchscope-run with wrk on the same nginx, the same cores and the
# same settings: one client thread each, pinned to CLIENT_CPU; nginx (one
# worker) pinned to SERVER_CPU; both only on 127.0.0.1. Each round runs
# wrk, benchscope-run (its default client I/O: io_uring where the kernel
# allows it) and benchscope-run --client-io epoll, in an order that turns
# round by round. Requests are counted by nginx itself (stub_status before
# and after each run), so no tool's own count is trusted; each round prints
# each client's rate, its CPU time (user + system, from its start to its
# exit) per request and the busy share of nginx's core. Then medians and
# spreads (lowest-highest over the rounds) of the rates, of the CPU per
# request and of the per-round ratios against wrk; the rate with --threads 2
# against 1; and a fixed-rate run at 50% of wrk's median rate, to check that
# the runner holds its rate. The last lines are "cpu ratio: X.XX" (the
# default client's CPU per request / wrk's, median of the rounds) and
# "ratio: X.XX" (its rate / wrk's, medians of the server's counts).
#
# Settings (environment): ROUNDS (5), DURATION seconds (5), CONNECTIONS (50),
# CLIENT_CPU (0), SERVER_CPU (1), BENCHSCOPE_BIN (BUILD_DIR/bin).
# Usage: bench/runner-vs-wrk.sh [BUILD_DIR]
set -euo pipefail

. "$(dirname "$0")/common.sh"
bin=${BENCHSCOPE_BIN:-$build/bin}
rounds=${ROUNDS:-5}
duration=${DURATION:-5}
connections=${CONNECTIONS:-50}
client_cpu=${CLIENT_CPU:-0}
server_cpu=${SERVER_CPU:-1}

if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
  scripts/install-deps.sh
fi
[ -x "$bin/benchscope-run" ] || { echo "no $bin/benchscope-run: build first (cmake --build build)" >&2; exit 1; }
start_nginx "$server_cpu"

cat > "$work/suite.json" <<JSON
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
nginx_worker=$(ps --ppid "$nginx_pid" -o pid= | head -1 | tr -d ' ')
# ticks: the nginx worker's CPU time so far, in clock ticks.
ticks() { awk '{print $14 + $15}' "/proc/$nginx_worker/stat"; }
hz=$(getconf CLK_TCK)

# measure COMMAND...: runs a client; prints "SERVER_RATE CPU_US_PER_REQUEST
# NGINX_BUSY_PERCENT", the first two from nginx's count, with the client's
# user+system time. The client's output is left in $work/client.out.
measure() {
  local before after cpu t0 t1 k0 k1
  before=$(served); k0=$(ticks); t0=$(date +%s.%N)
  TIMEFORMAT='%3U %3S'
  cpu=$( { time "$@" > "$work/client.out" 2>/dev/null; } 2>&1 )
  t1=$(date +%s.%N); k1=$(ticks); after=$(served)
  awk -v c="$((after - before - 1))" -v d="$duration" -v t="$cpu" -v k="$((k1 - k0))" -v hz="$hz" -v w0="$t0" -v w1="$t1" 'BEGIN {
    split(t, p, " "); printf "%.0f %.2f %.0f\n", c / d, (p[1] + p[2]) * 1e6 / c, 100 * k / hz / (w1 - w0) }'
}
wrk_client() { taskset -c "$client_cpu" wrk -t1 -c"$connections" -d"${duration}s" "$url/index.html"; }
wrk_own() { awk '/^Requests\/sec:/ {printf "%.0f", $2}' "$work/client.out"; }
# Progress on (its JSON lines in client.out), as when the app starts it.
runner_client() { "$bin/benchscope-run" "$work/suite.json" --out "$work/run.json.gz" "$@"; }
runner_own() { printf '%.0f %s' "$(value rps "$work/run.json.gz")" "$(io "$work/run.json.gz")"; }
# io FILE: the client I/O the capture says was used.
io() { python3 -c 'import gzip, json, sys; print(json.load(gzip.open(sys.argv[1]))["provenance"]["conditions"]["extra"].get("client_io", "?"))' "$1"; }

# Warm nginx and the page cache once, unmeasured.
taskset -c "$client_cpu" wrk -t1 -c"$connections" -d1s "$url/index.html" >/dev/null
# Other work on the machine skews every figure: say how busy it was.
printf 'load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

clients=(wrk runner epoll)
declare -A names=([wrk]="wrk" [runner]="benchscope-run" [epoll]="benchscope-run --client-io epoll")
declare -A rates cpus
for ((r = 0; r < rounds; r++)); do
  # The order turns each round: wrk runner epoll, runner epoll wrk, ...
  line="round $((r + 1)), counted by nginx:"
  for ((i = 0; i < 3; i++)); do
    c=${clients[(i + r) % 3]}
    case $c in
      wrk) m=$(measure wrk_client); own=$(wrk_own) ;;
      runner) m=$(measure runner_client); own=$(runner_own) ;;
      epoll) m=$(measure runner_client --client-io epoll); own=$(runner_own) ;;
    esac
    read -r rate cpu busy <<< "$m"
    rates[$c]+="$rate "; cpus[$c]+="$cpu "
    line+=" ${names[$c]} $rate req/s, $cpu us CPU/request, nginx's core ${busy}% busy (own count ${own});"
  done
  printf '%s\n' "${line%;}"
done
printf 'load average after the rounds: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
spread() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {printf "%s-%s", lo, hi}'; }
# ratios A B: per-round ratios of two series.
ratios() { paste -d' ' <(printf '%s\n' $1) <(printf '%s\n' $2) | awk '{printf "%.2f\n", $1 / $2}'; }
for c in "${clients[@]}"; do
  printf '%s: median %.0f req/s (rounds %s), %s us CPU/request (rounds %s)\n' "${names[$c]}" \
    "$(median ${rates[$c]})" "$(spread ${rates[$c]})" "$(median ${cpus[$c]})" "$(spread ${cpus[$c]})"
done
for c in runner epoll; do
  printf '%s / wrk per round: CPU/request %s, rate %s\n' "${names[$c]}" \
    "$(ratios "${cpus[$c]}" "${cpus[wrk]}" | paste -sd' ')" "$(ratios "${rates[$c]}" "${rates[wrk]}" | paste -sd' ')"
done
wrk_median=$(median ${rates[wrk]})
runner_median=$(median ${rates[runner]})

# Two client threads against one: on a machine with spare cores the rate
# scales until nginx's one worker fills its core; here, say what was allowed.
cores=$(nproc)
client_cores=$(python3 -c 'import sys; s = int(sys.argv[1]); print(",".join(str(c) for c in range(int(sys.argv[2])) if c != s) or sys.argv[3])' "$server_cpu" "$cores" "$client_cpu")
one=$(measure runner_client --threads 1 --cpu-set-client "$client_cores")
two=$(measure runner_client --threads 2 --cpu-set-client "$client_cores")
read -r one_rate one_cpu one_busy <<< "$one"
read -r two_rate two_cpu two_busy <<< "$two"
awk -v a="$one_rate" -v b="$two_rate" -v ab="$one_busy" -v bb="$two_busy" -v n="$cores" -v cc="$client_cores" 'BEGIN {
  printf "threads: 1 thread %d req/s (nginx %d%% busy), 2 threads %d req/s (nginx %d%% busy), 2/1 = %.2f, client on CPU %s of %d\n", a, ab, b, bb, b / a, cc, n
  if (index(cc, ",") == 0)
    printf "threads: with %d cores both client threads share CPU %s (nginx has its own): the 2/1 figure says what this machine allowed, not how the threads scale (on a busy machine two threads also get two shares of the scheduler)\n", n, cc
  else if (bb >= 90)
    print "threads: nginx'"'"'s one worker filled its core: it, not the client, is the limit" }'

# Fixed rate at half of wrk's saturation rate: does the runner hold it?
rate=$(awk -v w="$wrk_median" 'BEGIN {printf "%d", w / 2}')
"$bin/benchscope-run" "$work/suite.json" --out "$work/fixed.json.gz" --quiet --rate "$rate"
achieved=$(value rps "$work/fixed.json.gz")
p99=$(value latency_p99 "$work/fixed.json.gz")
service_p99=$(value service_time_p99 "$work/fixed.json.gz")
flags=$(value flags "$work/fixed.json.gz")
awk -v r="$rate" -v a="$achieved" -v p="$p99" -v s="$service_p99" -v f="$flags" 'BEGIN {
  printf "fixed-rate: requested %d req/s, achieved %.0f req/s (%.2f%%), p99 %.3f ms corrected, %.3f ms service time, flags: %s\n",
         r, a, 100 * a / r, p * 1000, s * 1000, f }'
printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"

printf 'cpu ratio: %.2f\n' "$(median $(ratios "${cpus[runner]}" "${cpus[wrk]}"))"
awk -v b="$runner_median" -v w="$wrk_median" 'BEGIN {printf "ratio: %.2f\n", b / w}'
