#!/usr/bin/env bash
# The main job, headless: installs, builds, prints the all-cases table of
# every bundled sample capture, and writes a report folder (default
# ./report) with each capture's tables in Markdown, and a report bundle
# (charts as SVG and PNG, tables, index.md; docs/export.md) per capture plus
# the before/after bundles of the compressors pair and of the local set's
# pair (sample-data/local/, whose diff it prints too), and the history
# report of sample-data/history/ (whose change points it prints); then
# publishes the benchmarks page (default ./site; docs/publish.md) of our
# own captures (sample-data/local/), the published seed pages'
# (sample-data/published/) and the history, and the four seed pages
# rebuilt from their authors' prose (sample-data/pages/*.md, `publish
# --page`, into SITE_DIR-pages/), and says how to open them.
# Usage: scripts/demo.sh [REPORT_DIR [SITE_DIR]]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-report}"
site="${2:-site}"
bash scripts/build.sh
mkdir -p "$out"
mapfile -t captures < <(find sample-data -name node_modules -prune -o -name '*.json.gz' ! -name '*.raw.json.gz' -print | sort)
for f in "${captures[@]}"; do
  ./build/bin/benchscope-cli inspect "$f"
  echo
  name=$(basename "$f" .json.gz)
  ./build/bin/benchscope-cli inspect "$f" --metric all --format markdown > "$out/$name.md"
  ./build/bin/benchscope-cli report "$f" --out "$out/$name"
done
./build/bin/benchscope-cli report sample-data/measured/compressors-fast.json.gz \
  sample-data/measured/compressors-default.json.gz --out "$out/compressors-before-after"
local_pair=(sample-data/local/latest-optimizations.before.json.gz sample-data/local/latest-optimizations.after.json.gz)
./build/bin/benchscope-cli diff "${local_pair[@]}"
echo
./build/bin/benchscope-cli report "${local_pair[@]}" --out "$out/local-latest-optimizations"
./build/bin/benchscope-cli history sample-data/history
echo
./build/bin/benchscope-cli report sample-data/history/*.json.gz --out "$out/history"
./build/bin/benchscope-cli publish sample-data/local sample-data/published sample-data/history --out "$site"
for page in sample-data/pages/*.md; do
  ./build/bin/benchscope-cli publish --page "$page" --out "$site-pages/$(basename "$page" .md)"
done
echo "Report written to $out/ (${#captures[@]} captures)."
echo "The benchmarks page: open file://$(cd "$site" && pwd)/index.html in a browser (xdg-open $site/index.html);"
echo "  it needs no server, and $site/ can go as it is to any static host."
echo "The seed pages with their authors' prose: $site-pages/*/index.html"
echo "To browse them in the GUI: ./build/bin/benchscope sample-data/measured/compressors-fast.json.gz sample-data/published/*.json.gz"
echo "Our own benchmarks page, measured here: ./build/bin/benchscope sample-data/local/*.json.gz"
echo "A suite's history (View > Suite History): ./build/bin/benchscope sample-data/history"
