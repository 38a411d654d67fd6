#!/usr/bin/env python3
"""End-to-end tests of navd: a real daemon on a temporary socket, real clients.

Three clients share one session: navctl (Swift) sends actions, a Python client awaits a
predicate those actions make true, and another Python client watches the events and rebuilds
the final state from the JSON patches. Then bad input, each answered with the right JSON-RPC
error while the daemon keeps serving the others.

Usage: daemon_test.py BIN_DIR   (the directory holding navd and navctl)
Only Python's standard library is used.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print(f"FAIL: {message}", flush=True)
    return condition


class Client:
    """A line-oriented JSON-RPC client over the Unix socket."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next_id = 1
        self.notifications = []

    def send_raw(self, data):
        self.sock.sendall(data)

    def read_message(self, timeout=20):
        self.sock.settimeout(timeout)
        line = self.file.readline()
        if not line:
            raise EOFError("navd closed the connection")
        return json.loads(line)

    def call(self, method, params=None, timeout=20):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_raw((json.dumps(message) + "\n").encode())
        while True:
            reply = self.read_message(timeout)
            if "method" in reply:
                self.notifications.append(reply)
                continue
            if reply.get("id") == request_id:
                return reply

    def next_notification(self, timeout=20):
        if self.notifications:
            return self.notifications.pop(0)
        while True:
            reply = self.read_message(timeout)
            if "method" in reply:
                return reply

    def close(self):
        self.file.close()  # the socket stays open while its file object does
        self.sock.close()


def unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


def apply_patch(document, patch):
    """Applies the add/remove/replace operations of an RFC 6902 patch."""
    for operation in patch:
        path = operation["path"]
        if path == "":
            if operation["op"] in ("add", "replace"):
                document = operation["value"]
            continue
        tokens = [unescape(t) for t in path.split("/")[1:]]
        parent = document
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        last = tokens[-1]
        op = operation["op"]
        if isinstance(parent, list):
            if op == "add":
                parent.insert(len(parent) if last == "-" else int(last), operation["value"])
            elif op == "remove":
                del parent[int(last)]
            elif op == "replace":
                parent[int(last)] = operation["value"]
        else:
            if op in ("add", "replace"):
                parent[last] = operation["value"]
            elif op == "remove":
                del parent[last]
    return document


def navctl(bin_dir, socket_path, *arguments):
    command = [os.path.join(bin_dir, "navctl"), arguments[0], "--socket", socket_path]
    return subprocess.run(command + list(arguments[1:]), capture_output=True, text=True, timeout=60)


def three_clients_one_session(bin_dir, path):
    print("== three clients on one session", flush=True)
    watcher = Client(path)
    initial = watcher.call("store.state", {"session": "c"})["result"]
    subscription = watcher.call("subscribe", {"session": "c", "events": ["action", "state"]})
    check("result" in subscription, f"subscribe failed: {subscription}")
    start = subscription["result"]["version"]
    check(start == initial["version"], "the state read before subscribing is the subscribed version")

    awaited = {}

    def await_five():
        awaiter = Client(path)
        awaited["reply"] = awaiter.call(
            "store.await", {"session": "c", "predicate": "s.count == 5", "timeout": 30}, timeout=60)
        awaiter.close()

    thread = threading.Thread(target=await_five)
    thread.start()
    time.sleep(0.3)  # the awaiter is waiting before the first action

    for _ in range(5):
        result = navctl(bin_dir, path, "send", "--session", "c", "incrementButtonTapped")
        check(result.returncode == 0, f"navctl send failed: {result.stderr}")
    thread.join(60)
    reply = awaited.get("reply", {})
    check(reply.get("result", {}).get("state") == {"count": 5}, f"await returned {reply}")
    check(reply.get("result", {}).get("version") == start + 5, f"await version {reply}")

    state = initial["state"]
    versions = []
    actions = []
    while len(versions) < 5:
        event = watcher.next_notification()
        params = event["params"]
        if event["method"] == "event.state":
            versions.append(params["version"])
            state = apply_patch(state, params["patch"])
        elif event["method"] == "event.action":
            actions.append(params["action"])
    check(versions == list(range(start + 1, start + 6)), f"versions in order: {versions}")
    check(actions == ["incrementButtonTapped"] * 5, f"actions: {actions}")
    final = watcher.call("store.state", {"session": "c"})["result"]
    check(state == final["state"], f"patches rebuild {state}, the store has {final['state']}")

    # A nested feature: the root app presenting a case study, patched into place.
    app = Client(path)
    before = app.call("store.state", {"session": "main"})["result"]
    app.call("subscribe", {"session": "main", "events": ["state"]})
    result = navctl(bin_dir, path, "send", "--session", "main", "navigationButtonTapped")
    check(result.returncode == 0, f"navctl send failed: {result.stderr}")
    result = navctl(bin_dir, path, "send", "--session", "main",
                    "destination.presented.navigation.goToABCButtonTapped")
    check(result.returncode == 0, f"navctl send failed: {result.stderr}")
    rebuilt = before["state"]
    for _ in range(2):
        event = app.next_notification()
        rebuilt = apply_patch(rebuilt, event["params"]["patch"])
    after = app.call("store.state", {"session": "main"})["result"]["state"]
    check(rebuilt == after, f"app patches rebuild {rebuilt}, the store has {after}")
    path_ids = [element.get("id") for element in after["destination"]["navigation"]["path"]]
    check(path_ids == [0, 1, 2], f"stack element ids {path_ids}")
    result = navctl(bin_dir, path, "send", "--session", "main", "destination.dismiss")
    check(result.returncode == 0, f"navctl send failed: {result.stderr}")
    watcher.close()
    app.close()


