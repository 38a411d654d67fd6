#!/usr/bin/env python3
"""End-to-end test of the devtools methods against a real navd.

A navd serves a `navigation` session. One client subscribes to state events while another
sends; `session.history` must list the versions and patches the subscriber saw, with the sending
client. `session.jump` back to a version must restore its exact state while Screen C's timer is
running: the timer is cancelled, no tick lands after the jump, and the jump is a new version.
`session.export` then `session.open {replay}` must give the same final state, twice with
identical histories. A failing scenario's JUnit report must carry its action log.

navctl's devtools commands run against the same navd: `history --json --limit K` must list what
`session.history` and the subscriber gave, and the text form a line per entry; `jump V` must
restore the exact state of version V (as `navctl state` prints it) and show in `history`;
`export FILE` then `open NAME --replay FILE` must give a session in the document's final state.
`record FILE.lua --actions 4`, in test-store and launch style at once, records a push, an
element's action, Screen C's timer with two ticks and a pop on a session whose stack ids no
longer start at 0: each must end by itself, `navctl test` must pass its spec and fail it with one
action changed; `record` without --actions must end on SIGINT with a spec that passes.

An action that changes nothing (Screen C's stop, its timer not running) must have the patch [] in
`session.history` at the version it came at, and `(no change)` in `history`'s text; the next
change's patch must be the small one. `record --actions 2` whose first action changes nothing
must count it, end by itself and write both in a spec that passes; `record --actions 3` over
Screen C's timer started then stopped (its effect sends a no-op stop at the client's stop's
version) must still record after those 2 sends, end after a third, and write a spec that passes
and fails with the start changed. `open NAME --replay FILE` or `--feature` another feature on an
open session must exit 1 saying it is open already, and leave it as it was; `open NAME` with the
same feature or none exits 0. `history --follow` must print the entry of an action sent after it
started, and end on SIGINT with exit status 0. `navctl test` on a file with no `it` must exit 1
saying so.

Usage: devtools_test.py BIN_DIR   (the directory holding navd and navctl)
Only Python's standard library is used.
"""

import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

from navd_client import Client

FAILURES = []


def check(condition, message):
    print(("ok - " if condition else "not ok - ") + message, flush=True)
    if not condition:
        FAILURES.append(message)
    return condition


