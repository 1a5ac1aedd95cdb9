#!/usr/bin/env bash
# Speed and size of `benchscope-cli publish` (docs/publish.md), each beside
# a peer run in the same script:
#   1. publishing sample-data/ (local/, published/, history/: the demo's
#      site) against `benchscope-cli report` of the same captures (a report
#      folder per suite, as demo.sh writes them); target under 10 s;
#   2. index.html of sample-data/local/ alone; target under 600 KB;
#   3. its first paint in headless Chromium; target under 1 s;
#   4. a history of 200 captures of one suite (bench/history-captures.py,
#      synthetic) against `benchscope-cli history` of the same folder;
#      targets under 10 s and a page under 3 MB.
# Usage: bench/publish.sh [BUILD_DIR]
set -euo pipefail
. "$(dirname "$0")/common.sh"
export QT_QPA_PLATFORM=offscreen

seconds() { # the wall time of a command, in seconds, its output dropped
  local start=$(date +%s.%N)
  "$@" >/dev/null
  echo "$(date +%s.%N) - $start" | bc -l
}
kib() { echo $(( $(stat -c %s "$1") / 1024 )); }

sets=(sample-data/local sample-data/published sample-data/history)
ours=$(seconds "$cli" publish "${sets[@]}" --out "$work/site")
peer_start=$(date +%s.%N)
for f in sample-data/local/*.json.gz sample-data/published/*.json.gz; do
  "$cli" report "$f" --out "$work/report/$(basename "$f" .json.gz)" >/dev/null
done
"$cli" report sample-data/history/*.json.gz --out "$work/report/history" >/dev/null
peer=$(echo "$(date +%s.%N) - $peer_start" | bc -l)
printf 'publish sample-data (%s captures):  %.2f s, index.html %s KiB (target 10 s)\n' \
  "$(ls "$work/site/downloads" | grep -vc raw)" "$ours" "$(kib "$work/site/index.html")"
printf 'report of the same captures (peer): %.2f s; ratio publish/report %.2f\n' "$peer" "$(echo "$ours / $peer" | bc -l)"

"$cli" publish sample-data/local --out "$work/local" >/dev/null
printf 'index.html of sample-data/local:    %s KiB (target 600 KiB)\n' "$(kib "$work/local/index.html")"
node tests/browser/first-paint.mjs "$work/local/index.html" 5 | sed 's/^/headless chromium, local page:     /'

python3 bench/history-captures.py "$work/h" >/dev/null
ours=$(seconds "$cli" publish "$work/h" --out "$work/hsite")
peer=$(seconds "$cli" history "$work/h" --metric all --format json)
printf 'publish 200 captures of one suite:  %.2f s, index.html %s KiB (targets 10 s, 3 MB)\n' "$ours" "$(kib "$work/hsite/index.html")"
printf 'history --format json (peer):       %.2f s; ratio %.2f\n' "$peer" "$(echo "$ours / $peer" | bc -l)"
echo "load average: $(cut -d' ' -f1 /proc/loadavg)"
