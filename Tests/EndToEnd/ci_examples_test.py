#!/usr/bin/python3
"""The example app's CI files (Examples/MyApp/ci, BUILD.bazel), parsed and run here.

- The YAML files parse (PyYAML), and name the shards they say they do.
- GitHub Actions: the specs step's script runs once per matrix shard, then the merge step's
  (junitparser, from Debian's python3-junitparser); again with the merged report as timings.
- GitLab: the specs job's script runs once per node (CI_NODE_INDEX, CI_NODE_TOTAL), then the
  merge job's.
- Bazel: ci/bazel-specs.sh runs once per shard with Bazel's variables (TEST_SHARD_INDEX,
  TEST_TOTAL_SHARDS, TEST_SHARD_STATUS_FILE, XML_OUTPUT_FILE); each shard touches its status
  file and writes its report.

Every merged report holds each scenario of `myapp-nav test specs/ --list` exactly once.

The explorer's sharded walks, one per engine, each with the engine's own shard variables and
its three shards run at once, then its merge command:
- GitHub Actions: the explore matrix's step with `${{ matrix.shard }}` filled in, each shard in
  a workspace of its own; the artifacts the jobs upload are handed to the jobs that download
  them as GitHub hands them (a directory per artifact, executable bits lost).
- GitLab: the `parallel:` explore job's script per node (CI_NODE_INDEX, CI_NODE_TOTAL), its
  artifacts gathered into the merge job's workspace.
- Kubernetes (ci/explore-kubernetes.yml): the Indexed Job's container command with
  JOB_COMPLETION_INDEX 0..2, a temporary directory in place of the shared volume, then the
  merge Job's.
Each merge exits 0 or 1, names 3 shards and none missing, and holds the screens and transitions
(the same screens, the same edges) of one unsharded walk with the same seed and depth.

Usage: ci_examples_test.py MYAPP_NAV   (Debian's /usr/bin/python3: PyYAML and junitparser)
"""

import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree

import yaml

EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Examples", "MyApp")
failures = 0


def check(condition, message):
    global failures
    print(("ok - " if condition else "not ok - ") + message)
    if not condition:
        failures += 1


# Every engine's shard variables (navd's CIShard reads them all): none leaks in from the
# machine running this test.
SHARD_VARIABLES = ("TEST_", "CI_NODE_", "XML_OUTPUT_FILE", "JOB_COMPLETION_INDEX",
                   "NAVD_SHARD_TOTAL", "CIRCLE_NODE_", "BUILDKITE_PARALLEL_JOB",
                   "SYSTEM_JOBPOSITIONINPHASE", "SYSTEM_TOTALJOBSINPHASE")


def clean_environment(extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(SHARD_VARIABLES)}
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


# --- The explorer in shards ---------------------------------------------------------------------


def start(argv, cwd, env, log):
    """A process started with its output in `log` (a file: three at once fill no pipe)."""
    output = open(log, "w")
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT,
                               text=True)
    output.close()
    return process


def at_once(runs):
    """Starts every (argv, cwd, env) of `runs` before waiting for any; their statuses and output."""
    logs = tempfile.mkdtemp(prefix="navd-explore-logs-")
    processes = [start(argv, cwd, env, os.path.join(logs, f"{n}.log"))
                 for n, (argv, cwd, env) in enumerate(runs)]
    results = []
    for n, process in enumerate(processes):
        try:
            status = process.wait(timeout=300)
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait()
        with open(os.path.join(logs, f"{n}.log")) as file:
            results.append((status, file.read()))
    shutil.rmtree(logs)
    return results


def bash(script):
    script = script.replace("junitparser merge", "/usr/bin/python3 -m junitparser merge")
    return ["bash", "-e", "-o", "pipefail", "-c", script]


def walk_options(command, label):
    """The seed and depth a CI file's explore command walks with."""
    seed = re.search(r"--seed (\d+)", command)
    depth = re.search(r"--depth (\d+)", command)
    check(seed is not None and depth is not None, f"{label}: the explore command gives --seed "
          "and --depth (every shard must walk with the same)")
    return (seed.group(1) if seed else "0"), (depth.group(1) if depth else "8")


references = {}


def reference(nav, seed, depth):
    """One unsharded walk of the notes with `seed` and `depth`: its report and graph."""
    if (seed, depth) not in references:
        directory = tempfile.mkdtemp(prefix="navd-explore-whole-")
        result = subprocess.run(
            [nav, "explore", "notes", "--seed", seed, "--depth", depth, "--out", directory],
            capture_output=True, text=True, timeout=300, env=clean_environment())
        check(result.returncode in (0, 1),
              f"the unsharded walk (seed {seed}, depth {depth}) runs: exit {result.returncode}"
              + ("" if result.returncode in (0, 1) else f": {result.stderr}"))
        references[(seed, depth)] = read_walk(directory)
        shutil.rmtree(directory)
    return references[(seed, depth)]


