#!/usr/bin/env bash
# CTest publish_html_tidy: the page published from the sample set, and the
# page of a store of the sample history (`publish --store`, with
# --repo-url), pass Debian's HTML validator (tidy -errors -q) with no error.
#   publish-tidy.sh BENCHSCOPE_CLI SAMPLE_DATA WORK_DIR
set -euo pipefail
cli=$1 samples=$2 work=$3
command -v tidy >/dev/null || { echo "publish_html_tidy: tidy is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
"$cli" publish "$samples/local" "$samples/published" "$samples/history" --out "$work/site" >/dev/null
"$cli" store add --store "$work/store" "$samples"/history/*.json.gz --branch main >/dev/null
BENCHSCOPE_INDEX=off "$cli" publish --store "$work/store" --out "$work/store-site" --repo-url https://example.org/repo >/dev/null
passed=0 failed=0
for page in site store-site; do
  status=0
  tidy -errors -q "$work/$page/index.html" >"$work/tidy.txt" 2>&1 || status=$?
  cat "$work/tidy.txt"
  # tidy exits 2 on errors, 1 on warnings only (not printed with -errors).
  if [ "$status" -ge 2 ] || [ -s "$work/tidy.txt" ]; then
    echo "FAIL: $page/index.html"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
