#!/usr/bin/env bash
# Times the history of 200 captures x 20 cases x 2 participants (synthetic,
# bench/history-captures.py): `benchscope-cli history DIR --metric all
# --format json` (load every capture, order, find the change points of all
# 80 series, print the JSON) against Python's json.load(gzip.open(f)) over
# the same files (loading only), in the same run. Prints both times (median
# of 3), their ratio and our peak RSS.
# Usage: bench/history.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: cmake --build $build --target benchscope-cli" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/history-captures.py "$work/h"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ours=() py=() rss=()
for i in 1 2 3; do
  # Alternate the order so neither side always runs on a warmer cache.
  if [ $((i % 2)) -eq 1 ]; then order="ours py"; else order="py ours"; fi
  for who in $order; do
    if [ "$who" = ours ]; then
      /usr/bin/time -f "%e %M" -o "$work/t" "$cli" history "$work/h" --metric all --format json > "$work/out.json"
      read -r secs kib < "$work/t"; ours+=("$secs"); rss+=("$kib")
    else
      /usr/bin/time -f "%e %M" -o "$work/t" python3 -c \
        "import glob,gzip,json,sys; [json.load(gzip.open(f)) for f in sorted(glob.glob(sys.argv[1] + '/*.json.gz'))]" "$work/h"
      read -r secs kib < "$work/t"; py+=("$secs")
    fi
  done
done
o=$(printf '%s\n' "${ours[@]}" | median)
p=$(printf '%s\n' "${py[@]}" | median)
r=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)
found=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(s['change_point'] for x in d['series'] for s in x['steps']), 'change points in', len(d['series']), 'series')" "$work/out.json")
echo "benchscope-cli history --metric all --format json: ${o} s (runs: ${ours[*]}; $found)"
echo "python3 json.load(gzip.open(f)) over the files:     ${p} s (runs: ${py[*]})"
echo "peak RSS (benchscope-cli): $((r / 1024)) MiB"
echo "ratio: $(python3 -c "print(f'{$o/$p:.2f}')")"
