#!/usr/bin/env python3
"""The CSV a capture's tables export reads back into floats with Python's
csv module: every value, min, max, n and ratio cell is a plain number (no
thousands separators, no brackets), the unit is in the header, and each
value lies within its [min, max].

usage: csv_reads_as_floats.py BENCHSCOPE-CLI SAMPLE-DATA-DIR
Runs `export --table all-cases|case --format csv` and `inspect --format csv`
over every capture the CLI opens under SAMPLE-DATA-DIR."""
import csv
import io
import json
import os
import re
import subprocess
import sys

NUMERIC = re.compile(r" (value|min|max)( \(.+\))?$| n$|^n$| \(ratio\)$")


def run(cli, *args):
    p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(table_text, where):
    rows = list(csv.reader(io.StringIO(table_text)))
    assert rows, where + ": no rows"
    header, body = rows[0], rows[1:]
    checked = 0
    for row in body:
        assert len(row) == len(header), f"{where}: {len(row)} cells under {len(header)} columns"
        figures = {}
        for name, cell in zip(header, row):
            if not NUMERIC.search(name) or cell == "":
                continue
            value = float(cell)  # raises on "1,234" or "[1–2]"
            checked += 1
            m = re.match(r"(.*) (value|min|max)( \(.+\))?$", name)
            if m:
                figures.setdefault(m.group(1), {})[m.group(2)] = value
        for column, f in figures.items():
            if len(f) == 3:
                assert f["min"] <= f["value"] <= f["max"], f"{where}: {column}: {f}"
    for name in header:
        m = re.match(r"(.*) value( \((.+)\))?$", name)
        if m and m.group(2):
            unit = m.group(3)
            assert f"{m.group(1)} min ({unit})" in header and f"{m.group(1)} max ({unit})" in header, where
    return checked


def main():
    cli, root = sys.argv[1], sys.argv[2]
    captures = 0
    checked = 0
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            path = os.path.join(folder, name)
            code, out, _ = run(cli, "inspect", path, "--format", "json")
            if code != 0:
                continue
            docs = json.loads(out)
            doc = docs[0] if isinstance(docs, list) else docs
            if not doc.get("participants"):
                continue
            captures += 1
            code, out, err = run(cli, "inspect", path, "--metric", "all", "--format", "csv")
            assert code == 0, err
            for i, part in enumerate(p for p in out.split("\r\n\r\n") if p.strip()):
                checked += check(part, f"{path}: inspect table {i}")
            code, out, err = run(cli, "export", path, "--table", "all-cases", "--format", "csv")
            assert code == 0, err
            checked += check(out, f"{path}: export all-cases")
            for case in doc.get("cases", [])[:3]:
                code, out, err = run(cli, "export", path, "--table", "case", "--case", case["id"], "--format", "csv")
                assert code == 0, err
                checked += check(out, f"{path}: export case {case['id']}")
    assert captures >= 20, f"only {captures} captures under {root}"
    assert checked > 1000, f"only {checked} numeric cells"
    print(f"{captures} captures, {checked} numeric cells read back as floats")


if __name__ == "__main__":
    main()
