#!/usr/bin/env python3
"""The workflow files of docs/ci/ parsed and checked (CTest ci_workflows_lint).

    lint-workflows.py SOURCE_DIR

Each file is YAML (python3-yaml; Debian has no actionlint). The GitHub
Actions workflow: `on`, `jobs`, each job with `runs-on` and steps, each step
one `uses:` (an action pinned to a version) or one `run:`. The GitLab CI
file: each job with `script:`. Every command of a `run:` or `script:` is
scripts/ci-bench.sh with a subcommand it has and options that subcommand
reads (what the runner reads is passed on by `capture`); GitLab's
`before_script` may also install git and clone Benchscope, which brings the
script. Every subcommand the workflows use but `install` is one the local
CI test (tests/ci/ci-local.py) runs, and docs/ci.md quotes both files whole.
Prints what it checked; exits 1 on a failure.
"""
import re
import shlex
import sys

import yaml

SOURCE = sys.argv[1]
SCRIPT = f"{SOURCE}/scripts/ci-bench.sh"
failures = []


def check(ok, what):
    if ok:
        print(f"ok: {what}")
    else:
        print(f"FAIL: {what}")
        failures.append(what)


def script_grammar():
    """{subcommand: set of options} read from ci-bench.sh's parsers."""
    text = open(SCRIPT).read()
    names = re.search(r"^  ((?:[a-z]+ \| )+[a-z]+)\) \"cmd_\$cmd\"", text, re.M).group(1).split(" | ")
    grammar = {}
    for name in names:
        body = re.search(rf"^cmd_{name}\(\) {{\n(.*?)^}}", text, re.M | re.S).group(1)
        grammar[name] = set(re.findall(r"--[a-z-]+", " ".join(re.findall(r"^\s+(--[a-z-]+(?: \| --[a-z-]+)*)\)", body, re.M))))
    return grammar


GRAMMAR = script_grammar()
used = set()


def commands(shell):
    """The commands of a shell text: continuation lines joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n\s*", " ", shell)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]


def check_command(where, line):
    words = shlex.split(line)
    ok = words[0].endswith("scripts/ci-bench.sh") and len(words) > 1 and words[1] in GRAMMAR
    check(ok, f"{where}: calls ci-bench.sh with a subcommand it has: {line[:80]}")
    if not ok:
        return
    sub = words[1]
    used.add(sub)
    if sub == "capture":  # what the runner reads is passed on
        return
    unknown = [w for w in words[2:] if w.startswith("--") and w not in GRAMMAR[sub]]
    check(not unknown, f"{where}: every option is one `ci-bench.sh {sub}` reads {unknown or ''}")


BOOTSTRAP = [r"apt-get update -qq && apt-get install -y -qq git ca-certificates >/dev/null",
             r"git clone --depth 1 --branch \"\$BENCHSCOPE_REF\" https://github\.com/benchscope/benchscope\.git \.benchscope"]


def lint_github(path):
    doc = yaml.safe_load(open(path))
    on = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` as true
    check(isinstance(on, dict) and {"push", "pull_request"} <= set(on), f"{path}: on push and pull_request")
    jobs = doc.get("jobs")
    check(isinstance(jobs, dict) and jobs, f"{path}: has jobs")
    for name, job in jobs.items():
        check("runs-on" in job and isinstance(job.get("steps"), list) and job["steps"], f"{path}: job {name} has runs-on and steps")
        for i, step in enumerate(job["steps"]):
            where = f"{path}: {name}.steps[{i}]"
            check(("uses" in step) != ("run" in step), f"{where}: one of uses and run")
            if "uses" in step:
                check(re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", step["uses"]) is not None, f"{where}: {step['uses']} pinned to a version")
            for line in commands(step.get("run", "")):
                check_command(where, line)


def lint_gitlab(path):
    doc = yaml.safe_load(open(path))
    reserved = {"variables", "default", "stages", "include", "workflow", "image", "services", "cache", "before_script",
                "after_script"}
    jobs = {k: v for k, v in doc.items() if k not in reserved and not k.startswith(".")}
    check({"pages", "merge-request"} <= set(jobs), f"{path}: jobs pages and merge-request")
    for line in doc.get("default", {}).get("before_script", []):
        if not any(re.fullmatch(b, line) for b in BOOTSTRAP):
            check_command(f"{path}: default.before_script", line)
    for name, job in jobs.items():
        check(isinstance(job.get("script"), list) and job["script"] and "rules" in job, f"{path}: job {name} has rules and a script")
        for line in job.get("script", []):
            for command in commands(line):
                check_command(f"{path}: {name}.script", command)
    check("public" in jobs["pages"].get("artifacts", {}).get("paths", []), f"{path}: the pages job keeps public/")


lint_github(f"{SOURCE}/docs/ci/github-benchmarks.yml")
lint_gitlab(f"{SOURCE}/docs/ci/gitlab-benchmarks.yml")
local = open(f"{SOURCE}/tests/ci/ci-local.py").read()
for sub in sorted(used - {"install"}):
    check(f'"{sub}"' in local, f"the local CI test runs ci-bench.sh {sub}")
doc = open(f"{SOURCE}/docs/ci.md").read()
for name in ("github-benchmarks.yml", "gitlab-benchmarks.yml"):
    check(open(f"{SOURCE}/docs/ci/{name}").read() in doc, f"docs/ci.md quotes docs/ci/{name} whole")
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
