"""What the inspector's browser tests share: headless Chromium through Selenium, waiting for the
page, and using the rendered screen. Needs Debian's python3-selenium (run with /usr/bin/python3)."""

import signal

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from inspector_support import check


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1400,900",
                     # DNS rebinding, simulated: a name of another site that resolves to 127.0.0.1.
                     "--host-resolver-rules=MAP rebound.test 127.0.0.1"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(driver, condition, what, timeout=10):
    def holds(_):
        try:
            return condition()
        except Exception:  # an element the page re-rendered meanwhile: look again
            return False
    try:
        WebDriverWait(driver, timeout).until(holds)
        return True
    except Exception:
        return check(False, f"timed out waiting for {what}")


def trail(driver):
    # The heading is shown in capitals (CSS); its text is as the session names the screens.
    return driver.find_element(By.ID, "trail").get_attribute("textContent")


def screen_buttons(driver):
    return [b for b in driver.find_elements(By.CSS_SELECTOR, "#screen button")]


def click_screen(driver, label):
    for button in screen_buttons(driver):
        if button.text == label:
            button.click()
            return True
    return check(False, f"no button {label!r} on the screen "
                        f"({[b.text for b in screen_buttons(driver)]})")


def shut_down(driver, inspector, daemon):
    """Quits the browser, then `navctl inspect` (Ctrl-C), then navd (SIGTERM)."""
    driver.quit()
    inspector.send_signal(signal.SIGINT)
    inspector.wait(timeout=10)
    daemon.send_signal(signal.SIGTERM)
    daemon.wait(timeout=20)
