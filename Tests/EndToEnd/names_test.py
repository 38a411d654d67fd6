#!/usr/bin/env python3
"""End-to-end tests of hostile session names and the durability promise, with a real navd.

1. A table of names a careless or hostile client might use (too long, empty, control
   characters, bytes that are not UTF-8, path separators, `.` and `..`, names that differ only
   by case or by Unicode normalization) goes through open, send, SIGKILL and a restart: each is
   refused at open with an error that states the rule, or comes back with its state. No state
   file escapes the state directory or is past the file system's 255 bytes.
2. With `--durability always`, a save that fails (the state directory bind-mounted read-only
   while navd runs) fails the request with -32009: the change is not acknowledged; the session
   shows `saved: false` in `session.list` and `navd.status`, its subscribers get
   `event.session`, and it takes no change until a save succeeds. Every acknowledged change
   survives a SIGKILL.
3. With `--durability batch`, a failed save is told the same way, and the next change is
   refused until the directory is writable again.
4. A name with a newline and a `<0>` priority prefix is one escaped log line in the journal's
   format, and no line of standard error starts with a forged prefix.
5. A saved session whose name breaks the rule (a file written by hand, or by an older navd) is
   not restored: one escaped error line names the rule, its file stays, the others restore.

Usage: names_test.py BIN_DIR   (the directory holding navd); needs root (mount) or chattr.
Only Python's standard library is used.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from daemon_test import Client as LineClient
from state_files import encode_state_file

FAILURES = []
RULE = ("a session name is 1 to 255 bytes of UTF-8 with no control characters, line separators "
        "or bidirectional controls")


def check(condition, message, detail=""):
    if not condition:
        FAILURES.append(message)
        print(f"FAIL: {message}" + (f"\n  {detail}" if detail else ""), flush=True)
    return condition


class Client(LineClient):
    """daemon_test's client, with a line sent as it is (a line that is not JSON is answered with
    id null) and a wait for one notification by name."""

    def call_raw(self, line, request_id, timeout=20):
        self.send_raw(line)
        while True:
            reply = self.read_message(timeout)
            if "method" in reply:
                self.notifications.append(reply)
            elif reply.get("id") in (request_id, None):
                return reply

    def notification(self, method, timeout=10):
        """The next notification named `method` (others are dropped), or None."""
        deadline = time.monotonic() + timeout
        while True:
            for index, message in enumerate(self.notifications):
                if message["method"] == method:
                    return self.notifications.pop(index)
            self.notifications.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                self.notifications.append(self.read_message(left))
            except (socket.timeout, TimeoutError):
                return None


class Navd:
    def __init__(self, bin_dir, directory, arguments, journal=False):
        self.socket = os.path.join(directory, "control.sock")
        self.stderr_path = os.path.join(directory, f"navd-{time.monotonic_ns()}.stderr")
        environment = {k: v for k, v in os.environ.items()
                       if k not in ("NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "JOURNAL_STREAM")}
        with open(self.stderr_path, "wb") as stderr:
            if journal:  # as systemd does: $JOURNAL_STREAM names standard error's device:inode
                status = os.fstat(stderr.fileno())
                environment["JOURNAL_STREAM"] = f"{status.st_dev}:{status.st_ino}"
            self.process = subprocess.Popen(
                [os.path.join(bin_dir, "navd"), "--socket", self.socket] + arguments,
                env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=stderr)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                probe.connect(self.socket)
                probe.close()
                return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError(f"navd did not start: {self.stderr()}")

    def stderr(self):
        with open(self.stderr_path, "rb") as file:
            return file.read().decode("utf-8", "replace")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


class ReadOnly:
    """Makes a directory read-only for everyone, root included: a read-only bind mount, else
    the immutable attribute."""

    def __init__(self, path):
        self.path = path
        self.how = None

    def __enter__(self):
        if subprocess.run(["mount", "--bind", self.path, self.path],
                          capture_output=True).returncode == 0:
            if subprocess.run(["mount", "-o", "remount,bind,ro", self.path],
                              capture_output=True).returncode == 0:
                self.how = "mount"
                return self
            subprocess.run(["umount", self.path], capture_output=True)
        if subprocess.run(["chattr", "+i", self.path], capture_output=True).returncode == 0:
            self.how = "chattr"
            return self
        raise RuntimeError(f"cannot make {self.path} read-only (neither mount nor chattr works)")

    def __exit__(self, *_):
        if self.how == "mount":
            subprocess.run(["umount", self.path], check=True)
        elif self.how == "chattr":
            subprocess.run(["chattr", "-i", self.path], check=True)


def count_of(client, session):
    reply = client.call("store.state", {"session": session})
    return reply.get("result", {}).get("state", {}).get("count", reply)


def count_after_sigkill(navd, bin_dir, directory, arguments, session="c"):
    """Kills `navd`, starts it again with the same arguments, and reads the session's count."""
    navd.kill()
    navd = Navd(bin_dir, directory, arguments)
    client = Client(navd.socket)
    try:
        return count_of(client, session)
    finally:
        client.close()
        navd.stop()


