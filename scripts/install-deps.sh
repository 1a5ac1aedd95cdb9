#!/usr/bin/env bash
# Installs the Debian packages Benchscope needs to build, test and run its
# benchmarks, and to make and validate the .deb (desktop-file-utils,
# appstream, dpkg-dev for dpkg-shlibdeps, shared-mime-info for the MIME
# test), and for the published page's tests Debian's chromium, tidy and
# Node.js with npm, then puppeteer-core as tests/browser/package-lock.json
# pins it (npm ci). Safe to run again: only missing packages are installed.
# `install-deps.sh fuzz` also installs clang and libFuzzer (scripts/fuzz.sh).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libqt6svg6 qt6-qpa-plugins
  libqt6opengl6-dev libxkbcommon-dev libvulkan-dev
  libgl-dev zlib1g-dev libisal-dev nlohmann-json3-dev libsqlite3-dev libjemalloc-dev libmd4c-dev
  python3 xvfb xauth fontconfig fonts-dejavu-core poppler-utils
  nginx-light wrk hyperfine zstd xz-utils bzip2 gzip time
  libbenchmark-dev
  python3-locust
  desktop-file-utils appstream dpkg-dev shared-mime-info
  chromium tidy nodejs
)
if [ "${1:-}" = fuzz ]; then
  packages+=(clang-14 libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# npm comes with some Node.js builds; Debian ships it apart.
command -v npm >/dev/null 2>&1 || missing+=(npm)

browser_modules() {
  local dir
  dir="$(dirname "$0")/../tests/browser"
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  fi
}

if [ ${#missing[@]} -eq 0 ]; then
  browser_modules
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
browser_modules
