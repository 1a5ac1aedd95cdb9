#!/usr/bin/env bash
# Scores the history's change points against planted truth
# (bench/change-points-captures.py): 24 series (2 participants x 12 cases),
# 5 runs a revision, lognormal noise of CV 1%, 3% and 5% by case, one run
# in 20 an outlier x1.5, planted steps of 3-50% at random revisions; for
# N = 300 (16 steps) and N = 2,000 (40 steps), and a history of pure noise
# at N = 2,000. Runs `benchscope-cli history DIR --format json` (warm: the
# second run, reading the summary index the first filled) and prints, per
# history, the change points found, precision (found within +-1 revision
# of a planted step of that series), recall overall and for steps >= 8%,
# the false change points, and the time.
# Usage: bench/change-points.sh [BUILD_DIR]     (SEEDS="1 2 3" for more)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cli="$build/bin/benchscope-cli"
[ -x "$cli" ] || { echo "build first: cmake --build $build --target benchscope-cli" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for seed in ${SEEDS:-1}; do
  python3 bench/change-points-captures.py "$work/mixed-300-$seed" --captures 300 --steps 16 --seed "$seed" >/dev/null
  python3 bench/change-points-captures.py "$work/mixed-2000-$seed" --captures 2000 --steps 40 --seed "$seed" >/dev/null
  python3 bench/change-points-captures.py "$work/noise-2000-$seed" --captures 2000 --steps 0 --seed "$seed" >/dev/null
done
python3 - "$cli" "$work" "${SEEDS:-1}" <<'PY'
import json, os, subprocess, sys, time
cli, work, seeds = sys.argv[1], sys.argv[2], sys.argv[3].split()
env = dict(os.environ, BENCHSCOPE_INDEX=f"{work}/index.sqlite")
total = {"found": 0, "right": 0, "planted": 0, "hit": 0, "big": 0, "bighit": 0, "noise": 0}
print(f"{'history':18} {'found':>5} {'right':>5} {'precision':>9} {'recall':>7} {'recall>=8%':>10} {'false':>5} {'time':>7}")
for seed in seeds:
    for name in ("mixed-300", "mixed-2000", "noise-2000"):
        folder = f"{work}/{name}-{seed}"
        truth = json.load(open(f"{folder}/truth.json"))
        argv = [cli, "history", f"{folder}/captures", "--format", "json"]
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)  # fills the index
        start = time.monotonic()
        out = subprocess.run(argv, env=env, check=True, stdout=subprocess.PIPE).stdout
        seconds = time.monotonic() - start
        doc = json.loads(out)
        keys = [(s["participant"], s["case"]) for s in truth["series"]]
        found = []
        for s in doc["series"]:
            k = keys.index((s["participant"], s["case"]))
            found += [(k, st["to"]) for st in s["steps"] if st["change_point"]]
        planted = truth["steps"]
        near = lambda f, p: f[0] == p["series"] and abs(f[1] - p["at"]) <= 1
        right = sum(any(near(f, p) for p in planted) for f in found)
        hit = sum(any(near(f, p) for f in found) for p in planted)
        big = [p for p in planted if max(p["factor"], 1 / p["factor"]) >= 1.08]  # a step of 8% up, or its inverse
        bighit = sum(any(near(f, p) for f in found) for p in big)
        false = len(found) - right
        precision = right / len(found) if found else 1.0
        recall = hit / len(planted) if planted else float("nan")
        recall8 = bighit / len(big) if big else float("nan")
        print(f"{name + ' #' + seed:18} {len(found):5d} {right:5d} {precision:9.3f} {recall:7.3f} {recall8:10.3f} "
              f"{false:5d} {seconds:6.2f}s")
        if name.startswith("noise"):
            total["noise"] += len(found)
        else:
            for k, v in (("found", len(found)), ("right", right), ("planted", len(planted)), ("hit", hit),
                         ("big", len(big)), ("bighit", bighit)):
                total[k] += v
t = total
print(f"overall (mixed histories): precision {t['right'] / max(t['found'], 1):.3f}, recall {t['hit'] / t['planted']:.3f}, "
      f"recall for steps >= 8% {t['bighit'] / t['big']:.3f} ({t['bighit']} of {t['big']}); "
      f"change points on pure noise: {t['noise']}")
PY
