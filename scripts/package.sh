#!/usr/bin/env bash
# Makes the Debian package: installs what is missing (apt), builds build/
# (or $BENCHSCOPE_BUILD), then `cpack -G DEB`, whose Depends come from the
# shared libraries the binaries link (dpkg-shlibdeps). Prints the .deb's path.
# Check it on a clean Debian 12 with scripts/check-deb.sh (docs/packaging.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
build=${BENCHSCOPE_BUILD:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)" --target benchscope benchscope-cli benchscope-render benchscope-run
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls -t "$build"/benchscope_*.deb | head -n 1)
dpkg-deb --field "$deb" Package Version Depends >&2
echo "$deb"
