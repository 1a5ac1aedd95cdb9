#!/usr/bin/env bash
# Installs what is missing (Debian packages), then configures and builds
# Benchscope into build/ (executables in build/bin/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
. scripts/compiler-cache.sh
# Line tables only (-g1): backtraces, perf and heaptrack read them, and full
# debug info costs a quarter of the build's time.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
cmake --build build -j"$(nproc)"
