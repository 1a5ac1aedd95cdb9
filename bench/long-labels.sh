#!/usr/bin/env bash
# The cost of a long label where it is drawn (issue 41): captures made from
# tests/data/capture/valid.json (five repetitions a result) with one label
# of 10^3, 10^4, 10^5 and 10^6 characters (a 1 MiB label) as the metric's, a
# participant's or the suite's name, each through `publish`, `export
# --chart` (every capture chart), `report` and the window (`benchscope
# --screenshot`: the capture page laid out and drawn, offscreen), timed with its peak memory
# (/usr/bin/time -v) beside the same command on the plain capture. Every
# drawn string is cut before layout (ChartText); the goal is within 2x the
# plain capture's time and memory. Times are wall times: run it on an idle
# machine. The page and the report keep the whole name in their tables, so
# a 1 MiB name costs them a few copies of it (a metric's name the most in
# `report`, whose CSV headers repeat it per column: docs/limits.md). The window shows every name cut
# (ShortText) and keeps the whole one in its tool tips and copies.
# Usage: bench/long-labels.sh [BUILD_DIR]
set -euo pipefail
. "$(dirname "$0")/common.sh"
export QT_QPA_PLATFORM=offscreen

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
source = json.load(open("tests/data/capture/valid.json"))
for result in source["results"]:  # five repetitions each: a box plot's least
    reps = result.get("repetitions") or []
    while reps and len(reps) < 5:
        reps.append(reps[0])
json.dump(source, open(f"{work}/plain.json", "w"))
for where in ("metric", "participant", "suite"):
    for exp in range(3, 7):
        n = 10 ** exp
        label = ("Label%d " % n * n)[:n]  # words, so the wrapping code runs too
        capture = json.loads(json.dumps(source))
        {"metric": capture["metrics"][0], "participant": capture["participants"][0],
         "suite": capture["suite"]}[where]["label" if where != "suite" else "title"] = label
        json.dump(capture, open(f"{work}/{where}-1e{exp}.json", "w"))
PY

# measure NAME ARGS...: sets $secs (wall) and $mib (peak RSS) of one run; a
# run past 300 s is stopped and counted as failed.
measure() {
  set +e
  /usr/bin/time -v -o "$work/t" timeout 300 "$@" > /dev/null 2> "$work/err"
  code=$?
  set -e
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$work/t")
  mib=$(( $(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/t") / 1024 ))
}

# run FILE COMMAND: the command on FILE, its output in a fresh place.
run() {
  local file=$1 command=$2 out="$work/out"
  rm -rf "$out"
  case $command in
    publish) measure "$cli" publish "$file" --out "$out" ;;
    report) measure "$cli" report "$file" --out "$out" ;;
    gui) measure "$build/bin/benchscope" --screenshot "$out.png" "$file" ;;
    *) measure "$cli" export "$file" --chart "${command#chart-}" --out "$out.svg" ;;
  esac
}

commands=(publish report chart-range chart-box chart-bars chart-latency gui)
declare -A plain_secs plain_mib
for c in "${commands[@]}"; do
  run "$work/plain.json" "$c"
  [ "$code" -eq 0 ] || { echo "plain capture: $c failed: $(head -c 300 "$work/err")" >&2; exit 1; }
  plain_secs[$c]=$secs
  plain_mib[$c]=$mib
  printf '%-12s %-8s %-14s %7s s %6s MiB\n' plain - "$c" "$secs" "$mib"
done

fail=0
printf '%-12s %-8s %-14s %9s %10s %7s %7s\n' label length command wall_s peak_MiB x_time x_mem
for where in metric participant suite; do
  for exp in 3 4 5 6; do
    for c in "${commands[@]}"; do
      run "$work/$where-1e$exp.json" "$c"
      # Times under 0.5 s are start-up: compared from 0.5 s up.
      xt=$(echo "$secs ${plain_secs[$c]}" | awk '{a=$1<0.5?0.5:$1; b=$2<0.5?0.5:$2; printf "%.2f", a/b}')
      xm=$(echo "$mib ${plain_mib[$c]}" | awk '{printf "%.2f", $1/$2}')
      status=""
      if [ "$code" -ne 0 ]; then status="  FAILED ($code)"; fail=1; fi
      if awk "BEGIN {exit !($xt > 2 || $xm > 2)}"; then status="$status  over 2x"; fail=1; fi
      printf '%-12s %-8s %-14s %9s %10s %7s %7s%s\n' "$where" "1e$exp" "$c" "$secs" "$mib" "$xt" "$xm" "$status"
    done
  done
done
echo "load average: $(cut -d' ' -f1 /proc/loadavg)"
[ "$fail" -eq 0 ] && echo "every long label within 2x the plain capture's time and memory" \
  || { echo "a long label cost more than 2x the plain capture (or failed)" >&2; exit 1; }
