#!/usr/bin/env python3
"""Writes a history with planted truth for bench/change-points.sh: N captures
of one suite (one per revision), P participants x C cases, R runs of a wall
time each, lognormal around the series' level with a coefficient of
variation of 1%, 3% or 5% by case, one run in 20 an outlier x1.5, and STEPS
planted steps of 3-50% (up or down, uniform in size) at random revisions
(at least 15 apart in a series and 10 from either end). --steps 0 gives a
history of pure noise. The truth goes to OUT/truth.json, the captures to
OUT/captures/. Random numbers, not measurements: each capture says so.

Usage: change-points-captures.py OUT [--captures 300 --steps 16 --seed 1 ...]"""
import argparse
import datetime
import gzip
import json
import math
import os
import random

CVS = (0.01, 0.03, 0.05)


def plant(a, rng, series):
    steps = []
    tries = 0
    while len(steps) < a.steps and tries < 100000:
        tries += 1
        s = rng.randrange(series)
        at = rng.randrange(10, a.captures - 10)
        if any(o["series"] == s and abs(o["at"] - at) < 15 for o in steps):
            continue
        size = rng.uniform(0.03, 0.50)
        factor = 1 + size if rng.random() < 0.5 else 1 / (1 + size)
        steps.append({"series": s, "at": at, "factor": factor, "pct": (factor - 1) * 100})
    return steps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--captures", type=int, default=300)
    ap.add_argument("--participants", type=int, default=2)
    ap.add_argument("--cases", type=int, default=12)
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--steps", type=int, default=16)
    ap.add_argument("--outliers", type=float, default=0.05, help="share of runs x1.5")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    keys = [(p, c) for p in range(a.participants) for c in range(a.cases)]
    steps = plant(a, rng, len(keys))
    os.makedirs(os.path.join(a.out, "captures"), exist_ok=True)
    for i in range(a.captures):
        day = datetime.datetime(2020, 1, 1) + datetime.timedelta(hours=6 * i)
        results = []
        for k, (p, c) in enumerate(keys):
            level = 0.01 * (1 + c) * (1 + p)
            for s in steps:
                if s["series"] == k and i >= s["at"]:
                    level *= s["factor"]
            cv = CVS[c % len(CVS)]
            runs = []
            for _ in range(a.repetitions):
                v = level * math.exp(rng.gauss(0, cv))
                if rng.random() < a.outliers:
                    v *= 1.5
                runs.append(v)
            results.append({"participant": f"p{p}", "case": f"c{c}", "status": "ok",
                            "repetitions": [{"metrics": {"wall_time": v}} for v in runs]})
        doc = {
            "format": "benchscope-capture", "format_version": "1.0",
            "suite": {"id": "planted", "title": "Planted change points for bench/change-points.sh (random numbers)"},
            "revision": {"id": f"r{i + 1}", "date": day.isoformat() + "Z"},
            "captured_at": day.isoformat() + "Z",
            "provenance": {"source": "bench/change-points-captures.py",
                           "caveats": ["Synthetic: random numbers with planted steps, for scoring change points."]},
            "metrics": [{"id": "wall_time", "label": "Wall time", "unit": "s", "better": "lower", "primary": True}],
            "cases": [{"id": f"c{c}", "label": f"case {c} (cv {CVS[c % len(CVS)] * 100:.0f}%)"} for c in range(a.cases)],
            "participants": [{"id": f"p{p}", "label": f"participant {p}"} for p in range(a.participants)],
            "results": results,
        }
        with open(os.path.join(a.out, "captures", f"r{i + 1:05d}.json.gz"), "wb") as f:
            f.write(gzip.compress(json.dumps(doc, separators=(",", ":")).encode(), 6))
    truth = {"captures": a.captures, "series": [{"participant": f"p{p}", "case": f"c{c}",
                                                 "cv": CVS[c % len(CVS)]} for p, c in keys],
             "steps": steps}
    with open(os.path.join(a.out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    print(f"{a.out}: {a.captures} captures, {len(keys)} series, {len(steps)} planted steps")


if __name__ == "__main__":
    main()
