#!/usr/bin/env bash
# Times the history of N synthetic captures x 20 cases x 2 participants
# (bench/history-captures.py), for N = 200 and N = 2,000 (N=... to choose):
# `benchscope-cli history DIR --metric all --format json` (load every
# capture, order, find the change points of all 80 series, print the JSON)
# against Python's json.load(gzip.open(f)) over the same files (loading
# only), in the same run, taking turns. Ours runs three ways: cold (a new
# summary index, filled on the way), warm (from the index) and --no-index
# (every file read). Prints for each the median wall and CPU time of 3 runs
# and the peak RSS, the ratios to the peer, the change points found (28 are
# planted: 7 cases x 2 participants x 2 metrics), and checks that the three
# ways print the same bytes. The GUI's figure: `benchscope --history DIR
# --screenshot PNG` (offscreen: start, read through the index, build and
# draw the History page, save the picture), cold (a new index) and warm.
# Usage: bench/history.sh [BUILD_DIR]    (N="200 2000" by default)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: cmake --build $build --target benchscope-cli" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in ${N:-200 2000}; do
python3 bench/history-captures.py "$work/h$n" --captures "$n"
python3 - "$cli" "$work" "$n" "$build/bin/benchscope" <<'PY'
import json, os, statistics, subprocess, sys, time
cli, work, n, gui = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
folder = f"{work}/h{n}"
index = f"{work}/index-{n}.sqlite"
base = [cli, "history", folder, "--metric", "all", "--format", "json"]
peer = [sys.executable, "-c", "import glob,gzip,json,sys; "
        "[json.load(gzip.open(f)) for f in sorted(glob.glob(sys.argv[1] + '/*.json.gz'))]", folder]

def run(argv, out, fresh=False):
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(index + suffix):
                os.remove(index + suffix)
    env = dict(os.environ, BENCHSCOPE_INDEX=index, QT_QPA_PLATFORM="offscreen")
    start = time.monotonic()
    with open(out, "wb") as f, open(out + ".err", "wb") as err:
        p = subprocess.Popen(argv, stdout=f, stderr=err, env=env)
        _, status, usage = os.wait4(p.pid, 0)
    if status:
        sys.exit(f"{argv[0]} failed: {status}")
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss

ways = {"cold": (base, True), "warm": (base, False), "no-index": (base + ["--no-index"], False),
        "peer": (peer, False)}
shot = f"{work}/shot-{n}.png"
if os.access(gui, os.X_OK):
    # gui-cold starts from a new index as cold does; gui-warm reads what it left.
    ways["gui-cold"] = ([gui, "--history", folder, "--screenshot", shot], True)
    ways["gui-warm"] = ([gui, "--history", folder, "--screenshot", shot], False)
times = {w: [] for w in ways}
order = list(ways)
for i in range(3):
    # Alternate the order so no side always runs on a warmer page cache;
    # cold always runs just before warm, which reads the index it left.
    turn = order if i % 2 == 0 else ["peer", "no-index", "cold", "warm"] + order[4:]
    for who in turn:
        argv, fresh = ways[who]
        times[who].append(run(argv, f"{work}/{who}.out", fresh))
med = {w: [statistics.median(t[k] for t in runs) for k in range(2)] + [max(t[2] for t in runs)]
       for w, runs in times.items()}
outs = {w: open(f"{work}/{w}.out", "rb").read() for w in ("cold", "warm", "no-index")}
same = outs["cold"] == outs["warm"] == outs["no-index"]
doc = json.loads(outs["warm"])
found = sum(s["change_point"] for x in doc["series"] for s in x["steps"])
mb = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder)) / 1e6
print(f"== N = {n} captures ({mb:.1f} MB gzip on disk; {len(outs['warm']) / 1e6:.0f} MB of JSON out,"
      f" {found} change points in {len(doc['series'])} series)")
print(f"{'':34} {'wall':>8} {'CPU':>8} {'peak RSS':>9} {'wall/peer':>9} {'CPU/peer':>8}")
for w, label in (("cold", "history, cold (fills the index)"), ("warm", "history, warm (from the index)"),
                 ("no-index", "history --no-index"), ("peer", "python3 json.load(gzip.open(f))"),
                 ("gui-cold", "GUI History page, cold"), ("gui-warm", "GUI History page, warm")):
    if w not in med:
        continue
    wall, cpu, rss = med[w]
    print(f"{label:34} {wall:7.2f}s {cpu:7.2f}s {rss // 1024:6d} MiB {wall / med['peer'][0]:9.2f} {cpu / med['peer'][1]:8.2f}")
print(f"index: {os.path.getsize(index) / 1e6:.1f} MB; cold, warm and --no-index print the same bytes: {'yes' if same else 'NO'}")
print(f"load average: {os.getloadavg()[0]:.1f}")
if not same:
    sys.exit("the three ways differ")
PY
done
