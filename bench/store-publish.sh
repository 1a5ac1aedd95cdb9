#!/usr/bin/env bash
# Times the page that grows: `benchscope-cli publish --store` of a store of
# N synthetic captures (bench/history-captures.py: 2 participants x 20
# cases, a 40% step in every third case from the middle on; N=2000 by
# default, CASES=... to change the cases), three ways: cold (a new summary
# index: every capture read from its file), warm (nothing new: every
# capture from the index) and after one more capture is added to the store
# (that one read from its file). Prints the wall and CPU time of each
# (on a loaded machine the wall time is mostly waiting for a core), what
# the command said it read, and the page's size.
# Usage: bench/store-publish.sh [BUILD_DIR]
set -euo pipefail
source "$(dirname "$0")/common.sh"
n=${N:-2000}
python3 bench/history-captures.py "$work/captures" --captures $((n + 1)) --cases "${CASES:-20}" >/dev/null
mapfile -t files < <(ls "$work/captures"/r*.json.gz)
"$cli" store add --store "$work/store" "${files[@]:0:n}" --branch main >/dev/null
export BENCHSCOPE_INDEX="$work/index.sqlite" QT_QPA_PLATFORM=offscreen
publish() { # WHAT: one publish, timed (wall, and CPU: user + system)
  /usr/bin/time -f '%e %U %S' -o "$work/time" \
    "$cli" publish --store "$work/store" --out "$work/site" --repo-url https://example.org/repo >"$work/said" 2>"$work/err"
  read -r wall user sys <"$work/time"
  printf '%-22s %6.1f s wall, %5.1f s CPU   %s\n' "$1" "$wall" "$(echo "$user + $sys" | bc)" \
    "$(grep -o 'read [0-9]* of [0-9]* captures from their files' "$work/said")"
}
echo "publish --store of $n captures (load average $(cut -d' ' -f1 /proc/loadavg), $(nproc) cores):"
publish "cold (new index)"
publish "warm (nothing new)"
"$cli" store add --store "$work/store" "${files[n]}" --branch main >/dev/null
publish "one more capture"
echo "index.html: $(( $(stat -c %s "$work/site/index.html") / 1024 )) KiB; site: $(du -sh "$work/site" | cut -f1)"
