#!/usr/bin/env python3
"""Writes scan-in-word-1.10-layout.json from scan-in-word-1.15.json: the same
runs in the JSON layout of hyperfine 1.6 to 1.10 (src/hyperfine/types.rs at
v1.9.0: command, mean, stddev, median, user, system, min, max, times, then
`parameter`, the value alone, without its name; no exit_codes, which came
in 1.12). Run from this folder."""
import json

FIELDS = ["command", "mean", "stddev", "median", "user", "system", "min", "max", "times"]

with open("scan-in-word-1.15.json") as f:
    new = json.load(f)
old = {"results": []}
for r in new["results"]:
    row = {k: r[k] for k in FIELDS}
    (value,) = r["parameters"].values()
    row["parameter"] = value
    old["results"].append(row)
with open("scan-in-word-1.10-layout.json", "w") as f:
    json.dump(old, f, indent=2)
    f.write("\n")
