#!/usr/bin/env bash
# Installs what is missing (Debian packages), then configures and builds
# Benchscope into build/ (executables in build/bin/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
. scripts/compiler-cache.sh
# Line tables only (-g1): backtraces, perf and heaptrack read them, and full
# debug info costs a quarter of the build's time. A unity build (a dozen
# sources a compilation, so nlohmann's and Qt's headers are read once per
# dozen, not per file) takes a third of the compile time on CI's 2 cores; a
# plain `cmake -B build` still builds file by file and finds a missing include.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=12 >/dev/null
cmake --build build -j"$(nproc)"
