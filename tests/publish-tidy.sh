#!/usr/bin/env bash
# CTest publish_html_tidy: the page published from the sample set passes
# Debian's HTML validator (tidy -errors -q) with no error.
#   publish-tidy.sh BENCHSCOPE_CLI SAMPLE_DATA WORK_DIR
set -euo pipefail
cli=$1 samples=$2 work=$3
command -v tidy >/dev/null || { echo "publish_html_tidy: tidy is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
"$cli" publish "$samples/local" "$samples/published" "$samples/history" --out "$work/site" >/dev/null
status=0
tidy -errors -q "$work/site/index.html" >"$work/tidy.txt" 2>&1 || status=$?
cat "$work/tidy.txt"
# tidy exits 2 on errors, 1 on warnings only (not printed with -errors).
if [ "$status" -ge 2 ] || [ -s "$work/tidy.txt" ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
echo "1 passed, 0 failed"
