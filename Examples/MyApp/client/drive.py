#!/usr/bin/env python3
"""Drives `myapp-nav serve` from Python's standard library: sends actions, awaits a predicate,
subscribes to state events and rebuilds the state from their JSON Patches; then restarts the
daemon on the same state directory and checks the session came back as it was.

Usage: client/drive.py [MYAPP_NAV]   (default: the debug build's myapp-nav)
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Client:
    """One JSON-RPC 2.0 connection: a request per line, replies and events in order."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next_id = 1
        self.events = []

    def call(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}}
        self.sock.sendall((json.dumps(request) + "\n").encode())
        while True:
            message = json.loads(self.file.readline())
            if "method" in message:
                self.events.append(message)
            elif message.get("id") == request_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def next_event(self):
        if self.events:
            return self.events.pop(0)
        self.sock.settimeout(20)
        return json.loads(self.file.readline())


def apply_patch(document, patch):
    """The add, remove and replace operations of RFC 6902, which navd's state events use."""
    for operation in patch:
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in operation["path"].split("/")[1:]]
        if not tokens:
            document = operation.get("value")
            continue
        parent = document
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        last, op = tokens[-1], operation["op"]
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last)
            if op == "add":
                parent.insert(index, operation["value"])
            elif op == "remove":
                del parent[index]
            else:
                parent[index] = operation["value"]
        elif op == "remove":
            del parent[last]
        else:
            parent[last] = operation["value"]
    return document


def serve(program, socket_path, state_dir):
    daemon = subprocess.Popen(
        [program, "serve", "--socket", socket_path, "--session", "main=notes",
         "--state-dir", state_dir, "--durability", "always"],
        stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        if os.path.exists(socket_path):
            return daemon
        time.sleep(0.05)
    daemon.kill()
    raise RuntimeError("myapp-nav serve did not start: " + daemon.stderr.read())


def main():
    program = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        HERE, "..", ".build", "debug", "myapp-nav")
    folder = tempfile.mkdtemp(prefix="myapp-nav-")
    socket_path = os.path.join(folder, "control.sock")
    state_dir = os.path.join(folder, "state")
    daemon = serve(program, socket_path, state_dir)
    try:
        client = Client(socket_path)
        start = client.call("store.state", {"session": "main"})
        subscribed = client.call("subscribe", {"session": "main", "events": ["state"]})
        assert subscribed["version"] == start["version"], subscribed
        state = start["state"]

        client.call("store.send", {"session": "main", "action": "addButtonTapped"})
        client.call("store.send", {"session": "main",
                                   "action": "destination.presented.editor.setTitle",
                                   "args": ["Groceries"]})
        client.call("store.send", {"session": "main",
                                   "action": "destination.presented.editor.saveButtonTapped"})
        awaited = client.call("store.await", {"session": "main",
                                              "predicate": "s.destination == nil and #s.notes == 1",
                                              "timeout": 10})
        final = client.call("store.state", {"session": "main"})
        version = start["version"]
        while version < final["version"]:
            event = client.next_event()
            if event["method"] != "event.state":
                continue
            assert event["params"]["version"] == version + 1, (event, version)
            version = event["params"]["version"]
            state = apply_patch(state, event["params"]["patch"])
        assert state == final["state"], (state, final["state"])
        assert awaited["state"]["notes"][0]["title"] == "Groceries", awaited
        print(f"patches rebuilt the state at version {version}: {json.dumps(state)}")
    finally:
        daemon.terminate()
        daemon.wait(10)

    # The state has no Codable: it was saved through reflection, and is restored the same way.
    daemon = serve(program, socket_path, state_dir)
    try:
        restored = Client(socket_path).call("store.state", {"session": "main"})["state"]
        assert restored == state, (restored, state)
        print("the restarted daemon restored the session as it was")
    finally:
        daemon.terminate()
        daemon.wait(10)


if __name__ == "__main__":
    main()
