"""What the inspector's end-to-end tests share: checks, a navd with a NavigationDemo session, and
`navctl inspect` with the URL, port and token it printed."""

import os
import subprocess
import sys
import time
import urllib.parse

FAILURES = []


def check(condition, message):
    """Records a failed check; prints each check as TAP-like `ok` or `FAIL` lines."""
    print(("ok - " if condition else "FAIL: ") + message, flush=True)
    if not condition:
        FAILURES.append(message)
    return condition


def start_navd(bin_dir, directory, *arguments):
    """navd on a socket in `directory` with session `nav` of NavigationDemo (and `arguments`);
    returns (process, socket path) once the socket exists."""
    path = os.path.join(directory, "control.sock")
    daemon = subprocess.Popen([os.path.join(bin_dir, "navd"), "--socket", path,
                               "--session", "nav=navigation", "--log-level", "error",
                               *arguments])
    for _ in range(400):
        if os.path.exists(path):
            break
        time.sleep(0.05)
    return daemon, path


def start_inspector(bin_dir, socket_path, *arguments, session="nav"):
    """`navctl inspect` on `session`; returns (process, url, port, token)."""
    process = subprocess.Popen(
        [os.path.join(bin_dir, "navctl"), "inspect", "--socket", socket_path, "--session",
         session, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    parsed = urllib.parse.urlparse(url)
    token = urllib.parse.parse_qs(parsed.query).get("token", [""])[0]
    return process, url, parsed.port, token


def finish(name):
    """Exits 1 when a check failed, saying how many; says all passed otherwise."""
    if FAILURES:
        print(f"{name}: {len(FAILURES)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print(f"{name}: all checks passed")
