#!/usr/bin/env python3
"""A CI history played locally, no network (CTest ci_local; docs/ci.md).

    ci-local.py --bin BUILD/bin --script scripts/ci-bench.sh --work DIR

A project in a local git repository with a bare "origin"; its suite
(bench/suite.json) measures benchscope-testserver with benchscope-run for
real (one HTTP case, six repetitions of 0.5 s: long enough that the stalls
of a loaded machine do not hide a server 20 ms late). Every step is
scripts/ci-bench.sh, the script the workflows in docs/ci/ run:

- ten commits on main, each captured and stored on the branch `benchmarks`
  of origin: six one after the other, two jobs at once (two processes, two
  clones), and two whose pushes cross (the second job's push is rejected,
  it fetches, adds again and pushes);
- the store's manifest: ten entries, one per commit, branch main, one line
  each, one git commit per capture;
- a pull request whose server answers 20 ms late: `comment` against main
  is Markdown under 65,536 characters, regressions first, exit 4 with
  --fail-on worse; its capture against a copy of itself: no change, exit 0;
  posted through stand-ins for `gh` and `curl` (what they were given);
- the page: `publish --store` and the page in headless Chromium (skipped,
  saying so, while benchscope-cli publish has no --store).
Prints what it checked; exits 1 on the first failure.
"""
import argparse
import gzip
import json
import os
import shutil
import socket
import subprocess
import sys
import time

args = argparse.ArgumentParser()
args.add_argument("--bin", required=True)
args.add_argument("--script", required=True)
args.add_argument("--work", required=True)
args.add_argument("--chromium", default="/usr/bin/chromium")
opt = args.parse_args()
BIN = os.path.abspath(opt.bin)
SCRIPT = os.path.abspath(opt.script)
WORK = os.path.abspath(opt.work)
ENV = dict(os.environ, BENCHSCOPE_CLI=f"{BIN}/benchscope-cli", BENCHSCOPE_RUN=f"{BIN}/benchscope-run",
           GIT_AUTHOR_NAME="ci", GIT_AUTHOR_EMAIL="ci@localhost", GIT_COMMITTER_NAME="ci",
           GIT_COMMITTER_EMAIL="ci@localhost", GIT_CONFIG_NOSYSTEM="1", HOME=WORK)
ENV.pop("GITHUB_STEP_SUMMARY", None)
BRANCH = "benchmarks"


def fail(what):
    print(f"FAIL: {what}")
    sys.exit(1)


def check(ok, what):
    if not ok:
        fail(what)
    print(f"ok: {what}")


