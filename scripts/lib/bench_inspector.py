"""scripts/bench-inspector's measurements: the inspector's page in headless Chromium against a
real navd. See scripts/bench-inspector."""

import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "EndToEnd"))

from selenium.webdriver.common.by import By  # noqa: E402

from inspector_browser import browser, shut_down, wait_for  # noqa: E402
from inspector_support import start_inspector, start_navd  # noqa: E402

LONG = 100_000
RATE = 1_000
SECONDS = 5


def ready_ms(driver, url, session, entries):
    """Opens the page on `session` and returns the milliseconds from navigation to its first
    whole render (the page's own `readyAt`), once its log shows `entries` entries."""
    driver.get("about:blank")
    driver.get(url + f"#session={session}")
    if not wait_for(driver, lambda: driver.execute_script("return inspector.readyAt !== undefined")
                    and driver.find_element(By.ID, "log-count").text == f"{entries} entries",
                    f"the page on {session}", timeout=30):
        raise RuntimeError(f"the page on {session} showed {driver.find_element(By.ID, 'log-count').text!r}"
                           f" ({driver.find_element(By.ID, 'error').text!r})")
    return driver.execute_script("return inspector.readyAt")


def version(driver):
    return int(driver.find_element(By.ID, "version").get_attribute("data-version") or -1)


def follow(driver, url, socket_path):
    """Sends RATE actions a second for SECONDS to a counter session with the page open on it;
    samples the version the page shows against the one sent. Returns the figures."""
    driver.get("about:blank")
    driver.get(url + "#session=fast")
    wait_for(driver, lambda: driver.execute_script("return inspector.readyAt !== undefined"),
             "the page on fast", timeout=30)
    client = socket.socket(socket.AF_UNIX)
    client.connect(socket_path)
    reader = client.makefile("r")
    sent = [0]
    done = threading.Event()

    def sender():
        line = (json.dumps({"jsonrpc": "2.0", "id": 1, "method": "store.send",
                            "params": {"session": "fast", "action": "incrementButtonTapped"}})
                + "\n").encode()
        start = time.monotonic()
        for index in range(RATE * SECONDS):
            due = start + index / RATE
            delay = due - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            client.sendall(line)
            reply = json.loads(reader.readline())
            sent[0] = reply["result"]["version"]
        done.set()

    base = version(driver)
    thread = threading.Thread(target=sender)
    started = time.monotonic()
    thread.start()
    lags = []
    while not done.is_set():
        time.sleep(0.05)
        lags.append(sent[0] - version(driver))
    finished = time.monotonic()
    final = sent[0]
    thread.join()
    while version(driver) < final and time.monotonic() - finished < 10:
        time.sleep(0.005)
    caught_up = time.monotonic() - finished
    achieved = (final - base) / (finished - started)
    return {
        "achieved": achieved, "final": final, "shown": version(driver),
        "mean_lag": sum(lags) / max(1, len(lags)), "max_lag": max(lags or [0]),
        "caught_up_ms": caught_up * 1000,
    }


def main():
    bin_dir = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        daemon, socket_path = start_navd(
            bin_dir, directory, "--session", "big=counter", "--session", "empty=counter",
            "--session", "fast=counter", "--history", str(LONG))
        inspector, url, _, _ = start_inspector(bin_dir, socket_path, session="empty")
        driver = browser()
        try:
            print(f"bench-inspector — {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, "
                  f"nproc {os.cpu_count()}, binaries in {bin_dir}\n")
            subprocess.run(
                [os.path.join(bin_dir, "navctl"), "eval", "--socket", socket_path, "--session",
                 "big", f"for i = 1, {LONG} do session:send('incrementButtonTapped') end"],
                check=True, capture_output=True, timeout=300)
            empty = [ready_ms(driver, url, "empty", 0) for _ in range(3)]
            big = [ready_ms(driver, url, "big", LONG) for _ in range(3)]
            median = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
            print("| figure | floor | ms | floor ms | ratio | goal | within goal |")
            print("| --- | --- | --- | --- | --- | --- | --- |")
            print(f"| page usable, {LONG:,}-entry history | the page on an empty history | "
                  f"{median(big):.0f} | {median(empty):.0f} | {median(big) / median(empty):.2f}× "
                  f"| ≤ 1000 ms | {'yes' if median(big) <= 1000 else 'NO'} |")
            figures = follow(driver, url, socket_path)
            print(f"| page following {RATE:,} actions/s for {SECONDS} s: last version shown after "
                  f"the last send | — | {figures['caught_up_ms']:.0f} | — | — | info | — |")
            print(f"\nOpening: median of 3 (from navigation to the page's first whole render: "
                  f"state, log at its newest entry, screen); runs {', '.join(f'{x:.0f}' for x in big)} "
                  f"ms on {LONG:,} entries, {', '.join(f'{x:.0f}' for x in empty)} ms on none.")
            print(f"Following: {figures['achieved']:.0f} actions/s reached the session "
                  f"(version {figures['final']}); sampled every 50 ms, the page was "
                  f"{figures['mean_lag']:.0f} versions behind on average, at most "
                  f"{figures['max_lag']} (≈ {figures['max_lag'] / RATE * 1000:.0f} ms of sends), "
                  f"and showed the last version, {figures['shown']}, "
                  f"{figures['caught_up_ms']:.0f} ms after the last send.")
        finally:
            shut_down(driver, inspector, daemon)


if __name__ == "__main__":
    main()
