#!/usr/bin/env bash
# Remakes the data, costs and validation parts of the local set
# (sample-data/README.md, "local/"): 127.0.0.1 only, about 13 minutes on a busy
# 2-core machine, 7 of them better-sqlite3's npm ci compiling SQLite.
#
#   sqlite-workload.json.gz  benchscope-run sqlite/sqlite-workload.json: a lookup and a
#                            nested read against one seeded SQLite database, at 1 and 48
#                            connections: Python sqlite3, Node better-sqlite3, Node sql.js
#   sqlite-startup.json.gz   benchscope-run sqlite/sqlite-startup.json: start-up, first
#                            response and shutdown, a new process per repetition
#   sqlite-install.json.gz   benchscope-run sqlite/sqlite-install.json: installed size,
#                            database size and npm ci (minutes: it compiles SQLite)
#   validation-ttrb.json.gz  moltar/typescript-runtime-type-benchmarks' own runner on
#                            zod, valibot, superstruct and ajv, imported by benchscope-cli
#
# Usage: sample-data/local/make-data.sh [sqlite|startup|install|validation]...   (default: all)
# Environment:
#   BENCHSCOPE_BIN  folder with benchscope-run and benchscope-cli (default build/bin)
#   TTRB_DIR        a checkout (or bare mirror) of moltar/typescript-runtime-type-benchmarks
#                   (commit 018dd6032f9e was measured). Without it the validation part
#                   imports the committed validation/ttrb-node-20.json again rather
#                   than measuring: this script cannot download that repository.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
bin=$(realpath -m "${BENCHSCOPE_BIN:-$repo/build/bin}") # absolute: the suites run from their folder
sqlite=$here/sqlite
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(sqlite startup install validation)

say() { echo "make-data: $*" >&2; }

# apt names for the commands this needs (better-sqlite3 compiles with g++ and make).
install_missing() {
  local missing=()
  command -v python3 >/dev/null || missing+=(python3)
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  command -v g++ >/dev/null || missing+=(g++)
  command -v make >/dev/null || missing+=(make)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  for tool in benchscope-run benchscope-cli; do
    [ -x "$bin/$tool" ] || cmake --build "$repo/build" -j2 --target "$tool"
  done
}

# The database and the Node participants' packages, untimed (the install part times npm ci).
prepare_sqlite() {
  python3 "$sqlite/seed.py" "$sqlite/bench.db"
  local node
  for node in "$sqlite/node-better-sqlite3" "$sqlite/node-sqljs"; do
    # A copy of the lock it was installed from says node_modules is current.
    if ! cmp -s "$node/package-lock.json" "$node/.installed-lock.json"; then
      say "npm ci in $node (better-sqlite3 compiles SQLite: minutes)"
      (cd "$node" && npm ci --no-audit --no-fund --loglevel=error)
      cp "$node/package-lock.json" "$node/.installed-lock.json"
    fi
  done
}

# From the suite's folder: the participants' version commands run where the runner does.
# Into $stage, moved beside this script at the end: a capture written here
# earlier would make the later ones' revision "-dirty".
run_suite() { # SUITE NAME
  say "benchscope-run $1 (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  (cd "$(dirname "$1")" && "$bin/benchscope-run" "$1" --out "$stage/$2" --quiet)
}

measure_validation() {
  local work=$stage/ttrb result=$here/validation/ttrb-node-20.json
  mkdir -p "$work"
  if [ "$(git -C "$TTRB_DIR" rev-parse --is-bare-repository 2>/dev/null)" = true ]; then
    git -C "$TTRB_DIR" archive HEAD | tar -x -C "$work" # a bare mirror, as the search tool's fetch leaves it
  else
    cp -r "$TTRB_DIR"/. "$work" && rm -rf "$work/node_modules" "$work/.git"
  fi
  # Upstream's own lock cannot be installed here (sury 11.0.0-alpha.10 answers
  # 404 on the npm registry, @jsr packages need npm.jsr.io), so only what the
  # four libraries need, at upstream's pinned versions.
  cp "$here/validation/package.json" "$here/validation/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
  rm -f "$work/docs/results/node-"*.json
  local before after
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  say "typescript-runtime-type-benchmarks: zod valibot superstruct ajv (load average: $before)"
  # Transpile only: the benchmark files import vitest's types, which is not installed.
  (cd "$work" && RUNTIME=node RUNTIME_VERSION=$(node -v) TS_NODE_TRANSPILE_ONLY=true \
     npx ts-node index.ts run zod valibot superstruct ajv)
  after=$(cut -d' ' -f1-3 /proc/loadavg)
  cp "$work/docs/results/node-$(node -p 'process.versions.node.split(".")[0]').json" "$result"
  python3 "$here/validation/provenance.py" describe "$work" "$(git -C "$TTRB_DIR" rev-parse HEAD 2>/dev/null || echo unknown)" \
    "$before" "$after" > "$here/validation/ttrb-run.json"
}

import_validation() {
  local out=$stage/validation-ttrb.json.gz
  (cd "$here" && "$bin/benchscope-cli" convert validation/ttrb-node-20.json --out "$out")
  python3 "$here/validation/provenance.py" apply "$out" "$here/validation/ttrb-run.json"
}

install_missing
stage=$(mktemp -d /tmp/benchscope-local-data.XXXXXX)
trap 'rm -rf "$stage"' EXIT
for part in "${parts[@]}"; do
  case $part in
    sqlite) prepare_sqlite; run_suite "$sqlite/sqlite-workload.json" sqlite-workload.json.gz ;;
    startup) prepare_sqlite; run_suite "$sqlite/sqlite-startup.json" sqlite-startup.json.gz ;;
    install) prepare_sqlite; run_suite "$sqlite/sqlite-install.json" sqlite-install.json.gz ;;
    validation)
      if [ -n "${TTRB_DIR:-}" ]; then
        measure_validation
      else
        say "TTRB_DIR is not set: importing the committed validation/ttrb-node-20.json without measuring"
      fi
      import_validation ;;
    *) say "unknown part $part (sqlite, startup, install, validation)"; exit 2 ;;
  esac
done
mv "$stage"/*.json.gz "$here/"