def bad_input(path):
    print("== bad input", flush=True)
    client = Client(path)

    def raw(line):
        client.send_raw(line)
        return client.read_message()

    reply = raw(b'{"jsonrpc": "2.0", "id": 1, "method": \n')
    check(reply.get("error", {}).get("code") == -32700, f"broken JSON: {reply}")
    reply = raw(b'[1, 2]\n')
    check(isinstance(reply, list) and all(r["error"]["code"] == -32600 for r in reply),
          f"batch of non-objects: {reply}")
    reply = raw(b'"hello"\n')
    check(reply.get("error", {}).get("code") == -32600, f"non-object: {reply}")
    reply = raw(b'{"id": 3, "method": "navd.status"}\n')
    check(reply.get("error", {}).get("code") == -32600 and reply.get("id") == 3,
          f"missing jsonrpc: {reply}")
    reply = raw(b'\xff\xfe{"jsonrpc":"2.0","id":4,"method":"navd.status"}\n')
    check(reply.get("error", {}).get("code") == -32700, f"invalid UTF-8: {reply}")
    reply = raw(b"[" * 5000 + b"\n")
    check(reply.get("error", {}).get("code") == -32700, f"deep nesting: {reply}")
    check(client.call("nope.method").get("error", {}).get("code") == -32601, "unknown method")
    reply = client.call("store.send", {"session": "c", "action": 5})
    check(reply.get("error", {}).get("code") == -32602, f"wrong param type: {reply}")
    reply = client.call("store.send", {"session": "c", "action": "fly"})
    check(reply.get("error", {}).get("code") == -32001 and "fly" in reply["error"]["message"],
          f"unknown action segment: {reply}")
    reply = client.call("store.state", {"session": "nowhere"})
    check(reply.get("error", {}).get("code") == -32005, f"no such session: {reply}")
    reply = client.call("store.await", {"session": "c", "predicate": "s.count == -1", "timeout": 0.2})
    check(reply.get("error", {}).get("code") == -32003, f"await timing out: {reply}")
    reply = client.call("lua.eval", {"code": "error('boom')"})
    check(reply.get("error", {}).get("code") == -32002 and "boom" in reply["error"]["message"],
          f"Lua error: {reply}")
    reply = client.call("lua.eval", {"code": "local t = {} while true do t[#t + 1] = ('x'):rep(1000) end"})
    check(reply.get("error", {}).get("code") in (-32002, -32004), f"memory bomb: {reply}")
    check(client.call("navd.status").get("result") is not None, "still serving after bad input")

    # A runaway script is ended by the budget while another client keeps round-tripping.
    runaway = {}

    def spin():
        spinner = Client(path)
        runaway["reply"] = spinner.call("lua.eval", {"code": "while true do end"}, timeout=120)
        spinner.close()

    thread = threading.Thread(target=spin)
    thread.start()
    other = Client(path)
    round_trips = 0
    while thread.is_alive() and round_trips < 100000:
        reply = other.call("store.send", {"session": "c", "action": "incrementButtonTapped"})
        check("result" in reply, f"store.send during the runaway: {reply}")
        round_trips += 1
    thread.join(120)
    check(runaway.get("reply", {}).get("error", {}).get("code") == -32004,
          f"runaway script: {runaway}")
    check(round_trips > 0, "another client's sends went through during the runaway")
    print(f"   {round_trips} store.send round trips during the runaway script", flush=True)

    # A client that vanishes mid-request changes nothing for the others.
    vanishing = Client(path)
    vanishing.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"store.await","params":{"session":"c","predicate":"false","timeout":2}}\n')
    vanishing.close()
    check(other.call("navd.status").get("result") is not None, "serving after a client vanished")

    # An oversize line is refused and that connection closed.
    big = Client(path)
    big.send_raw(b'{"jsonrpc":"2.0","id":1,"method":"lua.eval","params":{"code":"' + b"x" * 70000 + b'"}}\n')
    reply = big.read_message()
    check(reply.get("error", {}).get("code") == -32600 and "too large" in reply["error"]["message"],
          f"oversize line: {reply}")
    try:
        closed = big.file.readline() == b""
    except OSError:
        closed = True
    check(closed, "the connection of an oversize line is closed")
    check(other.call("navd.status").get("result") is not None, "serving after an oversize line")
    client.close()
    other.close()


