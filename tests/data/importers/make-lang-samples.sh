#!/usr/bin/env bash
# Produces the real outputs of the language benchmark harnesses that
# tests/tst_importers_lang.cpp reads, from the small benchmarks in lang-src/:
#   go/             `go test -bench` text: before.txt and after.txt (-count 6;
#                   the "after" build tag swaps in a faster Join), and
#                   failures.txt (-cpu 1,2 with a benchmark that fails on its
#                   second run and one that fails on every run);
#   go-folder/join/ one benchmark per file, before and after, to open
#                   as a folder of runs;
#   pytest-benchmark/ --benchmark-json (per-round data) and an autosaved
#                   file without data;
#   catch2/         a Catch2 v2 benchmark binary's XML reporter and console
#                   text, including a test case whose check fails.
# Go and pytest-benchmark runs are a few seconds each; compiling the Catch2
# single header takes about a minute. Nothing touches the network.
# Needs (installed here when missing): golang-go, python3-pytest-benchmark, catch2, g++.
# Usage: tests/data/importers/make-lang-samples.sh [OUT_DIR]   (default: this folder)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
src=$here/lang-src
work=$(mktemp -d /tmp/benchscope-lang-samples.XXXXXX)
trap 'rm -rf "$work"' EXIT

missing=()
command -v go >/dev/null || missing+=(golang-go)
/usr/bin/python3 -c 'import pytest_benchmark' 2>/dev/null || missing+=(python3-pytest-benchmark)
[ -f /usr/include/catch2/catch.hpp ] || missing+=(catch2)
command -v g++ >/dev/null || missing+=(g++)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
mkdir -p "$out/go" "$out/go-folder" "$out/pytest-benchmark" "$out/catch2"

# Go: a private module, no downloads, caches in the temporary folder.
cp -r "$src/go" "$work/go"
export GOCACHE=$work/gocache GOPATH=$work/gopath GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local
gobench() { (cd "$work/go" && go test -run '^$' -benchmem -benchtime 100ms "$@"); }
gobench -bench . -count 6 > "$out/go/before.txt"
gobench -bench . -count 6 -tags after > "$out/go/after.txt"
# Exits 1 (the failed benchmarks): the output is the sample.
gobench -bench . -count 3 -cpu 1,2 -tags fail > "$out/go/failures.txt" || true
mkdir -p "$out/go-folder/join"
gobench -bench 'Join/n=100$' -count 6 > "$out/go-folder/join/before__n100.txt"
gobench -bench 'Join/n=100$' -count 6 -tags after > "$out/go-folder/join/after__n100.txt"

# pytest-benchmark: rounds of at least 0.2 ms, at most 4 ms per benchmark.
cp "$src/pytest/test_textops.py" "$work/"
(cd "$work" && /usr/bin/python3 -m pytest -q -p no:cacheprovider test_textops.py \
  --benchmark-min-time=0.0002 --benchmark-max-time=0.004 --benchmark-min-rounds=5 \
  --benchmark-json=rounds.json --benchmark-autosave --benchmark-storage="$work/storage" >/dev/null)
cp "$work/rounds.json" "$out/pytest-benchmark/json-with-rounds.json"
cp "$(find "$work/storage" -name '*.json' | head -1)" "$out/pytest-benchmark/autosave-stats-only.json"

# Catch2: compiled in the source folder's copy so that file names are short.
mkdir -p "$work/catch2"
cp "$src/catch2/bench_textops.cpp" "$work/catch2/"
(cd "$work/catch2" && g++ -std=c++17 -O2 -DINJECT_FAILURE -o bench bench_textops.cpp)
# Exit 1: one test case fails on purpose.
(cd "$work/catch2" && ./bench -r xml --benchmark-samples 20 > "$out/catch2/benchmarks.xml") || true
(cd "$work/catch2" && ./bench --benchmark-samples 20 > "$out/catch2/console.txt") || true
# Names that wrap in the console reporter's name column.
cp "$src/catch2/bench_long_names.cpp" "$work/catch2/"
(cd "$work/catch2" && g++ -std=c++17 -O1 -o long_names bench_long_names.cpp)
(cd "$work/catch2" && ./long_names --benchmark-samples 5 > "$out/catch2/console-long-names.txt")
echo "samples written to $out"
