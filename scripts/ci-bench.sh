#!/usr/bin/env bash
# The shell of the CI workflows in docs/ci/ (docs/ci.md), one subcommand a
# step, so GitHub Actions, GitLab CI and the local test (tests/ci/) run the
# very same commands:
#
#   ci-bench.sh install  (--deb FILE | --source DIR [--cache DIR]) [--with PACKAGE,...]
#   ci-bench.sh capture  --out CAPTURE (--suite SUITE.json [RUNNER_OPTION...] | --import FILE... [--suite-id ID])
#   ci-bench.sh checkout --store DIR --branch BRANCH [--remote NAME|URL]
#   ci-bench.sh store    --store DIR --branch BRANCH CAPTURE [--commit SHA] [--ref NAME] [--keep N]
#                        [--remote NAME|URL] [--tries N]
#   ci-bench.sh comment  (--store DIR --base BRANCH|REV | --base-capture FILE) --out FILE CAPTURE
#                        [--page-url URL] [--fail-on worse] [--threshold PCT] [--post none|github|gitlab]
#   ci-bench.sh publish  --store DIR --out SITE [--repo-url URL]
#
# Run inside the git checkout of the project measured: the store is a
# worktree of its branch BRANCH (`benchmarks`, `gh-pages`, ...) at DIR,
# fetched from and pushed to `--remote` (default origin), created on the
# first push. `store` adds onto the branch as fetched, commits and pushes;
# when another job pushed first, it fetches again and adds anew.
# Programs: $BENCHSCOPE_CLI and $BENCHSCOPE_RUN (default: from PATH).
# Exit status: the command's (comment: 4 when the gate fails), 2 on misuse.
set -euo pipefail

cli=${BENCHSCOPE_CLI:-benchscope-cli}
runner=${BENCHSCOPE_RUN:-benchscope-run}

die() { echo "ci-bench: $*" >&2; exit 2; }
need() { [ -n "${2:-}" ] || die "$1 is needed (ci-bench.sh ${cmd:-} --help)"; }
value() { [ $# -ge 2 ] || die "$1 needs a value"; printf '%s' "$2"; }
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# install: the .deb given, or built from a Benchscope checkout (kept in
# --cache, so a CI cache of that folder skips the build next time), and the
# Debian packages --with names (git, gh, curl: what the other steps use).
cmd_install() {
  local deb="" source="" cache="" with=()
  while [ $# -gt 0 ]; do
    case $1 in
      --with) IFS=, read -r -a with <<<"$(value "$@")"; shift 2 ;;
      --deb) deb=$(value "$@"); shift 2 ;;
      --source) source=$(value "$@"); shift 2 ;;
      --cache) cache=$(value "$@"); shift 2 ;;
      *) die "install: unknown argument $1" ;;
    esac
  done
  if [ -z "$deb" ]; then
    need --deb/--source "$source"
    if [ -n "$cache" ] && ls "$cache"/benchscope_*.deb >/dev/null 2>&1; then
      deb=$(ls -t "$cache"/benchscope_*.deb | head -n 1)
    else
      deb=$(cd "$source" && realpath "$(bash scripts/package.sh | tail -n 1)")
      if [ -n "$cache" ]; then mkdir -p "$cache" && cp "$deb" "$cache/" && deb=$cache/$(basename "$deb"); fi
    fi
  fi
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "$(realpath "$deb")" "${with[@]}" >/dev/null
  "$cli" --version
}

