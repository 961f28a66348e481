"""Browser tests: Playwright driving the system's Chromium (Debian's ``chromium`` package).

Playwright's own browser download is not reachable here, so the browser is launched
through ``executable_path``; ``.ci/run`` installs the package when it is missing. Outside
CI a machine without it skips these tests, saying how to get it; in CI they must run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server

CHROMIUM = os.environ.get("LEGATUS_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs the chromium package")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium to run these)")
    from playwright.sync_api import expect, sync_playwright

    from tests.browser.pages import WAIT

    expect.set_options(timeout=WAIT)  # every expect(...) without a timeout of its own
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(autouse=True)
def _pages_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test opened is closed when the test ends (its browser context, and so its
    renderer process): a page left open keeps running its scripts, a link to a server
    that has stopped trying again, for as long as the session's browser lives, and a
    hundred of them took more CPU than the rest of the suite."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    for context in list(browser.contexts) if browser is not None else []:
        context.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "legatus.sqlite", ai_delay=0.05).start()
    try:
        yield running
    finally:
        running.stop()
