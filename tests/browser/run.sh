#!/usr/bin/env bash
# The browser test of the published page (CTest publish_browser): installs
# puppeteer-core from package-lock.json when node_modules is missing or
# stale (npm ci), then runs publish-page.mjs in Debian's headless chromium.
# It never skips: a missing node, npm or chromium fails the test.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for tool in node npm chromium; do
  command -v "$tool" >/dev/null || { echo "publish_browser: $tool is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
stamp="$here/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$here/package-lock.json" -nt "$stamp" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi
exec node "$here/publish-page.mjs" --chromium "$(command -v chromium)" "$@"
