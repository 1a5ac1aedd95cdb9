#!/usr/bin/env bash
# Times opening a large capture with `benchscope-cli inspect --format json`
# against Python's json.load(gzip.open(f)) on the same file, in the same run,
# and prints both times (median of 3), their ratio and our peak RSS against
# the uncompressed size. Goals: ratio <= 1.0, peak RSS < 3x uncompressed.
# Usage: bench/open-capture.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
f="$work/large.json.gz"
python3 bench/make-large-capture.py "$f"
size=$(python3 -c "import gzip,sys; print(len(gzip.open(sys.argv[1]).read()))" "$f")

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ours=() py=() rss=()
for i in 1 2 3; do
  # Alternate the order so neither side always runs on a warmer cache.
  if [ $((i % 2)) -eq 1 ]; then order="ours py"; else order="py ours"; fi
  for who in $order; do
    if [ "$who" = ours ]; then
      /usr/bin/time -f "%e %M" -o "$work/t" "$cli" inspect --format json "$f" > /dev/null
      read -r secs kib < "$work/t"; ours+=("$secs"); rss+=("$kib")
    else
      /usr/bin/time -f "%e %M" -o "$work/t" python3 -c "import gzip,json,sys; json.load(gzip.open(sys.argv[1]))" "$f"
      read -r secs kib < "$work/t"; py+=("$secs")
    fi
  done
done
o=$(printf '%s\n' "${ours[@]}" | median)
p=$(printf '%s\n' "${py[@]}" | median)
r=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)
echo "uncompressed size: $((size / 1048576)) MiB"
echo "benchscope-cli inspect --format json: ${o} s (runs: ${ours[*]})"
echo "python3 json.load(gzip.open(f)):      ${p} s (runs: ${py[*]})"
echo "peak RSS (benchscope-cli): $((r / 1024)) MiB = $(python3 -c "print(f'{$r*1024/$size:.2f}')")x uncompressed"
echo "ratio: $(python3 -c "print(f'{$o/$p:.2f}')")"
