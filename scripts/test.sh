#!/usr/bin/env bash
# Installs, builds and runs every test (headless). Exits non-zero when a
# test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
