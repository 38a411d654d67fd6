#!/usr/bin/env python3
"""The inspector (`navctl inspect`) against a real navd, over HTTP as a browser speaks it.

- the URL it prints serves the page, sets the token's cookie, and the API answers with it;
- a wrong or missing token, a foreign Host (DNS rebinding), a cross-origin or Origin-less POST,
  and any change to a --read-only inspector are each refused with 403, and the session's
  version does not move; every change the API takes (send, tap, type, back, jump, lock, skip,
  import, close, reach) is refused cross-origin, without Origin and read-only, and navd's
  sessions, versions and locks stay as they were;
- a body over 1 MiB, an unknown path, a method a path does not take and an unknown field are
  refused (413, 405, 404, 400) without changing the session;
- a same-origin POST sends the action, and the page's event stream says the new version;
- several inspectors on one session at once, each with its own token;
- Ctrl-C ends it with exit 0, and a stopped navd ends it too.

Usage: inspector_test.py BIN_DIR   (the directory holding navd and navctl)
Only Python's standard library is used.
"""

import http.client
import json
import signal
import sys
import tempfile
import time

from inspector_support import check, finish, start_inspector, start_navd


def request(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, body=None if body is None else json.dumps(body),
                       headers=headers or {})
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, text, response


def version(port, token):
    status, text, _ = request(port, "GET", f"/api/session?token={token}")
    return json.loads(text)["version"] if status == 200 else None


def refusals(port, token):
    before = version(port, token)
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    send = {"action": "goToABCButtonTapped"}
    cases = [
        ("a wrong token", "GET", "/api/state?token=" + "0" * 64, None, {}),
        ("no token", "GET", "/api/state", None, {}),
        ("a foreign Host", "GET", f"/api/state?token={token}", None,
         {"Host": f"rebound.example:{port}"}),
        ("a cross-origin POST", "POST", f"/api/send?token={token}", send,
         {"Origin": "http://evil.example"}),
        ("a POST without Origin", "POST", f"/api/send?token={token}", send, {}),
        ("a POST with a wrong token", "POST", "/api/send?token=" + "1" * 64, send, origin),
    ]
    for name, method, path, body, headers in cases:
        status, text, _ = request(port, method, path, body, headers)
        check(status == 403, f"{name} is refused with 403 (got {status}: {text.strip()})")
    check(version(port, token) == before, f"nothing changed the session (version {before})")


def bad_requests(port, token):
    """A body over the limit, an unknown path and a method a path does not take are refused
    without reaching navd."""
    before = version(port, token)
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", f"/api/send?token={token}", body=b"x" * (2 << 20), headers=origin)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    check(response.status == 413, f"a 2 MiB body is refused with 413 ({response.status}: {text})")
    status, _, _ = request(port, "GET", f"/api/nothing?token={token}")
    check(status == 404, f"an unknown API path is 404 ({status})")
    status, _, _ = request(port, "POST", f"/api/state?token={token}", {}, origin)
    check(status == 405, f"POST to a read-only path is refused with 405 ({status})")
    status, _, _ = request(port, "GET", f"/elsewhere?token={token}")
    check(status == 404, f"a path outside the page and the API is 404 ({status})")
    status, text, _ = request(port, "POST", f"/api/send?token={token}", {"action": "x", "y": 1},
                              origin)
    check(status == 400 and "not y" in text, f"an unknown field is refused with 400 ({text})")
    check(version(port, token) == before, "none of them changed the session")


def page_and_cookie(port, token):
    status, text, response = request(port, "GET", f"/?token={token}")
    check(status == 200 and "<title>navd inspector</title>" in text, "the URL serves the page")
    cookie = response.getheader("Set-Cookie") or ""
    check("HttpOnly" in cookie and "SameSite=Strict" in cookie and token in cookie,
          f"the page sets the token's cookie, HttpOnly and SameSite=Strict ({cookie})")
    check("script-src 'self'" in (response.getheader("Content-Security-Policy") or ""),
          "the page has a content security policy")
    status, text, _ = request(port, "GET", "/api/state",
                              headers={"Cookie": f"navd_inspector={token}"})
    check(status == 200 and "path" in json.loads(text), "the cookie alone lets the API answer")


