#!/usr/bin/env bash
# Renders the application icon (resources/icons/benchscope.svg) to the PNG
# sizes desktops use, into resources/icons/hicolor/NxN/apps/benchscope.png.
# Run again after editing the SVG; needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../resources/icons"
command -v rsvg-convert >/dev/null || { echo "make-icons: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 1; }
for n in 16 32 48 64 128 256; do
  mkdir -p "hicolor/${n}x${n}/apps"
  rsvg-convert -w "$n" -h "$n" benchscope.svg -o "hicolor/${n}x${n}/apps/benchscope.png"
done
