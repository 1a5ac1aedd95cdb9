#!/usr/bin/env bash
# Times the history of 200 captures x 20 cases x 2 participants (synthetic,
# bench/history-captures.py): `benchscope-cli history DIR --metric all
# --format json` (load every capture, order, find the change points of all
# 80 series, print the JSON) against Python's json.load(gzip.open(f)) over
# the same files (loading only), in the same run, taking turns. Prints the
# median wall and CPU time of 3 runs of each, their ratios, our peak RSS and
# the change points found (28 are planted: 7 cases x 2 participants x 2
# metrics).
# Usage: bench/history.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: cmake --build $build --target benchscope-cli" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/history-captures.py "$work/h"
python3 - "$cli" "$work" <<'PY'
import json, os, statistics, subprocess, sys, time
cli, work = sys.argv[1], sys.argv[2]
ours = [cli, "history", work + "/h", "--metric", "all", "--format", "json"]
peer = [sys.executable, "-c", "import glob,gzip,json,sys; "
        "[json.load(gzip.open(f)) for f in sorted(glob.glob(sys.argv[1] + '/*.json.gz'))]", work + "/h"]

def run(argv, out):
    start = time.monotonic()
    with open(out, "wb") as f:
        p = subprocess.Popen(argv, stdout=f)
        _, status, usage = os.wait4(p.pid, 0)
    if status:
        sys.exit(f"{argv[0]} failed: {status}")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss

times = {"ours": [], "peer": []}
for i in range(3):
    # Alternate the order so neither side always runs on a warmer cache.
    for who in (("ours", "peer") if i % 2 == 0 else ("peer", "ours")):
        times[who].append(run(ours if who == "ours" else peer, work + "/" + who + ".out"))
med = {who: [statistics.median(t[k] for t in runs) for k in range(3)] for who, runs in times.items()}
doc = json.load(open(work + "/ours.out"))
found = sum(s["change_point"] for x in doc["series"] for s in x["steps"])
print(f"benchscope-cli history --metric all --format json: {med['ours'][0]:.2f} s wall, {med['ours'][1]:.2f} s CPU"
      f" ({found} change points in {len(doc['series'])} series)")
print(f"python3 json.load(gzip.open(f)) over the files:     {med['peer'][0]:.2f} s wall, {med['peer'][1]:.2f} s CPU")
print(f"peak RSS (benchscope-cli): {max(t[2] for t in times['ours']) // 1024} MiB")
print(f"load average: {os.getloadavg()[0]:.1f}")
print(f"ratio (wall): {med['ours'][0] / med['peer'][0]:.2f}, ratio (CPU): {med['ours'][1] / med['peer'][1]:.2f}")
PY
