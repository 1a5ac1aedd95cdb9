#!/usr/bin/env bash
# Renders every page of the explorer on sample-data/local/ (the History
# page on sample-data/history/, which holds a suite's six revisions) at
# 1280x720 and 1920x1080, offscreen, into docs/screenshots/ (or DIR) as
# NAME-1280x720.png and NAME-1920x1080.png: each capture page's tab kinds
# (All cases, a case group, the Charts tab with each chart), the Diff page,
# the History page, the provenance panel, the New Capture dialog and the
# Run page after a capture of sample-data/suites/static-servers.json (nginx
# and Python's http.server, about a minute per size; needs nginx, as
# scripts/make-local-samples.sh installs). BENCHSCOPE_SHOTS_NO_RUN=1 leaves
# the Run page out.
#   scripts/make-screenshots.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
bin=build/bin/benchscope
[ -x "$bin" ] || bash scripts/build.sh
mkdir -p "$out"
export QT_QPA_PLATFORM=offscreen
local=sample-data/local
sizes=(1280x720 1920x1080)
made=0

# shot NAME BENCHSCOPE-ARGUMENTS...: the picture at every size.
shot() {
  local name=$1 size
  shift
  for size in "${sizes[@]}"; do
    "$bin" --screenshot "$out/$name-$size.png" --size "$size" "$@" 2>/dev/null
    made=$((made + 1))
  done
}

shot local-http-all-cases "$local/http-saturation.json.gz" --tab 0
shot local-http-contract "$local/http-saturation.json.gz" --tab 1
for chart in range box bars latency; do
  shot "local-http-chart-$chart" "$local/http-saturation.json.gz" --chart "$chart"
done
shot local-fixed-rate-latency "$local/http-fixed-rate.json.gz" --tab 1
shot local-route-coverage "$local/route-coverage.json.gz" --tab 0
shot local-route-coverage-small-api "$local/route-coverage.json.gz" --tab 2
shot local-data-levels "$local/sqlite-workload.json.gz" --tab 2
shot local-data-startup "$local/sqlite-startup.json.gz" --tab 1
shot local-data-install "$local/sqlite-install.json.gz" --tab 0
shot local-data-validation "$local/validation-ttrb.json.gz" --tab 0
shot local-all-open "$local"/*.json.gz
shot local-diff --diff "$local/latest-optimizations.before.json.gz" "$local/latest-optimizations.after.json.gz"
shot history-page --history sample-data/history
shot local-provenance "$local/http-saturation.json.gz" --page provenance
shot new-capture-dialog --page new-capture --suite sample-data/suites/static-servers.json
if [ "${BENCHSCOPE_SHOTS_NO_RUN:-0}" != 1 ]; then
  shot run-page --page run --suite sample-data/suites/static-servers.json
fi
echo "make-screenshots: $made pictures in $out/"
