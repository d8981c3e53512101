"""Browser tests: Playwright's sync API driving Debian's Chromium against ``live_server``.

Playwright's own browser download (``playwright install``) is never used: ``bin/test``
installs Debian's ``chromium`` package (``bin/ensure-chromium``) and these fixtures
launch that binary.
"""

import os
import threading
import time
from pathlib import Path

import pytest
from django.core.signals import request_finished, request_started

ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
_SET_BY_USER = ASYNC_UNSAFE in os.environ
CHROMIUM = os.environ.get("TRIPOST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    """Playwright's sync API runs an event loop in the test thread, so Django would
    refuse the test's own queries (and the database flush) as "async unsafe". Allow
    them for these tests only: set for the whole of each test here, removed after its
    teardown, so that no other test (nor its subprocesses: ``check --deploy`` rejects
    the variable) sees it."""
    os.environ[ASYNC_UNSAFE] = "true"
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    try:
        return (yield)
    finally:
        if not _SET_BY_USER:
            os.environ.pop(ASYNC_UNSAFE, None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            f"The browser tests need Chromium at {CHROMIUM}: run bin/ensure-chromium "
            "(or apt-get install chromium), or set TRIPOST_CHROMIUM.",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


# pytest-playwright keeps Playwright (and its event loop in the main thread) for the
# whole session; then every later test that uses the database from a thread would be
# refused as "async unsafe". These tests start and stop it themselves instead.


@pytest.fixture(scope="package")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="package")
def browser_context_args():
    return {}  # each test passes its own (base URL, viewport)


@pytest.fixture(scope="package")
def browser_type(playwright, browser_name):
    return getattr(playwright, browser_name)


@pytest.fixture(scope="package")
def browser(browser_type, browser_type_launch_args):
    browser = browser_type.launch(**browser_type_launch_args)
    yield browser
    browser.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# Chromium's own console message names the directive but not the element: say which.
WHAT_WAS_BLOCKED = """
document.addEventListener("securitypolicyviolation", function (e) {
  var el = e.target && e.target.outerHTML ? e.target.outerHTML.slice(0, 200) : "";
  console.log("Content Security Policy blocked " + e.violatedDirective + " " + e.blockedURI
    + " " + el);
});
"""


@pytest.fixture(autouse=True)
def no_csp_violations(browser):
    """Every page these tests open runs under the site's Content-Security-Policy: a
    blocked script, style or picture is a console message that fails the test."""
    violations: list[str] = []
    new_context, new_page = browser.new_context, browser.new_page

    def on_console(message):
        if "Content Security Policy" in message.text:
            violations.append(f"{message.location.get('url', '')}: {message.text}")

    def listening_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.on("console", on_console)
        context.add_init_script(WHAT_WAS_BLOCKED)
        return context

    def listening_page(*args, **kwargs):
        page = new_page(*args, **kwargs)
        page.on("console", on_console)
        page.add_init_script(WHAT_WAS_BLOCKED)
        return page

    browser.new_context, browser.new_page = listening_context, listening_page
    try:
        yield violations
    finally:
        browser.new_context, browser.new_page = new_context, new_page
    assert violations == [], "\n".join(violations)


# Requests the live server is still answering (counted by Django's request signals).
_in_flight = {"count": 0}
_in_flight_lock = threading.Lock()


def _started(**kwargs):
    with _in_flight_lock:
        _in_flight["count"] += 1


def _finished(**kwargs):
    with _in_flight_lock:
        _in_flight["count"] -= 1


@pytest.fixture(autouse=True)
def requests_settled(request):
    """A test that ends as soon as it has seen what it checks can leave the browser's
    next requests running (the chat panel loading after the page, a poll); the
    database flush after the test then deadlocked with their writes (TRUNCATE against
    a foreign key's row lock). Wait for the live server to finish them first."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # (torn down after this fixture)
    request_started.connect(_started, dispatch_uid="e2e.in_flight.started")
    request_finished.connect(_finished, dispatch_uid="e2e.in_flight.finished")
    try:
        yield
        deadline = time.monotonic() + 10
        while _in_flight["count"] > 0 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        request_started.disconnect(dispatch_uid="e2e.in_flight.started")
        request_finished.disconnect(dispatch_uid="e2e.in_flight.finished")
        with _in_flight_lock:
            _in_flight["count"] = 0


# The demo data (``manage.py demo``) as the run's first browser test that asked for it
# left it, to be loaded again (``loaddata``) by the others, on any pytest-xdist worker:
# seeding plays every demo move through the services, loading the rows is a small part
# of that.
_NOT_DEMO = ["contenttypes", "auth.permission", "sessions", "admin.logentry"]


@pytest.fixture
def demo_site(transactional_db, tmp_path_factory):
    """The demo players and games in the (emptied) test database, as ``manage.py demo``
    makes them: seeded by the first test of the run that asks, loaded from its rows by
    the others (the workers share the rows' file, one seeding at a time)."""
    import fcntl
    import io

    from django.core.management import call_command

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    rows = shared / "demo-rows.json"
    with open(shared / "demo-rows.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker may be seeding: wait for it
        if not rows.exists():
            call_command("demo", force=True, stdout=io.StringIO())
            partial = rows.with_suffix(".partial")
            with partial.open("w") as out:
                call_command("dumpdata", exclude=_NOT_DEMO, stdout=out)
            partial.rename(rows)
            return
    call_command("loaddata", str(rows), stdout=io.StringIO())
