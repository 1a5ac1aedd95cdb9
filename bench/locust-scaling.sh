#!/usr/bin/env bash
# Locust with 1 and 2 workers against benchscope-run's own engine, on the
# same nginx (one worker pinned to SERVER_CPU), in one run. Requests are
# counted by nginx itself (stub_status before and after each run). Locust is
# expected to be much slower per core than benchscope-run; the point is that
# its rate adds up across workers, which is what a suite that outgrows one
# load machine needs. On a 2-core machine the workers share the client's
# core with the master, so the 2-worker figure says what the machine
# allowed, not what two machines would give. Prints each rate and the
# ratios (2 workers / 1 worker, Locust 1 worker / benchscope-run).
#
# Settings (environment): DURATION seconds (5), CONNECTIONS (20),
# SERVER_CPU (1), BENCHSCOPE_BIN (build/bin).
# Usage: bench/locust-scaling.sh [BUILD_DIR]
set -euo pipefail
. "$(dirname "$0")/common.sh"
bin=${BENCHSCOPE_BIN:-$build/bin}
duration=${DURATION:-5}
connections=${CONNECTIONS:-20}
server_cpu=${SERVER_CPU:-1}
command -v nginx >/dev/null && [ -x /usr/bin/locust ] || scripts/install-deps.sh
[ -x "$bin/benchscope-run" ] || { echo "no $bin/benchscope-run: build first (cmake --build build)" >&2; exit 1; }
start_nginx "$server_cpu"

cat > "$work/suite.json" <<JSON
{
  "suite": {"id": "locust-scaling", "title": "Locust workers against benchscope-run on nginx"},
  "settings": {"connections": $connections, "warmup_s": 0, "duration_s": $duration, "repetitions": 1},
  "participants": [{"id": "nginx", "url": "$url"}],
  "cases": [{"id": "static", "path": "/index.html", "expect": {"status": 200}}]
}
JSON
served() { curl -sf "$url/__status" | awk 'NR == 3 {print $3}'; }
# measure ARGS...: nginx's count per second of one benchscope-run run with ARGS.
measure() {
  local before after
  before=$(served)
  "$bin/benchscope-run" "$work/suite.json" --out "$work/run.json.gz" --quiet "$@"
  after=$(served)
  # Locust's start-up and the contract check are outside the duration but in nginx's count.
  awk -v c="$((after - before - 1))" -v d="$duration" 'BEGIN {printf "%.0f", c / d}'
}
printf 'load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
native=$(measure)
one=$(measure --engine locust --workers 1)
two=$(measure --engine locust --workers 2)
printf 'counted by nginx: benchscope-run %s req/s; Locust 1 worker %s req/s; Locust 2 workers %s req/s (%d cores)\n' \
  "$native" "$one" "$two" "$(nproc)"
printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
awk -v a="$one" -v b="$two" -v n="$native" 'BEGIN {
  printf "ratio 2 workers / 1 worker: %.2f\nratio Locust 1 worker / benchscope-run: %.3f\n", b / a, a / n }'
