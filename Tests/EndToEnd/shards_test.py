#!/usr/bin/env python3
"""The CI engines' sharding protocols, as real `navctl test` processes see them.

- Bazel: TEST_SHARD_INDEX / TEST_TOTAL_SHARDS choose the shard; the runner touches
  TEST_SHARD_STATUS_FILE (it shards) and writes JUnit to XML_OUTPUT_FILE.
- GitLab: CI_NODE_INDEX (1-based) / CI_NODE_TOTAL.
- CircleCI: the file list on standard input (--files-from -), cut by the timings of a stored
  JUnit report (--split-by-timings).

For each, the shards' JUnit reports name disjoint scenarios whose union is the whole suite; the
timing-balanced shards' recorded totals differ by less than the longest scenario.

Usage: shards_test.py BIN_DIR
"""

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

failures = 0


def check(condition, message):
    global failures
    if condition:
        print(f"ok - {message}")
    else:
        failures += 1
        print(f"not ok - {message}")


def run(navctl, arguments, environment=None, stdin=None):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TEST_", "CI_NODE_", "XML_OUTPUT_FILE"))}
    env.update(environment or {})
    return subprocess.run([navctl, "test", *arguments], env=env, input=stdin, text=True,
                          capture_output=True, timeout=600)


def cases(report):
    """The (file, name) of each test case of a JUnit report, with its time."""
    root = ElementTree.parse(report).getroot()
    return {(case.get("file"), case.get("name")): float(case.get("time"))
            for case in root.iter("testcase")}


def listed(navctl, arguments, environment=None, stdin=None):
    result = run(navctl, [*arguments, "--list"], environment, stdin)
    assert result.returncode == 0, result.stdout + result.stderr
    names = []
    for line in result.stdout.splitlines():
        file, _, rest = line.partition(":")
        _, _, name = rest.partition(": ")
        names.append((file, name.removesuffix(" (pending)")))
    return names


def covers(shards, everything, label):
    union = [name for shard in shards for name in shard]
    check(len(union) == len(set(union)), f"{label}: the shards are disjoint")
    check(sorted(union) == sorted(everything),
          f"{label}: together they run the whole suite ({len(union)} of {len(everything)})")
    check(all(shards), f"{label}: no shard is empty")


def main():
    navctl = os.path.join(sys.argv[1], "navctl")
    work = tempfile.mkdtemp(prefix="navd-shards-")
    suite = ["scenarios"]

    whole = os.path.join(work, "whole.xml")
    result = run(navctl, [*suite, "--no-progress", "--junit", whole])
    check(result.returncode == 0, f"the whole suite passes: {result.stdout[-300:]}")
    everything = list(cases(whole))
    check(len(everything) > 50, f"the suite has {len(everything)} scenarios")

    # Bazel, three shards: each touches its status file and writes its JUnit report.
    shards = []
    for index in range(3):
        status = os.path.join(work, f"bazel-status-{index}")
        report = os.path.join(work, f"bazel-{index}.xml")
        result = run(navctl, [*suite, "--no-progress"], {
            "TEST_SHARD_INDEX": str(index), "TEST_TOTAL_SHARDS": "3",
            "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": report})
        check(result.returncode == 0, f"Bazel shard {index} of 3 passes")
        check(os.path.exists(status), f"Bazel shard {index} touched TEST_SHARD_STATUS_FILE")
        check(os.path.exists(report), f"Bazel shard {index} wrote XML_OUTPUT_FILE")
        shards.append(list(cases(report)) if os.path.exists(report) else [])
    covers(shards, everything, "Bazel's 3 shards")

    # GitLab's parallel: 4, 1-based.
    shards = []
    for index in range(1, 5):
        report = os.path.join(work, f"gitlab-{index}.xml")
        result = run(navctl, [*suite, "--no-progress", "--junit", report],
                     {"CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": "4"})
        check(result.returncode == 0, f"GitLab node {index} of 4 passes")
        shards.append(list(cases(report)))
    covers(shards, everything, "GitLab's 4 nodes")

    # CircleCI: the files on standard input, cut by the whole run's timings.
    files = "\n".join(sorted({file for file, _ in everything})) + "\n"
    timings = cases(whole)
    longest = max(timings.values())
    for total in (2, 3):
        shards = [listed(navctl, ["--files-from", "-", "--shard", f"{index}/{total}",
                                  "--split-by-timings", whole], stdin=files)
                  for index in range(1, total + 1)]
        covers(shards, everything, f"--split-by-timings, {total} shards from standard input")
        totals = [sum(timings[name] for name in shard) for shard in shards]
        check(max(totals) - min(totals) < longest,
              f"{total} timing-balanced shards' totals {['%.4f' % t for t in totals]} differ by "
              f"less than the longest scenario ({longest:.4f} s)")

    result = run(navctl, [*suite, "--split-by-timings", whole])
    check(result.returncode == 2 and "needs a shard" in result.stderr,
          f"--split-by-timings without a shard is a usage error: {result.stderr.strip()}")

    print("all checks passed" if failures == 0 else f"{failures} check(s) failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
