"""Browser tests: Playwright's sync API driving Debian's Chromium against ``live_server``.

Playwright's own browser download (``playwright install``) is never used: ``bin/test``
installs Debian's ``chromium`` package (``bin/ensure-chromium``) and these fixtures
launch that binary.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; Django would otherwise
# refuse the test's own database queries as "async unsafe".
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

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


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            f"The browser tests need Chromium at {CHROMIUM}: run bin/ensure-chromium "
            "(or apt-get install chromium), or set TRIPOST_CHROMIUM.",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