def read_walk(directory):
    """A walk's report and its graph as sets: the screens by digest, and every use's edge."""
    try:
        with open(os.path.join(directory, "report.json")) as file:
            report = json.load(file)
        with open(os.path.join(directory, "graph.json")) as file:
            graph = json.load(file)
    except (OSError, ValueError):
        return None
    screens = {screen["id"] for screen in graph["screens"]}
    edges = {(screen["id"], key, json.dumps(edge, sort_keys=True))
             for screen in graph["screens"]
             for key, edge in zip(screen["keys"], screen["edges"]) if edge is not None}
    return report, screens, edges


def merged_is_one_walk(status, output, directory, whole, label):
    check(status in (0, 1), f"{label}: the merge exits {status} (0 or 1: not refused, no shard "
          "missing)" + ("" if status in (0, 1) else f": {output}"))
    walk = read_walk(directory)
    check(walk is not None, f"{label}: the merge wrote report.json and graph.json")
    if walk is None or whole is None:
        return
    report, screens, edges = walk
    merged = report.get("merged") or {}
    check(merged.get("count") == 3 and merged.get("missing") == [] and merged.get("partial") == []
          and sorted(part["index"] for part in merged.get("shards", [])) == [1, 2, 3],
          f"{label}: the merged report names 3 shards, none missing or partial ({merged})")
    whole_report, whole_screens, whole_edges = whole
    check((report["screens"], report["transitions"])
          == (whole_report["screens"], whole_report["transitions"]),
          f"{label}: {report['screens']} screens and {report['transitions']} transitions, as one "
          f"unsharded walk ({whole_report['screens']}, {whole_report['transitions']})")
    check(screens == whole_screens and edges == whole_edges,
          f"{label}: the same screens and edges as the unsharded walk")


def substitute(value, variables):
    """A GitHub Actions value with `${{ name }}` expressions filled in."""
    if isinstance(value, str):
        return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda m: str(variables[m.group(1)]), value)
    return value


class Artifacts:
    """GitHub's artifact store, as the jobs see it: upload-artifact keeps a file or a
    directory's contents under a name; download-artifact puts one artifact's files in `path`, or
    each artifact matching `pattern` in `path`/NAME. Files come back without their modes."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="navd-artifacts-")

    def upload(self, name, source):
        target = os.path.join(self.root, name)
        if os.path.isdir(source):
            shutil.copytree(source, target, copy_function=shutil.copyfile)
        elif os.path.exists(source):
            os.makedirs(target)
            shutil.copyfile(source, os.path.join(target, os.path.basename(source)))

    def download(self, options, workspace):
        path = os.path.join(workspace, options.get("path", "."))
        if "name" in options:
            shutil.copytree(os.path.join(self.root, options["name"]), path,
                            copy_function=shutil.copyfile, dirs_exist_ok=True)
            return
        for name in sorted(os.listdir(self.root)):
            if fnmatch.fnmatch(name, options["pattern"]):
                target = path if options.get("merge-multiple") else os.path.join(path, name)
                shutil.copytree(os.path.join(self.root, name), target,
                                copy_function=shutil.copyfile, dirs_exist_ok=True)


def run_github_job(job, matrix_values, artifacts):
    """The job's artifact steps and its named `run:` steps, once per matrix value, each in a
    workspace of its own; a run step starts in every workspace before any is waited for. Unnamed
    run steps (apt-get, swift build) are the runner's set-up, not run here."""
    workspaces = [tempfile.mkdtemp(prefix="navd-gha-") for _ in matrix_values]
    statuses = []
    for step in job["steps"]:
        uses = step.get("uses", "")
        for value, workspace in zip(matrix_values, workspaces):
            variables = {"matrix.shard": value}
            options = {k: substitute(v, variables) for k, v in step.get("with", {}).items()}
            if uses.startswith("actions/download-artifact"):
                artifacts.download(options, workspace)
        if "run" in step and "name" in step:
            results = at_once([(bash(substitute(step["run"], {"matrix.shard": value})), workspace,
                                clean_environment())
                               for value, workspace in zip(matrix_values, workspaces)])
            for value, (status, output) in zip(matrix_values, results):
                statuses.append((step["name"], value, status, output))
        for value, workspace in zip(matrix_values, workspaces):
            options = {k: substitute(v, {"matrix.shard": value})
                       for k, v in step.get("with", {}).items()}
            if uses.startswith("actions/upload-artifact"):
                artifacts.upload(options["name"], os.path.join(workspace, options["path"]))
    return workspaces, statuses


