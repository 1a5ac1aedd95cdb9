#!/usr/bin/env bash
# Work and memory against input size (issue 26): for each loader and printer
# that once grew faster than its input, times `benchscope-cli inspect` on
# made-up inputs of n = 10k, 100k and 1M elements and prints the CPU time
# per element (user + system, which a busy machine does not inflate as it
# does wall time), its ratio to the smallest n's (flat: about 1; a
# quadratic step would give 10 and 100), and the peak memory (/usr/bin/time
# -v) as MiB and as a multiple of the decoded input, against the multiples
# docs/limits.md states. The inputs are synthetic shapes, not measurements.
#
#   go-names    go test output, n benchmark names of one run each (a package)
#   go-units    go test output, one benchmark line of n value-unit pairs
#   gbench      Google Benchmark JSON, n iteration rows of distinct names
#   capture     a Benchscope capture of n results (100 participants x n/100 cases)
#   capture-json  the same capture printed with --format json
#
# Inputs past the default import and document limits are read with those
# limits raised (BENCHSCOPE_MAX_IMPORT_MB, BENCHSCOPE_MAX_DOCUMENT_MB), as a
# user would for a rare large file.
# Usage: bench/scale.sh [BUILD_DIR]   (SCALE_NS="10000 100000" for fewer sizes)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: scripts/build.sh" >&2; exit 1; }
ns="${SCALE_NS:-10000 100000 1000000}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export BENCHSCOPE_MAX_IMPORT_MB=2048 BENCHSCOPE_MAX_DOCUMENT_MB=8192 BENCHSCOPE_MAX_CAPTURE_MB=2048

make_input() { # KIND N FILE
  python3 - "$@" <<'PY'
import json, sys
kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(out, "w") as f:
    if kind == "go-names":
        f.write("goos: linux\ngoarch: amd64\npkg: example.com/scale\n")
        for i in range(n):
            f.write(f"BenchmarkName{i}-8 \t 1000 \t {1000 + i % 997} ns/op\n")
        f.write("PASS\nok  \texample.com/scale\t1.0s\n")
    elif kind == "go-units":
        f.write("goos: linux\npkg: example.com/scale\nBenchmarkWide-8 1 100 ns/op")
        for i in range(n):
            f.write(f" {i % 997 + 1} u{i}/op")
        f.write("\nPASS\n")
    elif kind == "gbench":
        rows = [{"name": f"BM_Name/{i}", "run_name": f"BM_Name/{i}", "run_type": "iteration",
                 "repetitions": 1, "repetition_index": 0, "threads": 1, "iterations": 1000,
                 "real_time": 100.0 + i % 997, "cpu_time": 99.0 + i % 997, "time_unit": "ns"} for i in range(n)]
        json.dump({"context": {"date": "2026-01-01T00:00:00+00:00", "executable": "./scale",
                               "library_version": "v1.9.0"}, "benchmarks": rows}, f)
    else:  # capture
        parts, cases = 100, max(1, n // 100)
        doc = {"format": "benchscope-capture", "format_version": "1.0",
               "suite": {"id": "scale", "title": "bench/scale.sh (synthetic)"},
               "metrics": [{"id": "time", "label": "Time", "unit": "s", "better": "lower", "primary": True}],
               "participants": [{"id": f"p{p}"} for p in range(parts)],
               "cases": [{"id": f"c{c}"} for c in range(cases)],
               "results": [{"participant": f"p{p}", "case": f"c{c}", "status": "ok",
                            "repetitions": [{"metrics": {"time": 1e-3 * (1 + (p * cases + c) % 97)}}]}
                           for c in range(cases) for p in range(parts)]}
        json.dump(doc, f)
PY
}

# Runs KIND on N elements: sets cpu (s), kib (peak) and bytes (input).
measure() {
  local kind=$1 n=$2 base=${1%-json} file
  file="$work/$base-$n.txt"
  [ "$base" = capture ] && file="$work/$base-$n.json"
  [ -f "$file" ] || make_input "$base" "$n" "$file"
  local args=(inspect "$file")
  [ "$kind" = capture-json ] && args+=(--format json)
  /usr/bin/time -v -o "$work/t" "$cli" "${args[@]}" > /dev/null 2> "$work/err" \
    || { echo "$kind n=$n failed: $(head -c 300 "$work/err")" >&2; exit 1; }
  cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {print s}' "$work/t")
  kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/t")
  bytes=$(stat -c %s "$file")
}

echo "cpu_us/elem: (CPU of n elements - CPU of 100) / n; ratio: to the first n's"
printf '%-13s %8s %10s %12s %10s %10s %9s\n' input n input_MiB cpu_us/elem ratio peak_MiB x_input
for kind in go-names go-units gbench capture capture-json; do
  first=""
  measure "$kind" 100
  start=$cpu
  for n in $ns; do
    measure "$kind" "$n"
    per=$(awk -v c="$cpu" -v s="$start" -v n="$n" 'BEGIN {d = c - s; printf "%.3f", (d > 0 ? d : 0) * 1e6 / n}')
    [ -n "$first" ] || first=$per
    ratio=$(awk -v p="$per" -v f="$first" 'BEGIN {printf "%.2f", (f > 0 ? p / f : 0)}')
    printf '%-13s %8d %10.1f %12s %10s %10d %9.1f\n' "$kind" "$n" "$(awk -v b="$bytes" 'BEGIN {print b / 1048576}')" \
      "$per" "$ratio" $((kib / 1024)) "$(awk -v k="$kib" -v b="$bytes" 'BEGIN {print k * 1024 / b}')"
  done
done
