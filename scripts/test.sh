#!/usr/bin/env bash
# Installs, builds and runs every test (headless) twice: the normal build in
# build/, then an AddressSanitizer + UBSan build in build-asan/ (preset
# `asan`, at -O1). Exits non-zero when a test fails or a sanitizer reports.
# BENCHSCOPE_SKIP_ASAN=1 runs the normal build only.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
echo "test.sh: normal build and tests took $((SECONDS - start)) s" >&2
[ "${BENCHSCOPE_SKIP_ASAN:-0}" = 1 ] && exit 0

start=$SECONDS
. scripts/compiler-cache.sh
cmake --preset asan >/dev/null
cmake --build build-asan -j"$(nproc)"
# Qt and fontconfig keep caches for the process' life: leak reports would
# be theirs, so only memory errors and undefined behaviour fail a test.
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
echo "test.sh: sanitizer build and tests took $((SECONDS - start)) s" >&2