def send_and_events(port, token):
    events = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    events.request("GET", f"/api/events?token={token}")
    stream = events.getresponse()
    check(stream.status == 200 and stream.getheader("Content-Type") == "text/event-stream",
          "the event stream opens")
    before = version(port, token)
    status, text, _ = request(port, "POST", f"/api/send?token={token}",
                              {"action": "goToABCButtonTapped"},
                              {"Origin": f"http://127.0.0.1:{port}"})
    check(status == 200, f"a same-origin POST sends the action ({status}: {text.strip()})")
    after = version(port, token)
    check(after == before + 1, f"the version moved from {before} to {after}")
    lines = []
    deadline = time.time() + 5
    while time.time() < deadline:
        line = stream.fp.readline().decode()
        lines.append(line)
        if line.startswith("data:") and any(l.startswith("event: version") for l in lines):
            break
    check(any(f'"version":{after}' in l for l in lines),
          f"the page's event stream says version {after} ({lines})")
    events.close()
    status, text, _ = request(port, "POST", f"/api/tap?token={token}", {"label": "nowhere"},
                              {"Origin": f"http://127.0.0.1:{port}"})
    check(status == 400 and "nowhere" in text, f"navd's own error comes back as 400 ({text})")


TOKENS = {}


def sessions(port, token):
    status, text, _ = request(port, "GET", f"/api/sessions?token={token}")
    return [(s["name"], s.get("lockedBy")) for s in json.loads(text)] if status == 200 else None


def every_change(port, token):
    """Each change the API takes, with a body it would act on: a send, the screen's uses, a jump,
    the lock, a skip, an import, a close, and reaching a place of the graph."""
    return [
        ("/api/send", {"action": "goToABCButtonTapped"}),
        ("/api/tap", {"label": "Go to screen A"}),
        ("/api/type", {"field": "Name", "text": "x"}),
        ("/api/back", {}),
        ("/api/jump", {"version": 0}),
        ("/api/lock", {"locked": True}),
        ("/api/skip", {"sequence": 1}),
        ("/api/import", {"name": "forged", "document": {"format": "navd-replay"}}),
        ("/api/close", {"name": "nav"}),
        ("/api/reach", {"node": "p1"}),
    ]


def changes_refused(port, token, headers, why):
    """Every change, made with `headers`, is refused with 403, and nothing changed: the version,
    the sessions, their locks."""
    before = (version(port, token), sessions(port, token))
    for path, body in every_change(port, token):
        status, text, _ = request(port, "POST", f"{path}?token={token}", body, headers)
        check(status == 403, f"{why}: {path} is refused with 403 (got {status}: {text.strip()[:80]})")
    check((version(port, token), sessions(port, token)) == before,
          f"{why}: no change reached navd (version, sessions and locks as they were)")


def read_only_token(process):
    return TOKENS[process.pid]


def read_only(bin_dir, socket_path):
    process, _, port, token = start_inspector(bin_dir, socket_path, "--read-only")
    TOKENS[process.pid] = token
    before = version(port, token)
    status, text, _ = request(port, "POST", f"/api/send?token={token}",
                              {"action": "goToABCButtonTapped"},
                              {"Origin": f"http://127.0.0.1:{port}"})
    check(status == 403 and "read-only" in text, f"--read-only refuses a send ({status})")
    status, _, _ = request(port, "POST", f"/api/jump?token={token}", {"version": 0},
                           {"Origin": f"http://127.0.0.1:{port}"})
    check(status == 403, f"--read-only refuses a jump ({status})")
    check(version(port, token) == before, "a read-only inspector changed nothing")
    changes_refused(port, token, {"Origin": f"http://127.0.0.1:{port}"}, "--read-only")
    status, _, _ = request(port, "GET", f"/api/state?token={token}")
    check(status == 200, "a read-only inspector still reads")
    return process


def main():
    bin_dir = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        daemon, socket_path = start_navd(bin_dir, directory)
        try:
            process, _, port, token = start_inspector(bin_dir, socket_path)
            check(port and len(token) == 64, f"inspect prints a loopback URL with a token ({port})")
            page_and_cookie(port, token)
            refusals(port, token)
            changes_refused(port, token, {"Origin": "http://evil.example"}, "a cross-origin POST")
            changes_refused(port, token, {}, "a POST without Origin")
            bad_requests(port, token)
            send_and_events(port, token)
            second = read_only(bin_dir, socket_path)
            # Two inspectors on one session at once, each with its own token.
            check(version(port, token) is not None and second.poll() is None,
                  "two inspectors serve one session at once")
            status, _, _ = request(port, "GET", "/api/state?token=" + read_only_token(second))
            check(status == 403, "one inspector's token does not open another")
            process.send_signal(signal.SIGINT)
            check(process.wait(timeout=10) == 0, "Ctrl-C ends inspect with exit 0")
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(timeout=20)
            check(second.wait(timeout=10) == 0, "a stopped navd ends inspect, exit 0")
            check("navd went away" in second.stderr.read(), "inspect says navd went away")
        finally:
            if daemon.poll() is None:
                daemon.kill()
    finish("inspector_test")


if __name__ == "__main__":
    main()
