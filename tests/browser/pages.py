"""Driving the match page like a player: click places, pieces and buttons; read what shows."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.waits import bound

#: How long, in milliseconds, a page's wait may last: Playwright's own defaults (5 s for an
#: ``expect``, 30 s for an action) are made for an idle machine; this is for a busy one
#: (issue 39), scaled by LEGATUS_TEST_SLOWNESS. Playwright's failure says what it awaited.
WAIT = bound(60) * 1000

#: Errors a page may log that are not faults of the page (a favicon looked up, say).
HARMLESS = ("favicon",)


#: Installed in a page before its own scripts: every text the element ``#thinking`` ever
#: shows is kept in ``window.thinkingShown``, so a test sees an indicator that came and went
#: before it looked (a computer player on a fast machine thinks for a moment only).
RECORD_THINKING = """
window.thinkingShown = [];
new MutationObserver(() => {
  const text = document.querySelector("#thinking")?.textContent?.trim();
  if (text && window.thinkingShown.at(-1) !== text) window.thinkingShown.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def open_page(browser: Browser, url: str) -> Page:
    """A page in a browser context of its own (its own cookies, as another player's)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    context.set_default_timeout(WAIT)
    context.set_default_navigation_timeout(WAIT)
    page = context.new_page()
    page.add_init_script(RECORD_THINKING)
    page.faults = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.faults.append(str(error)))  # type: ignore[attr-defined]
    page.goto(url)
    return page


def thinking_shown(page: Page) -> list[str]:
    """Every text the page's "thinking" indicator has shown, in order."""
    shown: list[str] = page.evaluate("window.thinkingShown")
    return shown


def faults(page: Page) -> list[str]:
    found: list[str] = page.faults  # type: ignore[attr-defined]
    return [f for f in found if not any(h in f for h in HARMLESS)]


def asked(page: Page, text: str, timeout: float = WAIT) -> None:
    """Wait until the page's question contains ``text``."""
    expect(page.locator("#prompt h2")).to_contain_text(text, timeout=timeout)


def click_button(page: Page, starts: str) -> None:
    """Click the choice button whose words start with ``starts``."""
    page.locator(
        "#prompt > .buttons button.choice", has_text=re.compile(f"^{re.escape(starts)}")
    ).first.click()


def click_space(page: Page, space: str) -> None:
    target = page.locator(f'[data-space="{space}"].target')
    expect(target).to_have_count(1)
    marker = target.locator(".marker, .area-hit")
    (marker.first if marker.count() else target).click()


def click_piece(page: Page, piece: str) -> None:
    target = page.locator(f'[data-piece="{piece}"].target')
    expect(target.first).to_be_visible()
    target.first.click()


def targets(page: Page) -> list[Any]:
    return page.eval_on_selector_all(
        ".target", "nodes => nodes.map(n => n.dataset.piece || n.dataset.space)"
    )


def log_text(page: Page) -> str:
    return page.inner_text("#log")