def github_explore(nav):
    with open(os.path.join(EXAMPLE, "ci", "github-actions.yml")) as file:
        jobs = yaml.safe_load(file)["jobs"]
    build, explore, report = jobs["explore-build"], jobs["explore"], jobs["explore-report"]
    shards = explore["strategy"]["matrix"]["shard"]
    check(shards == [1, 2, 3], f"github-actions.yml: the explore matrix is shards {shards}")
    check(explore["needs"] == "explore-build" and set(report["needs"]) == {"explore-build",
                                                                             "explore"},
          "GitHub: the shards run the one build, and the merge follows them")
    command = step(explore["steps"], "Explore the notes (shard)")
    check("--shard \"${{ matrix.shard }}/3\"" in command,
          "GitHub: each shard's step names its shard of 3")
    whole = reference(nav, *walk_options(command, "GitHub"))
    artifacts = Artifacts()
    # The build job's product, where its upload step finds it.
    built = tempfile.mkdtemp(prefix="navd-gha-build-")
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith(
        "actions/upload-artifact"))
    os.makedirs(os.path.join(built, os.path.dirname(upload["with"]["path"])))
    os.symlink(nav, os.path.join(built, upload["with"]["path"]))
    artifacts.upload(upload["with"]["name"], os.path.join(built, upload["with"]["path"]))
    began = time.monotonic()
    workspaces, statuses = run_github_job(explore, shards, artifacts)
    for name, shard, status, output in statuses:
        check(status == 0, f"GitHub: shard {shard}'s step '{name}' passes"
              + ("" if status == 0 else f": {output}"))
    merge_workspaces, statuses = run_github_job(report, [None], artifacts)
    (_, _, status, output), = statuses
    merged_is_one_walk(status, output, os.path.join(merge_workspaces[0], "explore", "merged"),
                       whole, "GitHub explore")
    print(f"# GitHub: 3 shards and the merge in {time.monotonic() - began:.1f} s")
    for directory in workspaces + merge_workspaces + [built, artifacts.root]:
        shutil.rmtree(directory)


def gitlab_explore(nav):
    with open(os.path.join(EXAMPLE, "ci", "gitlab-ci.yml")) as file:
        pipeline = yaml.safe_load(file)
    build, job, merge = pipeline["explore-build"], pipeline["explore"], pipeline["explore-merge"]
    total = job["parallel"]
    check(total == 3, f"gitlab-ci.yml: explore runs in parallel: {total}")
    check(job["needs"] == ["explore-build"] and set(merge["needs"]) == {"explore-build",
                                                                          "explore"},
          "GitLab: the nodes run the one build, and the merge follows them")
    script = "\n".join(job["script"])
    check("--shard" not in script, "GitLab: the nodes' shard is CI_NODE_INDEX, read by myapp-nav")
    whole = reference(nav, *walk_options(script, "GitLab"))
    # The build job's artifact, where GitLab puts it in every job that needs it.
    check(build["artifacts"]["paths"] == [".build/debug/myapp-nav"],
          "GitLab: the build job keeps myapp-nav")
    nodes = [workspace(nav) for _ in range(total)]
    began = time.monotonic()
    results = at_once([
        (bash(script), directory,
         clean_environment({"CI_NODE_INDEX": str(node), "CI_NODE_TOTAL": str(total)}))
        for node, directory in enumerate(nodes, start=1)])
    for node, (status, output) in enumerate(results, start=1):
        check(status == 0, f"GitLab: explore node {node} of {total} passes"
              + ("" if status == 0 else f": {output}"))
        check(f"shard {node}/{total} from GitLab CI" in output,
              f"GitLab: node {node} says it is shard {node}/{total}, from CI_NODE_INDEX")
    # The merge job's workspace: the build's artifact and every node's `paths:`.
    merging = workspace(nav)
    for directory in nodes:
        for path in job["artifacts"]["paths"]:
            source = os.path.join(directory, path)
            if os.path.exists(source):
                shutil.copytree(source, os.path.join(merging, path), dirs_exist_ok=True)
    (status, output), = at_once([(bash("\n".join(merge["script"])), merging,
                                  clean_environment())])
    merged_is_one_walk(status, output, os.path.join(merging, "explore", "merged"), whole,
                       "GitLab explore")
    print(f"# GitLab: 3 nodes and the merge in {time.monotonic() - began:.1f} s")
    for directory in nodes + [merging]:
        shutil.rmtree(directory)


def kubernetes_expand(text, env):
    """Kubernetes' own expansion of a container's command and args: `$(NAME)` of a variable the
    container's environment has, `$$` for a `$`; anything else (`${NAME}`, `$?`) left to the
    shell."""
    return re.sub(r"\$\$|\$\((\w+)\)",
                  lambda m: "$" if m.group(0) == "$$" else env.get(m.group(1), m.group(0)), text)