def main():
    bin_dir = sys.argv[1]
    navd, navctl = os.path.join(bin_dir, "navd"), os.path.join(bin_dir, "navctl")
    work = tempfile.mkdtemp(prefix="navd-devtools-")
    sock = os.path.join(work, "control.sock")
    log = open(os.path.join(work, "navd.log"), "w+")
    daemon = subprocess.Popen(
        [navd, "--socket", sock, "--session", "main=navigation", "--log-level", "warning"],
        stderr=log)
    try:
        deadline = time.time() + 30
        while not os.path.exists(sock) and time.time() < deadline:
            time.sleep(0.05)
        watcher, sender = Client(sock), Client(sock)
        start = watcher.result("subscribe", events=["state"])["version"]
        sender.result("store.send", action="goToABCButtonTapped")
        sender.result("store.send", action="path.element(0).screenA.incrementButtonTapped")
        sender.result("store.send", action="path.element(-1).screenC.startButtonTapped")
        time.sleep(2.4)  # two ticks of Screen C's timer, sent by its effect
        watcher.call("store.state")  # reads the events queued so far
        seen = [(e["params"]["version"], e["params"]["patch"]) for e in watcher.events
                if e.get("method") == "event.state"]

        # History matches what the subscriber saw.
        history = sender.result("session.history")
        changed = [(e["version"], e["patch"]) for e in history["entries"]
                   if e["version"] > start and e["patch"]]
        check(len(seen) >= 5, f"the subscriber saw 3 sends and 2 ticks ({len(seen)} versions)")
        check(changed == seen, "session.history lists the versions and patches the subscriber saw")
        origins = [e["origin"] for e in history["entries"]]
        check(origins[:3] == ["send"] * 3 and "effect" in origins,
              f"entries say where each action came from ({origins})")
        senders = {e.get("client") for e in history["entries"][:3]}
        check(len(senders) == 1 and isinstance(next(iter(senders)), int)
              and all("client" not in e for e in history["entries"][3:]),
              f"sent entries name the client that sent them, effects' none ({senders})")
        check(history["last"] == sender.result("store.state")["version"],
              "history's last is the current version")

        # A jump restores the state of a version, with the timer running.
        target = 2  # after the increment, before the timer started
        before = sender.result("store.state")
        jumped = sender.result("session.jump", version=target)
        check(jumped["version"] == before["version"] + 1, "the jump is a new version")
        after = sender.result("store.state")
        # The state at version 2: rebuild it from the patches the subscriber saw.
        rebuilt = {"path": []}
        for version, patch in seen:
            if version > target:
                break
            rebuilt = apply_patch(rebuilt, patch)
        check(after["state"] == rebuilt, "the jump restored the exact state of version 2")
        time.sleep(1.5)
        later = sender.result("store.state")
        check(later["version"] == after["version"] and later["state"] == after["state"],
              "no tick lands after the jump: the timer was cancelled")
        entries = sender.result("session.history", since=before["version"])["entries"]
        check(len(entries) == 1 and entries[0]["origin"] == "jump" and entries[0].get("jump") == target,
              "the jump is recorded as an entry")
        watcher.call("store.state")
        jump_events = [e for e in watcher.events
                       if e.get("method") == "event.state" and e["params"]["version"] == jumped["version"]]
        check(len(jump_events) == 1, "subscribers see the jump as an ordinary state event")

        # Export, then replay into a new session.
        sender.result("store.send", action="path.element(0).screenA.incrementButtonTapped")
        document = sender.result("session.export")
        final = sender.result("store.state")
        check(document["format"] == "navd-replay" and document["feature"] == "navigation",
              "session.export gives a replay document")
        sender.result("session.open", name="replay1", replay=document)
        sender.result("session.open", name="replay2", replay=document)
        one = sender.result("store.state", session="replay1")
        check(one["state"] == final["state"], "open with replay gives the same final state")
        def comparable(name):
            return [(e["version"], e["action"], e["origin"], e["time"]["offset"], e["patch"])
                    for e in sender.result("session.history", session=name)["entries"]]
        check(comparable("replay1") == comparable("replay2"),
              "the same document replayed twice gives identical histories, patches included")
        bad = sender.call("session.open", name="replay3", replay={"format": "nope"})
        check("error" in bad and "replay" in bad["error"]["message"],
              "a malformed replay document is refused with a clear error")
        wrong = sender.call("session.jump", version=10_000)
        check("error" in wrong and "not in the history" in wrong["error"]["message"],
              "a jump to a version the history does not hold is refused")
        check(sender.result("store.state")["version"] == final["version"],
              "a refused jump changes nothing")

        # navctl's devtools commands against the same navd.
        def navctl_test(spec):
            """navctl test on spec: its exit status, and the end of its report for a message."""
            run = subprocess.run([navctl, "test", spec], capture_output=True, text=True, timeout=120)
            return run.returncode, ("" if run.returncode == 0 else ": " + run.stdout[-2000:])

        def changed_exit(spec, text, old, new):
            """navctl test's exit status on a copy of spec with old replaced by new (None when
            old is not in it)."""
            changed = text.replace(old, new)
            if changed == text:
                return None
            broken = spec.replace(".lua", "_changed.lua")
            with open(broken, "w") as f:
                f.write(changed)
            return navctl_test(broken)[0]

        def navctl_run(*args, timeout=30):
            return subprocess.run([navctl, *args, "--socket", sock], capture_output=True,
                                  text=True, timeout=timeout)

        def start_record(name, session, *args):
            """navctl record NAME.lua on session in the background: (spec, its stderr, process)."""
            spec = os.path.join(work, f"{name}.lua")
            err = open(os.path.join(work, f"{name}.err"), "w+")
            process = subprocess.Popen(
                [navctl, "record", spec, "--session", session, *args, "--socket", sock],
                stdout=subprocess.DEVNULL, stderr=err)
            return spec, err, process

        def finish(process, err, timeout=15):
            """Waits for a background navctl: its exit status (or "still running", killed), and
            what it wrote to stderr, on one line."""
            try:
                code = process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                code = "still running"
            err.seek(0)
            return code, err.read().strip().replace("\n", " | ")
        def timer_count(session):
            return sender.result("store.state", session=session)["state"]["path"][-1]["screenC"]["count"]
        sender_id = next(iter(senders))
        watcher.call("store.state")
        seen = [(e["params"]["version"], e["params"]["patch"]) for e in watcher.events
                if e.get("method") == "event.state"]

        # history --json --limit K: the last K entries, as session.history and the subscriber
        # gave them; the text form prints a line for each.
        limit = 4
        run = navctl_run("history", "--json", "--limit", str(limit))
        listed = [json.loads(line) for line in run.stdout.splitlines()]
        expected = sender.result("session.history", limit=limit)["entries"]
        check(run.returncode == 0 and listed == expected and len(listed) == limit,
              f"navctl history --json --limit {limit} lists the last {limit} entries of "
              f"session.history ({[e['version'] for e in listed]})")
        since_first = [(v, p) for v, p in seen if v >= listed[0]["version"]] if listed else None
        check(listed and since_first == [(e["version"], e["patch"]) for e in listed if e["patch"]],
              "its versions and patches are the ones the subscriber saw")
        check(listed and listed[-1]["origin"] == "send" and listed[-1].get("client") == sender_id,
              f"its last entry is the increment the script's client {sender_id} sent")
        run = navctl_run("history", "--limit", str(limit))
        lines = run.stdout.splitlines()
        pattern = re.compile(r"v(\d+) +(send|effect|jump) +(client (\d+)|-) +\+\d+\.\d{3} s +"
                             r"(.+) \((no change|1 change|\d+ changes)\)$")
        parsed = [pattern.match(line) for line in lines]
        check(run.returncode == 0 and len(lines) == limit and all(parsed)
              and [(int(m.group(1)), m.group(2)) for m in parsed]
              == [(e["version"], e["origin"]) for e in expected]
              and all(m.group(4) == (str(e["client"]) if "client" in e else None)
                      for m, e in zip(parsed, expected))
              and all(m.group(6) == ("no change" if not e["patch"] else
                                     f"{len(e['patch'])} change" + ("s" if len(e["patch"]) > 1 else ""))
                      for m, e in zip(parsed, expected)),
              f"navctl history prints a line per entry: version, origin, client, offset, action, "
              f"changes ({lines})")

        # jump V: the exact state of version V (rebuilt from the subscriber's patches), and
        # history shows the jump.
        target2 = 4  # the first tick: Screen C's count 1, its timer running
        rebuilt = {"path": []}
        for version, patch in seen:
            if version > target2:
                break
            rebuilt = apply_patch(rebuilt, patch)
        before = sender.result("store.state")
        check(before["state"] != rebuilt, "the state to jump to differs from the current one")
        run = navctl_run("jump", str(target2))
        check(run.returncode == 0 and run.stdout.strip()
              == f"version {before['version'] + 1}: the state of version {target2}",
              f"navctl jump {target2} says the new version and the one it restored ({run.stdout!r})")
        run = navctl_run("state")
        check(run.returncode == 0 and json.loads(run.stdout or "null") == rebuilt,
              f"navctl state after navctl jump {target2} is the exact state of version {target2}")
        run = navctl_run("history", "--json", "--limit", "1")
        entry = json.loads(run.stdout) if run.returncode == 0 and run.stdout.strip() else {}
        check(entry.get("origin") == "jump" and entry.get("jump") == target2
              and entry.get("version") == before["version"] + 1
              and entry.get("client") is not None and entry.get("client") != sender_id,
              f"navctl history shows the jump, sent by navctl's own client ({entry})")
        run = navctl_run("history", "--limit", "1")
        check(run.returncode == 0 and f"jump to v{target2}" in run.stdout,
              f"its text line says the version jumped to ({run.stdout.strip()})")

        # export FILE, then open NAME --replay FILE: the replayed session ends in the exported
        # final state.
        exported = os.path.join(work, "export.json")
        run = navctl_run("export", exported)
        document = json.load(open(exported)) if os.path.exists(exported) else {}
        current = sender.result("store.state")
        check(run.returncode == 0 and document.get("format") == "navd-replay"
              and document.get("final", {}).get("state") == current["state"]
              and any(step.get("jump") is not None for step in document.get("steps", [])
                      if isinstance(step, dict)),
              f"navctl export writes the replay document, jumps and final state included "
              f"({run.stderr.strip()})")
        run = navctl_run("export", "-")
        streamed = json.loads(run.stdout) if run.returncode == 0 and run.stdout.strip() else {}
        check({k: v for k, v in streamed.items() if k != "duration"}
              == {k: v for k, v in document.items() if k != "duration"},
              "navctl export - writes the same document to standard output")
        run = navctl_run("open", "replay-cli", "--replay", exported)
        check(run.returncode == 0 and run.stdout.startswith("replay-cli\tnavigation\t"),
              f"navctl open replay-cli --replay FILE opens it ({run.stdout.strip()}{run.stderr.strip()})")
        replayed = sender.call("store.state", session="replay-cli").get("result", {})
        check(replayed.get("state") == document.get("final", {}).get("state")
              and replayed.get("version") == document.get("final", {}).get("version"),
              "the replayed session's store.state is the document's final state and version")

        # record FILE.lua --actions N, in both styles at once, on a session whose stack ids no
        # longer start at 0: a push, an element's action, Screen C's timer with its ticks, a pop.
        sender.result("session.open", name="rec", feature="navigation")
        sender.result("store.send", session="rec", action="goToABCButtonTapped")
        for _ in range(2):
            top = sender.result("store.state", session="rec")["state"]["path"][-1]["id"]
            sender.result("store.send", session="rec", action={"path": {"popFrom": {"id": top}}})
        recorders = {}
        for style in ("test-store", "launch"):
            recorders[style] = start_record(
                f"recorded_{style.replace('-', '_')}", "rec", "--actions", "4", "--style", style)
        check(all(wait_for_text(err.name, "recording session") for _, err, _ in recorders.values()),
              "both recordings started")
        sender.result("store.send", session="rec", action="goToABCButtonTapped")
        pushed = [e["id"] for e in sender.result("store.state", session="rec")["state"]["path"][-3:]]
        check(min(pushed) >= 3, f"the session's stack ids are not a fresh store's ({pushed})")
        sender.result("store.send", session="rec", action="path.element(-3).screenA.incrementButtonTapped")
        sender.result("store.send", session="rec", action="path.element(-1).screenC.startButtonTapped")
        check(wait_until(lambda: timer_count("rec") == 2, 5),
              "Screen C's timer ticked twice (about 2 s of real time)")
        sender.result("store.send", session="rec", action={"path": {"popFrom": {"id": pushed[-1]}}})
        for style, (spec, err, process) in recorders.items():
            code, message = finish(process, err)
            check(code == 0, f"record --style {style} --actions 4 ends by itself after 4 sends "
                             f"(exit {code}: {message})")
            text = open(spec).read() if os.path.exists(spec) else ""
            if style == "test-store":
                check(text.count("timerTick") == 2 and '"@' in text,
                      "the test-store spec receives both ticks and addresses elements by position")
            code, report = navctl_test(spec)
            check(code == 0, f"navctl test passes the {style} spec it recorded{report}")
            code = changed_exit(spec, text, 'screenA = "incrementButtonTapped"',
                                'screenA = "decrementButtonTapped"')
            check(code == 1, f"the {style} spec with one action changed fails (exit {code})")

        # record without --actions ends on SIGINT, Screen C's timer still running, and writes a
        # spec that passes.
        spec, err, process = start_record("recorded_sigint", "rec")
        check(wait_for_text(err.name, "recording session"), "the recording until SIGINT started")
        sender.result("store.send", session="rec", action="goToABCButtonTapped")
        sender.result("store.send", session="rec", action="path.element(-1).screenC.startButtonTapped")
        check(wait_until(lambda: timer_count("rec") == 1, 5), "Screen C's timer ticked")
        process.send_signal(signal.SIGINT)
        code, message = finish(process, err)
        check(code == 0, f"record ends on SIGINT (exit {code}: {message})")
        text = open(spec).read() if os.path.exists(spec) else ""
        code, report = navctl_test(spec)
        check("timerTick" in text and code == 0,
              f"the spec written on SIGINT, a tick in it, passes{report}")
        code = changed_exit(spec, text, 'screenC = "startButtonTapped"', 'screenC = "stopButtonTapped"')
        check(code == 1, f"with its timer's start changed it fails (exit {code})")
        sender.result("session.close", name="rec")

        # An action that changes nothing (Screen C's stop, its timer not running) has the patch []
        # in session.history and says "(no change)" in history's text; the next change is a small
        # patch, not the whole state replaced.
        sender.result("session.open", name="noop", feature="navigation")
        stop = "path.element(-1).screenC.stopButtonTapped"
        increment = "path.element(0).screenA.incrementButtonTapped"
        runs = [navctl_run("send", action, "--session", "noop")
                for action in ("goToABCButtonTapped", stop, increment)]
        check(all(run.returncode == 0 for run in runs),
              f"navctl send pushes, stops Screen C's timer, increments ({[r.stderr for r in runs]})")
        entries = sender.result("session.history", session="noop", limit=2)["entries"]
        check(len(entries) == 2 and entries[0]["patch"] == [] and entries[0]["version"] == 1
              and "stopButtonTapped" in json.dumps(entries[0]["action"]),
              f"the stop that changed nothing has the patch [] at the version it came at "
              f"({entries[:1]})")
        check(len(entries) == 2 and entries[1]["version"] == 2 and entries[1]["patch"]
              == [{"op": "replace", "path": "/path/0/screenA/count", "value": 1}],
              f"the next change's patch is the small one, not the whole state ({entries[1:]})")
        run = navctl_run("history", "--limit", "2", "--session", "noop")
        lines = run.stdout.splitlines()
        check(run.returncode == 0 and len(lines) == 2 and "stopButtonTapped" in lines[0]
              and lines[0].endswith("(no change)") and lines[1].endswith("(1 change)"),
              f"navctl history says (no change) for it, (1 change) for the next ({lines})")

        # record --actions 2 whose first action changes nothing: counted and written.
        def record(name, actions):
            return start_record(name, "noop", "--actions", str(actions))
        spec, err, process = record("recorded_noop_first", 2)
        check(wait_for_text(err.name, "recording session"), "the recording from a no-op started")
        sender.result("store.send", session="noop", action=stop)
        sender.result("store.send", session="noop", action=increment)
        code, message = finish(process, err, timeout=10)
        text = open(spec).read() if os.path.exists(spec) else ""
        check(code == 0 and "2 actions (2 sent)" in message,
              f"record --actions 2 whose first action changes nothing ends by itself after the 2 "
              f"sends (exit {code}: {message})")
        code, report = navctl_test(spec)
        check('screenC = "stopButtonTapped"' in text and 'screenA = "incrementButtonTapped"' in text
              and code == 0, f"its spec holds the no-op and the increment, and passes{report}")

        # record --actions 3 over Screen C's timer started then stopped: the effect's no-op stop
        # at the client's stop's version is not a send; the recording ends after the third.
        spec, err, process = record("recorded_start_stop", 3)
        check(wait_for_text(err.name, "recording session"), "the recording of start, stop started")
        sender.result("store.send", session="noop", action="path.element(-1).screenC.startButtonTapped")
        stopped = sender.result("store.send", session="noop", action=stop)["version"]
        time.sleep(0.7)
        entries = sender.result("session.history", session="noop", limit=2)["entries"]
        check([(e["origin"], e["version"], e["patch"] == []) for e in entries]
              == [("send", stopped, False), ("effect", stopped, True)],
              f"the effect sent a no-op stop at the version of the client's stop "
              f"({[(e['origin'], e['version'], e['patch']) for e in entries]})")
        check(process.poll() is None, f"after 2 sends record --actions 3 still records "
                                      f"(exit {process.poll()})")
        sender.result("store.send", session="noop", action=increment)
        code, message = finish(process, err, timeout=10)
        text = open(spec).read() if os.path.exists(spec) else ""
        check(code == 0 and "(3 sent)" in message,
              f"it ends by itself after the third send (exit {code}: {message})")
        code, report = navctl_test(spec)
        check(code == 0, f"navctl test passes the spec of start, stop, increment{report}")
        code = changed_exit(spec, text, 'screenC = "startButtonTapped"', 'screenC = "stopButtonTapped"')
        check(code == 1, f"with the timer's start changed it fails (exit {code})")

        # open NAME on a session that is open already: a replay or another feature is refused,
        # the same feature (or none) is fine.
        before = sender.result("store.state", session="noop")
        for args in (["--replay", exported], ["--feature", "counter"]):
            run = navctl_run("open", "noop", *args)
            check(run.returncode == 1 and "open already" in run.stderr,
                  f"navctl open noop {' '.join(args)} on the open session exits 1 saying it is "
                  f"open already (exit {run.returncode}: {run.stderr.strip()!r})")
        for args in ([], ["--feature", "navigation"]):
            run = navctl_run("open", "noop", *args)
            check(run.returncode == 0, f"{' '.join(['navctl open noop', *args])} on it exits 0 "
                                       f"(exit {run.returncode}: {run.stderr.strip()!r})")
        check(sender.result("store.state", session="noop") == before,
              "the open session is as it was")
        sender.result("session.close", name="noop")

        # history --follow prints the entries of actions sent after it started.
        follower = subprocess.Popen(
            [navctl, "history", "--follow", "--limit", "1", "--socket", sock],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in follower.stdout],
                         daemon=True).start()
        def next_line(timeout):
            try:
                return lines.get(timeout=timeout)
            except queue.Empty:
                return None
        first = next_line(10)  # the last entry: listed after subscribing
        last = sender.result("session.history", limit=1)["entries"][0]["version"]
        check(first is not None and first.startswith(f"v{last} "),
              f"navctl history --follow --limit 1 first prints the last entry ({first!r})")
        sent = sender.result("store.send", action="path.element(0).screenA.incrementButtonTapped")
        followed = next_line(5)
        check(followed is not None and followed.startswith(f"v{sent['version']} ")
              and f"client {sender_id} " in followed and "incrementButtonTapped" in followed,
              f"it prints the entry of an action sent after it started ({followed!r})")
        follower.send_signal(signal.SIGINT)
        try:
            code = follower.wait(timeout=10)
        except subprocess.TimeoutExpired:
            follower.kill()
            code = "still running"
        check(code == 0, f"SIGINT ends it with exit status 0 (exit {code})")

        # A failing scenario's JUnit carries its action log.
        spec = os.path.join(work, "failing_spec.lua")
        with open(spec, "w") as f:
            f.write('describe("log", function()\n  it("fails", function()\n'
                    '    local app = navd.launch("navigation")\n'
                    '    app:send("goToABCButtonTapped")\n'
                    '    assert.equal(5, #app.state.path)\n  end)\nend)\n')
        junit = os.path.join(work, "junit.xml")
        run = subprocess.run([navctl, "test", spec, "--junit", junit], capture_output=True,
                             text=True, timeout=120)
        check(run.returncode == 1, "the failing scenario fails")
        xml = open(junit).read() if os.path.exists(junit) else ""
        check("<system-out>" in xml and "goToABCButtonTapped" in xml,
              "its JUnit test case carries the action log in <system-out>")
        check("goToABCButtonTapped" in run.stdout, "the text report shows the action log")

        # A file with no scenario is a failed run, not a pass of nothing.
        spec = os.path.join(work, "no_scenario_spec.lua")
        with open(spec, "w") as f:
            f.write("local x = 1\n")
        run = subprocess.run([navctl, "test", spec], capture_output=True, text=True, timeout=120)
        expected = f"error: no scenario (an `it` inside a `describe`) in {spec}"
        check(run.returncode == 1 and expected in run.stdout + run.stderr,
              f"navctl test on a file with no `it` exits 1 saying so "
              f"(exit {run.returncode}: {(run.stdout + run.stderr).strip()!r})")
        # A daemon that keeps no history: record says so at once instead of waiting for ever.
        bare_sock = os.path.join(work, "bare.sock")
        bare = subprocess.Popen([navd, "--socket", bare_sock, "--session", "c=counter",
                                 "--history", "0", "--log-level", "warning"], stderr=log)
        try:
            wait_until(lambda: os.path.exists(bare_sock), 30)
            capacity = Client(bare_sock).result("session.history")["capacity"]
            check(capacity == 0, f"session.history says the history keeps {capacity} entries")
            started = time.time()
            try:
                run = subprocess.run(
                    [navctl, "--socket", bare_sock, "record", os.path.join(work, "bare.lua")],
                    capture_output=True, text=True, timeout=20)
                code, said = run.returncode, run.stderr
            except subprocess.TimeoutExpired:
                code, said = "still waiting after 20 s", ""
            check(code == 1 and "keeps no history (navd runs with --history 0)" in said
                  and time.time() - started < 10,
                  f"record on --history 0 exits 1 at once, saying why (exit {code}: {said.strip()!r})")
            check(not os.path.exists(os.path.join(work, "bare.lua")), "and writes no file")
        finally:
            bare.terminate()
            bare.wait(timeout=30)
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        log.seek(0)
        print(log.read()[-4000:])
        sys.exit(1)
    print("all devtools checks passed")


def wait_for_text(path, text, timeout=10):
    """Whether `text` shows up in the file at `path` within `timeout` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        with open(path) as f:
            if text in f.read():
                return True
        time.sleep(0.05)
    return False


def wait_until(condition, timeout):
    """Whether `condition()` holds within `timeout` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def apply_patch(document, patch):
    """Applies the add/replace/remove operations navd's patches use."""
    document = json.loads(json.dumps(document))
    for op in patch:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            document = op.get("value")
            continue
        parent = document
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last)
            if op["op"] == "add":
                parent.insert(index, op["value"])
            elif op["op"] == "replace":
                parent[index] = op["value"]
            elif op["op"] == "remove":
                del parent[index]
        else:
            if op["op"] in ("add", "replace"):
                parent[last] = op["value"]
            elif op["op"] == "remove":
                del parent[last]
    return document


if __name__ == "__main__":
    main()
