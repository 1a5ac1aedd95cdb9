#!/usr/bin/env python3
"""Writes the capture-reader test inputs in this folder: one valid capture
(plain, gzip, and split into summary + raw file) and one file per kind of
bad input. Run from anywhere; the files are committed."""
import copy
import gzip
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

VALID = {
    "format": "benchscope-capture",
    "format_version": "1.0",
    "suite": {"id": "tiny", "title": "Tiny test suite"},
    "revision": {"id": "abc123", "label": "test", "date": "2026-11-29"},
    "provenance": {"source": "tests/data/capture/make-inputs.py",
                   "conditions": {"mode": "saturation", "connections": 8, "latency_corrected": False}},
    "metrics": [{"id": "rps", "label": "Requests/s", "unit": "req/s", "better": "higher", "primary": True},
                {"id": "p99", "label": "p99", "unit": "s", "better": "lower"}],
    "cases": [{"id": "hello", "label": "GET /hello", "group": "HTTP"},
              {"id": "db", "label": "GET /db", "group": "DB"}],
    "participants": [{"id": "a", "label": "Alpha"}, {"id": "b", "label": "Beta", "baseline": True}],
    "results": [
        {"participant": "a", "case": "hello", "status": "ok",
         "repetitions": [{"metrics": {"rps": 100, "p99": 0.003}},
                         {"metrics": {"rps": 120, "p99": 0.002},
                          "histograms": {"latency": {"unit": "ns", "digits": 3, "buckets": [1024, 3, 2000, 1]}}},
                         {"metrics": {"rps": 110, "p99": 0.001}, "errors": {"timeout": 2}}]},
        {"participant": "b", "case": "hello", "status": "ok",
         "repetitions": [{"metrics": {"rps": 90, "p99": 0.004}}]},
        {"participant": "a", "case": "db", "status": "unsupported", "reason": "no database driver"},
        {"participant": "b", "case": "db", "status": "contract-failed", "reason": "wrong body"},
    ],
    "contracts": [{"participant": "b", "case": "db", "what": "body", "passed": False,
                   "expected": "{\"id\":1}", "actual": "{}"}],
}


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def js(doc):
    return json.dumps(doc, indent=1).encode()


def bad(name, mutate):
    doc = copy.deepcopy(VALID)
    mutate(doc)
    write(name, js(doc))


def main():
    write("valid.json", js(VALID))
    write("valid.json.gz", gzip.compress(js(VALID), mtime=0))

    # Summary + raw file, and the same summary pointing at a changed raw file.
    raw = {"format": "benchscope-raw", "format_version": "1.0",
           "results": [{"participant": r["participant"], "case": r["case"], "repetitions": r["repetitions"]}
                       for r in VALID["results"] if r.get("repetitions")]}
    raw_bytes = gzip.compress(js(raw), mtime=0)
    write("split.raw.json.gz", raw_bytes)
    summary = copy.deepcopy(VALID)
    for r in summary["results"]:
        r.pop("repetitions", None)
    summary["raw"] = {"path": "split.raw.json.gz", "sha256": hashlib.sha256(raw_bytes).hexdigest()}
    write("split.json", js(summary))
    wrong_hash = copy.deepcopy(summary)
    wrong_hash["raw"]["sha256"] = "0" * 64
    write("bad-raw-sha256.json", js(wrong_hash))
    missing_raw = copy.deepcopy(summary)
    missing_raw["raw"]["path"] = "no-such.raw.json.gz"
    # Without its raw file the summary is read alone: its stored summaries are shown.
    missing_raw["results"][0]["summary"] = {"rps": {"value": 110, "median": 110, "min": 100, "max": 120, "n": 3}}
    write("bad-raw-missing.json", js(missing_raw))

    # A stored summary that disagrees with the repetitions: loads, with a warning.
    disagree = copy.deepcopy(VALID)
    disagree["results"][0]["summary"] = {"rps": {"value": 999, "median": 999, "min": 100, "max": 120, "n": 3}}
    write("summary-disagrees.json", js(disagree))

    # Format 1.1: a figure measured once per result, and a result flagged for failures.
    once = copy.deepcopy(VALID)
    once["format_version"] = "1.1"
    once["metrics"].append({"id": "startup", "label": "Start-up", "unit": "s", "better": "lower",
                            "scope": "participant"})
    once["results"][0]["once"] = {"startup": 0.25}
    once["results"][1]["flags"] = ["failures"]
    once["results"][1]["reason"] = "3 of 100 requests failed (3× status_5xx)"
    write("once.json", js(once))
    bad_once = copy.deepcopy(once)
    bad_once["results"][0]["repetitions"][0]["metrics"]["startup"] = 0.25
    write("bad-once-in-repetition.json", js(bad_once))
    twice = copy.deepcopy(VALID)
    twice["results"][0]["once"] = {"p99": 0.002}
    write("bad-once-and-repetitions.json", js(twice))
    bad("bad-scope.json", lambda d: d["metrics"][1].update(scope="run"))

    gz = gzip.compress(js(VALID), mtime=0)
    write("bad-truncated.json.gz", gz[: len(gz) // 2])
    write("bad-not-json.txt", b"Running 10s test @ http://127.0.0.1:8080/\n  2 threads and 10 connections\n")
    write("bad-syntax.json", js(VALID)[:200] + b"}}")
    write("bad-empty.json", b"")
    bad("bad-version.json", lambda d: d.update(format_version="2.0"))
    bad("bad-wrong-type.json", lambda d: d["results"][0]["repetitions"][1]["metrics"].update(rps="120"))
    bad("bad-missing-field.json", lambda d: d.pop("metrics"))
    bad("bad-missing-suite-id.json", lambda d: d["suite"].pop("id"))
    bad("bad-duplicate-participant.json", lambda d: d["participants"].append({"id": "a"}))
    bad("bad-duplicate-case.json", lambda d: d["cases"].append({"id": "db"}))
    bad("bad-duplicate-result.json", lambda d: d["results"].append(copy.deepcopy(d["results"][1])))
    bad("bad-unknown-participant.json", lambda d: d["results"][1].update(participant="gamma"))
    bad("bad-unknown-case.json", lambda d: d["results"][1].update(case="nope"))
    bad("bad-unknown-metric.json", lambda d: d["results"][1]["repetitions"][0]["metrics"].update(latency=1))
    bad("bad-negative-count.json", lambda d: d["results"][0]["repetitions"][2]["errors"].update(timeout=-1))
    bad("bad-negative-metric.json", lambda d: d["results"][1]["repetitions"][0]["metrics"].update(rps=-5))
    bad("bad-nan-string.json", lambda d: d["results"][1]["repetitions"][0]["metrics"].update(rps="NaN"))
    bad("bad-status.json", lambda d: d["results"][1].update(status="great"))
    bad("bad-ok-without-repetitions.json", lambda d: d["results"][1].update(repetitions=[]))
    bad("bad-histogram.json", lambda d: d["results"][0]["repetitions"][1]["histograms"]["latency"].update(buckets=[1024, -3]))
    bad("bad-two-primaries.json", lambda d: d["metrics"][1].update(primary=True))
    bad("bad-direction.json", lambda d: d["metrics"][1].update(better="smaller"))


if __name__ == "__main__":
    main()