def run(cmd, cwd, ok=(0,), env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env or ENV, capture_output=True, text=True)
    if p.returncode not in ok:
        fail(f"{' '.join(cmd)} in {cwd}: exit {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def git(cwd, *a):
    return run(["git", *a], cwd).stdout.strip()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def suite(delay_ms):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = [f"{BIN}/benchscope-testserver", "--port", str(port)]
    if delay_ms:
        server += ["--delay-ms", str(delay_ms)]
    return {
        "suite": {"id": "ci-demo", "title": "CI demo"},
        "revision": {"git": True},
        "settings": {"connections": 2, "duration_s": 0.5, "warmup_s": 0.1, "repetitions": 6},
        "participants": [{"id": "server", "label": "test server", "start": {"command": server}, "url": url}],
        "cases": [{"id": "hello", "label": "GET /", "expect": {"body": "hello"}}],
    }


def commit(repo, message, delay_ms=0):
    with open(f"{repo}/bench/suite.json", "w") as f:
        json.dump(suite(delay_ms), f, indent=1)
    with open(f"{repo}/src.txt", "a") as f:
        f.write(message + "\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def ci(job, *a, ok=(0,), env=None):
    return run(["bash", SCRIPT, *a], job, ok, env)


def job_at(name, sha):
    """A CI job's checkout of the project at `sha`, captured."""
    job = f"{WORK}/{name}"
    if not os.path.isdir(job):
        run(["git", "clone", "-q", f"{WORK}/origin.git", job], WORK)
    git(job, "fetch", "-q", "origin")
    git(job, "checkout", "-q", "--force", "--detach", sha)
    ci(job, "capture", "--suite", "bench/suite.json", "--out", f"{job}/capture.json.gz")
    with gzip.open(f"{job}/capture.json.gz") as f:
        results = json.load(f)["results"]
    if [r["status"] for r in results] != ["ok"] or len(results[0]["repetitions"]) != 6:
        fail(f"{name} at {sha[:7]}: the runner measured no six repetitions: {results}")
    return job


def store(job, sha):
    return ["bash", SCRIPT, "store", "--store", ".bench-store", "--branch", BRANCH, "--commit", sha, "--ref", "main",
            "capture.json.gz"]


def manifest(folder):
    with open(f"{folder}/benchscope-store.json") as f:
        text = f.read()
    return text, json.loads(text)["captures"]


def history(project):
    """Ten commits on main, stored: sequential, two at once, two crossing."""
    shas = [commit(project, f"commit {i}") for i in range(1, 11)]
    git(project, "push", "-q", "origin", "main")
    for i, sha in enumerate(shas[:6]):
        job = job_at("job", sha)
        out = run(store(job, sha), job).stdout
        check("stored on benchmarks (try 1)" in out, f"commit {i + 1} stored on {BRANCH} in one try")
    # Two jobs at once: two clones, two processes.
    a, b = job_at("job-a", shas[6]), job_at("job-b", shas[7])
    pa = subprocess.Popen(store(a, shas[6]), cwd=a, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pb = subprocess.Popen(store(b, shas[7]), cwd=b, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    outs = [p.communicate()[0] for p in (pa, pb)]
    check(pa.returncode == 0 and pb.returncode == 0, f"two jobs at once both stored: {outs}")
    # Crossing pushes: job-b's pre-push hook lets job-a push first, once.
    a, b = job_at("job-a", shas[8]), job_at("job-b", shas[9])
    hook = f"{b}/.git/hooks/pre-push"
    with open(hook, "w") as f:
        f.write(f"#!/bin/sh\n[ -e '{WORK}/crossed' ] && exit 0\ntouch '{WORK}/crossed'\n"
                f"unset $(git rev-parse --local-env-vars)\n"
                f"cd '{a}' && exec {' '.join(store(a, shas[8]))} >'{WORK}/job-a.log' 2>&1\n")
    os.chmod(hook, 0o755)
    p = run(store(b, shas[9]), b)
    os.remove(hook)
    check("rejected (try 1 of 10)" in p.stderr and "stored on benchmarks (try 2)" in p.stdout,
          f"a rejected push fetched, added again and pushed: {p.stderr.strip()[:300]} / {p.stdout.strip()}")
    return shas


def check_store(shas):
    clone = f"{WORK}/check"
    run(["git", "clone", "-q", "--branch", BRANCH, f"{WORK}/origin.git", clone], WORK)
    text, entries = manifest(clone)
    check(sorted(e["commit"] for e in entries) == sorted(shas), "the manifest holds the ten commits, once each")
    check(all(e["branch"] == "main" and e["suite"] == "ci-demo" for e in entries), "every entry: suite ci-demo, branch main")
    check(all(os.path.isfile(f"{clone}/{e['file']}") for e in entries), "every entry's capture file is on the branch")
    check(len(text.splitlines()) == len(entries) + 2, "one manifest line per capture")
    check(git(clone, "rev-list", "--count", "HEAD") == "10", "one commit on the branch per capture")
    stat = git(clone, "show", "--numstat", "--format=", "HEAD").splitlines()
    check(any(line.startswith("1\t0\tbenchscope-store.json") or line.startswith("2\t1\tbenchscope-store.json")
              for line in stat), f"the last commit's manifest diff is one line: {stat}")
    listed = run([f"{BIN}/benchscope-cli", "store", "list", "--store", clone], WORK).stdout
    check(all(s[:7] in listed for s in shas), "store list names every commit")


def stand_ins():
    """`gh` and `curl` that record what they were given, first on PATH."""
    tools = f"{WORK}/tools"
    os.makedirs(tools, exist_ok=True)
    for name in ("gh", "curl"):
        with open(f"{tools}/{name}", "w") as f:
            f.write(f"#!/bin/sh\nprintf '%s\\n' \"$@\" >'{WORK}/{name}.args'\n"
                    f"for a; do case $a in body@*) cp \"${{a#body@}}\" '{WORK}/{name}.body';; esac; done\n"
                    f"prev=; for a; do [ \"$prev\" = --body-file ] && cp \"$a\" '{WORK}/{name}.body'; prev=$a; done\n")
        os.chmod(f"{tools}/{name}", 0o755)
    return dict(ENV, PATH=f"{tools}:{ENV['PATH']}")


def pull_request(project):
    git(project, "checkout", "-q", "-b", "feature")
    sha = commit(project, "the server answers 20 ms late", delay_ms=20)
    git(project, "push", "-q", "origin", "feature")
    job = job_at("job-pr", sha)
    ci(job, "checkout", "--store", ".bench-store", "--branch", BRANCH)
    env = stand_ins()
    env.update(PR_NUMBER="7", BENCH_API_TOKEN="t", CI_API_V4_URL="https://gitlab.invalid/api/v4", CI_PROJECT_ID="3",
               CI_MERGE_REQUEST_IID="7")
    p = ci(job, "comment", "--store", ".bench-store", "--base", "main", "--out", "comment.md", "capture.json.gz",
           "--fail-on", "worse", "--post", "github", ok=(4,), env=env)
    with open(f"{job}/comment.md", encoding="utf-8") as f:
        text = f.read()
    check(p.returncode == 4, "the planted regression fails the gate (exit 4)")
    check(len(text) < 65536, f"the comment is {len(text)} characters, under 65,536")
    check(text.startswith("**Benchmarks: ") and " worse" in text.split("\n")[0] and not text.startswith("**Benchmarks: 0 worse"),
          f"its top line counts the regressions: {text.splitlines()[0]}")
    worse, details = text.find("### Regressions ("), text.find("<details>")
    check(0 < worse and "| test server | GET / |" in text[worse:details if details > 0 else None],
          "the regressions come first, the test server's row among them")
    check(text.find("- base: ") < worse and "FAILED**" in text[:worse], "base, head and the gate before the rows")
    gh_args = open(f"{WORK}/gh.args").read().split("\n")
    check(gh_args[:3] == ["pr", "comment", "7"] and open(f"{WORK}/gh.body", encoding="utf-8").read() == text,
          "posted with gh pr comment 7 --body-file, the comment as written")
    ci(job, "comment", "--store", ".bench-store", "--base", "main", "--out", "again.md", "capture.json.gz",
       "--post", "gitlab", env=env)
    curl_args = open(f"{WORK}/curl.args").read()
    check("https://gitlab.invalid/api/v4/projects/3/merge_requests/7/notes" in curl_args
          and "PRIVATE-TOKEN: t" in curl_args
          and open(f"{WORK}/curl.body", encoding="utf-8").read() == open(f"{job}/again.md", encoding="utf-8").read(),
          "posted to the merge request's notes with curl, the comment as written")
    # The pull request's capture against a copy of itself (as an ABBA job compares two files): no change, exit 0.
    shutil.copy(f"{job}/capture.json.gz", f"{job}/copy.json.gz")
    p = ci(job, "comment", "--base-capture", "copy.json.gz", "--out", "same.md", "capture.json.gz", "--fail-on", "worse")
    same = open(f"{job}/same.md", encoding="utf-8").read()
    check(p.returncode == 0 and same.startswith("**Benchmarks: 0 worse, 0 better, "),
          f"identical captures: no change, exit 0: {same.splitlines()[0]}")
    return job


def publish_supported():
    p = run([f"{BIN}/benchscope-cli", "publish"], WORK, ok=(0, 1, 2))
    return "--store" in p.stdout + p.stderr


def page(job, shas):
    if not publish_supported():
        print("SKIP: the page step: `benchscope-cli publish --store DIR --out SITE` is missing "
              "(benchscope-cli publish has no --store option in this build)")
        return
    site = f"{WORK}/site"
    ci(job, "publish", "--store", ".bench-store", "--out", site, "--repo-url", "https://git.invalid/project")
    index = f"{site}/index.html"
    check(os.path.isfile(index), "publish wrote the page")
    flags = ["--headless", "--disable-gpu", "--no-first-run", f"--user-data-dir={WORK}/chromium",
             "--virtual-time-budget=5000", "--enable-logging=stderr", "--v=0", "--dump-dom", f"file://{index}"]
    if os.getuid() == 0:
        flags.insert(0, "--no-sandbox")
    p = subprocess.run([opt.chromium, *flags], capture_output=True, text=True, timeout=120)
    dom = p.stdout
    check(p.returncode == 0 and "CI demo" in dom, "Chromium opened the page: the suite's title shows")
    linked = [s for s in shas if f'href="https://git.invalid/project/commit/{s}"' in dom]
    check(len(linked) == len(shas), f"every stored commit links to the repository ({len(linked)} of {len(shas)})")
    errors = [line for line in p.stderr.splitlines() if "CONSOLE" in line and ("Uncaught" in line or "rror" in line)]
    check(not errors, f"no error in the page's console: {errors[:3]}")


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    project = f"{WORK}/project"
    os.makedirs(f"{project}/bench")
    git(project, "init", "-q", "-b", "main")
    run(["git", "init", "-q", "--bare", "-b", "main", f"{WORK}/origin.git"], WORK)
    git(project, "remote", "add", "origin", f"{WORK}/origin.git")
    started = time.monotonic()
    shas = history(project)
    check_store(shas)
    job = pull_request(project)
    page(job, shas)
    print(f"passed in {time.monotonic() - started:.0f} s")


main()
