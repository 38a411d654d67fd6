#!/usr/bin/env python3
"""End-to-end test of the devtools methods against a real navd.

A navd serves a `navigation` session. One client subscribes to state events while another
sends; `session.history` must list the versions and patches the subscriber saw, with the sending
client. `session.jump` back to a version must restore its exact state while Screen C's timer is
running: the timer is cancelled, no tick lands after the jump, and the jump is a new version.
`session.export` then `session.open {replay}` must give the same final state, twice with
identical histories. A failing scenario's JUnit report must carry its action log.

Usage: devtools_test.py BIN_DIR   (the directory holding navd and navctl)
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


class Client:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.file = self.sock.makefile("rw")
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.file.write(json.dumps(
            {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n")
        self.file.flush()
        while True:
            message = json.loads(self.file.readline())
            if message.get("id") == self.next_id:
                return message
            self.events.append(message)

    def result(self, method, **params):
        reply = self.call(method, **params)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]


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
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        log.seek(0)
        print(log.read()[-4000:])
        sys.exit(1)
    print("all devtools checks passed")


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
