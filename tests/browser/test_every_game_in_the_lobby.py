"""Every installed game and scenario created through the lobby's form and played by clicks,
a spectator watching (issue 34): the screenshots of docs/play-in-the-browser.md are taken
here, of each shipped game's first scenario (``LEGATUS_UPDATE_SCREENSHOTS=1 python -m pytest
tests/browser`` writes them anew into docs/_static/screens/)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from legatus.framework.play.catalog import default_catalog
from tests.browser.pages import faults, open_page
from tests.server.harness import Server

#: Where the screenshots go: the docs' folder when LEGATUS_UPDATE_SCREENSHOTS=1 asks for new
#: ones (then commit them), else a scratch folder, so a test run leaves the checkout as it was.
SCREENS = (
    Path(__file__).resolve().parents[2] / "docs" / "_static" / "screens"
    if os.environ.get("LEGATUS_UPDATE_SCREENSHOTS") == "1"
    else Path(tempfile.gettempdir()) / "legatus-screens"
)


def playable() -> list[tuple[str, list[str]]]:
    """Each game the lobby offers (one that loads) with its scenarios."""
    catalog = default_catalog()
    found = []
    for name in catalog.games():
        try:
            definition = catalog.load(name).definition
        except Exception:
            continue  # the lobby leaves out a game that does not load
        found.append((name, list(definition.scenarios)))
    return found


def shipped(game: str) -> bool:
    """A game that comes with Legatus (the docs show these, not the tests' own plugins)."""
    plugin = default_catalog().load(game).plugin
    return type(plugin).__module__.startswith("legatus.games.")


def play_by_clicking(page: Page, moves: int) -> int:
    """Answer ``moves`` questions with the first of all the choices; how many were answered."""
    done = 0
    for _ in range(moves):
        prompt = page.locator("#prompt.active h2")
        result = page.locator("#result")
        expect(prompt.or_(result).first).to_be_visible(timeout=60_000)
        if result.count():
            break
        asked = prompt.inner_text()
        before = page.locator("#log li").count()
        page.locator("#prompt details.all-choices summary").click()
        page.locator("#prompt details.all-choices button.choice").first.click()
        page.wait_for_function(
            """([asked, before]) => {
                const h = document.querySelector('#prompt.active h2');
                const pending = document.querySelector('#prompt .pending');
                return !pending && (document.querySelectorAll('#log li').length !== before
                    || !h || h.textContent !== asked || document.querySelector('#result'));
            }""",
            arg=[asked, before],
            timeout=60_000,
        )
        done += 1
    return done


#: Games whose every scenario takes long to click through (Hannibal Barkas: 13 scenarios, about
#: 40 s of CPU): marked ``slow``, so ``pytest -m "not slow"`` leaves them out; CI runs them.
LONG = {"hannibal_barkas"}


@pytest.mark.parametrize(
    ("game", "scenarios"),
    [
        pytest.param(game, scenarios, id=game, marks=[pytest.mark.slow] if game in LONG else [])
        for game, scenarios in playable()
    ],
)
def test_every_scenario_is_created_in_the_lobby_and_played_by_clicking(
    browser: Browser, server: Server, game: str, scenarios: list[str]
) -> None:
    for index, scenario in enumerate(scenarios):
        lobby = open_page(browser, server.url + "/")
        lobby.wait_for_selector(f'#game option[value="{game}"]', state="attached")
        lobby.select_option("#game", game)
        lobby.select_option("#scenario", scenario)
        lobby.fill("#seed", "5")
        first = lobby.locator("#seats .seat-row").first.get_attribute("data-seat")
        lobby.select_option(f"#player-{first}", "human")
        lobby.click("#create-button")
        lobby.wait_for_selector("#links li")
        links = {
            (item.get_attribute("data-seat") or item.get_attribute("data-role") or ""): (
                item.locator("a.match-link").get_attribute("href") or ""
            )
            for item in lobby.locator("#links li").all()
        }
        assert not faults(lobby)
        lobby.context.close()
        spectator = open_page(browser, links["spectator"])
        seat = open_page(browser, links[str(first)])
        played = play_by_clicking(seat, 3 if index == 0 else 1)
        assert played >= 1 or seat.locator("#result").count(), (game, scenario)
        expect(spectator.locator("#log li").first).to_be_visible(timeout=30_000)
        if index == 0 and shipped(game):
            SCREENS.mkdir(parents=True, exist_ok=True)
            seat.screenshot(path=str(SCREENS / f"{game}-seat.png"))
            spectator.screenshot(path=str(SCREENS / f"{game}-spectator.png"))
        for page in (seat, spectator):
            assert not faults(page), (game, scenario)
            page.context.close()
