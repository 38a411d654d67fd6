#!/usr/bin/env python3
"""End-to-end test of the control channel's debugging methods against a real navd: import,
skip, lock and the action catalog.

A navd serves a `contacts` session, whose reducer calls `UUID()`: its actions cannot be
recomputed elsewhere with the same ids. After adding a contact, `session.export` must carry the
history with its patches; `session.open {replay}` must refuse it with the final-state diff and name
the first step where the replay left the recording (version 1, `addButtonTapped`); `session.open
{import}` must restore it exactly (the same entries, patches, offsets and clients, the same state,
ids included) and jump to any of its versions; a history whose patch does not apply, a document
without history, and one whose final state disagrees must each be refused with a message that
says which, opening nothing.

`session.export {skip}` must leave an entry out, with no final state, and replay into the
session without it. `session.lock` must refuse a second client's sends, taps, jumps and Lua
sends with -32010 naming the holder, and nothing of them must reach the session, while the
holder's go through and reads go on; only the holder unlocks, and a holder that disconnects
lets go. `session.actions` must list action paths that `store.send` takes. A subscriber of
`event.version` must hear a burst of 300 sends as a few events in order, the last one the final
version.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

from inspector_support import check, finish
from navd_client import Client


def comparable(client, session):
    """The session's history as what an import must keep: version, origin, action, jump,
    offset, client and patch of each entry."""
    return [(e["version"], e["origin"], e["action"], e.get("jump"), e["time"]["offset"],
             e.get("client"), e["patch"])
            for e in client.result("session.history", session=session)["entries"]]


def main():
    bin_dir = sys.argv[1]
    work = tempfile.mkdtemp(prefix="navd-debugging-")
    path = os.path.join(work, "control.sock")
    daemon = subprocess.Popen([os.path.join(bin_dir, "navd"), "--socket", path, "--session",
                               "main=contacts", "--log-level", "error"])
    try:
        for _ in range(400):
            if os.path.exists(path):
                break
            time.sleep(0.05)
        client = Client(path)
        client.result("store.send", action="addButtonTapped")
        client.result("store.send", action="destination.presented.addContact.setName",
                      args=["Blob"])
        client.result("store.send", action="destination.presented.addContact.saveButtonTapped")
        # The save's effects (the delegate's saveContact, the dismissal) before the next send.
        client.result("store.settle")
        client.result("store.send", action="addButtonTapped")
        client.result("store.send", action="destination.dismiss")
        time.sleep(0.2)
        state = client.result("store.state")
        document = client.result("session.export")
        check(len(document.get("history", [])) == len(comparable(client, "main"))
              and all("patch" in e for e in document["history"]),
              "session.export carries every history entry with its patch")

        # Replay recomputes: the ids differ, and the refusal names where it first parted.
        refused = client.call("session.open", name="replayed", replay=document)
        message = refused.get("error", {}).get("message", "")
        check(refused.get("error", {}).get("code") == -32001
              and "did not end in the document's final state" in message
              and "first left the recording at version 1, after the action \"addButtonTapped\""
              in message,
              f"a replay of a session that called UUID() is refused, naming version 1 and "
              f"addButtonTapped as where it first parted ({message[:300]!r})")
        names = [s["name"] for s in client.result("session.list")]
        check("replayed" not in names, "the refused replay opened no session")

        # Import restores exactly.
        opened = client.result("session.open", name="imported", **{"import": document})
        check(opened["version"] == state["version"],
              f"the import ends at the recorded version ({opened['version']})")
        check(client.result("store.state", session="imported")["state"] == state["state"],
              "the imported state is the recorded one, the contact's id included")
        check(comparable(client, "imported") == comparable(client, "main"),
              "the imported history has the recorded entries: versions, origins, actions, "
              "offsets, clients and patches")
        jumped = client.result("session.jump", session="imported", version=1)
        recorded_v1 = document["history"][0]["patch"][0]["value"]
        check(client.result("store.state", session="imported")["state"].get("destination")
              == recorded_v1 and jumped["version"] == state["version"] + 1,
              "a jump in the imported session restores a recorded version, with its id")
        later = client.result("session.export", session="imported")
        check(later["duration"] >= document["duration"],
              "the imported session's clock goes on from the recording's end")

        for name, change, expected in [
            ("bad-patch", lambda d: d["history"][1].update(
                patch=[{"op": "remove", "path": "/nope"}]),
             "history entry 2: its patch does not apply"),
            ("no-history", lambda d: d.pop("history"), "carries no history to restore"),
            ("bad-final", lambda d: d["final"]["state"].update(
                contacts=[{"id": "00000000-0000-0000-0000-000000000000", "name": "Forged"}]),
             "does not end in the document's final state"),
        ]:
            broken = json.loads(json.dumps(document))
            change(broken)
            reply = client.call("session.open", name=name, **{"import": broken})
            said = reply.get("error", {}).get("message", "")
            check(expected in said, f"an import with {name} is refused: {said[:160]!r}")
        names = [s["name"] for s in client.result("session.list")]
        check(not {"bad-patch", "no-history", "bad-final"} & set(names),
              f"no refused import opened a session ({names})")

        # Skip: an export without an entry, replayed.
        counter = "counted"
        client.result("session.open", name=counter, feature="counter")
        for action in ["incrementButtonTapped", "incrementButtonTapped", "decrementButtonTapped"]:
            client.result("store.send", session=counter, action=action)
        entries = client.result("session.history", session=counter)["entries"]
        decrement = [e["sequence"] for e in entries if e["action"] == "decrementButtonTapped"]
        skipped = client.result("session.export", session=counter, skip=decrement)
        check(len(skipped["steps"]) == 2 and "final" not in skipped,
              "session.export {skip} leaves the entry and the final state out")
        client.result("session.open", name="without", replay=skipped)
        count = client.result("store.state", session="without")["state"]["count"]
        check(count == 2, f"the replay without the decrement counts 2 ({count})")
        bad = client.call("session.export", session=counter, skip=["x"])
        check(bad.get("error", {}).get("code") == -32602, "skip takes sequence numbers only")

        # Lock.
        holder, other = Client(path), Client(path)
        holder.result("client.setName", name="debugger")
        locked = holder.result("session.lock", session=counter)
        check(locked.get("lockedBy", {}).get("name") == "debugger",
              "session.lock answers the session, locked by its holder")
        version = other.result("store.state", session=counter)["version"]
        other.result("session.attach", name=counter)
        attempts = {
            "store.send": other.call("store.send", session=counter,
                                     action="incrementButtonTapped"),
            "screen.tap": other.call("screen.tap", session=counter, label="+"),
            "session.jump": other.call("session.jump", session=counter, version=1),
            "lua.eval": other.call("lua.eval", code='session:send("incrementButtonTapped")'),
            "session.unlock": other.call("session.unlock", session=counter),
        }
        for method, reply in attempts.items():
            error = reply.get("error", {})
            check(error.get("code") == -32010 and "client" in error.get("message", ""),
                  f"{method} from another client is refused with -32010 naming the holder "
                  f"({error})")
        check(other.result("store.state", session=counter)["version"] == version,
              "no refused change reached the session, and reads go on")
        holder.result("store.send", session=counter, action="incrementButtonTapped")
        check(other.result("store.state", session=counter)["version"] == version + 1,
              "the holder's own send goes through")
        listed = {s["name"]: s for s in client.result("session.list")}
        check(listed[counter].get("lockedBy", {}).get("client") is not None
              and "lockedBy" not in listed["main"],
              "session.list shows the lock on the locked session only")
        holder.close()
        for _ in range(100):
            if not any(s.get("lockedBy") for s in client.result("session.list")):
                break
            time.sleep(0.05)
        reply = other.call("store.send", session=counter, action="incrementButtonTapped")
        check("result" in reply, f"a holder that disconnects lets go ({reply})")

        # Version events: a burst of sends is told as few events, the last version always.
        watcher = Client(path)
        watched = watcher.result("subscribe", session=counter, events=["version"], interval=200)
        sender = Client(path)
        for _ in range(300):
            sender.call("store.send", session=counter, action="incrementButtonTapped")
        final = sender.result("store.state", session=counter)["version"]
        told = []
        deadline = time.time() + 5
        while time.time() < deadline and (not told or told[-1] < final):
            line = json.loads(watcher.file.readline())
            if line.get("method") == "event.version":
                told.append(line["params"]["version"])
        check(told and told[-1] == final and len(told) < 30 and told == sorted(told)
              and told[0] > watched["version"],
              f"300 sends are told as {len(told)} event.version, in order, the last {final}")
        bad = watcher.call("subscribe", session=counter, events=["version"], interval=-1)
        check(bad.get("error", {}).get("code") == -32602, "a negative interval is refused")

        # The action catalog.
        actions = client.result("session.actions")["actions"]
        paths = {a["path"]: a.get("payload") for a in actions}
        check(paths.get("destination.presented.addContact.setName") == "String"
              and "addButtonTapped" in paths,
              f"session.actions lists the contacts feature's actions ({sorted(paths)[:6]})")
        client.result("store.send", action="addButtonTapped")
        sent = client.call("store.send", action="destination.presented.addContact.setName",
                           args=["Ada"])
        check("result" in sent, "a listed path with its payload is one store.send takes")
    finally:
        daemon.terminate()
        daemon.wait(timeout=30)
    finish("debugging")


if __name__ == "__main__":
    main()
