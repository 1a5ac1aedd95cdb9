#!/usr/bin/env bash
# Times opening a large capture (bench/make-large-capture.py: 66 MiB of JSON,
# gzip) with `benchscope-cli inspect --format json` against Python's
# json.load(gzip.open(f)) on the same file, in the same run, alternating the
# order, and prints both times (median of 5, wall and CPU), their ratio, our
# peak RSS against the uncompressed size, and the GUI's time to load and draw
# it (`benchscope --screenshot`, offscreen, to the saved picture).
# Goals (issue 29): ratio <= 0.3, peak RSS <= 1.5x uncompressed, GUI <= 1.5 s.
# Usage: bench/open-capture.sh [BUILD_DIR]
set -euo pipefail
. "$(dirname "$0")/common.sh"
gui="$build/bin/benchscope"
f="$work/large.json.gz"
python3 bench/make-large-capture.py "$f"
size=$(python3 -c "import gzip,sys; print(len(gzip.open(sys.argv[1]).read()))" "$f")

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1])/float(sys.argv[2]):.2f}')" "$1" "$2"; }
# Runs a command under /usr/bin/time: wall seconds, CPU seconds (user + system), peak KiB.
timed() {
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" > /dev/null
  read -r secs user sys kib < "$work/t"
  echo "$secs $(python3 -c "print(f'{$user+$sys:.2f}')") $kib"
}
ours=() ourcpu=() py=() pycpu=() rss=() guis=() guicpu=()
runs=5
for i in $(seq 1 $runs); do
  # Alternate the order so neither side always runs on a warmer cache.
  if [ $((i % 2)) -eq 1 ]; then order="ours py"; else order="py ours"; fi
  for who in $order; do
    if [ "$who" = ours ]; then
      read -r secs cpu kib < <(timed "$cli" inspect --format json "$f")
      ours+=("$secs"); ourcpu+=("$cpu"); rss+=("$kib")
    else
      read -r secs cpu kib < <(timed python3 -c "import gzip,json,sys; json.load(gzip.open(sys.argv[1]))" "$f")
      py+=("$secs"); pycpu+=("$cpu")
    fi
  done
  if [ -x "$gui" ]; then
    read -r secs cpu kib < <(QT_QPA_PLATFORM=offscreen timed "$gui" --screenshot "$work/shot.png" "$f")
    [ -s "$work/shot.png" ] || { echo "the GUI saved no picture" >&2; exit 1; }
    guis+=("$secs"); guicpu+=("$cpu")
  fi
done
o=$(printf '%s\n' "${ours[@]}" | median)
oc=$(printf '%s\n' "${ourcpu[@]}" | median)
p=$(printf '%s\n' "${py[@]}" | median)
pc=$(printf '%s\n' "${pycpu[@]}" | median)
r=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)
echo "uncompressed size: $((size / 1048576)) MiB"
echo "benchscope-cli inspect --format json: ${o} s wall, ${oc} s CPU (wall runs: ${ours[*]})"
echo "python3 json.load(gzip.open(f)):      ${p} s wall, ${pc} s CPU (wall runs: ${py[*]})"
echo "ratio: $(ratio "$o" "$p") wall, $(ratio "$oc" "$pc") CPU (goal <= 0.3)"
echo "peak RSS (benchscope-cli): $((r / 1024)) MiB = $(ratio "$((r * 1024))" "$size")x uncompressed (goal <= 1.5)"
if [ ${#guis[@]} -gt 0 ]; then
  echo "GUI loads and draws it (benchscope --screenshot, start to saved picture): $(printf '%s\n' "${guis[@]}" | median) s wall, $(printf '%s\n' "${guicpu[@]}" | median) s CPU (wall runs: ${guis[*]}; goal <= 1.5)"
fi
