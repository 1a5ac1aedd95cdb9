#!/usr/bin/env python3
"""Writes a large synthetic capture for the open-time benchmark (not sample
data: the numbers are random, and the capture says so). Shape: P participants
x C cases x R repetitions, each repetition with a latency histogram of about
B non-empty buckets in the real layout.

Usage: make-large-capture.py OUT.json.gz [--participants 200 --cases 20 --repetitions 5 --buckets 300]"""
import argparse
import gzip
import json
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--participants", type=int, default=200)
    ap.add_argument("--cases", type=int, default=20)
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--buckets", type=int, default=300)
    a = ap.parse_args()
    rng = random.Random(1)
    results = []
    for p in range(a.participants):
        for c in range(a.cases):
            reps = []
            for r in range(a.repetitions):
                # Indices around 0.5-5 ms in ns (HdrHistogram layout, 2048 sub-buckets).
                start = 10 * 1024 + rng.randrange(0, 4096)
                idx = sorted(rng.sample(range(start, start + 3 * a.buckets), a.buckets))
                flat = []
                for i in idx:
                    flat += [i, rng.randrange(1, 5000)]
                rps = rng.lognormvariate(10, 0.3)
                reps.append({"metrics": {"rps": rps, "latency_p50": rng.uniform(0.0005, 0.002),
                                         "latency_p99": rng.uniform(0.002, 0.02), "requests": float(int(rps * 10))},
                             "errors": {"timeout": rng.randrange(0, 3)},
                             "histograms": {"latency": {"unit": "ns", "digits": 3, "buckets": flat}}})
            results.append({"participant": f"p{p}", "case": f"c{c}", "status": "ok", "repetitions": reps})
    doc = {
        "format": "benchscope-capture", "format_version": "1.0",
        "suite": {"id": "synthetic-large", "title": "Synthetic capture for bench/open-capture.sh (random numbers)"},
        "provenance": {"source": "bench/make-large-capture.py", "caveats": ["Synthetic: random numbers for timing the reader."]},
        "metrics": [{"id": "rps", "label": "Requests/s", "unit": "req/s", "better": "higher", "primary": True},
                    {"id": "latency_p50", "label": "p50", "unit": "s", "better": "lower"},
                    {"id": "latency_p99", "label": "p99", "unit": "s", "better": "lower"},
                    {"id": "requests", "label": "Requests", "unit": "count", "better": "higher"}],
        "cases": [{"id": f"c{c}", "label": f"case {c}", "group": f"group {c // 5}"} for c in range(a.cases)],
        "participants": [{"id": f"p{p}", "label": f"participant {p}"} for p in range(a.participants)],
        "results": results,
    }
    text = json.dumps(doc, separators=(",", ":")).encode()
    with open(a.out, "wb") as f:
        f.write(gzip.compress(text, 6))
    print(f"{a.out}: {len(text) / 1e6:.1f} MB uncompressed")


if __name__ == "__main__":
    main()
