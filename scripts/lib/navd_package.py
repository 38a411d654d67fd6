"""The package's target graph, read from `swift package dump-package`, for scripts/check-layers and
scripts/module-graph. Standard library only.

dump-package runs on a copy of the manifest in a temporary folder, with a scratch path of its own
there: it never takes the lock of the package's .build, so it can run while someone builds.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SWIFT_FALLBACK = "/opt/swift/usr/bin"

# Where SwiftPM looks for a target whose `path` is not given, by target type.
DEFAULT_ROOTS = {
    "test": ["Tests", "Sources", "Source", "src", "srcs"],
    "plugin": ["Plugins"],
}
DEFAULT_ROOTS_OTHERS = ["Sources", "Source", "src", "srcs"]


class PackageError(Exception):
    """The package's graph could not be read (no manifest, no toolchain, a manifest error)."""


def repo_root():
    """The repository holding scripts/: the scripts' default --package-path."""
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_swift():
    swift = shutil.which("swift")
    if swift:
        return swift
    fallback = os.path.join(SWIFT_FALLBACK, "swift")
    if os.access(fallback, os.X_OK):
        return fallback
    raise PackageError(
        "no Swift toolchain: install Swift 6.x (expected at %s, or `swift` on PATH)" % SWIFT_FALLBACK
    )


def dump_package(package_path):
    """The manifest's JSON, from dump-package run on a copy of the manifest in a temporary folder."""
    manifests = sorted(
        name
        for name in os.listdir(package_path)
        if name == "Package.swift" or re.fullmatch(r"Package@swift-[0-9.]+\.swift", name)
    )
    if "Package.swift" not in manifests:
        raise PackageError("no Package.swift in %s" % package_path)
    swift = find_swift()
    with tempfile.TemporaryDirectory(prefix="navd-dump-package.") as temp:
        copy = os.path.join(temp, "package")
        os.mkdir(copy)
        for name in manifests:
            shutil.copyfile(os.path.join(package_path, name), os.path.join(copy, name))
        env = dict(os.environ)
        # The manifest finds swift-syntax through the `swift` on PATH when it cannot otherwise.
        env["PATH"] = os.path.dirname(swift) + os.pathsep + env.get("PATH", "")
        command = [
            swift, "package",
            "--package-path", copy,
            "--scratch-path", os.path.join(temp, "scratch"),
            "--cache-path", os.path.join(temp, "cache"),
            "--manifest-cache", "none",
            "dump-package",
        ]
        result = subprocess.run(command, capture_output=True, text=True, env=env)
        if result.returncode != 0:
            raise PackageError(
                "`swift package dump-package` failed on %s/Package.swift (exit %d):\n%s"
                % (package_path, result.returncode, (result.stderr or result.stdout).rstrip())
            )
    try:
        return json.loads(result.stdout)
    except ValueError as error:
        raise PackageError("dump-package printed no JSON: %s" % error)


def load(package_path, package_json=None):
    """The manifest's JSON: from `package_json` (a file dump-package wrote) if given, else dumped."""
    if package_json:
        with open(package_json, encoding="utf-8") as handle:
            return json.load(handle)
    return dump_package(package_path)


def target_names(package):
    return {target["name"] for target in package.get("targets", [])}


def dependencies(target):
    """[(name, kind)] of a target's declared dependencies, kind being byName, target or product."""
    found = []
    for entry in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in entry and entry[kind]:
                found.append((entry[kind][0], kind))
                break
    return found


def target_path(package_path, target):
    """The target's folder, relative to the package: its `path`, else SwiftPM's default."""
    if target.get("path"):
        return os.path.normpath(target["path"])
    roots = DEFAULT_ROOTS.get(target.get("type"), DEFAULT_ROOTS_OTHERS)
    for root in roots:
        if os.path.isdir(os.path.join(package_path, root, target["name"])):
            return os.path.join(root, target["name"])
    return os.path.join(roots[0], target["name"])


def swift_files(package_path, target):
    """The target's .swift files (paths relative to the package), sorted; symlinked folders are not
    followed, and the target's `exclude` and `sources` are honoured. A missing folder has none."""
    base = target_path(package_path, target)
    root = os.path.join(package_path, base)
    if not os.path.isdir(root):
        return []
    excluded = [os.path.normpath(os.path.join(base, e)) for e in target.get("exclude") or []]
    sources = target.get("sources")
    included = [os.path.normpath(os.path.join(base, s)) for s in sources] if sources else None

    def under(path, prefixes):
        return any(path == p or path.startswith(p + os.sep) for p in prefixes)

    files = []
    for folder, subfolders, names in os.walk(root):
        subfolders.sort()
        for name in names:
            if not name.endswith(".swift"):
                continue
            relative = os.path.relpath(os.path.join(folder, name), package_path)
            if under(relative, excluded):
                continue
            if included is not None and not under(relative, included):
                continue
            files.append(relative)
    return sorted(files)


def fail(program, error, status=2):
    print("%s: error: %s" % (program, error), file=sys.stderr)
    sys.exit(status)
