#!/usr/bin/env bash
# Makes the HTTP part of the local set (sample-data/README.md, "local/"):
# the web-frameworks contract in saturation and at a fixed rate, the
# route-coverage replay and the before/after pair of the Python server, all
# measured by benchscope-run on 127.0.0.1 with the servers on CPU 1 and the
# client on CPU 0. 5 to 8 minutes. Runs alone or from
# scripts/make-local-samples.sh (which installs nginx-light, nodejs and npm).
#
# Usage: sample-data/local/make-http.sh   (BENCHSCOPE_BIN: where benchscope-run is, default build/bin)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$repo/sample-data/local
bin=${BENCHSCOPE_BIN:-$repo/build/bin}
if [ ! -x "$bin/benchscope-run" ]; then
  cmake --build "$repo/build" -j2 --target benchscope-run
fi
for tool in node npm nginx python3 perl; do
  command -v "$tool" >/dev/null || { echo "make-http: $tool is missing (scripts/make-local-samples.sh installs it)" >&2; exit 1; }
done

# The suites' version commands and start commands are relative to this folder.
cd "$out/http"
npm ci --no-audit --no-fund --loglevel=error

log=$(mktemp /tmp/benchscope-make-http.XXXXXX)
trap 'rm -f "$log"' EXIT
run() {
  echo "make-http: benchscope-run $*" >&2
  "$bin/benchscope-run" "$@" > "$log"
  if grep -q '"behind_rate":true' "$log"; then
    echo "make-http: a repetition fell behind the offered rate; lower settings.rate in the suite" >&2
    exit 1
  fi
}
run http-saturation.json --out "$out/http-saturation.json.gz"
run http-fixed-rate.json --out "$out/http-fixed-rate.json.gz"
run route-coverage.json --out "$out/route-coverage.json.gz"
# Writes latest-optimizations.before.json.gz and latest-optimizations.after.json.gz.
run latest-optimizations.json --out "$out/latest-optimizations.json.gz"
echo "make-http: wrote $(cd "$out" && ls http-*.json.gz route-coverage.json.gz latest-optimizations.*.json.gz | tr '\n' ' ')" >&2