def send(client, session):
    return client.call("store.send", {"session": session, "action": "incrementButtonTapped"})


# MARK: - 1. Hostile names


HOSTILE = [
    # (what, name or raw JSON text of the name, sends)
    ("301 bytes", "x" + "y" * 300, 1),
    ("255 bytes", "x" + "y" * 254, 1),
    ("127 two-byte characters (254 bytes, 762 percent-encoded)", "é" * 127, 2),
    ("empty", "", 1),
    ("a newline", "a\nb", 1),
    ("a tab", "tab\there", 1),
    ("an escape sequence", "\x1b[31mred", 1),
    ("DEL", "a\x7fb", 1),
    ("a line separator", "a\u2028b", 1),
    ("a right-to-left override", "invoice\u202egnp.exe", 1),
    ("a lone surrogate (not UTF-8)", "\udc80", 1),
    ("a slash", "a/b", 2),
    ("a path out of the directory", "../../../tmp/navd-escaped", 3),
    (".", ".", 1),
    ("..", "..", 2),
    ("a leading dot", ".hidden", 1),
    ("a percent sign", "%2F", 2),
    ("a tilde", "~", 1),
    ("a space only", " ", 1),
    ("a priority prefix", "<0>emerg", 2),
    ("upper case", "Alpha", 1),
    ("lower case", "alpha", 3),
    ("é precomposed (NFC)", "\u00e9t\u00e9", 1),
    ("emoji", "🚀 launch", 2),
]


def hostile_names(bin_dir, scratch):
    print("== 1. hostile names through open, send, SIGKILL and restart", flush=True)
    directory = os.path.join(scratch, "names")
    state_dir = os.path.join(directory, "state")
    os.makedirs(directory)
    arguments = ["--session", "main=counter", "--state-dir", state_dir, "--durability", "always"]
    navd = Navd(bin_dir, directory, arguments)
    client = Client(navd.socket)
    expected = {}
    try:
        for what, name, sends in HOSTILE:
            line = ('{"jsonrpc":"2.0","id":1,"method":"session.open","params":{"name":'
                    + json.dumps(name) + ',"feature":"counter"}}\n').encode()
            reply = client.call_raw(line, 1)
            if "error" in reply:
                message = reply["error"].get("message", "")
                # A lone surrogate is no text at all: the line is refused as JSON-RPC says.
                parse_error = reply["error"].get("code") == -32700 and "surrogate" in what
                check(RULE in message or parse_error,
                      f"{what}: refused with an error that states the rule", message)
                continue
            check(reply["result"].get("created") is True, f"{what}: opened", str(reply))
            for _ in range(sends):
                acknowledged = send(client, name)
                check("result" in acknowledged, f"{what}: a send is acknowledged", str(acknowledged))
            expected[name] = sends
        refused = {what for what, name, _ in HOSTILE if name not in expected}
        check(refused >= {"301 bytes", "empty", "a newline", "a tab", "an escape sequence", "DEL",
                          "a line separator", "a right-to-left override"},
              "the names the rule forbids are refused", f"refused: {sorted(refused)}")
        # Two spellings of one text are one name: é decomposed finds the precomposed session.
        reply = client.call("session.open", {"name": "e\u0301te\u0301", "feature": "counter"})
        check(reply.get("result", {}).get("created") is False,
              "é decomposed (NFD) is the session é precomposed opened", str(reply))
        check(count_of(client, "e\u0301te\u0301") == 1,
              "the NFD spelling reads the NFC session's state")
        print(f"    {len(expected)} names opened and sent to, {len(refused)} refused", flush=True)
    finally:
        client.close()
    navd.kill()
    files = os.listdir(state_dir)
    check(all(len(name.encode()) <= 255 for name in files),
          "every state file's name fits the file system", str([len(f.encode()) for f in files]))
    check(not os.path.exists("/tmp/navd-escaped.state"), "no state file escaped the directory")
    # (`main` was never changed, so never saved.)
    check(len([f for f in files if f.endswith(".state")]) == len(expected),
          "one state file per session changed", str(sorted(files)))

    navd = Navd(bin_dir, directory, arguments)
    client = Client(navd.socket)
    try:
        for name, sends in expected.items():
            check(count_of(client, name) == sends, f"{name!r:.40}: restored with its state")
        listed = {s["name"] for s in client.call("session.list")["result"]}
        check(listed == set(expected) | {"main"}, "the restored sessions are those opened",
              f"{sorted(listed ^ (set(expected) | {'main'}))}")
        check("cannot" not in navd.stderr(), "the restart logged no failure", navd.stderr())
    finally:
        client.close()
        navd.stop()


