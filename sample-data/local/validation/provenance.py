#!/usr/bin/env python3
"""What the imported typescript-runtime-type-benchmarks results do not say.

Upstream's results file holds library, benchmark, ops/s, margin and the Node
version only. make-data.sh records the rest when it measures, and puts it
into the imported capture's provenance:

    provenance.py describe WORK_DIR COMMIT LOAD_BEFORE LOAD_AFTER > ttrb-run.json
    provenance.py apply CAPTURE.json.gz ttrb-run.json
"""
import datetime
import gzip
import json
import os
import sys

LIBRARIES = ["zod", "valibot", "superstruct", "ajv"]
TOOLS = ["benny", "typescript", "ts-node"]


def version(work, package):
    with open(os.path.join(work, "node_modules", package, "package.json")) as f:
        return json.load(f)["version"]


def describe(work, commit, before, after):
    run = {
        "upstream": "moltar/typescript-runtime-type-benchmarks",
        "commit": commit,
        "command": "RUNTIME=node RUNTIME_VERSION=$(node -v) TS_NODE_TRANSPILE_ONLY=true "
                   "npx ts-node index.ts run " + " ".join(LIBRARIES),
        "measured": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "node": os.popen("node --version").read().strip(),
        "libraries": {p: version(work, p) for p in LIBRARIES},
        "tools": {p: version(work, p) for p in TOOLS},
        "load_average_before": before,
        "load_average_after": after,
    }
    json.dump(run, sys.stdout, indent=2)
    print()


def apply(capture_path, run_path):
    with open(run_path) as f:
        run = json.load(f)
    with gzip.open(capture_path, "rt", encoding="utf-8") as f:
        capture = json.load(f)
    capture["suite"] = {"id": "validation-ttrb",
                        "title": "Validation: " + ", ".join(run["libraries"]) + " in typescript-runtime-type-benchmarks"}
    provenance = capture.setdefault("provenance", {})
    tools = provenance.setdefault("tools", [])
    harness = [t for t in tools if t.get("name") == "typescript-runtime-type-benchmarks"]
    if harness:
        harness[0]["version"] = run["commit"][:12]
    else:
        tools.append({"name": "typescript-runtime-type-benchmarks", "version": run["commit"][:12], "role": "benchmark-harness"})
    tools += [{"name": n, "version": v, "role": "tool"} for n, v in run["tools"].items()]
    tools += [{"name": n, "version": v, "role": "library"} for n, v in run["libraries"].items()]
    provenance.setdefault("caveats", []).extend([
        f"Measured here on {run['measured']} with upstream's own runner ({run['command']}), "
        "one forked Node process per library; the libraries and tools were installed at upstream's "
        "pinned versions from a reduced package.json, as upstream's lock cannot be installed here.",
        "Upstream's correctness tests (vitest) were not run; TypeScript was transpiled without type checks.",
        f"The machine has 2 cores and was shared with other builds: load average {run['load_average_before']} "
        f"before the run and {run['load_average_after']} after, so the margins are wide.",
    ])
    tmp = capture_path + ".tmp"
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        json.dump(capture, f)
    os.replace(tmp, capture_path)


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "describe":
        describe(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "apply":
        apply(*sys.argv[2:])
    else:
        sys.exit(__doc__)
