#!/usr/bin/python3
"""The example app's CI files (Examples/MyApp/ci, BUILD.bazel), parsed and run here.

- Both YAML files parse (PyYAML), and name the shards they say they do.
- GitHub Actions: the specs step's script runs once per matrix shard, then the merge step's
  (junitparser, from Debian's python3-junitparser); again with the merged report as timings.
- GitLab: the specs job's script runs once per node (CI_NODE_INDEX, CI_NODE_TOTAL), then the
  merge job's.
- Bazel: ci/bazel-specs.sh runs once per shard with Bazel's variables (TEST_SHARD_INDEX,
  TEST_TOTAL_SHARDS, TEST_SHARD_STATUS_FILE, XML_OUTPUT_FILE); each shard touches its status
  file and writes its report.

Every merged report holds each scenario of `myapp-nav test specs/ --list` exactly once.

Usage: ci_examples_test.py MYAPP_NAV   (Debian's /usr/bin/python3: PyYAML and junitparser)
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

import yaml

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Examples", "MyApp")
failures = 0


def check(condition, message):
    global failures
    print(("ok - " if condition else "not ok - ") + message)
    if not condition:
        failures += 1


def clean_environment(extra=None):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TEST_", "CI_NODE_", "XML_OUTPUT_FILE"))}
    # junitparser is Debian's: the scripts' `junitparser` is its module under Debian's python.
    env.update(extra or {})
    return env


def shell(script, cwd, env=None):
    script = script.replace("junitparser merge", "/usr/bin/python3 -m junitparser merge")
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=cwd,
                          env=clean_environment(env), capture_output=True, text=True, timeout=600)


def workspace(nav):
    """A scratch checkout of the example: its specs and its built myapp-nav where CI has them."""
    directory = tempfile.mkdtemp(prefix="navd-ci-")
    os.symlink(os.path.join(EXAMPLE, "specs"), os.path.join(directory, "specs"))
    os.makedirs(os.path.join(directory, ".build", "debug"))
    os.symlink(nav, os.path.join(directory, ".build", "debug", "myapp-nav"))
    return directory


def scenarios(report):
    root = ElementTree.parse(report).getroot()
    return [case.get("name") for case in root.iter("testcase")]


def whole_suite(nav):
    listed = subprocess.run([nav, "test", "specs/", "--list"], cwd=EXAMPLE, capture_output=True,
                            text=True, timeout=300, env=clean_environment())
    assert listed.returncode == 0, listed.stderr
    return sorted(line.split(": ", 1)[1] for line in listed.stdout.splitlines())


def merged_is_whole(report, everything, label):
    found = sorted(scenarios(report)) if os.path.exists(report) else []
    check(found == everything,
          f"{label}: the merged report holds each of the {len(everything)} scenarios once "
          f"({len(found)} test cases)")


def step(steps, name):
    return next(s["run"] for s in steps if s.get("name") == name)


def github(nav, everything):
    with open(os.path.join(EXAMPLE, "ci", "github-actions.yml")) as file:
        workflow = yaml.safe_load(file)
    shards = workflow["jobs"]["specs"]["strategy"]["matrix"]["shard"]
    check(shards == [1, 2, 3, 4], f"github-actions.yml parses; its matrix is shards {shards}")
    run_specs = step(workflow["jobs"]["specs"]["steps"], "Run the specs (shard)")
    check(f"/{len(shards)}" in run_specs, "the specs step cuts as many shards as the matrix has")
    merge = step(workflow["jobs"]["report"]["steps"], "Merge the shards' JUnit")
    check(workflow["jobs"]["report"]["needs"] == "specs", "the report job follows the shards")
    directory = workspace(nav)
    for round_name in ("first run (no timings)", "next run (split by the merged timings)"):
        for shard in shards:
            script = run_specs.replace("${{ matrix.shard }}", str(shard))
            result = shell(script, directory)
            check(result.returncode == 0, f"GitHub, {round_name}: shard {shard} passes"
                  + ("" if result.returncode == 0 else f": {result.stdout}{result.stderr}"))
        result = shell(merge, directory)
        check(result.returncode == 0, f"GitHub, {round_name}: the merge step runs {result.stderr}")
        merged_is_whole(os.path.join(directory, "specs.xml"), everything, f"GitHub, {round_name}")
        check(os.path.exists(os.path.join(directory, "timings.xml")),
              f"GitHub, {round_name}: the merged report is kept as the next run's timings")
        shutil.rmtree(os.path.join(directory, "reports"), ignore_errors=True)
    # A merge of no reports times nothing, and is not kept as timings.
    os.remove(os.path.join(directory, "timings.xml"))
    result = shell(merge, directory)
    check(result.returncode == 0 and not os.path.exists(os.path.join(directory, "timings.xml")),
          f"GitHub: an empty merged report is not kept as timings {result.stderr}")
    shutil.rmtree(directory)


def gitlab(nav, everything):
    with open(os.path.join(EXAMPLE, "ci", "gitlab-ci.yml")) as file:
        pipeline = yaml.safe_load(file)
    job = pipeline["specs"]
    total = job["parallel"]
    check(total == 4, f"gitlab-ci.yml parses; specs runs in parallel: {total}")
    check(job["artifacts"]["reports"]["junit"] == "reports/specs-*.xml",
          "the specs job hands GitLab its JUnit reports")
    directory = workspace(nav)
    for node in range(1, total + 1):
        result = shell("\n".join(job["script"]), directory,
                       {"CI_NODE_INDEX": str(node), "CI_NODE_TOTAL": str(total)})
        check(result.returncode == 0, f"GitLab node {node} of {total} passes {result.stderr}")
    for node in range(1, total + 1):
        report = os.path.join(directory, "reports", f"specs-{node}.xml")
        check(os.path.exists(report) and scenarios(report), f"GitLab node {node} ran scenarios")
    result = shell("\n".join(pipeline["merge-junit"]["script"][1:]), directory)
    check(result.returncode == 0, f"GitLab: the merge job runs {result.stderr}")
    merged_is_whole(os.path.join(directory, "specs.xml"), everything, "GitLab")
    shutil.rmtree(directory)


def bazel(nav, everything):
    with open(os.path.join(EXAMPLE, "BUILD.bazel")) as file:
        build = file.read()
    total = int(re.search(r"shard_count = (\d+)", build).group(1))
    check('srcs = ["ci/bazel-specs.sh"]' in build, f"BUILD.bazel's sh_test has {total} shards")
    directory = tempfile.mkdtemp(prefix="navd-bazel-")
    reports = []
    for index in range(total):
        status = os.path.join(directory, f"status-{index}")
        report = os.path.join(directory, f"shard_{index + 1}_of_{total}", "test.xml")
        os.makedirs(os.path.dirname(report))
        result = subprocess.run(
            [os.path.join(EXAMPLE, "ci", "bazel-specs.sh")], capture_output=True, text=True,
            timeout=300, env=clean_environment({
                "TEST_SHARD_INDEX": str(index), "TEST_TOTAL_SHARDS": str(total),
                "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": report,
                "MYAPP_DIR": EXAMPLE, "MYAPP_NAV": nav}))
        check(result.returncode == 0, f"Bazel shard {index} of {total} passes {result.stderr}")
        check(os.path.exists(status), f"Bazel shard {index} touched TEST_SHARD_STATUS_FILE")
        check(os.path.exists(report), f"Bazel shard {index} wrote XML_OUTPUT_FILE")
        reports.append(report)
    merged = os.path.join(directory, "specs.xml")
    result = shell(f'junitparser merge --glob "{directory}/shard_*/test.xml" "{merged}"', directory)
    check(result.returncode == 0, f"Bazel: the shards' reports merge {result.stderr}")
    merged_is_whole(merged, everything, "Bazel")
    shutil.rmtree(directory)


def main():
    nav = os.path.abspath(sys.argv[1])
    everything = whole_suite(nav)
    check(len(everything) >= 4, f"the example has {len(everything)} scenarios")
    github(nav, everything)
    gitlab(nav, everything)
    bazel(nav, everything)
    print("all checks passed" if failures == 0 else f"{failures} check(s) failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
