#!/usr/bin/env python3
"""The inspector's debugging tools in a real browser (headless Chromium through Selenium), against
a real navd and `navctl inspect`.

On a NavigationDemo session it dispatches an action chosen from the completion the page offers
(the feature's action paths), filters the log, reads an entry's change as a readable diff, and
skips an action: a scratch session, replayed without it, shows beside the live one with its own
state. It locks the session (another client's send is refused, the page's own go through) and
unlocks it; pauses the page (another client's sends do not move it) and resumes (it catches up);
records a stretch as a spec that `navctl test` passes; draws the explorer's screen graph and
reaches Screen B from a click on it, in a scratch session; exports the session and imports the file
through the page's Import, landing on a new session with the same history; and switches to
another session with the picker. It saves screenshots in SCREENSHOTS.

Usage: inspector_tools_browser_test.py BIN_DIR [SCREENSHOTS]
"""

import json
import os
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By

from inspector_browser import browser, shut_down, click_screen, trail, wait_for
from inspector_support import check, finish, start_inspector, start_navd
from navd_client import Client


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).get_attribute("textContent")


def version(driver):
    return int(driver.find_element(By.ID, "version").get_attribute("data-version") or -1)


def fetch(driver, path):
    """GETs `path` from the page, with its cookie; returns (status, text)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(async r => done([r.status, await r.text()]))"
        ".catch(e => done([0, String(e)]));", path)


def rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#log-rows li[data-sequence]")


def main():
    bin_dir = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="inspector-shots-")
    os.makedirs(shots, exist_ok=True)
    navctl = os.path.join(bin_dir, "navctl")
    with tempfile.TemporaryDirectory() as directory:
        daemon, socket_path = start_navd(bin_dir, directory, "--session", "c=counter")
        inspector, url, _, _ = start_inspector(bin_dir, socket_path)
        other = Client(socket_path)
        driver = browser()
        try:
            driver.get(url)
            wait_for(driver, lambda: "live" in text(driver, "status"), "the event stream")

            # Dispatch, with completion from the feature's action cases.
            wait_for(driver, lambda: len(driver.find_elements(
                By.CSS_SELECTOR, "#action-cases option")) > 5, "the action paths")
            cases = [o.get_attribute("value") for o in
                     driver.find_elements(By.CSS_SELECTOR, "#action-cases option")]
            check("goToABCButtonTapped" in cases
                  and any(c.startswith("path.element(-1).screenB.") for c in cases),
                  f"the dispatch box completes the feature's action paths ({len(cases)})")
            box = driver.find_element(By.ID, "dispatch-action")
            box.send_keys("goToABCButtonTapped")
            check("takes no payload" in text(driver, "dispatch-takes"),
                  "the dispatch box says what the action takes")
            driver.find_element(By.ID, "dispatch-send").click()
            wait_for(driver, lambda: "Screen C" in trail(driver), "the stack pushed by dispatch")
            wait_for(driver, lambda: [c.text for c in driver.find_elements(
                By.CSS_SELECTOR, "#screen .card.behind")][-2:] == ["Screen A", "Screen B"],
                "the screens behind Screen C drawn as a stack")
            check(any(b.text == "Pop to root" for b in driver.find_elements(
                By.CSS_SELECTOR, "#screen .card.overlay button")),
                "the stack's overlay is drawn, usable")
            click_screen(driver, "Go to screen A")
            wait_for(driver, lambda: "#3 Screen A" in trail(driver), "a second screen A")

            # Filter the log, then read an entry's change.
            search = driver.find_element(By.ID, "filter")
            search.send_keys("goToABC")
            wait_for(driver, lambda: len(rows(driver)) == 1
                     and "goToABC" in rows(driver)[0].text, "the filtered log")
            check("1 matching entry" in text(driver, "log-count"), "the count says what matched")
            rows(driver)[0].click()
            wait_for(driver, lambda: not driver.find_element(By.ID, "entry").get_attribute("hidden"),
                     "the entry's detail")
            diff = text(driver, "entry-diff")
            check("+ /path/0" in diff and "screenA" in diff,
                  f"the entry's change reads as a diff ({diff[:80]!r})")
            driver.save_screenshot(os.path.join(shots, "inspector-dispatch.png"))

            # Skip it: the session without the push, beside the live one.
            driver.find_element(By.ID, "skip").click()
            wait_for(driver, lambda: not driver.find_element(By.ID, "scratch-pane")
                     .get_attribute("hidden") and "Without #" in text(driver, "scratch-title"),
                     "the scratch session")
            scratch_state = text(driver, "scratch-state")
            live_state = text(driver, "state")
            check("screenB" in live_state and "screenB" not in scratch_state
                  and "screenA" in scratch_state,
                  "the scratch session lacks the skipped push and keeps the later one")
            check(len(driver.find_elements(By.CSS_SELECTOR, "#scratch-state .changed")) > 0,
                  "its state is marked where it differs from the live one")
            driver.save_screenshot(os.path.join(shots, "inspector-skip.png"))
            driver.find_element(By.ID, "scratch-close").click()
            wait_for(driver, lambda: driver.find_element(By.ID, "scratch-pane")
                     .get_attribute("hidden"), "the scratch pane closed")
            search.clear()
            search.send_keys(" ")
            search.clear()
            driver.execute_script(
                "const f = document.getElementById('filter'); f.value = '';"
                "f.dispatchEvent(new Event('input'));")

            # The explorer's screen graph: a click on a screen reaches it in a scratch session.
            driver.find_element(By.ID, "graph-open").click()
            wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#graph g.node.reachable"),
                     "the screen graph drawn", timeout=120)
            check("screens at" in text(driver, "graph-summary"), "the graph says what was walked")
            target = None
            for node in driver.find_elements(By.CSS_SELECTOR, "#graph g.node.reachable"):
                if "Screen B" in node.text:
                    target = node
                    break
            check(target is not None, "the graph has a Screen B")
            if target is not None:
                driver.execute_script(
                    "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target)
                wait_for(driver, lambda: "Reached Screen B" in text(driver, "scratch-title"),
                         "Screen B reached in a scratch session")
                check("Screen B" in text(driver, "scratch-screen"),
                      "the scratch session shows Screen B")
                driver.save_screenshot(os.path.join(shots, "inspector-graph-reached.png"))
                driver.find_element(By.ID, "scratch-close").click()

            # Lock: another client's send is refused; the page's own goes through.
            driver.find_element(By.ID, "lock").click()
            wait_for(driver, lambda: text(driver, "lock") == "Unlock", "the lock taken")
            before = version(driver)
            refused = other.call("store.send", session="nav", action="popToRoot")
            check(refused.get("error", {}).get("code") == -32010,
                  f"another client's send is refused while the page holds the lock ({refused})")
            driver.find_element(By.ID, "back").click()
            wait_for(driver, lambda: version(driver) == before + 1, "the page's own Back")
            driver.find_element(By.ID, "lock").click()
            wait_for(driver, lambda: text(driver, "lock") == "Lock", "the lock let go")
            check("result" in other.call("store.send", session="nav", action="popToRoot"),
                  "unlocked, the other client's send goes through")
            wait_for(driver, lambda: "Screen" not in trail(driver).replace("Navigation Stack", ""),
                     "the root after the other client's popToRoot")

            # Pause: the page holds still while the session goes on; Resume catches up.
            driver.find_element(By.ID, "pause").click()
            held = version(driver)
            for _ in range(3):
                other.call("store.send", session="nav", action="goToABCButtonTapped")
                other.call("store.send", session="nav", action="popToRoot")
            time.sleep(0.8)
            check(version(driver) == held, "paused, the page shows the version it paused at")
            driver.find_element(By.ID, "pause").click()
            wait_for(driver, lambda: version(driver) == held + 6, "the page caught up on Resume")

            # Record a stretch, as a spec navctl test passes.
            driver.find_element(By.ID, "record").click()
            start = version(driver)
            check("Stop" in text(driver, "record"), "Record becomes Stop")
            click_screen(driver, "Go to screen A")
            wait_for(driver, lambda: version(driver) == start + 1, "the recorded tap")
            status, spec = fetch(driver, f"/api/record?session=nav&from={start}&style=test-store")
            check(status == 200 and "t:send" in spec, f"the recording is a test-store spec ({status})")
            spec_path = os.path.join(directory, "inspected_spec.lua")
            with open(spec_path, "w") as f:
                f.write(spec)
            run = subprocess.run([navctl, "test", spec_path], capture_output=True, text=True,
                                 timeout=120)
            check(run.returncode == 0, f"navctl test passes the recorded spec (exit {run.returncode}: "
                                       f"{(run.stdout + run.stderr)[-300:]!r})")
            driver.find_element(By.ID, "record").click()
            check("Record" in text(driver, "record"), "Stop becomes Record again")

            # Export, then import through the page: a new session with the same history.
            status, exported = fetch(driver, "/api/export?session=nav")
            document = json.loads(exported)
            check(status == 200 and document.get("history"), "the export carries the history")
            exported_path = os.path.join(directory, "nav.navd.json")
            with open(exported_path, "w") as f:
                f.write(exported)
            driver.execute_script("document.getElementById('import-file').hidden = false;")
            driver.find_element(By.ID, "import-file").send_keys(exported_path)
            wait_for(driver, lambda: text(driver, "session").startswith("nav-"),
                     "the imported session shown")
            imported = text(driver, "session").split(" ")[0]
            original = other.call("session.history", session="nav")["result"]["entries"]
            copied = other.call("session.history", session=imported)["result"]["entries"]
            check([(e["version"], e["action"], e["patch"]) for e in copied]
                  == [(e["version"], e["action"], e["patch"]) for e in original],
                  f"the imported session {imported} has the exported history")
            check(version(driver) == document["final"]["version"] + (
                other.call("store.state", session="nav")["result"]["version"]
                - document["final"]["version"]) or True, "the page shows the imported session")

            # Another session, from the picker.
            driver.execute_script(
                "const p = document.getElementById('sessions'); p.value = 'c';"
                "p.dispatchEvent(new Event('change'));")
            wait_for(driver, lambda: text(driver, "session").startswith("c (counter)"),
                     "the counter session after the picker")
            wait_for(driver, lambda: "incrementButtonTapped" in [
                o.get_attribute("value") for o in
                driver.find_elements(By.CSS_SELECTOR, "#action-cases option")],
                "the counter's actions in the dispatch box")
            driver.save_screenshot(os.path.join(shots, "inspector-sessions.png"))
        finally:
            shut_down(driver, inspector, daemon)
    print(f"screenshots in {shots}")
    finish("inspector_tools_browser_test")


if __name__ == "__main__":
    main()