# capture: a suite measured by the runner, or another tool's output imported.
cmd_capture() {
  local out="" suite="" id="" imports=() extra=()
  while [ $# -gt 0 ]; do
    case $1 in
      --out) out=$(value "$@"); shift 2 ;;
      --suite) suite=$(value "$@"); shift 2 ;;
      --suite-id) id=$(value "$@"); shift 2 ;;
      --import) shift; while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do imports+=("$1"); shift; done ;;
      *) extra+=("$1"); shift ;;
    esac
  done
  need --out "$out"
  if [ -n "$suite" ]; then
    [ ${#imports[@]} -eq 0 ] || die "capture: --suite or --import, not both"
    "$runner" "$suite" --out "$out" --quiet "${extra[@]}"
  else
    [ ${#imports[@]} -gt 0 ] || die "capture: --suite SUITE.json or --import FILE... is needed"
    [ ${#extra[@]} -eq 0 ] || die "capture: unknown argument ${extra[0]}"
    "$cli" convert "${imports[@]}" --out "$out" ${id:+--suite "$id"}
  fi
}

# Fetches BRANCH of REMOTE into refs/ci-bench/BRANCH; false when the remote
# has no such branch yet.
fetch_store() {
  local remote=$1 branch=$2
  git ls-remote --exit-code --heads "$remote" "$branch" >/dev/null 2>&1 || return 1
  git fetch --quiet --no-tags "$remote" "+refs/heads/$branch:refs/ci-bench/$branch"
}

# The worktree DIR at the store branch as fetched (empty when it is new).
worktree_at() {
  local dir=$1 branch=$2 fetched=$3
  [ -e "$dir/.git" ] || git worktree add --quiet --detach "$dir" HEAD
  if [ "$fetched" = yes ]; then
    git -C "$dir" checkout --quiet --force --detach "refs/ci-bench/$branch"
  else
    # A new branch: an orphan, named only until the push makes it the branch.
    git -C "$dir" checkout --quiet --force --detach 2>/dev/null || true
    git -C "$dir" branch --quiet -D "ci-bench-new-$branch" 2>/dev/null || true
    git -C "$dir" checkout --quiet --force --orphan "ci-bench-new-$branch"
    git -C "$dir" rm -r --quiet --force --ignore-unmatch .
  fi
  git -C "$dir" clean --quiet -dffx
}

cmd_checkout() {
  local store="" branch="" remote=origin fetched=no
  while [ $# -gt 0 ]; do
    case $1 in
      --store) store=$(value "$@"); shift 2 ;;
      --branch) branch=$(value "$@"); shift 2 ;;
      --remote) remote=$(value "$@"); shift 2 ;;
      *) die "checkout: unknown argument $1" ;;
    esac
  done
  need --store "$store"; need --branch "$branch"
  fetch_store "$remote" "$branch" && fetched=yes
  worktree_at "$store" "$branch" "$fetched"
  [ "$fetched" = yes ] || echo "ci-bench: branch $branch is not on $remote yet: $store is empty" >&2
}

# store: add CAPTURE to the branch and push; on a rejected push (another job
# pushed first) fetch and add again, up to --tries times.
cmd_store() {
  local store="" branch="" remote=origin capture="" tries=10 keep="" add=()
  while [ $# -gt 0 ]; do
    case $1 in
      --store) store=$(value "$@"); shift 2 ;;
      --branch) branch=$(value "$@"); shift 2 ;;
      --remote) remote=$(value "$@"); shift 2 ;;
      --commit) add+=(--commit "$(value "$@")"); shift 2 ;;
      --ref) add+=(--branch "$(value "$@")"); shift 2 ;;
      --keep) keep=$(value "$@"); shift 2 ;;
      --tries) tries=$(value "$@"); shift 2 ;;
      --*) die "store: unknown option $1" ;;
      *) [ -z "$capture" ] || die "store: one CAPTURE"; capture=$(realpath "$1"); shift ;;
    esac
  done
  need --store "$store"; need --branch "$branch"; need CAPTURE "$capture"
  local try fetched error
  for ((try = 1; try <= tries; try++)); do
    fetched=no
    fetch_store "$remote" "$branch" && fetched=yes
    worktree_at "$store" "$branch" "$fetched"
    "$cli" store add --store "$store" "$capture" "${add[@]}"
    [ -z "$keep" ] || "$cli" store prune --store "$store" --keep "$keep"
    git -C "$store" add --all
    if git -C "$store" diff --cached --quiet; then
      echo "ci-bench: $branch already holds $(basename "$capture")"
      return 0
    fi
    git -C "$store" -c user.name="${GIT_AUTHOR_NAME:-benchscope-ci}" -c user.email="${GIT_AUTHOR_EMAIL:-benchscope-ci@localhost}" \
      commit --quiet -m "benchmarks: $(basename "$capture") ${add[*]}"
    if error=$(git -C "$store" push --quiet "$remote" "HEAD:refs/heads/$branch" 2>&1); then
      echo "ci-bench: stored on $branch (try $try)"
      return 0
    fi
    echo "ci-bench: push to $branch rejected (try $try of $tries), fetching and adding again: $error" >&2
    sleep "$((RANDOM % 3)).$((RANDOM % 10))"
  done
  echo "ci-bench: could not push to $branch after $tries tries" >&2
  return 1
}

# comment: the pull request's comment written to FILE (and the job summary),
# posted when asked; the exit status is the gate's.
cmd_comment() {
  local store="" base="" baseFile="" out="" capture="" post=none args=()
  while [ $# -gt 0 ]; do
    case $1 in
      --store) store=$(value "$@"); shift 2 ;;
      --base) base=$(value "$@"); shift 2 ;;
      --base-capture) baseFile=$(value "$@"); shift 2 ;;
      --out) out=$(value "$@"); shift 2 ;;
      --post) post=$(value "$@"); shift 2 ;;
      --page-url | --fail-on | --threshold | --metric | --alpha) args+=("$1" "$(value "$@")"); shift 2 ;;
      --*) die "comment: unknown option $1" ;;
      *) [ -z "$capture" ] || die "comment: one CAPTURE"; capture=$1; shift ;;
    esac
  done
  need --out "$out"; need CAPTURE "$capture"
  if [ -n "$baseFile" ]; then
    args=("$baseFile" "${args[@]}")
  else
    need --store "$store"; need --base "$base"
    args=(--store "$store" --base "$base" "${args[@]}")
  fi
  local status=0
  "$cli" comment "${args[@]}" "$capture" >"$out" || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 4 ] || return "$status"
  [ -z "${GITHUB_STEP_SUMMARY:-}" ] || cat "$out" >>"$GITHUB_STEP_SUMMARY"
  case $post in
    none) ;;
    github) gh pr comment "${PR_NUMBER:?PR_NUMBER is needed to post}" --body-file "$out" ;;
    gitlab)
      curl --silent --show-error --fail --request POST --header "PRIVATE-TOKEN: ${BENCH_API_TOKEN:?BENCH_API_TOKEN is needed to post}" \
        --data-urlencode "body@$out" \
        "$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes" >/dev/null ;;
    *) die "comment: --post none, github or gitlab" ;;
  esac
  return "$status"
}

cmd_publish() {
  local store="" out="" repo=""
  while [ $# -gt 0 ]; do
    case $1 in
      --store) store=$(value "$@"); shift 2 ;;
      --out) out=$(value "$@"); shift 2 ;;
      --repo-url) repo=$(value "$@"); shift 2 ;;
      *) die "publish: unknown argument $1" ;;
    esac
  done
  need --store "$store"; need --out "$out"
  "$cli" publish --store "$store" --out "$out" ${repo:+--repo-url "$repo"}
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
  install | capture | checkout | store | comment | publish) "cmd_$cmd" "$@" ;;
  -h | --help | help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' ;;
  *) die "usage: ci-bench.sh install|capture|checkout|store|comment|publish ... (ci-bench.sh --help)" ;;
esac