# MARK: - 2. A failing save with durability always


def failing_save_always(bin_dir, scratch):
    print("== 2. a save that fails, durability always", flush=True)
    directory = os.path.join(scratch, "always")
    state_dir = os.path.join(directory, "state")
    os.makedirs(state_dir)
    arguments = ["--session", "c=counter", "--state-dir", state_dir, "--durability", "always"]
    navd = Navd(bin_dir, directory, arguments)
    client, watcher = Client(navd.socket), Client(navd.socket)
    try:
        watcher.call("subscribe", {"session": "c", "events": ["state"]})
        check(send(client, "c").get("result", {}).get("version") == 1, "a first send is saved")
        with ReadOnly(state_dir):
            failed = send(client, "c")
            check(failed.get("error", {}).get("code") == -32009,
                  "a send whose save fails gets -32009", str(failed))
            check("not acknowledged" in failed.get("error", {}).get("message", ""),
                  "the error says the change is not acknowledged", str(failed))
            event = watcher.notification("event.session")
            check(event is not None and event["params"].get("saved") is False
                  and event["params"].get("error"),
                  "subscribers get event.session with saved false and the error", str(event))
            listed = client.call("session.list")["result"]
            check(listed[0].get("saved") is False and listed[0].get("saveError"),
                  "session.list shows the session unsaved, with why", str(listed))
            status = client.call("navd.status")["result"]
            check(status.get("unsaved") == ["c"], "navd.status names the unsaved session",
                  str(status))
            refused = send(client, "c")
            check(refused.get("error", {}).get("code") == -32009,
                  "the next send is refused while the session cannot be saved", str(refused))
            check(count_of(client, "c") == 2, "the refused send changed nothing")
        after = send(client, "c")
        check(after.get("result", {}).get("version") == 3,
              "once the directory is writable, the next send is saved and acknowledged",
              str(after))
        event = watcher.notification("event.session")
        check(event is not None and event["params"].get("saved") is True,
              "subscribers get event.session with saved true", str(event))
        check(client.call("navd.status")["result"].get("unsaved") == [],
              "navd.status lists no unsaved session again")
    finally:
        client.close()
        watcher.close()
    check(count_after_sigkill(navd, bin_dir, directory, arguments) == 3,
          "every acknowledged change survived a SIGKILL")


# MARK: - 3. A failing save with durability batch


