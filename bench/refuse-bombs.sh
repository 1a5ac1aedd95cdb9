#!/usr/bin/env bash
# Makes gzip bombs (1 GiB of zero bytes, of one JSON string, of numbers, and
# 256 MiB of text) and times `benchscope-cli inspect` refusing each, with its
# peak memory (/usr/bin/time -v). Goal (docs/limits.md): each
# refused in a few seconds under 300 MB peak RSS; the check is on CPU time
# (user + system), which a busy machine does not inflate as it does wall time.
# Usage: bench/refuse-bombs.sh [BUILD_DIR]
set -euo pipefail
. "$(dirname "$0")/common.sh"

python3 - "$work" <<'PY'
import sys, zlib
work = sys.argv[1]
head = b'{"format": "benchscope-capture", "format_version": "1.0", "x": '
def bomb(name, prefix, pattern, size, suffix=b""):
    c = zlib.compressobj(6, zlib.DEFLATED, 31)
    chunk = pattern * ((1 << 20) // len(pattern))
    with open(f"{work}/{name}", "wb") as f:
        f.write(c.compress(prefix))
        for _ in range(size // len(chunk)):
            f.write(c.compress(chunk))
        f.write(c.compress(suffix) + c.flush())
bomb("zeros.gz", b"", b"\0", 1 << 30)
bomb("string.json.gz", head + b'"', b"a", 1 << 30, b'"}')
bomb("numbers.json.gz", head + b"[", b"0,", 1 << 30, b"0]}")
bomb("numbers-import.json.gz", b'{"results": [', b"0,", 1 << 30, b"0]}")
bomb("text.txt.gz", b"Running 1s test @ http://x/\n", b" ", 1 << 28)
PY

fail=0
printf '%-24s %9s %8s %8s %10s  %s\n' file gzip_KiB wall_s cpu_s peak_MiB message
for f in zeros.gz string.json.gz numbers.json.gz numbers-import.json.gz text.txt.gz; do
  set +e
  /usr/bin/time -v -o "$work/t" "$cli" inspect "$work/$f" > /dev/null 2> "$work/err"
  code=$?
  set -e
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$work/t")
  cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {print s}' "$work/t")
  kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/t")
  mib=$((kib / 1024))
  printf '%-24s %9d %8s %8s %10d  %s\n' "$f" $(( $(stat -c %s "$work/$f") / 1024 )) "$secs" "$cpu" "$mib" \
    "$(head -c 110 "$work/err" | sed "s|$work/||")"
  if [ "$code" -ne 1 ] || [ "$mib" -ge 300 ] || awk "BEGIN {exit !($cpu > 5)}"; then fail=1; fi
done
[ "$fail" -eq 0 ] && echo "all refused in under 5 s of CPU and 300 MB" || { echo "a bomb was not refused within 5 s of CPU and 300 MB" >&2; exit 1; }
