#!/usr/bin/env python3
"""Seeds for the reading classes of issue 26, made from the project's own
test capture (tests/data/capture/valid.json, written by its make-inputs.py):
trailing data after the document, duplicate keys, histogram buckets at the
edge of the layout, a truncated gzip trailer, and two-member gzip files whose
second member starts on each side of the 64 KiB read window's end.

    python3 fuzz/seeds/make-reading-seeds.py
"""
import gzip
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "fuzz_capture_reader")
WINDOW = 1 << 16


def member(data, size):
    """One gzip member of `data`, exactly `size` bytes: an FNAME pads it."""
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = c.compress(data) + c.flush()
    pad = size - (10 + 1 + len(body) + 8)
    assert pad >= 0
    head = b"\x1f\x8b\x08\x08\0\0\0\0\0\x03" + b"n" * pad + b"\0"
    return head + body + struct.pack("<II", zlib.crc32(data), len(data))


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(ROOT, "tests/data/capture/valid.json"), "rb") as f:
        capture = f.read()
    write("trailing-word.json", capture + b"x")
    write("trailing-document.json", capture + b"{}")
    write("duplicate-top-key.json",
          capture.replace(b'"format_version": "1.0",', b'"format_version": "1.0", "format_version": "1.0",', 1))
    write("duplicate-metric.json", capture.replace(b'"rps": 100,', b'"rps": 100, "rps": 1,', 1))
    write("bucket-index-past-last.json", capture.replace(b"1024,\n        3,", b"56320,\n        3,", 1))
    write("bucket-counts-past-2-64.json",
          capture.replace(b"1024,\n        3,", b"1024,\n        18446744073709551615,", 1))
    gz = gzip.compress(capture, mtime=0)
    write("truncated-trailer.json.gz", gz[:-3])
    write("gzip-trailing-garbage.json.gz", gz + b"garbage")
    half = len(capture) // 2
    for boundary in (WINDOW - 1, WINDOW):
        write("two-members-at-%d.json.gz" % boundary,
              member(capture[:half], boundary) + member(capture[half:], 200 + half))


if __name__ == "__main__":
    main()
