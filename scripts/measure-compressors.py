#!/usr/bin/env python3
"""Measures real compressors on this machine and writes a before/after pair
of Benchscope captures: the same suite, participants and cases at two
settings ("fast" levels and "default" levels), so a diff has something real
to compare. Each repetition runs the real command on a real input; wall
time, CPU time and peak RSS come from the kernel (wait4 rusage).

Runs alternate between the two settings and between participants
(ABBA order) so drift on the machine does not favour either side.

Usage: python3 scripts/measure-compressors.py [--repetitions 5] [--out DIR]
Needs gzip, zstd, xz and bzip2 (Debian packages; scripts/install-deps.sh).
"""
import argparse
import datetime
import glob
import gzip
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PARTICIPANTS = [
    ("gzip", "gzip", {"fast": ["gzip", "-1", "-c"], "default": ["gzip", "-6", "-c"]}, ["gzip", "--version"]),
    ("zstd", "zstd", {"fast": ["zstd", "-1", "-c", "-q", "-T1"], "default": ["zstd", "-3", "-c", "-q", "-T1"]}, ["zstd", "-V"]),
    ("xz", "xz", {"fast": ["xz", "-0", "-c", "-T1"], "default": ["xz", "-6", "-c", "-T1"]}, ["xz", "--version"]),
    ("bzip2", "bzip2", {"fast": ["bzip2", "-1", "-c"], "default": ["bzip2", "-9", "-c"]}, ["bzip2", "--version"]),
]
SETTINGS = {"fast": "gzip -1, zstd -1, xz -0, bzip2 -1", "default": "gzip -6, zstd -3, xz -6, bzip2 -9"}


def make_inputs(workdir):
    """Two real inputs from files every Debian system has: licence and
    documentation text, and shared-library code. 3 MiB each."""
    size = 3 * 1024 * 1024
    text = bytearray()
    for path in sorted(glob.glob("/usr/share/common-licenses/*")) + sorted(glob.glob("/usr/share/doc/*/copyright")):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                text += f.read()
        if len(text) >= size:
            break
    binary = bytearray()
    for path in sorted(glob.glob("/usr/lib/x86_64-linux-gnu/libQt6*.so.6.*")) + sorted(glob.glob("/usr/bin/*")):
        if os.path.isfile(path) and not os.path.islink(path):
            with open(path, "rb") as f:
                binary += f.read(size - len(binary))
        if len(binary) >= size:
            break
    inputs = {}
    for name, data in (("text", bytes(text[:size])), ("binary", bytes(binary[:size]))):
        path = os.path.join(workdir, name + ".input")
        with open(path, "wb") as f:
            f.write(data)
        inputs[name] = (path, hashlib.sha256(data).hexdigest(), len(data))
    return inputs


def run_once(argv, input_path, out_path):
    with open(input_path, "rb") as stdin, open(out_path, "wb") as stdout:
        start = time.perf_counter_ns()
        proc = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = (time.perf_counter_ns() - start) / 1e9
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed with {proc.returncode}: {err}")
    return {
        "wall_time": wall,
        "cpu_time": usage.ru_utime + usage.ru_stime,
        "peak_rss": usage.ru_maxrss * 1024.0,  # Linux reports KiB
        "compressed_size": float(os.path.getsize(out_path)),
    }


def version(argv):
    out = subprocess.run(argv, capture_output=True, text=True)
    line = (out.stdout or out.stderr).strip().splitlines()[0]
    return line


