#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-14, ASan + UBSan) into build-fuzz/ and
# runs each for SECONDS (default 60), one after the other, at low priority.
# Corpora start from sample-data/, tests/data/ and fuzz/seeds/ and grow in
# build-fuzz/corpus/<target>/; a crash, leak or hang input lands in
# build-fuzz/artifacts/<target>/ and the script exits 1 (a unit is a hang
# after 60 s: a busy machine makes 10 s ones that are not). Copy such an input
# to tests/data/fuzz-regressions/<target>/ once it is fixed: CTest replays
# that folder.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (targets: fuzz/CMakeLists.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
build=build-fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_capture_reader fuzz_capture_reader_gzip fuzz_loader fuzz_http_response fuzz_suite_file fuzz_progress_line)
fi

bash scripts/install-deps.sh fuzz
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DBENCHSCOPE_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
fi
nice -n 19 cmake --build "$build" -j2 --target "${targets[@]}"

gz_captures() { find sample-data tests/data/capture -name '*.json.gz' -type f; }
# seed TARGET: fills build-fuzz/corpus/TARGET once from the project's files.
seed() {
  local dir="$build/corpus/$1" i=0 f
  [ -d "$dir" ] && return 0
  mkdir -p "$dir"
  case "$1" in
    fuzz_capture_reader)
      for f in $(gz_captures) tests/data/capture/*.json; do cp "$f" "$dir/$((i++))"; done ;;
    fuzz_capture_reader_gzip)
      for f in $(gz_captures); do gzip -dc "$f" > "$dir/$((i++))" 2>/dev/null || true; done
      for f in tests/data/capture/*.json; do cp "$f" "$dir/$((i++))"; done ;;
    fuzz_loader)
      for f in $(gz_captures) tests/data/capture/*.json; do cp "$f" "$dir/$((i++))"; done
      while IFS= read -r f; do cp "$f" "$dir/$((i++))"; done \
        < <(find tests/data/importers sample-data/imports tests/data/bad -type f -size -1M 2>/dev/null) ;;
    fuzz_suite_file)
      for f in sample-data/suites/*.json; do cp "$f" "$dir/$((i++))"; done ;;
    fuzz_progress_line)
      # the first byte sets the piece size the stream is fed in
      for f in tests/data/progress/*.jsonl; do { printf '\x07'; cat "$f"; } > "$dir/$((i++))"; done ;;
    *)
      [ -d "fuzz/seeds/$1" ] && cp fuzz/seeds/"$1"/* "$dir/" ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  seed "$t"
  mkdir -p "$build/artifacts/$t"
  echo "fuzz: $t for ${seconds}s" >&2
  if ! nice -n 19 "$build/fuzz/$t" "$build/corpus/$t" -max_total_time="$seconds" -timeout=60 \
      -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" \
      > "$build/artifacts/$t.log" 2>&1; then
    echo "fuzz: $t FAILED; see $build/artifacts/$t.log and $build/artifacts/$t/" >&2
    status=1
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE' "$build/artifacts/$t.log" >&2 || true
done
exit $status
