#!/usr/bin/env python3
"""Rewrites the measured criterion 0.3.6 tree of ../criterion-folder/target
into the layout criterion.rs 0.1 to 0.3.2 wrote (checked against its source
at tag 0.3.2, src/analysis/mod.rs and src/estimate.rs), keeping every number:

  sample.json     the tuple (iters, times): [[iters...], [times...]]
                  (0.3.3 and later: {"sampling_mode", "iters", "times"})
  estimates.json  BTreeMap<Statistic, Estimate>, keys Mean, Median,
                  MedianAbsDev, Slope, StdDev in that order
                  (later: fields mean, median, median_abs_dev, slope, std_dev)
  benchmark.json  unchanged (BenchmarkId has the same fields in 0.3.2)

Only the new/ folders are written; tukey.json is copied.
Usage: python3 make-old-layout.py   (from this folder)
"""
import json
import os
import shutil

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.join(here, "..", "criterion-folder", "target", "criterion")
target = os.path.join(here, "target", "criterion")
names = [("Mean", "mean"), ("Median", "median"), ("MedianAbsDev", "median_abs_dev"),
         ("Slope", "slope"), ("StdDev", "std_dev")]

shutil.rmtree(os.path.join(here, "target"), ignore_errors=True)
for folder, dirs, files in os.walk(source):
    if os.path.basename(folder) != "new":
        continue
    out = os.path.join(target, os.path.relpath(folder, source))
    os.makedirs(out)
    shutil.copy(os.path.join(folder, "benchmark.json"), out)
    shutil.copy(os.path.join(folder, "tukey.json"), out)
    with open(os.path.join(folder, "sample.json")) as f:
        sample = json.load(f)
    with open(os.path.join(out, "sample.json"), "w") as f:
        json.dump([sample["iters"], sample["times"]], f, separators=(",", ":"))
    with open(os.path.join(folder, "estimates.json")) as f:
        estimates = json.load(f)
    old = {name: estimates[key] for name, key in names if estimates.get(key) is not None}
    with open(os.path.join(out, "estimates.json"), "w") as f:
        json.dump(old, f, separators=(",", ":"))
