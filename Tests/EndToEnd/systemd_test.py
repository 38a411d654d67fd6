#!/usr/bin/env python3
"""End-to-end tests of navd under systemd's protocols, each against a real navd process.

1. Readiness and lifecycle: a NOTIFY_SOCKET receiver sees STATUS=, then READY=1 only once a
   client can connect; SIGTERM gives STOPPING=1, the request in flight answered, event.shutdown
   to every client, exit 0, the socket file removed; the next start restores the state. The
   abstract namespace (NOTIFY_SOCKET=@…) works, a signal sent the moment READY=1 arrives is
   handled, and log lines carry journald priorities when stderr is $JOURNAL_STREAM.
2. SIGHUP reloads --config: RELOADING=1 then READY=1; a broken file keeps the old settings.
3. Socket activation through systemd-socket-activate: the first client is served on the
   inherited socket, which navd leaves in place at stop.
4. The watchdog: WATCHDOG=1 every half WATCHDOG_USEC, none when WATCHDOG_PID is another process.
5. Crash safety: SIGKILL at a random point while a client sends 1,000 actions, with
   --durability always and batch; truncated and bit-flipped state files.
6. Peer credentials (as root): a client running as nobody is refused with -32006 and logged,
   then admitted by --allow-uid and by --allow-group.

Usage: systemd_test.py BIN_DIR   (the directory holding navd and navctl)
Only Python's standard library is used; besides navd and navctl, it runs
systemd-socket-activate, setpriv (to run clients as nobody) and sh. Each check prints "ok - …" or "not ok - …"; the exit status is 1 when any failed.
Set NAVD_E2E_SEED to replay the random kill points of a run (each run prints its seed).
"""

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from state_files import decode_state_file, encode_state_file  # noqa: E402

FAILURES = []
PROCESSES = []  # every process started, killed in main's finally
SCRATCH = tempfile.mkdtemp(prefix="navd-systemd-e2e-")

# Bugs in navd this test found, all fixed since (signals are caught by a C handler from the first
# line of main; a refused peer's request is drained before closing; only a sound current copy
# becomes .prev). A check guarding against one names it when it fails, so a regression explains
# itself.
NAVD_BUGS = {
    "signals-after-ready": (
        "navd sends READY=1 (in Server.start) before main.swift sets up SIGTERM/SIGINT/SIGHUP. "
        "Until its signal(SIG_IGN) calls run, a SIGHUP or SIGTERM kills navd by the default "
        "action (exit -1 / -15: no STOPPING=1, no event.shutdown, no save, socket file left "
        "behind); then, until libdispatch installs the signal sources a few ms later "
        "(/proc/PID/status lists them in SigIgn, not yet SigCgt), they are ignored and lost: "
        "navd keeps running after SIGTERM. systemd may send either the moment READY=1 arrives "
        "(ExecReload=, systemctl stop). Fix: set up the signal sources before server.start()."),
    "refusal-resets": (
        "navd refuses a peer by writing the error line and close()-ing at once, without reading "
        "what the client already sent. Linux then resets the connection: a client that sent its "
        "request (the normal JSON-RPC pattern) reads the -32006 line and then ECONNRESET instead "
        "of EOF, and a client that writes a moment after navd closed gets EPIPE: navctl then "
        "prints 'writing failed: Broken pipe' and exits 3 ('cannot be reached') instead of "
        "reporting 'permission denied' with exit 1. Fix: shutdown(SHUT_WR) after the error line "
        "and drain the socket (with a short deadline) before closing it."),
    "prev-overwritten-after-recovery": (
        "When the current state file is corrupt and navd restores from NAME.state.prev, its next "
        "save renames the corrupt current file over NAME.state.prev (StateFile.write rotates "
        "whatever is there). The only good copy is destroyed: between the two renames no good "
        "copy exists at all, and afterwards .prev is the corrupt file, so one more torn write "
        "loses the session, against docs/operations.md's 'at every instant a complete, checked "
        "copy exists'. Fix: rotate the current file into .prev only when it passes its "
        "check (or drop/quarantine a corrupt one instead of keeping it as .prev)."),
}


def check(condition, what, detail="", bug=None):
    """Prints one ok/not ok line; a failing check marked with a known navd bug explains it."""
    if condition:
        print(f"ok - {what}", flush=True)
    else:
        FAILURES.append(what)
        line = f"not ok - {what}"
        if detail:
            line += f": {detail}"
        print(line, flush=True)
        if bug:
            print(f"    NAVD BUG [{bug}]: {NAVD_BUGS[bug]}", flush=True)
    return bool(condition)


def section(title):
    print(f"== {title}", flush=True)


def scratch_dir(name, mode=0o700):
    path = os.path.join(SCRATCH, name)
    os.makedirs(path)
    os.chmod(path, mode)
    return path


