#!/usr/bin/env python3
"""navctl's command line as a new user meets it, against a real navd.

- every command's --help works with no daemon to reach, and says how the command is called;
- an option a command does not take is a usage error (exit 2), never silently ignored;
- a daemon that holds one session makes it the default (no --session needed);
- watch --count N and watch --timeout S end the watch, and a graceful stop of navd ends it
  with its reason and exit 0;
- --json errors come as a JSON object on standard output;
- attach, under a pseudo-terminal, edits lines with libedit: the up arrow recalls the last
  chunk, an unfinished chunk (`for i = 1, 2 do`) goes on at a `>>` prompt, history is saved.

Usage: cli_test.py BIN_DIR   (the directory holding navd and navctl)
Only Python's standard library is used.
"""

import json
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import termios
import time

FAILURES = []

REMOTE = ["status", "sessions", "send", "state", "await", "eval", "run", "attach", "watch",
          "screen", "tap", "type", "back"]


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print(f"FAIL: {message}", flush=True)
    return condition


def navctl(bin_dir, *arguments, socket_path=None, timeout=30):
    environment = dict(os.environ)
    if socket_path is not None:
        environment["NAVD_SOCKET"] = socket_path
    return subprocess.run([os.path.join(bin_dir, "navctl"), *arguments], capture_output=True,
                          text=True, timeout=timeout, env=environment)


def start_navd(bin_dir, directory, *arguments):
    path = os.path.join(directory, "control.sock")
    daemon = subprocess.Popen([os.path.join(bin_dir, "navd"), "--socket", path, *arguments,
                               "--log-level", "error"])
    for _ in range(400):
        if os.path.exists(path):
            break
        time.sleep(0.05)
    return daemon, path


def help_without_a_daemon(bin_dir, directory):
    nowhere = os.path.join(directory, "nothing-listens-here.sock")
    for command in REMOTE + ["test", "features"]:
        result = navctl(bin_dir, command, "--help", socket_path=nowhere)
        check(result.returncode == 0,
              f"navctl {command} --help exits 0 without a daemon, got {result.returncode}: "
              f"{result.stderr.strip()}")
        check(result.stdout.startswith(f"usage: navctl {command}"),
              f"navctl {command} --help prints its usage: {result.stdout[:80]!r}")
    result = navctl(bin_dir, "watch", "-h", socket_path=nowhere)
    check(result.returncode == 0 and "--count N" in result.stdout,
          f"navctl watch -h lists --count: {result.stdout[:200]!r}")


def unknown_options(bin_dir, directory):
    nowhere = os.path.join(directory, "nothing-listens-here.sock")
    for arguments in (["watch", "--bogus"], ["send", "incrementButtonTapped", "--timeout", "2"],
                      ["tap", "Save", "--count", "2"], ["status", "--events", "a"],
                      ["test", "--bogus"], ["features", "--bogus"]):
        result = navctl(bin_dir, *arguments, socket_path=nowhere)
        check(result.returncode == 2,
              f"navctl {' '.join(arguments)} is a usage error (exit 2), got {result.returncode}")
        check("unknown" in result.stderr, f"... and says what is unknown: {result.stderr.strip()}")
    # A negative number is an argument (a payload), not an option: this one fails only on the
    # connection (exit 3).
    result = navctl(bin_dir, "send", "setCount", "-1", socket_path=nowhere)
    check(result.returncode == 3, f"navctl send setCount -1 takes -1 as a payload, got "
          f"{result.returncode}: {result.stderr.strip()}")


def single_session_is_the_default(bin_dir, path):
    result = navctl(bin_dir, "send", "incrementButtonTapped", socket_path=path)
    check(result.returncode == 0,
          f"with one session, send needs no --session: {result.returncode} {result.stderr.strip()}")
    state = navctl(bin_dir, "state", "count", socket_path=path)
    check(state.returncode == 0 and state.stdout.strip() == "1",
          f"state reads the only session: {state.stdout.strip()!r} {state.stderr.strip()}")


def json_errors(bin_dir, path):
    result = navctl(bin_dir, "send", "flyButtonTapped", "--json", socket_path=path)
    check(result.returncode == 1, f"an unknown case fails with exit 1, got {result.returncode}")
    try:
        answer = json.loads(result.stdout)
    except ValueError:
        answer = None
    check(isinstance(answer, dict) and answer.get("error", {}).get("code") == -32001,
          f"--json prints the error as a JSON object on stdout: {result.stdout!r}")


