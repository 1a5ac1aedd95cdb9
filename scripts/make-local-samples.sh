#!/usr/bin/env bash
# Remakes the local set, sample-data/local/*.json.gz: our own benchmarks
# page, measured here (sample-data/README.md, "local/"). Installs what the
# parts need (apt: nginx-light, nodejs, npm; each part runs npm ci in its
# own folder), builds benchscope-run if it is missing, then runs every part
# script in order. Each part also runs alone.
#
# Usage: scripts/make-local-samples.sh   (BENCHSCOPE_BIN: where benchscope-run is, default build/bin)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

if ! command -v nginx >/dev/null || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx-light nodejs npm >/dev/null
fi
export BENCHSCOPE_BIN=${BENCHSCOPE_BIN:-$repo/build/bin}
if [ ! -x "$BENCHSCOPE_BIN/benchscope-run" ]; then
  cmake --build "$repo/build" -j2 --target benchscope-run
fi

echo "make-local-samples: load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for part in make-http.sh make-data.sh; do
  if [ -f "$repo/sample-data/local/$part" ]; then
    bash "$repo/sample-data/local/$part"
  fi
done
echo "make-local-samples: load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