def wait_until(condition, timeout, interval=0.01):
    """Polls `condition` until it holds or `timeout` seconds pass; returns its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def exe_of(pid):
    try:
        return os.path.basename(os.readlink(f"/proc/{pid}/exe"))
    except OSError:
        return ""


# MARK: - A JSON-RPC client


class Client:
    """A line-oriented JSON-RPC client over the Unix socket; every read has a timeout."""

    def __init__(self, path, timeout=20):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next_id = 1
        self.notifications = []

    def send(self, method, params=None):
        request_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.sock.sendall((json.dumps(message) + "\n").encode())
        return request_id

    def read_message(self, timeout=20):
        """The next message, or None at EOF."""
        self.sock.settimeout(timeout)
        line = self.file.readline()
        return json.loads(line) if line else None

    def call(self, method, params=None, timeout=20):
        request_id = self.send(method, params)
        while True:
            reply = self.read_message(timeout)
            if reply is None:
                raise EOFError("navd closed the connection")
            if "method" in reply:
                self.notifications.append(reply)
            elif reply.get("id") == request_id:
                return reply

    def read_until_closed(self, timeout=20):
        """Every message until the connection ends, and how it ended ("EOF" or the error)."""
        messages = []
        deadline = time.monotonic() + timeout
        try:
            while True:
                message = self.read_message(max(0.1, deadline - time.monotonic()))
                if message is None:
                    return messages, "EOF"
                messages.append(message)
        except (OSError, ValueError) as error:
            return messages, type(error).__name__

    def close(self):
        self.file.close()
        self.sock.close()


def call_once(path, method, params=None, timeout=20):
    client = Client(path, timeout)
    try:
        return client.call(method, params, timeout)
    finally:
        client.close()


def counter_state(path, session="c"):
    """The `count` of a counter session, or the reply when it has none."""
    reply = call_once(path, "store.state", {"session": session})
    return reply.get("result", {}).get("state", {}).get("count", reply)


# MARK: - The notification socket


class NotifyReceiver:
    """An sd_notify receiver: an AF_UNIX datagram socket collecting (time, fields) in a thread.

    `on_message(fields)` runs in the receiving thread the moment a datagram arrives, before it
    is recorded.
    """

    def __init__(self, address, on_message=None):
        self.address = address  # a path, or "@name" for the abstract namespace
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + address[1:] if address.startswith("@") else address)
        self.sock.settimeout(0.1)
        self.on_message = on_message
        self.messages = []
        self.condition = threading.Condition()
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while self.running:
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                return
            fields = data.decode("utf-8", "replace").split("\n")
            if self.on_message:
                try:
                    self.on_message(fields)
                except Exception as error:  # recorded, so that the check shows it
                    fields = fields + [f"(on_message failed: {error!r})"]
            with self.condition:
                self.messages.append((time.monotonic(), fields))
                self.condition.notify_all()

    def wait_for(self, field, timeout=20, start=0):
        """The index of the first message from `start` with a line starting `field`, or None."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while True:
                for index in range(start, len(self.messages)):
                    if any(line.startswith(field) for line in self.messages[index][1]):
                        return index
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.condition.wait(remaining)

    def snapshot(self):
        with self.condition:
            return list(self.messages)

    def lines(self, start=0):
        return [line for _, fields in self.snapshot()[start:] for line in fields]

    def close(self):
        self.running = False
        self.thread.join(5)
        self.sock.close()


# MARK: - Starting navd