def watch_count_and_timeout(bin_dir, path):
    watcher = subprocess.Popen([os.path.join(bin_dir, "navctl"), "watch", "--count", "2",
                                "--socket", path], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    navctl(bin_dir, "send", "incrementButtonTapped", socket_path=path)
    navctl(bin_dir, "send", "incrementButtonTapped", socket_path=path)
    try:
        out, _ = watcher.communicate(timeout=20)
        check(watcher.returncode == 0, f"watch --count 2 exits 0, got {watcher.returncode}")
        lines = [line for line in out.splitlines() if line.startswith("event.")]
        check(len(lines) == 2, f"watch --count 2 prints two events: {lines}")
    except subprocess.TimeoutExpired:
        watcher.kill()
        check(False, "watch --count 2 did not end after two events")
    started = time.monotonic()
    result = navctl(bin_dir, "watch", "--timeout", "1", socket_path=path, timeout=20)
    elapsed = time.monotonic() - started
    check(result.returncode == 0, f"watch --timeout 1 exits 0, got {result.returncode}")
    check(elapsed < 15, f"watch --timeout 1 ends (after {elapsed:.1f} s)")


def attach_under_a_pty(bin_dir, path, directory):
    home = os.path.join(directory, "home")
    os.makedirs(home, exist_ok=True)
    pid, master = pty.fork()
    if pid == 0:
        environment = dict(os.environ, HOME=home, TERM="xterm")
        os.execve(os.path.join(bin_dir, "navctl"),
                  ["navctl", "attach", "--socket", path], environment)
    seen = b""

    def until(text, start=0, timeout=15):
        """Waits until `text` appears in what attach wrote from offset `start` on."""
        nonlocal seen
        deadline = time.monotonic() + timeout
        while text.encode() not in seen[start:]:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            ready, _, _ = select.select([master], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    return False
                if not chunk:
                    return False
                seen += chunk
        return True

    def type_line(text):
        os.write(master, text.encode() + b"\r")

    def wait_for_raw_mode(timeout=15):
        """Waits until libedit has the terminal in raw mode (ICANON off): keys written before
        that are taken by the line discipline in cooked mode and echoed as they are, as a loaded
        machine showed (an up arrow echoed as ^[[A)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not termios.tcgetattr(master)[3] & termios.ICANON:
                return True
            time.sleep(0.01)
        return False

    check(until("navd:c> "), f"attach shows its prompt: {seen[-200:]!r}")
    mark = len(seen)
    type_line("x = 40")
    check(until("navd:c> ", mark), f"a statement runs: {seen[mark:]!r}")
    mark = len(seen)
    type_line("x + 2")
    check(until("42", mark), f"an expression shows its value: {seen[mark:]!r}")
    until("navd:c> ", mark)
    mark = len(seen)
    check(wait_for_raw_mode(), "libedit puts the terminal in raw mode at the prompt")
    os.write(master, b"\x1b[A\r")  # the up arrow recalls `x + 2`
    check(until("42", mark) and b"[A" not in seen[mark:],
          f"the up arrow recalls the last chunk, not a raw escape: {seen[mark:]!r}")
    until("navd:c> ", mark)
    mark = len(seen)
    type_line("for i = 1, 2 do")
    check(until(">> ", mark), f"an unfinished chunk goes on at >>: {seen[mark:]!r}")
    type_line("print('line', i)")
    type_line("end")
    check(until("line\t2", mark), f"the whole loop runs: {seen[mark:]!r}")
    check(b"unexpected" not in seen[mark:] and b"expected" not in seen[mark:],
          f"no syntax error for the loop: {seen[mark:]!r}")
    # Ctrl-D at the prompt, as a person types it: sent before the prompt is back, the terminal is
    # still in cooked mode and its line discipline takes the ^D as an end of file for a read that
    # nobody makes, so libedit never sees it.
    until("navd:c> ", seen.rfind(b"line\t2"))
    # The prompt is written before libedit takes the terminal into raw mode: wait for that too.
    check(wait_for_raw_mode(), "libedit puts the terminal in raw mode before Ctrl-D")
    os.write(master, b"\x04")  # Ctrl-D leaves
    for _ in range(100):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        check(False, f"attach did not leave on Ctrl-D: {seen[-300:]!r}")
    os.close(master)
    check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0,
          f"Ctrl-D leaves attach with exit 0, got {status}")
    with open(os.path.join(home, ".navctl_history"), encoding="utf-8", errors="replace") as f:
        # libedit's format: a header line, then one chunk a line, spaces as \040.
        history = f.read().replace("\\040", " ").replace("\\012", "\n")
    check("x + 2" in history and "for i = 1, 2 do" in history,
          f"the history file keeps the chunks: {history!r}")


def watch_ends_on_a_graceful_stop(bin_dir, daemon, path):
    watcher = subprocess.Popen([os.path.join(bin_dir, "navctl"), "watch", "--socket", path],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    daemon.send_signal(signal.SIGTERM)
    try:
        _, err = watcher.communicate(timeout=20)
        check(watcher.returncode == 0, f"watch exits 0 when navd stops, got {watcher.returncode}")
        check("navd is stopping" in err and "SIGTERM" in err,
              f"watch prints the shutdown reason: {err.strip()!r}")
    except subprocess.TimeoutExpired:
        watcher.kill()
        check(False, "watch went on after navd stopped")
    check(daemon.wait(30) == 0, "navd exits 0 on SIGTERM")


def main():
    bin_dir = sys.argv[1]
    directory = tempfile.mkdtemp(prefix="navd-cli-")
    help_without_a_daemon(bin_dir, directory)
    unknown_options(bin_dir, directory)
    daemon, path = start_navd(bin_dir, directory, "--session", "c=counter")
    try:
        single_session_is_the_default(bin_dir, path)
        json_errors(bin_dir, path)
        watch_count_and_timeout(bin_dir, path)
        attach_under_a_pty(bin_dir, path, directory)
        watch_ends_on_a_graceful_stop(bin_dir, daemon, path)
    finally:
        if daemon.poll() is None:
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(30)
    if FAILURES:
        print(f"{len(FAILURES)} command-line check(s) failed", flush=True)
        sys.exit(1)
    print("all command-line checks passed", flush=True)


if __name__ == "__main__":
    main()
