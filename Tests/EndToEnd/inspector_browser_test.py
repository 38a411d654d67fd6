#!/usr/bin/env python3
"""The inspector in a real browser: Debian's headless Chromium, driven by Selenium through
chromedriver, against a real navd and `navctl inspect`.

It taps through the NavigationDemo stack on the rendered screen, sees the state tree change (the
changed paths marked) and the action log grow, drags the slider back and sees the old screen, and
opens the page with a wrong token and from a foreign Host name and sees each refused. It saves a
screenshot of each step in SCREENSHOTS (default: a temporary folder).

Usage: inspector_browser_test.py BIN_DIR [SCREENSHOTS]
Needs: chromium, chromium-driver and python3-selenium (Debian), which scripts/test installs.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By

from inspector_browser import browser, shut_down, click_screen, screen_buttons, trail, wait_for
from inspector_support import check, finish, start_inspector, start_navd


LONG = 100_000


def long_history(driver, bin_dir, socket_path, shots):
    """A session with a history of 100,000 entries: the page shows its end at once, and the
    virtualized log scrolls to its first entry."""
    subprocess.run(
        [os.path.join(bin_dir, "navctl"), "eval", "--socket", socket_path, "--session", "big",
         f"for i = 1, {LONG} do session:send('incrementButtonTapped') end"],
        check=True, capture_output=True, timeout=120)
    inspector, url, _, _ = start_inspector(bin_dir, socket_path, session="big")
    try:
        started = time.monotonic()
        driver.get(url)
        shown = wait_for(
            driver, lambda: driver.find_element(By.ID, "log-count").text == f"{LONG} entries"
            and driver.find_elements(By.CSS_SELECTOR, f'#log-rows li[data-version="{LONG}"]'),
            "the newest of 100,000 entries")
        print(f"# the page showed the newest of {LONG} entries "
              f"{time.monotonic() - started:.2f} s after it was opened", flush=True)
        check(shown and len(driver.find_elements(By.CSS_SELECTOR, "#log-rows li")) < 200,
              "the log of 100,000 entries draws only the rows in view")
        driver.execute_script("document.getElementById('log').scrollTop = 0;")
        wait_for(driver, lambda: driver.find_elements(
            By.CSS_SELECTOR, '#log-rows li[data-version="1"]'), "the first entry after scrolling")
        driver.save_screenshot(os.path.join(shots, "inspector-long-history.png"))
    finally:
        inspector.send_signal(signal.SIGINT)
        inspector.wait(timeout=10)


def main():
    bin_dir = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="inspector-shots-")
    os.makedirs(shots, exist_ok=True)
    with tempfile.TemporaryDirectory() as directory:
        daemon, socket_path = start_navd(bin_dir, directory, "--session", "big=counter",
                                         "--history", str(LONG))
        inspector, url, port, _ = start_inspector(bin_dir, socket_path)
        driver = browser()
        try:
            driver.get(url)
            wait_for(driver, lambda: "live" in driver.find_element(By.ID, "status").text,
                     "the event stream")
            wait_for(driver, lambda: any(b.text == "Go to screen A" for b in screen_buttons(driver)),
                     "the root screen's links")
            check(driver.find_element(By.ID, "session").text.startswith("nav (navigation)"),
                  "the page names the session and its feature")
            driver.save_screenshot(os.path.join(shots, "inspector-root.png"))

            click_screen(driver, "Go to screen A")
            wait_for(driver, lambda: "Screen A" in trail(driver),
                     "screen A after the tap")
            check("screenA" in driver.find_element(By.ID, "state").text,
                  "the state tree shows the pushed screen A")
            check(len(driver.find_elements(By.CSS_SELECTOR, "#state .changed")) > 0,
                  "the paths the last action changed are marked")
            click_screen(driver, "Go to screen B")
            wait_for(driver, lambda: "Screen B" in trail(driver),
                     "screen B after the second tap")
            # The log fetches its rows on its own after the version event: the screen may be
            # drawn first.
            def log_rows():
                return driver.find_elements(By.CSS_SELECTOR, "#log-rows li[data-sequence]")
            wait_for(driver, lambda: len(log_rows()) >= 2, "the log's rows of the two taps")
            entries = log_rows()
            check(len(entries) >= 2, f"the action log lists the taps ({len(entries)} entries)")
            version = int(driver.find_element(By.ID, "version").get_attribute("data-version"))
            check(driver.find_element(By.ID, "slider").get_attribute("max") == str(version),
                  f"the slider ends at the session's version ({version})")
            driver.save_screenshot(os.path.join(shots, "inspector-screen-b.png"))

            # Drag the slider back to the start: the session jumps, and the root shows again.
            driver.execute_script(
                "const s = document.getElementById('slider'); s.value = '0';"
                "s.dispatchEvent(new Event('change'));")
            wait_for(driver, lambda: any(b.text == "Go to screen A"
                                         for b in screen_buttons(driver))
                     and "Screen B" not in trail(driver),
                     "the root screen after the slider went back")
            check("screenA" not in driver.find_element(By.ID, "state").text,
                  "the state tree is the old state again")
            driver.save_screenshot(os.path.join(shots, "inspector-slider-back.png"))

            # Back on a pushed screen goes back.
            click_screen(driver, "Go to screen C")
            wait_for(driver, lambda: "Screen C" in trail(driver),
                     "screen C")
            driver.find_element(By.ID, "back").click()
            wait_for(driver, lambda: "Screen C" not in trail(driver),
                     "the root after Back")

            # Refusals, as a browser meets them (without the cookie the first page set).
            driver.delete_all_cookies()
            driver.get(f"http://127.0.0.1:{port}/?token=" + "0" * 64)
            body = driver.find_element(By.TAG_NAME, "body").text
            check("token" in body and "navd inspector" not in driver.title,
                  f"a wrong token gets no page ({body[:60]!r})")
            driver.get(url.replace("127.0.0.1", "rebound.test", 1))
            body = driver.find_element(By.TAG_NAME, "body").text
            check("Host" in body and "navd inspector" not in driver.title,
                  f"a page reached through another name (DNS rebinding) is refused ({body[:60]!r})")
            long_history(driver, bin_dir, socket_path, shots)
        finally:
            shut_down(driver, inspector, daemon)
    print(f"screenshots in {shots}")
    finish("inspector_browser_test")


if __name__ == "__main__":
    main()
