"""Driving the match page like a player: click places, pieces and buttons; read what shows."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

#: Errors a page may log that are not faults of the page (a favicon looked up, say).
HARMLESS = ("favicon",)


def open_page(browser: Browser, url: str) -> Page:
    """A page in a browser context of its own (its own cookies, as another player's)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.faults = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.faults.append(str(error)))  # type: ignore[attr-defined]
    page.goto(url)
    return page


def faults(page: Page) -> list[str]:
    found: list[str] = page.faults  # type: ignore[attr-defined]
    return [f for f in found if not any(h in f for h in HARMLESS)]


def asked(page: Page, text: str, timeout: float = 20_000) -> None:
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
