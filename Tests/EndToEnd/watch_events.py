#!/usr/bin/env python3
"""Watches a navd session's state events and prints the state they rebuild.

Usage: watch_events.py SOCKET SESSION COUNT

Reads the state, subscribes, prints "ready", applies the next COUNT state patches, and prints
the rebuilt state and the versions seen as one JSON line. Used by the Swift end-to-end test
(Tests/NavServerTests) as its Python standard-library client.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemon_test import Client, apply_patch  # noqa: E402


def main():
    path, session, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    client = Client(path)
    state = client.call("store.state", {"session": session})["result"]["state"]
    client.call("subscribe", {"session": session, "events": ["state"]})
    print("ready", flush=True)
    versions = []
    while len(versions) < count:
        event = client.next_notification(timeout=60)
        versions.append(event["params"]["version"])
        state = apply_patch(state, event["params"]["patch"])
    print(json.dumps({"state": state, "versions": versions}), flush=True)


if __name__ == "__main__":
    main()