def container_run(container, volume, env):
    """A container's command and args as a local argv: the volume's mount path is `volume`."""
    mounts = [mount["mountPath"] for mount in container.get("volumeMounts", [])]
    env = dict(env)
    for variable in container.get("env", []):
        env[variable["name"]] = kubernetes_expand(str(variable.get("value", "")), env)
    argv = []
    for word in container.get("command", []) + container.get("args", []):
        word = kubernetes_expand(word, env)
        for mount in mounts:
            word = word.replace(mount, volume)
        argv.append(word)
    return argv, env


def kubernetes_explore(nav):
    with open(os.path.join(EXAMPLE, "ci", "explore-kubernetes.yml")) as file:
        documents = [document for document in yaml.safe_load_all(file) if document]
    jobs = [d for d in documents if d["kind"] == "Job"]
    indexed = [j for j in jobs if j["spec"].get("completionMode") == "Indexed"]
    check(len(indexed) == 1, "explore-kubernetes.yml parses; it has one Indexed Job")
    shards = indexed[0]
    spec = shards["spec"]
    check(spec["completions"] == 3 and spec["parallelism"] == 3,
          f"Kubernetes: {spec['completions']} completions, {spec['parallelism']} at once")
    merge = next((j for j in jobs if j["metadata"]["labels"].get("step") == "merge"), None)
    check(merge is not None, "Kubernetes: a second Job merges (label step=merge)")
    check(all(d["metadata"]["labels"]["step"] == "explore" for d in documents if d is not merge),
          "Kubernetes: everything else is applied with -l step=explore")
    claims = [{v["persistentVolumeClaim"]["claimName"] for v in j["spec"]["template"]["spec"]
               ["volumes"]} for j in (shards, merge)]
    names = {d["metadata"]["name"] for d in documents if d["kind"] == "PersistentVolumeClaim"}
    check(claims[0] == claims[1] == names, f"Kubernetes: both Jobs mount the claim {names}")
    container = shards["spec"]["template"]["spec"]["containers"][0]
    command = " ".join(container["command"] + container["args"])
    check("--shard auto" in command, "Kubernetes: the shard comes from JOB_COMPLETION_INDEX")
    whole = reference(nav, *walk_options(command, "Kubernetes"))
    volume = tempfile.mkdtemp(prefix="navd-k8s-volume-")
    path = tempfile.mkdtemp(prefix="navd-k8s-bin-")
    os.symlink(nav, os.path.join(path, "myapp-nav"))
    base = clean_environment()
    base["PATH"] = path + os.pathsep + base.get("PATH", "")
    began = time.monotonic()
    runs = []
    for index in range(spec["completions"]):
        argv, env = container_run(container, volume,
                                  dict(base, JOB_COMPLETION_INDEX=str(index)))
        runs.append((argv, volume, env))
    for index, (status, output) in enumerate(at_once(runs)):
        check(status == 0, f"Kubernetes: the pod of index {index} succeeds"
              + ("" if status == 0 else f": {output}"))
        check(f"shard {index + 1}/3 from a Kubernetes Indexed Job" in output,
              f"Kubernetes: index {index} says it is shard {index + 1}/3")
    argv, env = container_run(merge["spec"]["template"]["spec"]["containers"][0], volume, base)
    (status, output), = at_once([(argv, volume, env)])
    merged_is_one_walk(status, output, os.path.join(volume, "merged"), whole, "Kubernetes explore")
    print(f"# Kubernetes: 3 pods and the merge in {time.monotonic() - began:.1f} s")
    # Without one shard's report, the merge writes the rest and exits 4, naming it.
    partial = os.path.join(volume, "partial")
    result = subprocess.run(
        [nav, "explore", "merge", os.path.join(volume, "shard-0"), os.path.join(volume, "shard-1"),
         "--out", partial, "--output", "json"],
        capture_output=True, text=True, timeout=300, env=clean_environment())
    missing = json.loads(result.stdout).get("merged", {}).get("missing") if result.stdout else None
    check(result.returncode == 4 and missing == [3] and "shard 3/3 is missing" in result.stderr,
          f"Kubernetes: a merge without shard 3 exits 4 and names it ({result.returncode}, "
          f"missing {missing})")
    shutil.rmtree(volume)
    shutil.rmtree(path)


def main():
    nav = os.path.abspath(sys.argv[1])
    everything = whole_suite(nav)
    check(len(everything) >= 4, f"the example has {len(everything)} scenarios")
    github(nav, everything)
    gitlab(nav, everything)
    bazel(nav, everything)
    began = time.monotonic()
    github_explore(nav)
    gitlab_explore(nav)
    kubernetes_explore(nav)
    print(f"# the explorer's sharded walks, three engines: {time.monotonic() - began:.1f} s")
    print("all checks passed" if failures == 0 else f"{failures} check(s) failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
