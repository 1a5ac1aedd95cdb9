#!/usr/bin/env bash
# The main job, headless: installs, builds, prints the all-cases table of
# every bundled sample capture, and writes a report folder (default
# ./report) with each capture's tables in Markdown, and a report bundle
# (charts as SVG and PNG, tables, index.md; docs/export.md) per capture plus
# the before/after bundle of the compressors pair.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-report}"
bash scripts/build.sh
mkdir -p "$out"
mapfile -t captures < <(find sample-data -name '*.json.gz' ! -name '*.raw.json.gz' | sort)
for f in "${captures[@]}"; do
  ./build/bin/benchscope-cli inspect "$f"
  echo
  name=$(basename "$f" .json.gz)
  ./build/bin/benchscope-cli inspect "$f" --metric all --format markdown > "$out/$name.md"
  ./build/bin/benchscope-cli report "$f" --out "$out/$name"
done
./build/bin/benchscope-cli report sample-data/measured/compressors-fast.json.gz \
  sample-data/measured/compressors-default.json.gz --out "$out/compressors-before-after"
echo "Report written to $out/ (${#captures[@]} captures)."
echo "To browse them in the GUI: ./build/bin/benchscope ${captures[*]:0:2} ..."
