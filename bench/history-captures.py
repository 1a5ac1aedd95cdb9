#!/usr/bin/env python3
"""Writes N synthetic captures of one suite, one per revision, for the
history benchmark (not sample data: the numbers are random, and each capture
says so). Shape: P participants x C cases x R repetitions of a wall time and
a throughput, with a 40% step in every third case from revision N/2 on, so
change points are found and the merging has work to do.

Usage: history-captures.py OUT_DIR [--captures 200 --participants 2 --cases 20 --repetitions 5]"""
import argparse
import datetime
import gzip
import json
import os
import random


def capture(a, rng, index):
    day = datetime.date(2026, 1, 1) + datetime.timedelta(days=index)
    results = []
    for p in range(a.participants):
        for c in range(a.cases):
            slow = 1.4 if c % 3 == 0 and index >= a.captures // 2 else 1.0
            wall = [rng.lognormvariate(-3, 0.05) * slow * (1 + p) for _ in range(a.repetitions)]
            results.append({"participant": f"p{p}", "case": f"c{c}", "status": "ok",
                            "repetitions": [{"metrics": {"wall_time": w, "throughput": 1e6 / w}} for w in wall]})
    return {
        "format": "benchscope-capture", "format_version": "1.0",
        "suite": {"id": "synthetic-history", "title": "Synthetic history for bench/history.sh (random numbers)"},
        "revision": {"id": f"r{index + 1}", "label": f"revision {index + 1}", "date": day.isoformat()},
        "captured_at": f"{day.isoformat()}T12:00:00Z",
        "provenance": {"source": "bench/history-captures.py", "caveats": ["Synthetic: random numbers for timing the history."]},
        "metrics": [{"id": "wall_time", "label": "Wall time", "unit": "s", "better": "lower", "primary": True},
                    {"id": "throughput", "label": "Throughput", "unit": "B/s", "better": "higher"}],
        "cases": [{"id": f"c{c}", "label": f"case {c}", "group": f"group {c // 5}"} for c in range(a.cases)],
        "participants": [{"id": f"p{p}", "label": f"participant {p}"} for p in range(a.participants)],
        "results": results,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--captures", type=int, default=200)
    ap.add_argument("--participants", type=int, default=2)
    ap.add_argument("--cases", type=int, default=20)
    ap.add_argument("--repetitions", type=int, default=5)
    a = ap.parse_args()
    rng = random.Random(1)
    os.makedirs(a.out, exist_ok=True)
    total = 0
    for i in range(a.captures):
        text = json.dumps(capture(a, rng, i), separators=(",", ":")).encode()
        total += len(text)
        with open(os.path.join(a.out, f"r{i + 1:04d}.json.gz"), "wb") as f:
            f.write(gzip.compress(text, 6))
    print(f"{a.out}: {a.captures} captures, {total / 1e6:.1f} MB uncompressed")


if __name__ == "__main__":
    main()
