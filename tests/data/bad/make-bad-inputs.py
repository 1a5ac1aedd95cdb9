#!/usr/bin/env python3
"""Writes the bad-input corpus next to this script from the project's real
test files (tests/data/capture/valid.json and tests/data/importers/): each
file is a real file with one defect put in. Inputs too big to commit (the
gzip bombs, strings past the limit) are made by tst_badinput at test time.
Usage: tests/data/bad/make-bad-inputs.py"""
import gzip
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)


def read(rel):
    with open(os.path.join(DATA, rel), "rb") as f:
        return f.read()


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def replace_first_number(text, key, number):
    """Replaces the first number value of "key" (a JSON key) by `number`."""
    pattern = re.compile(rb'("' + re.escape(key) + rb'"\s*:\s*)-?[0-9][0-9.eE+-]*')
    out, n = pattern.subn(lambda m: m.group(1) + number, text, count=1)
    assert n == 1, key
    return out


HUGE = b"1e999999"
FIFTY = b"12345678901234567890123456789012345678901234567890"

IMPORTS = {  # format: (file, a key holding a number)
    "oha": ("importers/oha/unknown-repo_id2616016724_README_example1.json", b"requestsPerSec"),
    "autocannon": ("importers/autocannon/dhardestylewis_homecastr_autocannon.json", b"p99"),
    "k6": ("importers/k6/grafana_k6-example-circleci-orb_summary.json", b"count"),
    "hyperfine": ("importers/hyperfine/zeroows_1brc_hyperfine.json", b"mean"),
    "google-benchmark": ("importers/google-benchmark/AnishPrakash_lob-engine_bench_results.json", b"real_time"),
    "typescript-runtime-type-benchmarks": (
        "importers/typescript-runtime-type-benchmarks/"
        "moltar_typescript-runtime-type-benchmarks_docs_results_node-22.json", b"ops"),
    "web-frameworks": ("importers/web-frameworks/the-benchmarker_web-frameworks_data.TRUNCATED.json", b"value"),
    "wrk-lua-done": ("importers/local/wrk-nginx-lua-done.txt", b"requests"),
}


def main():
    capture = read("capture/valid.json")
    write("huge-number-capture.json", replace_first_number(capture, b"rps", HUGE))
    write("huge-integer-capture.json", replace_first_number(capture, b"connections", FIFTY))
    write("huge-number-capture.json.gz", gzip.compress(replace_first_number(capture, b"rps", HUGE), mtime=0))
    write("huge-number-tiny.json", b'{"summary":' + HUGE + b"}\n")
    for fmt, (rel, key) in IMPORTS.items():
        ext = ".txt" if rel.endswith(".txt") else ".json"
        text = read(rel)
        write("huge-number-" + fmt + ext, replace_first_number(text, key, HUGE))
        write("huge-integer-" + fmt + ext, replace_first_number(text, key, FIFTY))

    write("truncated-capture.json", capture[: len(capture) // 2])
    write("truncated-capture.json.gz", gzip.compress(capture, mtime=0)[:-40])
    oha = read(IMPORTS["oha"][0])
    write("truncated-oha.json", oha[: len(oha) // 3])
    write("wrong-type-capture.json", capture.replace(b'"connections": 8', b'"connections": "eight"', 1))
    hf = read(IMPORTS["hyperfine"][0])
    write("wrong-type-hyperfine.json", replace_first_number(hf, b"user", b'{"seconds": 1}'))
    write("invalid-utf8-capture.json", capture.replace(b"Tiny test suite", b"Tiny \xff\xfe suite", 1))
    write("invalid-utf8-oha.json", oha.replace(b'"summary"', b'"summ\xc3\x28ary"', 1))
    write("deep-nesting.json", b"[" * 20000 + b"]" * 20000)
    write("deep-nesting-capture.json", capture.replace(b'"conditions": {', b'"deep": ' + b"[" * 5000 + b"]" * 5000
                                                       + b', "conditions": {', 1))
    write("empty.json", b"")
    write("empty.json.gz", gzip.compress(b"", mtime=0))
    write("whitespace-only.json", b" \n\t\r\n" * 100)
    write("unknown-version.json", capture.replace(b'"format_version": "1.0"', b'"format_version": "2.0"', 1))
    write("binary.bin", bytes(range(256)) * 16)
    write("reserved-key-capture.json", capture.replace(b'"conditions": {', b'"conditions": {"$buckets": 0, ', 1))


if __name__ == "__main__":
    main()