def failing_save_batch(bin_dir, scratch):
    print("== 3. a save that fails, durability batch", flush=True)
    directory = os.path.join(scratch, "batch")
    state_dir = os.path.join(directory, "state")
    os.makedirs(state_dir)
    arguments = ["--session", "c=counter", "--state-dir", state_dir, "--durability", "batch",
                 "--durability-delay-ms", "50"]
    navd = Navd(bin_dir, directory, arguments)
    client, watcher = Client(navd.socket), Client(navd.socket)
    try:
        watcher.call("subscribe", {"session": "c", "events": ["action"]})
        check("result" in send(client, "c"), "a first send is acknowledged")
        time.sleep(0.3)
        with ReadOnly(state_dir):
            check("result" in send(client, "c"), "a send is acknowledged before its batch")
            event = watcher.notification("event.session", timeout=5)
            check(event is not None and event["params"].get("saved") is False,
                  "the failed batch save is told to subscribers (event.session)", str(event))
            listed = client.call("session.list")["result"]
            check(listed[0].get("saved") is False, "session.list shows the session unsaved",
                  str(listed))
            refused = send(client, "c")
            check(refused.get("error", {}).get("code") == -32009
                  and "could not be saved" in refused["error"].get("message", ""),
                  "the next send says the session could not be saved", str(refused))
        check("result" in send(client, "c"), "writable again, sends are taken")
        check(client.call("session.list")["result"][0].get("saved") is True,
              "session.list shows the session saved again")
        time.sleep(0.3)
    finally:
        client.close()
        watcher.close()
    check(count_after_sigkill(navd, bin_dir, directory, arguments) == 3,
          "the saved changes survived a SIGKILL")


# MARK: - 4. Forged log lines


def forged_log_lines(bin_dir, scratch):
    print("== 4. a name with a newline and <0> is one escaped log line", flush=True)
    directory = os.path.join(scratch, "log")
    os.makedirs(directory)
    navd = Navd(bin_dir, directory, ["--session", "c=counter"], journal=True)
    client = Client(navd.socket)
    try:
        reply = client.call("session.open", {"name": "x\n<0>forged", "feature": "counter"})
        check(reply.get("error", {}).get("code") == -32602, "the name is refused", str(reply))
        client.call("client.setName", {"name": "tool\n<0>forged too"})
    finally:
        client.close()
        navd.stop()
    lines = navd.stderr().splitlines()
    check(all(re.match(r"<[0-7]>", line) for line in lines),
          "every line of standard error starts with its own priority", "\n".join(lines))
    check(not any(line.startswith("<0>") for line in lines),
          "no line carries a forged <0> priority", "\n".join(lines))
    forged = [line for line in lines if "forged" in line]
    check(len(forged) >= 1 and all("\\n<0>forged" in line for line in forged),
          "the name is logged once per event, its newline escaped", "\n".join(forged))


# MARK: - 5. A saved name outside the rule


def restored_name_outside_the_rule(bin_dir, scratch):
    print("== 5. a saved session whose name breaks the rule is not restored", flush=True)
    directory = os.path.join(scratch, "restore")
    state_dir = os.path.join(directory, "state")
    os.makedirs(state_dir)
    bad = os.path.join(state_dir, "bad.state")
    with open(bad, "wb") as file:
        file.write(encode_state_file("bad\n<0>name", "counter", 4, {"count": 4}))
    with open(os.path.join(state_dir, "good.state"), "wb") as file:
        file.write(encode_state_file("good", "counter", 2, {"count": 2}))
    navd = Navd(bin_dir, directory, ["--session", "c=counter", "--state-dir", state_dir],
                journal=True)
    client = Client(navd.socket)
    try:
        listed = {s["name"] for s in client.call("session.list")["result"]}
        check(listed == {"c", "good"}, "the good session is restored, the bad one is not",
              str(sorted(listed)))
        check(count_of(client, "good") == 2, "the good session has its state")
    finally:
        client.close()
        navd.stop()
    lines = [line for line in navd.stderr().splitlines() if "bad" in line]
    check(len(lines) == 1 and lines[0].startswith("<3>") and "bad\\n<0>name" in lines[0]
          and RULE in lines[0],
          "one escaped error line names the session and the rule", "\n".join(lines))
    check(os.path.exists(bad), "the file of the session not restored is kept")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    bin_dir = sys.argv[1]
    scratch = tempfile.mkdtemp(prefix="navd-names-")
    try:
        hostile_names(bin_dir, scratch)
        failing_save_always(bin_dir, scratch)
        failing_save_batch(bin_dir, scratch)
        forged_log_lines(bin_dir, scratch)
        restored_name_outside_the_rule(bin_dir, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if FAILURES:
        print(f"names: {len(FAILURES)} failed", flush=True)
        return 1
    print("names: all checks passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
