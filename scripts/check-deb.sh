#!/usr/bin/env bash
# Installs the .deb on a clean Debian 12 and runs it there: a minimal bookworm
# chroot made by debootstrap, the package installed with apt (so its Depends
# come from the mirror; without Recommends, so Depends alone must do), then
# `benchscope-cli inspect` and `export` (which runs benchscope-render) on an
# installed sample and `benchscope --screenshot` on the offscreen platform; last, what a desktop adds (shared-mime-info,
# desktop-file-utils, the icon cache) and what their triggers register.
#   scripts/check-deb.sh [PACKAGE.deb] [SCREENSHOT.png]      (as root)
# The debootstrapped base is kept in $BENCHSCOPE_CHROOT_BASE (default
# /var/tmp/benchscope-bookworm-base) and copied for every check, so each
# check starts clean; the copy is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=${1:-$(ls -t build/benchscope_*.deb 2>/dev/null | head -n 1)}
shot=${2:-build/check-deb-screenshot.png}
base=${BENCHSCOPE_CHROOT_BASE:-/var/tmp/benchscope-bookworm-base}
# The Debian mirror this machine's apt already uses (deb822 .sources, or
# one-line .list files), so no mirror is named here; BENCHSCOPE_MIRROR and
# BENCHSCOPE_SECURITY_MIRROR override it.
apt_uris() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed -n 's/^URIs:[[:space:]]*//p' "$f" | tr ' ' '\n'
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    # "deb [options] URI suite components": the first field after the options.
    [ -f "$f" ] && awk '$1 == "deb" { o = 0; for (i = 2; i <= NF; i++) {
        if ($i ~ /^\[/) o = 1; if (!o) { print $i; break } if ($i ~ /\]$/) o = 0 } }' "$f"
  done
}
uris=$(apt_uris | grep -E '^(https?|ftp|file):' || true)
mirror=${BENCHSCOPE_MIRROR:-$(grep -v -- -security <<<"$uris" | head -n 1 || true)}
security=${BENCHSCOPE_SECURITY_MIRROR:-$(grep -- -security <<<"$uris" | head -n 1 || true)}
[ -n "$mirror" ] || { echo "check-deb: no Debian mirror in /etc/apt/sources.list(.d); set BENCHSCOPE_MIRROR" >&2; exit 2; }
[ -f "$deb" ] || { echo "check-deb: no .deb (run scripts/package.sh first)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "check-deb: run as root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null

if [ ! -x "$base/usr/bin/apt-get" ]; then
  echo "check-deb: debootstrap bookworm into $base" >&2
  debootstrap --variant=minbase bookworm "$base" "$mirror" >/dev/null
fi
root=$(mktemp -d /var/tmp/benchscope-check.XXXXXX)
cleanup() {
  umount "$root/dev/pts" "$root/proc" 2>/dev/null || true
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
cp -a "$base/." "$root/"
mount -t proc proc "$root/proc"   # applicationDirPath() reads /proc/self/exe
mount -t devpts devpts "$root/dev/pts"
cp /etc/resolv.conf "$root/etc/resolv.conf"
{
  echo "deb $mirror bookworm main"
  echo "deb $mirror bookworm-updates main"
  [ -z "$security" ] || echo "deb $security bookworm-security main"
} > "$root/etc/apt/sources.list"
cp "$deb" "$root/tmp/benchscope.deb"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

apt_install() { in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
echo "== apt-get install --no-install-recommends ./benchscope.deb (Depends from the mirror)"
in_root apt-get update -qq
apt_install /tmp/benchscope.deb
in_root dpkg-query -W -f='${Package} ${Version}\nDepends: ${Depends}\n' benchscope

echo "== versions"
for b in benchscope-cli benchscope-render benchscope-run; do in_root "$b" --version; done
in_root env QT_QPA_PLATFORM=offscreen benchscope --version

echo "== installed files"
for f in /usr/bin/benchscope /usr/bin/benchscope-cli /usr/bin/benchscope-render /usr/bin/benchscope-run \
         /usr/share/applications/benchscope.desktop \
         /usr/share/icons/hicolor/scalable/apps/benchscope.svg \
         /usr/share/icons/hicolor/{16x16,32x32,48x48,64x64,128x128,256x256}/apps/benchscope.png \
         /usr/share/metainfo/io.github.benchscope.Benchscope.metainfo.xml \
         /usr/share/mime/packages/benchscope.xml /usr/share/doc/benchscope/LICENSE \
         /usr/share/benchscope/sample-data/measured/compressors-fast.json.gz \
         /usr/share/benchscope/sample-data/suites/static-servers.json; do
  [ -e "$root$f" ] || { echo "check-deb: missing $f" >&2; exit 1; }
done
echo "all present"

sample=/usr/share/benchscope/sample-data/measured/compressors-fast.json.gz
echo "== benchscope-cli inspect $sample"
in_root sh -c "benchscope-cli inspect $sample > /tmp/inspect.txt"
head -n 25 "$root/tmp/inspect.txt"
echo "... ($(wc -l < "$root/tmp/inspect.txt") lines)"
echo "== benchscope-cli export $sample --chart range (benchscope-render, no display)"
in_root benchscope-cli export "$sample" --chart range --out /tmp/range.svg
bars=$(grep -o "<polyline" "$root/tmp/range.svg" | wc -l)
[ "$bars" -gt 0 ] && grep -q bzip2 "$root/tmp/range.svg" || { echo "check-deb: range.svg has no bars or names" >&2; exit 1; }
echo "range.svg: $bars polylines, participants named"
echo "== benchscope --screenshot (offscreen)"
in_root env QT_QPA_PLATFORM=offscreen benchscope --screenshot /tmp/screenshot.png "$sample"
cp "$root/tmp/screenshot.png" "$shot"

echo "== desktop integration (shared-mime-info, desktop-file-utils, icon cache)"
apt_install shared-mime-info desktop-file-utils hicolor-icon-theme gtk-update-icon-cache
in_root desktop-file-validate /usr/share/applications/benchscope.desktop
for type in application/x-benchscope-capture application/x-benchscope-capture+gzip; do
  [ -f "$root/usr/share/mime/$type.xml" ] || { echo "check-deb: $type not in the MIME database" >&2; exit 1; }
  grep -qx "$type=benchscope.desktop;" "$root/usr/share/applications/mimeinfo.cache" \
    || { echo "check-deb: $type is not mapped to benchscope.desktop" >&2; exit 1; }
done
[ -f "$root/usr/share/icons/hicolor/icon-theme.cache" ] || { echo "check-deb: no hicolor icon cache" >&2; exit 1; }
echo "MIME types registered and mapped to benchscope.desktop; hicolor icon cache built"
echo "check-deb: ok; screenshot in $shot"
