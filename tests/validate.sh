#!/usr/bin/env bash
# Runs a metadata validator if it is installed; exits 77 (CTest: skipped) with
# a message if not. Any warning or error fails.
#   tests/validate.sh TOOL DEBIAN-PACKAGE ARGS...
tool=$1 package=$2
shift 2
if ! command -v "$tool" >/dev/null; then
  echo "SKIPPED: $tool is not installed (Debian package $package; scripts/install-deps.sh installs it)"
  exit 77
fi
out=$("$tool" "$@" 2>&1)
status=$?
echo "$out"
[ "$status" -eq 0 ] && ! grep -qiE '(^|[: ])(error|warning)[: ]|^[EW]: ' <<<"$out"
