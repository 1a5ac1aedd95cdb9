#!/usr/bin/env bash
# Produces sample-data/history/: a real history of one suite, six
# revisions of sample-data/tools/wordfreq.c (a word counter; revision 2
# replaces its hash table, revision 3 reads one byte per system call,
# revision 4 fixes that), each built with gcc -O2 and measured by
# benchscope-run as one capture with its revision id, label and date. A second participant, a
# coreutils pipeline doing the same count, is the same in every revision: a
# check that the machine did not drift between captures.
#
# Needs: gcc, python3, coreutils, and benchscope-run built (BUILD_DIR,
# default ./build). Runs take about a minute.
# Usage: scripts/make-history.sh [OUT_DIR]   (default sample-data/history)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$repo/build}
runner=$build/bin/benchscope-run
out=${1:-$repo/sample-data/history}
work=$(mktemp -d /tmp/benchscope-history.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ -x "$runner" ] || { echo "make-history: $runner not built (cmake --build build --target benchscope-run)" >&2; exit 1; }
mkdir -p "$out"

# The inputs: seeded pseudo-random words with Zipf-like frequencies, so the
# same text every time; "large" has 40,000 distinct words, "small" 2,000.
python3 - "$work" <<'PY'
import random, sys
def make(path, words, vocabulary, seed):
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    vocab = ["".join(rng.choice(letters) for _ in range(rng.randint(3, 9))) for _ in range(vocabulary)]
    text = rng.choices(vocab, weights=[1.0 / (i + 1) for i in range(vocabulary)], k=words)
    with open(path, "w") as f:
        for i in range(0, len(text), 12):
            f.write(" ".join(text[i:i + 12]) + ".\n")
make(sys.argv[1] + "/large.txt", 200000, 40000, 16)
make(sys.argv[1] + "/small.txt", 20000, 2000, 17)
PY

dates=(2026-11-02 2026-11-09 2026-11-16 2026-11-23 2026-11-30 2026-12-01)
labels=("r1 baseline" "r2 open addressing" "r3 unbuffered read" "r4 buffered again" "r5 distinct count" "r6 output header")

suite() { # REVISION: the suite file of that revision on stdout
  local r=$1 bin=$work/wordfreq-r$1
  cat <<JSON
{
  "suite": {"id": "wordfreq", "title": "Counting words: six revisions of wordfreq"},
  "revision": {"id": "wordfreq-r$r", "label": "${labels[$((r - 1))]}", "date": "${dates[$((r - 1))]}"},
  "settings": {"cpu_set_server": "1", "repetitions": 5},
  "participants": [
    {"id": "wordfreq", "label": "wordfreq", "version": "r$r", "runtime": "$compiler -O2",
     "commands": {"large": ["sh", "-c", "$bin < $work/large.txt > /dev/null"],
                  "small": ["sh", "-c", "$bin < $work/small.txt > /dev/null"]}},
    {"id": "coreutils", "label": "tr | sort | uniq -c", "version_command": ["sort", "--version"],
     "commands": {"large": ["sh", "-c", "tr -cs A-Za-z '\\\\n' < $work/large.txt | tr A-Z a-z | sort | uniq -c | sort -rn | head -n 10 > /dev/null"],
                  "small": ["sh", "-c", "tr -cs A-Za-z '\\\\n' < $work/small.txt | tr A-Z a-z | sort | uniq -c | sort -rn | head -n 10 > /dev/null"]}}
  ],
  "cases": [
    {"id": "large", "label": "1.4 MB, 40,000 distinct words", "group": "count", "kind": "command", "runs": 5, "warmup_runs": 1},
    {"id": "small", "label": "140 KB, 2,000 distinct words", "group": "count", "kind": "command", "runs": 5, "warmup_runs": 1}
  ],
  "sources": ["wordfreq.c"],
  "caveats": ["Each run includes starting sh; the inputs are in the page cache after the warm-up run.",
              "Measured on a 2-core VM (the load average below says how busy it was); the revisions were measured in the order 1, 4, 2, 5, 3, 6 so that drift does not line up with the revisions."]
}
JSON
}

# The suites name the source beside them, so its hash is recorded under
# its own name.
cp "$repo/sample-data/tools/wordfreq.c" "$work/wordfreq.c"
compiler="gcc $(gcc -dumpfullversion)"
for r in 1 2 3 4 5 6; do
  gcc -O2 -Wall -Wextra -Werror -DREVISION=$r -o "$work/wordfreq-r$r" "$repo/sample-data/tools/wordfreq.c"
  suite $r > "$work/suite-r$r.json"
done
# Every revision finds the same ten most frequent words.
top() { # REVISION: its top ten as "word count" lines
  "$work/wordfreq-r$1" < "$work/large.txt" | awk 'NF == 2 && $1 != "count" { if ($1 ~ /^[0-9]+$/) print $2, $1; else print $1, $2 }'
}
for r in 2 3 4 5 6; do
  [ "$(top $r)" = "$(top 1)" ] || { echo "make-history: revision $r counts differently" >&2; exit 1; }
done
for r in 1 4 2 5 3 6; do
  "$runner" "$work/suite-r$r.json" --out "$out/wordfreq-r$r.json.gz" --quiet
done
gcc --version | head -n 1 > "$out/versions.txt"
sort --version | head -n 1 >> "$out/versions.txt"
"$runner" --version >> "$out/versions.txt"
echo "wrote $out"