def store_send_fast_lane(path):
    """store.send lines of the common shape are answered without a JSON tree (StoreSendLine):
    byte for byte as the general path answers, with the same errors, and in order behind the
    same client's queued requests."""
    print("== store.send fast lane", flush=True)
    client = Client(path)
    before = client.call("store.state", {"session": "c"})["result"]["version"]
    client.send_raw(b'{"jsonrpc":"2.0","id":41,"method":"store.send","params":{"session":"c","action":"incrementButtonTapped"}}\n')
    line = client.file.readline()
    expected = b'{"jsonrpc":"2.0","result":{"version":%d},"id":41}\n' % (before + 1)
    check(line == expected, f"fast-lane answer {line!r}, expected {expected!r}")
    client.send_raw(b'{"jsonrpc":"2.0","id":"s-1","method":"store.send","params":{"action":"x","session":"nowhere"}}\n')
    reply = client.read_message()
    check(reply.get("id") == "s-1" and reply.get("error", {}).get("code") == -32005,
          f"fast lane, no such session: {reply}")
    client.send_raw(b'{"jsonrpc":"2.0","id":43,"method":"store.send","params":{"session":"c","action":"fly"}}\n')
    reply = client.read_message()
    check(reply.get("id") == 43 and reply.get("error", {}).get("code") == -32001
          and "fly" in reply["error"]["message"], f"fast lane, unknown action: {reply}")
    # A session closed and opened again under the same name is a new session to the lane too.
    def compact_send(session, request_id):
        client.send_raw(b'{"jsonrpc":"2.0","id":%d,"method":"store.send","params":{"session":"%s","action":"incrementButtonTapped"}}\n' % (request_id, session.encode()))
        return client.read_message()
    check("result" in client.call("session.open", {"name": "lane", "feature": "counter"}), "open lane")
    compact_send("lane", 44)
    check(compact_send("lane", 45).get("result", {}).get("version") == 2, "lane: second send is version 2")
    check("result" in client.call("session.close", {"name": "lane"}), "close lane")
    reply = compact_send("lane", 46)
    check(reply.get("error", {}).get("code") == -32005, f"lane closed: {reply}")
    check("result" in client.call("session.open", {"name": "lane", "feature": "counter"}), "reopen lane")
    reply = compact_send("lane", 47)
    check(reply.get("result", {}).get("version") == 1, f"lane reopened starts afresh: {reply}")
    client.call("session.close", {"name": "lane"})
    # Behind a queued script of the same client: the script's three sends come first.
    check("result" in client.call("session.attach", {"name": "c"}), "attach to c")
    version = client.call("store.state")["result"]["version"]
    client.send_raw(
        b'{"jsonrpc":"2.0","id":50,"method":"lua.eval","params":{"code":"for i = 1, 3 do session:send(\'incrementButtonTapped\') end return session.state.count"}}\n'
        b'{"jsonrpc":"2.0","id":51,"method":"store.send","params":{"action":"incrementButtonTapped"}}\n')
    first, second = client.read_message(), client.read_message()
    check(first.get("id") == 50 and "result" in first, f"the script answers first: {first}")
    check(second.get("id") == 51 and second.get("result", {}).get("version") == version + 4,
          f"the send after the script sees its three changes: {second}")
    client.close()