class Navd:
    """A navd process with its stderr in a file."""

    def __init__(self, bin_dir, directory, arguments, env=None, name="navd", command=None,
                 journal=False):
        self.stderr_path = os.path.join(directory, f"{name}-{len(PROCESSES)}.stderr")
        environment = dict(os.environ)
        for key in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS",
                    "LISTEN_PID", "LISTEN_FDNAMES", "JOURNAL_STREAM", "STATE_DIRECTORY",
                    "RUNTIME_DIRECTORY"):
            environment.pop(key, None)
        environment.update(env or {})
        with open(self.stderr_path, "wb") as stderr:
            if journal:  # as systemd does: $JOURNAL_STREAM names standard error's device:inode
                status = os.fstat(stderr.fileno())
                environment["JOURNAL_STREAM"] = f"{status.st_dev}:{status.st_ino}"
            self.process = subprocess.Popen(
                (command or []) + [os.path.join(bin_dir, "navd")] + arguments,
                env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=stderr)
        PROCESSES.append(self.process)
        self.pid = self.process.pid

    def stderr(self):
        with open(self.stderr_path, "rb") as file:
            return file.read().decode("utf-8", "replace")

    def wait_for_socket(self, path, timeout=20):
        """Waits until `path` accepts a connection; False when navd exited or time ran out."""
        def connectable():
            if self.process.poll() is not None:
                return "exited"
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(path)
                return "yes"
            except OSError:
                return None
            finally:
                probe.close()
        return wait_until(connectable, timeout) == "yes"

    def handles_signals(self):
        """Whether SIGHUP, SIGINT and SIGTERM are caught (or blocked, for a signalfd) and not
        ignored, by /proc/PID/status."""
        try:
            with open(f"/proc/{self.pid}/status") as file:
                masks = dict(line.split(":\t", 1) for line in file.read().splitlines()
                             if line.startswith(("SigBlk", "SigIgn", "SigCgt")))
            blocked, ignored, caught = (int(masks[key], 16)
                                        for key in ("SigBlk", "SigIgn", "SigCgt"))
        except (OSError, KeyError, ValueError):
            return False
        bits = [1 << (number - 1) for number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM)]
        return all((caught | blocked) & bit and not ignored & bit for bit in bits)

    def signal(self, number):
        """Sends `number`; SIGHUP, SIGINT and SIGTERM only once navd handles them (see
        signals_right_after_ready: right after READY=1 they may be lost, a navd bug that only
        that check should show)."""
        if self.process.poll() is not None:
            return
        if number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
            wait_until(lambda: self.handles_signals() or self.process.poll() is not None, 10)
        self.process.send_signal(number)

    def wait(self, timeout=20):
        """The exit code, or None when navd still runs after `timeout` seconds."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self, timeout=20):
        self.signal(signal.SIGTERM)
        code = self.wait(timeout)
        if code is None:
            self.kill()
        return code

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
        self.wait(10)


def fresh_state(directory):
    if os.path.exists(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)


# MARK: - State files: encode_state_file and decode_state_file, from state_files.py


def read_file(path):
    with open(path, "rb") as file:
        return file.read()


def write_file(path, data):
    with open(path, "wb") as file:
        file.write(data)


# MARK: - 1. Readiness and lifecycle


def readiness_and_lifecycle(bin_dir):
    section("1. readiness, STATUS=, STOPPING=1 on SIGTERM, graceful stop, restore on restart")
    directory = scratch_dir("lifecycle")
    sock = os.path.join(directory, "control.sock")
    state_dir = os.path.join(directory, "state")
    at_ready = {}

    def on_message(fields):
        if "READY=1" in fields and "served" not in at_ready:
            at_ready["socket existed"] = os.path.exists(sock)
            try:
                at_ready["served"] = call_once(sock, "store.state", {"session": "c"}, timeout=10)
            except OSError as error:
                at_ready["served"] = repr(error)

    receiver = NotifyReceiver(os.path.join(directory, "notify.sock"), on_message)
    navd = Navd(bin_dir, directory,
                ["--socket", sock, "--session", "c=counter", "--state-dir", state_dir],
                env={"NOTIFY_SOCKET": receiver.address})
    try:
        ready = receiver.wait_for("READY=1", timeout=30)
        check(ready is not None, "READY=1 arrives", navd.stderr())
        if ready is None:
            return
        before = [line for _, fields in receiver.snapshot()[:ready] for line in fields]
        check(any(line.startswith("STATUS=") for line in before),
              "a STATUS= line arrives before READY=1", f"before READY=1: {before}")
        check(at_ready.get("socket existed") is True,
              "no READY=1 before the socket file exists")
        served = at_ready.get("served")
        check(isinstance(served, dict) and served.get("result", {}).get("state") == {"count": 0},
              "a client connecting the moment READY=1 arrives is served (store.state)",
              f"{served}")
        ready_fields = receiver.snapshot()[ready][1]
        status = [line for line in ready_fields if line.startswith("STATUS=")]
        check(status and "Serving 1 session" in status[0] and sock in status[0],
              "READY=1 comes with a STATUS= line naming the sessions and the socket",
              f"{ready_fields}")

        client = Client(sock)
        versions = [client.call("store.send", {"session": "c", "action": "incrementButtonTapped"})
                    .get("result", {}).get("version") for _ in range(3)]
        check(versions == [1, 2, 3], "3 increments acknowledged with versions 1, 2, 3",
              f"{versions}")

        # A request in flight when SIGTERM arrives: a streaming eval that says it started, then
        # awaits a state that never comes for 1.5 s.
        busy = Client(sock)
        busy.call("session.attach", {"name": "c"})
        busy_id = busy.send("lua.eval", {
            "stream": True,
            "code": "print('started') "
                    "return session:await(function(s) return s.count == 100 end, 1.5)"})
        started = busy.read_message(20)
        check(started and started.get("method") == "event.output",
              "the slow request is running before SIGTERM", f"{started}")

        mark = len(receiver.snapshot())
        navd.signal(signal.SIGTERM)
        stopping = receiver.wait_for("STOPPING=1", timeout=20, start=mark)
        check(stopping is not None, "STOPPING=1 arrives on SIGTERM",
              f"after SIGTERM: {receiver.lines(mark)}")
        messages, _ = busy.read_until_closed(30)
        answered = [m for m in messages if m.get("id") == busy_id]
        shutdowns = [i for i, m in enumerate(messages) if m.get("method") == "event.shutdown"]
        check(answered and shutdowns and messages.index(answered[0]) < shutdowns[0],
              "the request in flight is answered before event.shutdown", f"{messages}")
        messages, ending = client.read_until_closed(30)
        check(len(messages) == 1 and messages[0].get("method") == "event.shutdown"
              and "SIGTERM" in messages[0].get("params", {}).get("reason", ""),
              "a connected client receives event.shutdown (reason names SIGTERM)", f"{messages}")
        check(ending == "EOF", "then navd closes the client's connection", ending)
        client.close()
        busy.close()
        code = navd.wait(30)
        check(code == 0, "navd exits 0 on SIGTERM", f"exit code {code}; stderr:\n{navd.stderr()}")
        check(not os.path.exists(sock), "the socket file is removed at stop")
        saved = decode_state_file(read_file(os.path.join(state_dir, "c.state"))) \
            if os.path.exists(os.path.join(state_dir, "c.state")) else "no c.state"
        check(isinstance(saved, dict) and saved.get("state") == {"count": 3}
              and saved.get("name") == "c" and saved.get("feature") == "counter",
              "c.state is a checked state file (CRC-32C, length) holding count 3", f"{saved}")

        # The next start restores it; this one is stopped with SIGINT.
        mark = len(receiver.snapshot())
        navd = Navd(bin_dir, directory,
                    ["--socket", sock, "--session", "c=counter", "--state-dir", state_dir],
                    env={"NOTIFY_SOCKET": receiver.address})
        check(receiver.wait_for("READY=1", timeout=30, start=mark) is not None,
              "READY=1 after a restart", navd.stderr())
        count = counter_state(sock)
        check(count == 3, "the restart with the same --state-dir restores count 3", f"{count}")
        mark = len(receiver.snapshot())
        navd.signal(signal.SIGINT)
        check(receiver.wait_for("STOPPING=1", timeout=20, start=mark) is not None,
              "STOPPING=1 arrives on SIGINT")
        code = navd.wait(30)
        check(code == 0 and not os.path.exists(sock),
              "navd exits 0 on SIGINT and removes the socket file", f"exit code {code}")
    finally:
        navd.kill()
        receiver.close()

    # The abstract namespace.
    name = f"@navd-test-{os.getpid()}-{random.getrandbits(32):08x}"
    receiver = NotifyReceiver(name)
    navd = Navd(bin_dir, directory, ["--socket", sock, "--session", "c=counter"],
                env={"NOTIFY_SOCKET": name})
    try:
        check(receiver.wait_for("READY=1", timeout=30) is not None,
              f"READY=1 arrives on an abstract NOTIFY_SOCKET ({name})", navd.stderr())
        mark = len(receiver.snapshot())
        client = Client(sock)
        check(receiver.wait_for("STATUS=Serving 1 session to 1 client", 10, mark) is not None,
              "a client connecting updates STATUS= with the client count",
              f"{receiver.lines(mark)}")
        mark = len(receiver.snapshot())
        client.close()
        check(receiver.wait_for("STATUS=Serving 1 session to 0 clients", 10, mark) is not None,
              "a client leaving updates STATUS= with the client count", f"{receiver.lines(mark)}")
        check(counter_state(sock) == 0, "navd serves with an abstract NOTIFY_SOCKET")
        code = navd.stop()
        check(code == 0, "navd with an abstract NOTIFY_SOCKET exits 0 on SIGTERM", f"{code}")
    finally:
        navd.kill()
        receiver.close()


def signals_right_after_ready(bin_dir):
    section("1b. a signal sent the moment READY=1 arrives is handled")
    # READY=1 tells systemd the daemon is up: from then on it may send SIGHUP (ExecReload=) or
    # SIGTERM (stop) at once. navd must handle them from that instant.
    directory = scratch_dir("after-ready")
    sock = os.path.join(directory, "control.sock")
    attempts = 10

    def start():
        receiver = NotifyReceiver(os.path.join(directory, f"notify-{random.getrandbits(32):x}"))
        navd = Navd(bin_dir, directory, ["--socket", sock, "--session", "c=counter"],
                    env={"NOTIFY_SOCKET": receiver.address})
        ready = receiver.wait_for("READY=1", timeout=30)
        return receiver, navd, ready

    outcome = "handled"
    for attempt in range(attempts):
        receiver, navd, ready = start()
        try:
            if ready is None:
                outcome = f"no READY=1: {navd.stderr()}"
                break
            navd.process.send_signal(signal.SIGHUP)  # at once, as systemd may
            reloading = receiver.wait_for("RELOADING=1", timeout=3, start=ready + 1)
            alive = navd.process.poll() is None
            if not alive or reloading is None:
                code = navd.process.poll()
                outcome = (f"attempt {attempt + 1}: " +
                           (f"navd died ({code}, killed by signal {-code})" if not alive
                            else "no RELOADING=1 within 3 s (the SIGHUP was lost)"))
                break
        finally:
            navd.kill()
            receiver.close()
    check(outcome == "handled",
          f"SIGHUP sent the moment READY=1 arrives reloads ({attempts} starts)", outcome,
          bug="signals-after-ready")

    outcome = "handled"
    for attempt in range(attempts):
        if os.path.exists(sock):
            os.unlink(sock)
        receiver, navd, ready = start()
        try:
            if ready is None:
                outcome = f"no READY=1: {navd.stderr()}"
                break
            navd.process.send_signal(signal.SIGTERM)  # at once, as systemd may
            code = navd.wait(5)
            stopping = receiver.wait_for("STOPPING=1", timeout=0.5, start=ready + 1)
            if code != 0 or stopping is None or os.path.exists(sock):
                outcome = (f"attempt {attempt + 1}: exit code {code}"
                           + (" (still running 5 s later: the SIGTERM was lost)" if code is None
                              else "")
                           + f", STOPPING=1 {'sent' if stopping is not None else 'not sent'}, "
                           + f"socket file {'left behind' if os.path.exists(sock) else 'removed'}")
                break
        finally:
            navd.kill()
            receiver.close()
    check(outcome == "handled",
          f"SIGTERM sent the moment READY=1 arrives stops navd gracefully ({attempts} starts)",
          outcome, bug="signals-after-ready")


def journal_priorities(bin_dir):
    section("1c. log lines carry journald priorities when stderr is $JOURNAL_STREAM")
    directory = scratch_dir("journal")
    sock = os.path.join(directory, "control.sock")
    state_dir = os.path.join(directory, "state")
    for journal in (True, False):
        fresh_state(state_dir)  # a corrupt file: an error to log
        write_file(os.path.join(state_dir, "c.state"), b"navd-state 1 crc32c=00000000 length=5\nxx")
        navd = Navd(bin_dir, directory,
                    ["--socket", sock, "--session", "c=counter", "--state-dir", state_dir],
                    journal=journal,
                    env={} if journal else {"JOURNAL_STREAM": "1:2"})  # not stderr: plain text
        try:
            served = navd.wait_for_socket(sock, 30) and counter_state(sock) == 0
            code = navd.stop()
            lines = navd.stderr().splitlines()
            if journal:
                check(served and code == 0 and lines
                      and all(line[:3] in ("<3>", "<4>", "<6>", "<7>") for line in lines)
                      and any(line.startswith("<3>") and "c.state" in line for line in lines)
                      and any(line.startswith("<6>") for line in lines),
                      "with JOURNAL_STREAM naming stderr: <3> for the corrupt file's error, "
                      "<6> for info, a priority on every line", f"{lines}")
            else:
                check(served and code == 0 and lines
                      and all(line.startswith("navd: ") for line in lines)
                      and any(line.startswith("navd: error: ") for line in lines),
                      "with JOURNAL_STREAM naming another file: plain 'navd: level:' lines",
                      f"{lines}")
        finally:
            navd.kill()


# MARK: - 2. SIGHUP


def reload_on_sighup(bin_dir):
    section("2. SIGHUP reloads --config: RELOADING=1, READY=1; a broken file is kept out")
    directory = scratch_dir("reload")
    sock = os.path.join(directory, "control.sock")
    config = os.path.join(directory, "navd.conf")
    write_file(config, b"log-level info\nmax-clients 5\nsession c=counter\n")

    # A broken file at start is a clear error.
    write_file(os.path.join(directory, "broken.conf"), b"session c=counter\nbogus-key 1\n")
    broken = Navd(bin_dir, directory,
                  ["--socket", sock, "--config", os.path.join(directory, "broken.conf")])
    code = broken.wait(30)
    if code is None:
        broken.kill()
    check(code == 2 and "broken.conf:2" in broken.stderr()
          and "bogus-key" in broken.stderr(),
          "a broken --config at start: navd exits 2 naming the file, line and key",
          f"exit {code}, stderr: {broken.stderr()}")

    receiver = NotifyReceiver(os.path.join(directory, "notify.sock"))
    navd = Navd(bin_dir, directory, ["--socket", sock, "--config", config],
                env={"NOTIFY_SOCKET": receiver.address})
    try:
        ready = receiver.wait_for("READY=1", timeout=30)
        check(ready is not None, "READY=1 with --config", navd.stderr())
        if ready is None:
            return
        names = [s["name"] for s in call_once(sock, "session.list").get("result", [])]
        check(names == ["c"], "the file's session c is open", f"{names}")

        write_file(config, b"log-level info\nmax-clients 5\nsession c=counter\nsession d=counter\n")
        navd.signal(signal.SIGHUP)
        reloading = receiver.wait_for("RELOADING=1", timeout=20, start=ready + 1)
        ready_again = receiver.wait_for("READY=1", timeout=20,
                                        start=(reloading if reloading is not None else ready) + 1)
        check(reloading is not None, "RELOADING=1 on SIGHUP", f"{receiver.lines(ready + 1)}")
        if reloading is not None:
            fields = receiver.snapshot()[reloading][1]
            check(any(line.startswith("MONOTONIC_USEC=") and line[15:].isdigit()
                      for line in fields),
                  "RELOADING=1 carries MONOTONIC_USEC=", f"{fields}")
        check(ready_again is not None, "READY=1 follows RELOADING=1",
              f"{receiver.lines(ready + 1)}")
        names = [s["name"] for s in call_once(sock, "session.list").get("result", [])]
        check(names == ["c", "d"], "after the reload session.list shows the new session d",
              f"{names}")
        reply = call_once(sock, "store.send", {"session": "d", "action": "incrementButtonTapped"})
        check(reply.get("result", {}).get("version") == 1, "session d is served", f"{reply}")

        write_file(config, b"bogus-key 1\n")
        mark = len(receiver.snapshot())
        navd.signal(signal.SIGHUP)
        reloading = receiver.wait_for("RELOADING=1", timeout=20, start=mark)
        ready_again = receiver.wait_for("READY=1", timeout=20,
                                        start=(reloading if reloading is not None else mark) + 1)
        check(reloading is not None and ready_again is not None,
              "a broken file on SIGHUP: RELOADING=1, then READY=1 still follows",
              f"{receiver.lines(mark)}")
        time.sleep(0.2)
        check(navd.process.poll() is None, "navd keeps running after a broken reload",
              f"exit code {navd.process.poll()}")
        errors = [line for line in navd.stderr().splitlines()
                  if "error" in line and "bogus-key" in line]
        check(errors, "the broken reload is logged as an error naming the key", navd.stderr())
        names = [s["name"] for s in call_once(sock, "session.list").get("result", [])]
        reply = call_once(sock, "store.send", {"session": "c", "action": "incrementButtonTapped"})
        check(names == ["c", "d"] and reply.get("result", {}).get("version") == 1,
              "the sessions are still served after the broken reload", f"{names} {reply}")
        code = navd.stop()
        check(code == 0, "navd exits 0 on SIGTERM after the reloads", f"{code}")
    finally:
        navd.kill()
        receiver.close()


# MARK: - 3. Socket activation


def socket_activation(bin_dir):
    section("3. socket activation (systemd-socket-activate)")
    activate = shutil.which("systemd-socket-activate")
    if not check(activate is not None, "systemd-socket-activate is installed",
                 "install the systemd package"):
        return
    directory = scratch_dir("activation")
    sock = os.path.join(directory, "control.sock")
    unused = os.path.join(directory, "unused.sock")
    receiver = NotifyReceiver(os.path.join(directory, "notify.sock"))
    # systemd-socket-activate passes only LISTEN_* and -E variables: NOTIFY_SOCKET goes by -E.
    navd = Navd(bin_dir, directory, ["--socket", unused, "--session", "c=counter"],
                command=[activate, "-l", sock, "--fdname=control",
                         "-E", f"NOTIFY_SOCKET={receiver.address}"])
    client = None
    try:
        check(wait_until(lambda: os.path.exists(sock), 20),
              "systemd-socket-activate creates the listening socket", navd.stderr())
        time.sleep(0.2)
        check(exe_of(navd.pid) == "systemd-socket-activate" and receiver.snapshot() == [],
              "navd is not started before the first connection (--accept=no starts it on one)",
              f"process {navd.pid} runs {exe_of(navd.pid)!r}, notifications {receiver.lines()}")
        # This connection is queued on the socket systemd-socket-activate made, before navd
        # runs: its answer can only come over the inherited descriptor.
        client = Client(sock)
        reply = client.call("store.send", {"session": "c", "action": "incrementButtonTapped"})
        check(reply.get("result", {}).get("version") == 1,
              "the first client's request is served on the inherited socket", f"{reply}")
        check(exe_of(navd.pid) == "navd", "navd runs in the activator's process (exec)",
              exe_of(navd.pid))
        check(receiver.wait_for("READY=1", timeout=20) is not None,
              "READY=1 arrives under socket activation", f"{receiver.lines()}")
        stderr = navd.stderr()
        check("(socket activation)" in stderr and sock in stderr,
              "navd logs that it listens on the socket by socket activation", stderr)
        check(not os.path.exists(unused), "--socket's path is not created: the passed socket wins")
        check(counter_state(sock) == 1, "a second client is served too")
        code = navd.stop()
        messages, _ = client.read_until_closed(20)
        check([m.get("method") for m in messages] == ["event.shutdown"],
              "the client receives event.shutdown", f"{messages}")
        check(code == 0, "navd exits 0 on SIGTERM", f"{code}; stderr:\n{navd.stderr()}")
        check(os.path.exists(sock),
              "the socket file is left in place: systemd-socket-activate made it, not navd")
    finally:
        if client:
            client.close()
        navd.kill()
        receiver.close()


# MARK: - 4. Watchdog


def watchdog(bin_dir):
    section("4. watchdog pings")
    directory = scratch_dir("watchdog")
    sock = os.path.join(directory, "control.sock")

    def pings(env, seconds, command=None):
        receiver = NotifyReceiver(os.path.join(directory, f"notify-{random.getrandbits(32):x}"))
        navd = Navd(bin_dir, directory, ["--socket", sock, "--session", "c=counter"],
                    env=dict(env, NOTIFY_SOCKET=receiver.address), command=command)
        try:
            ready = receiver.wait_for("READY=1", timeout=30)
            if ready is None:
                return None, navd.stderr()
            start = receiver.snapshot()[ready][0]
            time.sleep(seconds)
            count = sum(1 for at, fields in receiver.snapshot()
                        if "WATCHDOG=1" in fields and start <= at <= start + seconds)
            code = navd.stop()
            return count, f"exit code {code}"
        finally:
            navd.kill()
            receiver.close()

    # WATCHDOG_PID set to navd's own pid: a shell exports its pid, then execs navd.
    own = ["sh", "-c", 'WATCHDOG_PID=$$; export WATCHDOG_PID; exec "$@"', "sh"]
    count, detail = pings({"WATCHDOG_USEC": "200000"}, 2.0, command=own)
    # Half of 200 ms: a ping every 100 ms, about 20 in 2 s; the bounds only catch a wrong
    # interval (the whole WATCHDOG_USEC would give 10, microseconds taken as ms almost none).
    check(count is not None and 12 <= count <= 30,
          f"WATCHDOG_USEC=200000, WATCHDOG_PID=navd's pid: {count} WATCHDOG=1 in 2 s "
          "(every 100 ms: about 20; accepted 12-30)", detail)
    count, detail = pings({"WATCHDOG_USEC": "200000"}, 1.0)
    check(count is not None and 5 <= count <= 15,
          f"WATCHDOG_USEC=200000 without WATCHDOG_PID: {count} WATCHDOG=1 in 1 s "
          "(about 10; accepted 5-15)", detail)
    count, detail = pings({"WATCHDOG_USEC": "200000", "WATCHDOG_PID": str(os.getpid())}, 1.0)
    check(count == 0, f"WATCHDOG_PID set to another process: {count} WATCHDOG=1 in 1 s", detail)


# MARK: - 5. Crash safety


def send_until_killed(sock, navd, total, kill_after, pause=0.0):
    """Sends `total` increments one at a time while another thread SIGKILLs navd after
    `kill_after` seconds; returns (acknowledgement times, sent count, kill time)."""
    acknowledged = []
    sent = 0
    killed = {}

    def killer():
        time.sleep(kill_after)
        killed["at"] = time.monotonic()
        navd.signal(signal.SIGKILL)

    thread = threading.Thread(target=killer)
    client = Client(sock, timeout=20)
    thread.start()
    try:
        for _ in range(total):
            sent += 1
            reply = client.call("store.send", {"session": "c", "action": "incrementButtonTapped"})
            if "result" not in reply:
                break
            acknowledged.append(time.monotonic())
            if pause:
                time.sleep(pause)
    except (OSError, EOFError, ValueError):
        pass
    finally:
        thread.join(30)
        client.close()
    navd.wait(20)
    return acknowledged, sent, killed.get("at", time.monotonic())


def crash_safety(bin_dir, rng):
    section("5. crash safety: SIGKILL at a random point, torn and corrupt state files")
    directory = scratch_dir("crash")
    sock = os.path.join(directory, "control.sock")
    state_dir = os.path.join(directory, "state")

    def start(durability_arguments):
        if os.path.exists(sock):
            os.unlink(sock)  # left by the killed daemon (navd would remove it too)
        navd = Navd(bin_dir, directory,
                    ["--socket", sock, "--session", "c=counter", "--state-dir", state_dir]
                    + durability_arguments)
        if not navd.wait_for_socket(sock, 30):
            navd.kill()
            return None, navd.stderr()
        return navd, None

    def restored_count():
        navd, error = start([])
        if navd is None:
            return f"navd did not start: {error}"
        try:
            return counter_state(sock)
        finally:
            navd.stop()
            navd.kill()

    # --durability always: every acknowledged action is on disk.
    fresh_state(state_dir)
    navd, error = start(["--durability", "always"])
    if check(navd is not None, "navd starts with --durability always", f"{error}"):
        try:
            kill_after = rng.uniform(0.05, 0.8)
            acknowledged, sent, _ = send_until_killed(sock, navd, 1000, kill_after)
        finally:
            navd.kill()
        restored = restored_count()
        acked = len(acknowledged)
        check(isinstance(restored, int) and acked <= restored <= acked + 1,
              f"--durability always, SIGKILL after {kill_after:.2f} s: restored count {restored}, "
              f"{acked} acknowledged, {sent} sent (expected {acked} or {acked + 1})", f"{restored}")

    # --durability always with 4 clients sending at once: the last save is the newest state.
    fresh_state(state_dir)
    navd, error = start(["--durability", "always"])
    if check(navd is not None, "navd starts again with --durability always", f"{error}"):
        try:
            acknowledged = []

            def sender():
                client = Client(sock)
                for _ in range(150):
                    reply = client.call("store.send",
                                        {"session": "c", "action": "incrementButtonTapped"})
                    if "result" in reply:
                        acknowledged.append(1)
                client.close()

            threads = [threading.Thread(target=sender) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            navd.signal(signal.SIGKILL)
            navd.wait(20)
        finally:
            navd.kill()
        restored = restored_count()
        check(restored == len(acknowledged) == 600,
              f"--durability always, 4 clients x 150 sends then SIGKILL: restored {restored} of "
              f"{len(acknowledged)} acknowledged")

    # --durability batch: at most the delay (100 ms) is lost; 1 s is the generous bound here.
    fresh_state(state_dir)
    navd, error = start(["--durability", "batch", "--durability-delay-ms", "100"])
    if check(navd is not None, "navd starts with --durability batch", f"{error}"):
        try:
            kill_after = rng.uniform(1.5, 2.5)
            acknowledged, sent, killed_at = send_until_killed(sock, navd, 1000, kill_after,
                                                              pause=0.003)
        finally:
            navd.kill()
        restored = restored_count()
        early = sum(1 for at in acknowledged if at <= killed_at - 1.0)
        check(isinstance(restored, int) and early <= restored <= sent,
              f"--durability batch 100 ms, SIGKILL after {kill_after:.2f} s: restored {restored}, "
              f"{len(acknowledged)} acknowledged ({early} of them >= 1 s before the kill), "
              f"{sent} sent", f"{restored}")
        check(early > 0, "the batch run acknowledged actions a second before the kill",
              f"{early}")

    # Torn and corrupt files. navd's own file first: the format this test crafts.
    fresh_state(state_dir)
    navd, error = start([])
    if navd is None:
        check(False, "navd starts for the state-file checks", error)
        return
    try:
        for _ in range(4):
            call_once(sock, "store.send", {"session": "c", "action": "incrementButtonTapped"})
        navd.stop()
    finally:
        navd.kill()
    current = os.path.join(state_dir, "c.state")
    previous = current + ".prev"
    made = read_file(current)
    check(made == encode_state_file("c", "counter", 4, {"count": 4}),
          "navd's state file is the documented format (header with CRC-32C and length, JSON)",
          f"{made!r}")

    def start_with(current_bytes, previous_bytes):
        fresh_state(state_dir)
        if current_bytes is not None:
            write_file(current, current_bytes)
        if previous_bytes is not None:
            write_file(previous, previous_bytes)
        return start([])

    good_prev = encode_state_file("c", "counter", 7, {"count": 7})
    good_current = encode_state_file("c", "counter", 9, {"count": 9})

    # (a) The current copy cut short (a torn write): .prev is used.
    navd, error = start_with(good_current[:len(good_current) // 2], good_prev)
    if check(navd is not None, "a truncated c.state: navd starts", f"{error}"):
        try:
            count = counter_state(sock)
            stderr = navd.stderr()
            check(count == 7, "a truncated c.state: the state comes from c.state.prev (count 7)",
                  f"{count}")
            check(any("c.state" in line and "cut short" in line and "error" in line
                      for line in stderr.splitlines()),
                  "a truncated c.state is logged as an error naming the file and 'cut short'",
                  stderr)
            # The recovered session changes and is saved: the copy kept as .prev must be good.
            call_once(sock, "store.send", {"session": "c", "action": "incrementButtonTapped"})
            navd.stop()
        finally:
            navd.kill()
        kept = decode_state_file(read_file(previous)) if os.path.exists(previous) else "none"
        after = decode_state_file(read_file(current)) if os.path.exists(current) else "none"
        check(isinstance(after, dict) and after.get("state") == {"count": 8},
              "after the recovery the next save writes count 8", f"{after}")
        check(isinstance(kept, dict),
              "after recovering from a corrupt c.state, the next save keeps a good c.state.prev",
              f"c.state.prev is now: {kept}", bug="prev-overwritten-after-recovery")

    # (b) One bit flipped in the JSON body ("count":9 becomes "count":8, still valid JSON).
    body_start = good_current.index(b"\n") + 1
    digit = good_current.index(b'"count":9', body_start) + len(b'"count":')
    flipped = bytearray(good_current)
    flipped[digit] ^= 0x01
    navd, error = start_with(bytes(flipped), good_prev)
    if check(navd is not None, "a bit-flipped c.state: navd starts", f"{error}"):
        try:
            count = counter_state(sock)
            stderr = navd.stderr()
            check(count == 7,
                  "a bit-flipped c.state is not used: the state comes from c.state.prev (count 7)",
                  f"{count}")
            check(any("c.state" in line and "checksum" in line and "error" in line
                      for line in stderr.splitlines()),
                  "a bit-flipped c.state is logged as an error naming the file and the checksum",
                  stderr)
            reply = call_once(sock, "store.send",
                              {"session": "c", "action": "incrementButtonTapped"})
            check(reply.get("result", {}).get("version") is not None,
                  "navd serves after a bit-flipped c.state", f"{reply}")
            navd.stop()
        finally:
            navd.kill()

    # (c) Both copies corrupt: a fresh session, both problems logged.
    flipped_prev = bytearray(good_prev)
    flipped_prev[good_prev.index(b'"count":7') + len(b'"count":')] ^= 0x01
    navd, error = start_with(good_current[:len(good_current) // 2], bytes(flipped_prev))
    if check(navd is not None, "both copies corrupt: navd still starts", f"{error}"):
        try:
            count = counter_state(sock)
            stderr = navd.stderr()
            check(count == 0, "both copies corrupt: session c starts afresh (count 0)",
                  f"{count}")
            check(any("c.state:" in line and "error" in line for line in stderr.splitlines())
                  and any("c.state.prev" in line and "error" in line
                          for line in stderr.splitlines()),
                  "both corrupt copies are logged as errors", stderr)
            navd.stop()
        finally:
            navd.kill()


# MARK: - 6. Peer credentials


REFUSED_CLIENT = r'''
import socket, sys
sock = socket.socket(socket.AF_UNIX)
sock.settimeout(10)
sock.connect(sys.argv[1])
print("connected", flush=True)
lines = sock.makefile("rb")
try:
    sock.sendall(b'{"jsonrpc":"2.0","id":1,"method":"navd.status"}\n')
except OSError as error:
    print("send failed:", type(error).__name__, flush=True)
try:
    line = lines.readline().decode().strip()
    print(line or "EOF", flush=True)
    if '"error"' in line:  # refused: what follows the error line
        print(lines.readline().decode().strip() or "EOF", flush=True)
except OSError as error:
    print(type(error).__name__, flush=True)
'''


def peer_credentials(bin_dir):
    section("6. peer credentials: a client running as nobody")
    if os.geteuid() != 0:
        print("ok - # SKIP the peer-credential checks run as root (setpriv to nobody)", flush=True)
        return
    setpriv = shutil.which("setpriv")
    if not check(setpriv is not None, "setpriv is installed", "apt-get install util-linux"):
        return
    as_nobody = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    # An interpreter nobody can run (pyenv's shims live under /root).
    python = None
    for candidate in (os.path.realpath(sys.executable), "/usr/bin/python3"):
        try:
            if subprocess.run(as_nobody + [candidate, "-c", "pass"], timeout=30,
                              capture_output=True).returncode == 0:
                python = candidate
                break
        except (OSError, subprocess.TimeoutExpired):
            continue
    if not check(python is not None, "a Python that user nobody can run"):
        return

    directory = scratch_dir("peers", 0o755)
    os.chmod(SCRATCH, 0o755)  # the path to the socket must be traversable by nobody
    sock = os.path.join(directory, "control.sock")

    def client_as_nobody(stopped_navd=None):
        """Runs the client as nobody; with `stopped_navd`, navd is stopped (SIGSTOP) until
        the client has connected and sent its request, so that the request waits, unread,
        when navd takes the connection."""
        process = subprocess.Popen(as_nobody + [python, "-c", REFUSED_CLIENT, sock],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        PROCESSES.append(process)
        if stopped_navd is not None:
            process.stdout.readline()  # "connected": into the backlog of the stopped navd
            time.sleep(0.2)  # and it sends its request
            stopped_navd.signal(signal.SIGCONT)
        try:
            out, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate(timeout=10)
        return process.pid, [line for line in out.splitlines() if line != "connected"], err

    def start(extra):
        navd = Navd(bin_dir, directory,
                    ["--socket", sock, "--session", "c=counter", "--socket-mode", "0666"] + extra)
        return navd if navd.wait_for_socket(sock, 30) else None

    navd = start([])
    if not check(navd is not None, "navd starts with --socket-mode 0666"):
        return
    try:
        mode = os.stat(sock).st_mode & 0o777
        check(mode == 0o666, "the socket file is 0666", oct(mode))
        pid, lines, err = client_as_nobody()
        replies = [json.loads(line) for line in lines if line.startswith("{")]
        error = replies[0].get("error", {}) if replies else {}
        check(error.get("code") == -32006 and replies[0].get("id") is None,
              "a client running as nobody receives one error line with code -32006",
              f"{lines} {err}")
        check(len(replies) == 1 and lines[-1] in ("EOF", "ConnectionResetError"),
              "and the connection is then closed", f"{lines}")
        time.sleep(0.2)
        warnings = [line for line in navd.stderr().splitlines()
                    if "warning" in line and "uid 65534" in line]
        check(warnings and f"pid {pid}" in warnings[0],
              f"navd logs a warning with the client's pid ({pid}) and uid 65534",
              navd.stderr())

        # The normal pattern, send then read: the request is waiting when navd refuses.
        navd.signal(signal.SIGSTOP)
        _, lines, err = client_as_nobody(stopped_navd=navd)
        check(len(lines) == 2 and '"code":-32006' in lines[0] and lines[1] == "EOF",
              "a refused client that sent its request reads the -32006 line, then EOF",
              f"it read {lines} {err}", bug="refusal-resets")

        # navctl, as a user would run it: it must say permission denied (exit 1).
        outcomes = []
        for _ in range(10):
            result = subprocess.run(as_nobody + [os.path.join(bin_dir, "navctl"), "status",
                                                 "--socket", sock],
                                    capture_output=True, text=True, timeout=30)
            outcomes.append((result.returncode, result.stderr.strip()))
        check(all(code == 1 and "-32006" in text for code, text in outcomes),
              "navctl status as nobody reports the -32006 permission error, exit 1 (10 runs)",
              f"{outcomes}", bug="refusal-resets")

        reply = call_once(sock, "navd.status")
        check("result" in reply, "navd's own user (root) is still served", f"{reply}")
        navd.stop()
    finally:
        navd.kill()

    for extra in (["--allow-uid", "nobody"], ["--allow-group", "nogroup"]):
        navd = start(extra)
        if not check(navd is not None, f"navd starts with {' '.join(extra)}"):
            continue
        try:
            _, lines, err = client_as_nobody()
            reply = json.loads(lines[0]) if lines and lines[0].startswith("{") else {}
            check(reply.get("result", {}).get("version") is not None,
                  f"with {' '.join(extra)} the client running as nobody is served",
                  f"{lines} {err}")
            refused = [line for line in navd.stderr().splitlines() if "refused" in line]
            check(not refused, f"with {' '.join(extra)} navd logs no refusal", f"{refused}")
            navd.stop()
        finally:
            navd.kill()


# MARK: - Main


def run(test, *arguments):
    began = time.monotonic()
    try:
        test(*arguments)
    except Exception as error:  # one broken test does not hide the others
        check(False, f"{test.__name__} ran to the end", repr(error))
    print(f"# {test.__name__}: {time.monotonic() - began:.1f} s", flush=True)


def main():
    if len(sys.argv) != 2:
        print("usage: systemd_test.py BIN_DIR", file=sys.stderr)
        sys.exit(2)
    bin_dir = os.path.abspath(sys.argv[1])
    seed = int(os.environ.get("NAVD_E2E_SEED") or random.randrange(1 << 32))
    print(f"# navd systemd end-to-end tests against {bin_dir}; NAVD_E2E_SEED={seed}", flush=True)
    rng = random.Random(seed)
    began = time.monotonic()

    # Whatever happens, the run ends: after 5 minutes every process is killed.
    def overdue():
        print("not ok - the tests did not finish within 300 s; stopping", flush=True)
        for process in PROCESSES:
            if process.poll() is None:
                process.kill()
        shutil.rmtree(SCRATCH, ignore_errors=True)
        os._exit(1)

    timer = threading.Timer(300, overdue)
    timer.daemon = True
    timer.start()
    try:
        for test in (readiness_and_lifecycle, signals_right_after_ready, journal_priorities,
                     reload_on_sighup, socket_activation, watchdog):
            run(test, bin_dir)
        run(crash_safety, bin_dir, rng)
        run(peer_credentials, bin_dir)
    finally:
        timer.cancel()
        for process in PROCESSES:
            if process.poll() is None:
                try:
                    process.send_signal(signal.SIGCONT)
                    process.kill()
                except OSError:
                    pass
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        shutil.rmtree(SCRATCH, ignore_errors=True)
    print(f"# {time.monotonic() - began:.1f} s", flush=True)
    if FAILURES:
        print(f"{len(FAILURES)} systemd end-to-end check(s) failed:", flush=True)
        for failure in FAILURES:
            print(f"  - {failure}", flush=True)
        sys.exit(1)
    print("all systemd end-to-end checks passed", flush=True)


if __name__ == "__main__":
    main()
