#!/usr/bin/python3
"""Exploration past one machine, end to end, with real processes.

- Every CI engine's variables (Bazel and GitLab as they are; a Kubernetes Indexed Job with
  NAVD_SHARD_TOTAL or --shard-total, CircleCI, Buildkite and Azure Pipelines with --shard auto),
  and `--shard K/N`, each
  split a walk into 3 shards, run as 3 processes at once; `explore merge` joins their reports
  into the screens, transitions and findings of one unsharded walk with the same seed and depth:
  the root app to depth 6 and the planted-bug inbox (its crash, dead end, invariant, leaked
  effect and runtime warning) to depth 4. Each shard did less than the whole walk.
- A shard killed mid-walk leaves a readable partial report (its last checkpoint), and its child
  walk dies with it; the merge of what is there names the missing shard and the partial one,
  exits 4, and writes the rest.
- Shards of different options or builds, a broken report and an unknown option are refused.
- On a terminal the walk shows a progress line; into a pipe it shows none.
- `test` reads the same variables: each engine's 3 shards of the scenarios are disjoint and
  together the whole suite; without --shard auto, CircleCI's leave the suite whole (its files
  may have been split already).

Usage: explore_shards_test.py NAVCTL BUGS_NAV SCREENS_PACKAGE_DIR
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

failures = 0
ENGINES = {
    "Bazel": lambda k, n: {"TEST_SHARD_INDEX": str(k - 1), "TEST_TOTAL_SHARDS": str(n)},
    "GitLab": lambda k, n: {"CI_NODE_INDEX": str(k), "CI_NODE_TOTAL": str(n)},
    "Kubernetes (NAVD_SHARD_TOTAL)":
        lambda k, n: {"JOB_COMPLETION_INDEX": str(k - 1), "NAVD_SHARD_TOTAL": str(n)},
    "CircleCI": lambda k, n: {"CIRCLE_NODE_INDEX": str(k - 1), "CIRCLE_NODE_TOTAL": str(n)},
    "Buildkite":
        lambda k, n: {"BUILDKITE_PARALLEL_JOB": str(k - 1), "BUILDKITE_PARALLEL_JOB_COUNT": str(n)},
    "Azure Pipelines":
        lambda k, n: {"SYSTEM_JOBPOSITIONINPHASE": str(k), "SYSTEM_TOTALJOBSINPHASE": str(n)},
}
# The engines read without --shard; the others need --shard auto.
IMPLICIT = ("Bazel", "GitLab")
SHARD_VARIABLES = ("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "CI_NODE_", "JOB_COMPLETION_INDEX",
                   "NAVD_SHARD_TOTAL", "CIRCLE_NODE_", "BUILDKITE_PARALLEL_JOB", "SYSTEM_")


def check(condition, message):
    global failures
    print(("ok - " if condition else "not ok - ") + message, flush=True)
    if not condition:
        failures += 1


def environment(extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(SHARD_VARIABLES)}
    env["SWIFT_BACKTRACE"] = "enable=no"
    env.update(extra or {})
    return env


def load(directory):
    with open(os.path.join(directory, "report.json")) as file:
        report = json.load(file)
    with open(os.path.join(directory, "graph.json")) as file:
        graph = json.load(file)
    return report, graph


def shape(report, graph):
    """What two walks of one graph share: screens, edges by use key, findings."""
    screens = sorted(screen["id"] for screen in graph["screens"])
    edges = sorted(
        (screen["id"], key, json.dumps(edge, sort_keys=True))
        for screen in graph["screens"] for key, edge in zip(screen["keys"], screen["edges"])
        if edge is not None)
    findings = sorted((f["kind"], re.sub(r"[0-9]+", "N", f["match"]), len(f["steps"]),
                       f.get("states")) for f in report["findings"])
    return {"screens": screens, "edges": edges, "transitions": report["transitions"],
            "findings": findings}


class Walk:
    """One feature's walk: the command, where it runs, and its unsharded result."""

    def __init__(self, name, program, cwd, arguments, work):
        self.name, self.program, self.cwd, self.arguments, self.work = (
            name, program, cwd, arguments, work)

    def command(self, out, extra=()):
        return [self.program] + self.arguments + ["--out", out, "--output", "json"] + list(extra)

    def run(self, out, extra=(), env=None):
        return subprocess.run(self.command(out, extra), cwd=self.cwd, env=environment(env),
                              capture_output=True, text=True, timeout=900)

    def shards(self, label, variables, extra):
        """Runs 3 shards at once, shard k with the variables `variables(k, 3)` and the options
        `extra(k)`; returns their directories and results."""
        directories = [os.path.join(self.work, f"{self.name}-{label}-{k}") for k in (1, 2, 3)]
        processes = [
            subprocess.Popen(self.command(directory, extra(k)), cwd=self.cwd,
                             env=environment(variables(k, 3)), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
            for k, directory in zip((1, 2, 3), directories)]
        results = [process.communicate(timeout=900) + (process.returncode,)
                   for process in processes]
        return directories, results

    def merge(self, directories, out, extra=()):
        return subprocess.run([self.program, "explore", "merge"] + directories
                              + ["--out", out, "--output", "json"] + list(extra),
                              cwd=self.cwd, env=environment(), capture_output=True, text=True,
                              timeout=300)


def sharded_walks_equal_the_whole(walk):
    whole_dir = os.path.join(walk.work, f"{walk.name}-whole")
    whole = walk.run(whole_dir)
    check(whole.returncode in (0, 1), f"{walk.name}: the unsharded walk runs {whole.stderr[-400:]}")
    report, graph = load(whole_dir)
    check(report["complete"], f"{walk.name}: the unsharded walk is complete "
          f"({report['screens']} screens, {report['transitions']} transitions)")
    expected = shape(report, graph)
    cases = dict(ENGINES)
    cases["Kubernetes (--shard-total)"] = lambda k, n: {"JOB_COMPLETION_INDEX": str(k - 1)}
    cases["--shard K/N"] = None
    for label, variables in cases.items():
        slug = re.sub(r"[^a-z]+", "-", label.lower()).strip("-")
        if label == "--shard K/N":
            directories, results = walk.shards(
                slug, lambda k, n: {}, lambda k: ["--shard", f"{k}/3"])
        else:
            extra = [] if label in IMPLICIT else ["--shard", "auto"]
            if label == "Kubernetes (--shard-total)":
                extra += ["--shard-total", "3"]
            directories, results = walk.shards(slug, variables, lambda k: extra)
        codes = [code for _, _, code in results]
        check(all(code in (0, 1) for code in codes),
              f"{walk.name}, {label}: 3 shards at once exit {codes} "
              + " ".join(err[-300:] for _, err, code in results if code not in (0, 1)))
        if label == "CircleCI":
            check("shard 2/3 from CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=3)"
                  in results[1][1], f"{walk.name}: --shard auto says which engine it read")
        parts = [load(d)[0] for d in directories]
        check([p["shard"]["index"] for p in parts] == [1, 2, 3]
              and all(p["shard"]["count"] == 3 for p in parts),
              f"{walk.name}, {label}: the shards are 1/3, 2/3 and 3/3")
        check(all(p["steps"] < report["steps"] for p in parts),
              f"{walk.name}, {label}: each shard took fewer steps than the whole walk "
              f"({[p['steps'] for p in parts]} against {report['steps']})")
        merged_dir = os.path.join(walk.work, f"{walk.name}-{slug}-merged")
        merged = walk.merge(directories, merged_dir)
        check(merged.returncode == (1 if report["findings"] else 0),
              f"{walk.name}, {label}: explore merge exits {merged.returncode} {merged.stderr}")
        merged_report, merged_graph = load(merged_dir)
        got = shape(merged_report, merged_graph)
        for key in ("screens", "edges", "transitions", "findings"):
            check(got[key] == expected[key],
                  f"{walk.name}, {label}: the merge has the unsharded walk's {key}"
                  + ("" if got[key] == expected[key] else
                     f": {str(got[key])[:300]} against {str(expected[key])[:300]}"))
        check(merged_report["merged"]["missing"] == [] and merged_report["complete"],
              f"{walk.name}, {label}: no shard missing, the merged walk complete")
        for finding in merged_report["findings"]:
            check(os.path.isfile(finding["repro"]),
                  f"{walk.name}, {label}: the merged {finding['kind']} has its repro spec")
    return report


def killed_shard(walk):
    """Shard 2 of 3 killed after its first checkpoint; shard 3 never ran."""
    first = os.path.join(walk.work, "killed-1")
    second = os.path.join(walk.work, "killed-2")
    finished = subprocess.Popen(walk.command(first, ["--shard", "1/3"]), cwd=walk.cwd,
                                env=environment(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
    victim = subprocess.Popen(walk.command(second, ["--shard", "2/3"]), cwd=walk.cwd,
                              env=environment(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not os.path.exists(os.path.join(second, "report.json")) and time.monotonic() < deadline:
        if victim.poll() is not None:
            break
        time.sleep(0.05)
    check(victim.poll() is None, "the shard to kill was still walking at its first checkpoint")

    def workers():
        # The child walk's command line: the walk's options, then --worker … --out DIR.
        found = subprocess.run(["pgrep", "-f", "--", f"--worker .*--out {second}( |$)"],
                               capture_output=True, text=True)
        assert found.returncode in (0, 1), found.stderr
        return found.stdout.split()

    before = workers()
    check(len(before) == 1, f"the shard walks in a child process ({before})")
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait()
    deadline = time.monotonic() + 10
    while workers() and time.monotonic() < deadline:
        time.sleep(0.1)
    check(workers() == [], f"the killed shard's walk died with it (left: {workers()})")
    report, graph = load(second)
    check(report["ended"] == "interrupted" and report["screens"] == len(graph["screens"]) > 0,
          f"the killed shard's partial report reads: ended {report['ended']}, "
          f"{report['screens']} screens, {report['steps']} steps")
    _, errors = finished.communicate(timeout=900)
    check(finished.returncode in (0, 1), f"shard 1/3 finished {errors[-300:]}")
    out = os.path.join(walk.work, "killed-merged")
    merged = walk.merge([first, second], out)
    check(merged.returncode == 4, f"the merge of a missing and a partial shard exits 4, "
          f"not {merged.returncode}")
    check("shard 3/3 is missing" in merged.stderr, f"the merge names the missing shard "
          f"{merged.stderr}")
    check("shard 2/3 did not finish" in merged.stderr, "the merge names the partial shard")
    merged_report, _ = load(out)
    check(merged_report["merged"]["missing"] == [3] and merged_report["merged"]["partial"] == [2],
          "the merged report says which shards are missing and partial")
    return first, second


def refusals(walk, first, second):
    # Another depth: not a shard of the same walk; nothing is written.
    other = os.path.join(walk.work, "other-depth")
    walk.run(other, ["--shard", "2/3", "--depth", "3"])
    out = os.path.join(walk.work, "refused")
    refused = walk.merge([first, other], out)
    check(refused.returncode == 3 and "--depth" in refused.stderr
          and "not shards of one walk" in refused.stderr,
          f"shards of two depths are refused: {refused.stderr.strip()}")
    check(not os.path.exists(os.path.join(out, "report.json")), "a refused merge writes nothing")
    # Another build.
    forged = os.path.join(walk.work, "other-build")
    shutil.copytree(second, forged)
    path = os.path.join(forged, "report.json")
    with open(path) as file:
        report = json.load(file)
    report["build"] = "0" * 40
    with open(path, "w") as file:
        json.dump(report, file)
    refused = walk.merge([first, forged], out)
    check(refused.returncode == 3 and "different builds" in refused.stderr,
          f"shards of two builds are refused: {refused.stderr.strip()}")
    with open(path, "w") as file:
        file.write("{\"feature\": ")
    refused = walk.merge([first, forged], out)
    check(refused.returncode == 3 and "is not a navd explore report" in refused.stderr,
          f"a broken report is refused, by name: {refused.stderr.strip()[:200]}")
    refused = walk.merge([first, "--bogus"], out)
    check(refused.returncode == 2 and "unknown option '--bogus'" in refused.stderr,
          "an unknown option of merge is a usage error")


def progress(walk):
    out = os.path.join(walk.work, "progress")
    command = " ".join(f"'{word}'" for word in walk.command(out))
    # `script` gives the walk a terminal; its transcript is what the terminal showed.
    shown = subprocess.run(["script", "-qefc", command + " >/dev/null", "/dev/null"],
                           cwd=walk.cwd, env=environment(), capture_output=True, text=True,
                           timeout=600)
    check(re.search(r"explore \S+: [0-9,]+ steps \([0-9,]+/s\) · [0-9,]+ screens · [0-9,]+ open · "
                    r"[0-9]+ findings? · [0-9.]+ s", shown.stdout) is not None,
          f"on a terminal the walk shows its progress line ({shown.stdout[-200:]!r})")
    piped = walk.run(out)
    check("screens ·" not in piped.stderr, "into a pipe it shows none")
    report = json.loads(piped.stdout)
    check(report["timing"]["stepsPerSecond"] > 0 and report["frontier"] == 0,
          "the JSON report carries the same figures (timing, frontier)")


def test_shards(navctl):
    """`test` reads the same variables: each engine's 3 shards of the scenarios are disjoint and
    together the whole suite."""
    scenarios = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scenarios")

    def listed(env=None, extra=()):
        result = subprocess.run([navctl, "test", scenarios, "--list"] + list(extra),
                                env=environment(env), capture_output=True, text=True,
                                timeout=300)
        assert result.returncode == 0, result.stderr
        return result.stdout.splitlines(), result.stderr

    everything, _ = listed()
    cases = dict(ENGINES)
    cases["Kubernetes (--shard-total)"] = lambda k, n: {"JOB_COMPLETION_INDEX": str(k - 1)}
    for label, variables in cases.items():
        extra = [] if label in IMPLICIT else ["--shard", "auto"]
        if label == "Kubernetes (--shard-total)":
            extra += ["--shard-total", "3"]
        shards = [listed(variables(k, 3), extra)[0] for k in (1, 2, 3)]
        together = [line for shard in shards for line in shard]
        check(sorted(together) == sorted(everything) and all(shards),
              f"test, {label}: 3 shards are disjoint and together the {len(everything)} "
              f"scenarios ({[len(shard) for shard in shards]})")
    _, said = listed(ENGINES["Azure Pipelines"](2, 3), ["--shard", "auto"])
    check("shard 2/3 from Azure Pipelines" in said, f"test --shard auto says which engine: {said}")
    whole, _ = listed(ENGINES["CircleCI"](2, 3))
    check(sorted(whole) == sorted(everything),
          "test without --shard auto leaves CircleCI's split alone: the whole suite")


def main():
    navctl, bugs_nav, screens = (os.path.abspath(a) for a in sys.argv[1:4])
    work = tempfile.mkdtemp(prefix="navd-shards-")
    try:
        app = Walk("app", navctl, work,
                   ["explore", "app", "--seed", "7", "--depth", "6", "--steps", "1000000"], work)
        inbox = Walk("inbox", bugs_nav, screens,
                     ["explore", "inbox", "--seed", "7", "--depth", "4", "--steps", "100000",
                      "--invariants", "explore/invariants.lua", "--step-timeout", "20"], work)
        test_shards(navctl)
        report = sharded_walks_equal_the_whole(inbox)
        check(sorted({f["kind"] for f in report["findings"]}) ==
              ["crash", "dead-end", "invariant", "leaked-effect", "runtime-warning"],
              "the inbox's unsharded walk finds each planted kind")
        sharded_walks_equal_the_whole(app)
        deep = Walk("app7", navctl, work,
                    ["explore", "app", "--seed", "7", "--depth", "7", "--steps", "10000000"], work)
        first, second = killed_shard(deep)
        refusals(deep, first, second)
        progress(Walk("progress", navctl, work,
                      ["explore", "app", "--seed", "7", "--depth", "5", "--steps", "100000"],
                      work))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("all checks passed" if failures == 0 else f"{failures} check(s) failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