def slow_subscriber(path):
    print("== a subscriber that never reads, while 10,000 events are published", flush=True)
    slow = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.connect(path)
    slow.sendall(b'{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"session":"c"}}\n')
    reader = Client(path)
    start = reader.call("subscribe", {"session": "c", "events": ["state"]})["result"]["version"]
    versions = []

    def read_events():
        while len(versions) < 10000:
            versions.append(reader.next_notification()["params"]["version"])

    thread = threading.Thread(target=read_events)
    thread.start()
    sender = Client(path)
    sent = 0
    while sent < 10000:
        batch = [{"jsonrpc": "2.0", "id": sent + k, "method": "store.send",
                  "params": {"session": "c", "action": "incrementButtonTapped"}} for k in range(100)]
        sender.send_raw((json.dumps(batch) + "\n").encode())
        replies = sender.read_message()
        check(isinstance(replies, list) and all("result" in r for r in replies),
              f"batched sends: {str(replies)[:200]}")
        sent += 100
    thread.join(120)
    check(versions == list(range(start + 1, start + 10001)),
          "the reading subscriber received every version in order")
    slow.settimeout(5)
    disconnected = False
    try:
        while True:
            data = slow.recv(65536)
            if not data:
                disconnected = True
                break
    except socket.timeout:
        disconnected = False
    except (ConnectionResetError, OSError):
        disconnected = True
    check(disconnected, "the subscriber that never read was disconnected")
    check(sender.call("navd.status").get("result") is not None, "serving after the slow client")
    slow.close()
    reader.close()
    sender.close()


def client_limit(bin_dir):
    print("== --max-clients", flush=True)
    directory = tempfile.mkdtemp(prefix="navd-e2e-limit-")
    path = os.path.join(directory, "control.sock")
    daemon = subprocess.Popen(
        [os.path.join(bin_dir, "navd"), "--socket", path, "--session", "c=counter",
         "--max-clients", "2", "--log-level", "error"])
    try:
        for _ in range(200):
            if os.path.exists(path):
                break
            time.sleep(0.05)
        first, second = Client(path), Client(path)
        check("result" in first.call("navd.status"), "the first client is served")
        check("result" in second.call("navd.status"), "the second client is served")
        third = Client(path)
        reply = third.read_message()
        check(reply.get("error", {}).get("code") == -32007, f"the third client is refused: {reply}")
        first.close()
        time.sleep(0.2)
        fourth = Client(path)
        check("result" in fourth.call("navd.status"), "a client is served once one left")
        # A second daemon on the same path refuses to start while this one listens.
        refused = subprocess.run(
            [os.path.join(bin_dir, "navd"), "--socket", path], capture_output=True, text=True,
            timeout=30)
        check(refused.returncode != 0 and "already running" in refused.stderr,
              f"a second navd on a live socket: {refused.returncode} {refused.stderr}")
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(30)


def main():
    bin_dir = sys.argv[1]
    directory = tempfile.mkdtemp(prefix="navd-e2e-")
    path = os.path.join(directory, "control.sock")
    daemon = subprocess.Popen(
        [os.path.join(bin_dir, "navd"), "--socket", path, "--session", "main=app",
         "--session", "c=counter", "--max-message-bytes", "65536", "--max-queued-bytes", "262144",
         "--log-level", "error"])
    try:
        for _ in range(200):
            if os.path.exists(path):
                break
            time.sleep(0.05)
        check(oct(os.stat(path).st_mode & 0o777) == "0o600", "the socket is created 0600")
        three_clients_one_session(bin_dir, path)
        bad_input(path)
        store_send_fast_lane(path)
        slow_subscriber(path)
    finally:
        daemon.send_signal(signal.SIGTERM)
        code = daemon.wait(30)
    check(code == 0, f"navd exits 0 on SIGTERM, got {code}")
    check(not os.path.exists(path), "the socket file is removed on stop")
    client_limit(bin_dir)
    if FAILURES:
        print(f"{len(FAILURES)} end-to-end check(s) failed", flush=True)
        sys.exit(1)
    print("all end-to-end checks passed", flush=True)


if __name__ == "__main__":
    main()
