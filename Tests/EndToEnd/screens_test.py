#!/usr/bin/env python3
"""End-to-end test of the headless screens over the control socket.

A real navd serves the case-study app. `navctl screen --json` must show the same tree that
`session:screen()` gives a Lua client (`navctl eval`), and a `navctl watch --events navigation`
started before a sequence of taps made by another client (`navctl tap` / `navctl back`) must
report the frontmost screens in the order of the taps. A tap on an absent or disabled control
fails with error -32008 listing what is tappable, and changes nothing.

Usage: screens_test.py BIN_DIR   (the directory holding navd and navctl)
Only Python's standard library is used.
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time

FAILURES = []


def check(condition, message):
    print(("ok - " if condition else "not ok - ") + message, flush=True)
    if not condition:
        FAILURES.append(message)
    return condition


def main():
    bin_dir = sys.argv[1]
    navd, navctl = os.path.join(bin_dir, "navd"), os.path.join(bin_dir, "navctl")
    work = tempfile.mkdtemp(prefix="navd-screens-")
    sock = os.path.join(work, "control.sock")
    log = open(os.path.join(work, "navd.log"), "w+")
    daemon = subprocess.Popen([navd, "--socket", sock, "--log-level", "warning"], stderr=log)
    watcher = None
    try:
        deadline = time.time() + 30
        while not os.path.exists(sock) and time.time() < deadline:
            time.sleep(0.05)

        def ctl(*args, check_ok=True):
            result = subprocess.run(
                [navctl, *args, "--socket", sock], capture_output=True, text=True, timeout=60)
            if check_ok and result.returncode != 0:
                raise RuntimeError(f"navctl {' '.join(args)}: {result.stderr}")
            return result

        watcher = subprocess.Popen(
            [navctl, "watch", "--events", "navigation", "--json", "--socket", sock],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        time.sleep(1.0)  # the subscription is made before the taps

        taps = [
            (["tap", "Navigation stack"], "stack root Root"),
            (["tap", "Go to A → B → C"], "#2 Screen C"),
            (["tap", "#0) Screen A"], "#0 Screen A"),
            (["tap", "Go to screen C"], "#3 Screen C"),
            (["back"], "#0 Screen A"),
            (["tap", "Dismiss"], "stack root Root"),
            (["back"], "root Case Studies"),
            (["tap", "Contacts"], "drill-down Contacts"),
            (["tap", "plus"], "sheet"),
        ]
        def frontmost():
            return json.loads(ctl("screen", "--json").stdout)["screen"]["frontmost"]["name"]

        for args, expected in taps:
            out = ctl(*args).stdout.strip()
            # A tap answers once the reducer ran; effects it started (Dismiss's) finish after.
            deadline = time.time() + 10
            while not out.endswith(": " + expected) and time.time() < deadline:
                time.sleep(0.05)
                out = "now: " + frontmost()
            check(out.endswith(": " + expected), f"navctl {' '.join(args)} → {expected} ({out})")

        # The same tree through both doors.
        screen = json.loads(ctl("screen", "--json").stdout)
        evaluated = json.loads(ctl("eval", "return session:screen()", "--json").stdout)
        lua_tree = evaluated["results"][0] if isinstance(evaluated, dict) else evaluated[0]
        check(screen["screen"] == lua_tree, "navctl screen --json equals session:screen() in Lua")
        check(screen["screen"]["frontmost"]["kind"] == "sheet", "the sheet is frontmost")
        text = ctl("screen").stdout
        check("sheet ◀ frontmost" in text and 'TextField "Name"' in text,
              "navctl screen prints the outline with the frontmost marked")
        alone = ctl("screen", "--frontmost").stdout
        check(alone.startswith("sheet") and 'TextField "Name"' in alone
              and "Contacts" not in alone.split("\n", 1)[0] and "◀" not in alone
              and len(alone.splitlines()) < len(text.splitlines()),
              f"navctl screen --frontmost prints the sheet alone: {alone!r}")

        # Typing and saving through the sheet, then the list shows the contact.
        ctl("type", "Name", "Blob")
        ctl("tap", "Save")
        deadline = time.time() + 10
        while time.time() < deadline:
            if '"Blob"' in ctl("screen").stdout and "sheet" not in ctl("screen").stdout:
                break
            time.sleep(0.05)
        check('Text "Blob"' in ctl("screen").stdout, "Save closes the sheet and lists Blob")

        # Absent and disabled controls fail with -32008 and the list, and change nothing.
        before = json.loads(ctl("state", "--json").stdout)["version"]
        absent = ctl("tap", "Settings", check_ok=False)
        check(absent.returncode != 0 and "-32008" in absent.stderr
              and 'tappable here: button "trash", button "plus"' in absent.stderr,
              f"an absent control is refused with what is tappable ({absent.stderr.strip()})")
        ctl("back")
        ctl("tap", "Navigation stack")
        ctl("tap", "Go to screen B")
        disabled = ctl("tap", "#4) Screen B", check_ok=False)
        check(disabled.returncode != 0 and "is disabled" in disabled.stderr
              and 'button "Pop to root"' in disabled.stderr,
              f"a disabled control is refused with what is tappable ({disabled.stderr.strip()})")
        after = json.loads(ctl("state", "--json").stdout)["version"]
        check(after == before + 3, f"the refused taps sent nothing (versions {before} → {after})")

        # What the watcher saw, in order.
        time.sleep(1.0)
        watcher.terminate()
        lines = watcher.communicate(timeout=10)[0].splitlines()
        seen = [json.loads(line)["params"]["frontmost"] for line in lines if line.strip()]
        expected = [frontmost for _, frontmost in taps] + [
            "drill-down Contacts", "root Case Studies", "stack root Root", "#4 Screen B"]
        # Save may show the sheet closing and the list changing as one event or two.
        collapsed = [name for i, name in enumerate(seen) if i == 0 or seen[i - 1] != name]
        check(collapsed == expected, f"navigation events follow the taps: {collapsed}")
        versions = [json.loads(line)["params"]["version"] for line in lines if line.strip()]
        check(versions == sorted(versions), "navigation events come in version order")

        # With no navigation subscriber left, one that comes and goes must not make the next one
        # miss a change: each first subscriber starts from the screens it can read then. On a
        # fresh session: the first watcher comes and goes at the root, the second comes on screen
        # A, and going back to the root is a change for it.
        opener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        opener.connect(sock)
        opener.sendall(b'{"jsonrpc":"2.0","id":1,"method":"session.open",'
                       b'"params":{"name":"s2","feature":"navigation"}}\n')
        opener.makefile("rb").readline()
        opener.close()

        def watch_s2():
            return subprocess.Popen(
                [navctl, "watch", "--events", "navigation", "--json", "--session", "s2",
                 "--socket", sock],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

        first = watch_s2()
        time.sleep(0.8)
        first.terminate()
        first.communicate(timeout=10)
        ctl("tap", "Go to screen A", "--session", "s2")
        second = watch_s2()
        time.sleep(0.8)
        ctl("back", "--session", "s2")
        time.sleep(0.8)
        second.terminate()
        later = [json.loads(line)["params"]["frontmost"]
                 for line in second.communicate(timeout=10)[0].splitlines() if line.strip()]
        check(later == ["stack root Root"],
              f"a subscriber after another left sees the next change: {later}")

    finally:
        if watcher and watcher.poll() is None:
            watcher.kill()
        daemon.terminate()
        try:
            daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
        log.seek(0)
        errors = [line for line in log.read().splitlines() if "error" in line]
        check(not errors, f"navd logged no errors {errors}")
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