def machine():
    cpu = ""
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem = int(line.split()[1]) * 1024
    osname = platform.platform()
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    osname = line.split("=", 1)[1].strip().strip('"') + ", Linux " + platform.release()
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_bytes": mem, "os": osname, "hostname": platform.node()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(HERE, "..", "sample-data", "measured"))
    args = ap.parse_args()

    captured_at = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
    with tempfile.TemporaryDirectory() as work:
        inputs = make_inputs(work)
        out_file = os.path.join(work, "out")
        reps = {s: {(p[0], c): [] for p in PARTICIPANTS for c in inputs} for s in SETTINGS}
        # One discarded warm-up run of every command, then ABBA alternation:
        # settings alternate each repetition, participants reverse order.
        for setting in SETTINGS:
            for pid, _, cmds, _ in PARTICIPANTS:
                for case, (path, _, _) in inputs.items():
                    run_once(cmds[setting], path, out_file)
        for r in range(args.repetitions):
            settings = list(SETTINGS) if r % 2 == 0 else list(reversed(list(SETTINGS)))
            parts = PARTICIPANTS if r % 2 == 0 else list(reversed(PARTICIPANTS))
            for case, (path, _, size) in inputs.items():
                for setting in settings:
                    for pid, _, cmds, _ in parts:
                        m = run_once(cmds[setting], path, out_file)
                        m["ratio"] = size / m["compressed_size"]
                        m["throughput"] = size / m["wall_time"]
                        reps[setting][(pid, case)].append({"metrics": m})
            print(f"repetition {r + 1}/{args.repetitions} done", file=sys.stderr)

        tools = [{"name": pid, "version": version(vcmd), "role": "participant"} for pid, _, _, vcmd in PARTICIPANTS]
        tools.append({"name": "python3", "version": platform.python_version(), "role": "harness"})
        for setting, description in SETTINGS.items():
            doc = {
                "format": "benchscope-capture",
                "format_version": "1.0",
                "suite": {"id": "compressors", "title": "Compressors on text and binary input"},
                "revision": {"id": setting, "label": f"{setting} levels ({description})", "date": captured_at[:10]},
                "captured_at": captured_at,
                "provenance": {
                    "source": "measured on this machine by scripts/measure-compressors.py",
                    "machine": machine(),
                    "tools": tools,
                    "conditions": {"mode": "command", "repetitions": args.repetitions,
                                   "run_order": "ABBA: settings alternate per repetition, participants reverse",
                                   "extra": {"warm-up": "one discarded run of every command",
                                             "threads": "one per compressor (-T1 where the tool has threads)",
                                             "levels": description}},
                    "source_hashes": {f"input:{c}": h for c, (_, h, _) in inputs.items()},
                    "caveats": [
                        "Inputs are 3 MiB of this machine's licence/documentation text and shared-library bytes; their sha256 is recorded, and another machine's files differ.",
                        "Wall time includes process start-up; output goes to a file on the same disk.",
                        "OS page cache is warm (inputs were just written and read in the warm-up).",
                    ],
                },
                "metrics": [
                    {"id": "wall_time", "label": "Wall time", "unit": "s", "better": "lower", "primary": True},
                    {"id": "cpu_time", "label": "CPU time", "unit": "s", "better": "lower"},
                    {"id": "throughput", "label": "Throughput", "unit": "B/s", "better": "higher"},
                    {"id": "compressed_size", "label": "Compressed size", "unit": "B", "better": "lower"},
                    {"id": "ratio", "label": "Ratio", "unit": "ratio", "better": "higher"},
                    {"id": "peak_rss", "label": "Peak RSS", "unit": "B", "better": "lower"},
                ],
                "cases": [{"id": c, "label": f"{c} (3 MiB)", "group": "Inputs"} for c in inputs],
                "participants": [{"id": pid, "label": label, "version": version(vcmd).split()[-1] if pid == "gzip" else "",
                                  "tags": ["compressor"]} for pid, label, _, vcmd in PARTICIPANTS],
                "results": [{"participant": pid, "case": c, "status": "ok", "repetitions": reps[setting][(pid, c)]}
                            for pid, _, _, _ in PARTICIPANTS for c in inputs],
            }
            os.makedirs(args.out, exist_ok=True)
            path = os.path.join(args.out, f"compressors-{setting}.json.gz")
            with open(path + ".tmp", "wb") as f:
                f.write(gzip.compress(json.dumps(doc, indent=1).encode(), 9))
            os.replace(path + ".tmp", path)
            print(path)


if __name__ == "__main__":
    main()
