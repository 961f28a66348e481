"""A lobby that is a home (issue 34, item 12), in a real browser: the lobby lists the matches
of the links this browser holds with their seats and whose turn it is, "your turn" shows in
the tab's title and, once asked for, as a notification; a finished match offers a rematch
with the sides swapped."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.pages import RECORD_THINKING, asked, faults
from tests.browser.test_every_game_in_the_lobby import SCREENS
from tests.server.harness import Server
from tests.server.test_http_api import finished_save

#: The browser's notifications, recorded instead of shown (``window.notes``), the permission
#: granted when asked (for the whole site, as a browser does); and the page never has the focus, as when its player looks elsewhere.
NOTIFICATIONS = """
window.notes = [];
window.Notification = class {
  constructor(title, options) { window.notes.push({ title, body: options && options.body }); }
  static get permission() { return localStorage.getItem("test-permission") || "default"; }
  static requestPermission() {
    localStorage.setItem("test-permission", "granted");
    return Promise.resolve("granted");
  }
};
document.hasFocus = () => false;
"""


#: How long a test waits for the lobby's list to change (it asks the server every 4 s; in
#: these tests every 0.25 s, ``LOBBY_REFRESH``, so that each change is seen at once).
LOBBY = 15_000

#: The lobby's list asks the server every 0.25 s here, not every 4 s (lobby.js's REFRESH): the
#: same refreshes, sooner.
LOBBY_REFRESH = "window.legatusLobbyRefresh = 250;"


def browser_of(browser: Browser) -> BrowserContext:
    """One player's browser: its own storage (the links it holds), notifications recorded."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(RECORD_THINKING)
    context.add_init_script(NOTIFICATIONS)
    context.add_init_script(LOBBY_REFRESH)
    return context


def visit(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.faults = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.faults.append(str(error)))  # type: ignore[attr-defined]
    page.goto(url)
    return page


def notes(page: Page) -> list[dict[str, str]]:
    found: list[dict[str, str]] = page.evaluate("window.notes")
    return found


def noted(page: Page, timeout: float = 20) -> None:
    """Wait until the page has shown a notification (the pages' rules forbid Playwright's
    own wait_for_function, which evaluates a string)."""
    deadline = time.monotonic() + timeout
    while not notes(page):
        assert time.monotonic() < deadline, "no notification"
        page.wait_for_timeout(50)


def test_the_lobby_lists_your_matches_and_your_turn_is_in_the_title(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="julius_caesar", seed=2, players={"caesar": "human", "pompey": "human"}
    )
    mine, theirs = browser_of(browser), browser_of(browser)
    caesar = visit(mine, f"{server.url}/m/{links[('seat', 'caesar')]}")
    asked(caesar, "discard a card face down")
    expect(caesar).to_have_title("▶ Your turn — Julius Caesar")
    # The lobby of Caesar's browser lists the match he opened: its seats, who came, whose turn.
    lobby = visit(mine, f"{server.url}/")
    card = lobby.locator(".match-card")
    expect(card).to_have_count(1, timeout=LOBBY)
    expect(card).to_have_attribute("data-state", "open", timeout=LOBBY)
    expect(card.locator('li[data-seat="caesar"]')).to_contain_text("to play", timeout=LOBBY)
    expect(card.locator('li[data-seat="caesar"]')).to_contain_text("here", timeout=LOBBY)
    expect(card.locator('li[data-seat="pompey"]')).to_contain_text("not joined yet", timeout=LOBBY)
    expect(card.locator("a.match-link.your-turn")).to_have_text(
        "Play Caesar — your turn", timeout=LOBBY
    )
    expect(lobby).to_have_title("(1) Your turn — Legatus lobby", timeout=LOBBY)
    # Only Caesar's own link is in his lobby: no other link of the match is in the page.
    html = lobby.content()
    assert links[("seat", "caesar")] in html
    assert not any(token in html for key, token in links.items() if key != ("seat", "caesar"))
    # Pompeius comes (another browser, which lists it too); the match runs.
    pompey = visit(theirs, f"{server.url}/m/{links[('seat', 'pompey')]}")
    asked(pompey, "discard a card face down")
    expect(card).to_have_attribute("data-state", "running", timeout=LOBBY)
    expect(card.locator('li[data-seat="pompey"]')).to_contain_text("here", timeout=LOBBY)
    other_lobby = visit(theirs, f"{server.url}/")
    expect(other_lobby.locator("a.match-link")).to_have_text(
        "Play Pompeius — your turn", timeout=LOBBY
    )
    # Caesar asks to be notified, discards, and looks elsewhere: his turn comes back as a
    # notification in the match page and in the lobby, and in both titles.
    caesar.click("#notify")
    expect(caesar.locator("#notify")).to_have_text("Notifications on (turn off)")
    caesar.locator("#prompt > .buttons button.choice").first.click()
    expect(caesar).to_have_title("Julius Caesar — Legatus")
    expect(lobby).to_have_title("Legatus — lobby", timeout=LOBBY)
    expect(card.locator('li[data-seat="caesar"]')).not_to_contain_text("to play", timeout=LOBBY)
    assert notes(caesar) == [] and notes(lobby) == []
    pompey.locator("#prompt > .buttons button.choice").first.click()
    asked(caesar, "play a card face down")
    expect(caesar).to_have_title("▶ Your turn — Julius Caesar")
    expect(lobby).to_have_title("(1) Your turn — Legatus lobby", timeout=LOBBY)
    noted(caesar)
    noted(lobby)
    assert [n["title"] for n in notes(caesar)] == ["Your turn — Julius Caesar"]
    assert notes(lobby)[0]["title"] == "Your turn"
    # Pompeius never asked for notifications: none.
    assert notes(pompey) == []
    for page in (caesar, lobby, pompey, other_lobby):
        assert not faults(page)


def test_a_finished_match_offers_a_rematch_with_the_sides_swapped(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        position=json.dumps(finished_save()), players={"caesar": "human", "pompey": "random"}
    )
    mine = browser_of(browser)
    caesar = visit(mine, f"{server.url}/m/{links[('seat', 'caesar')]}")
    expect(caesar.locator("#result")).to_contain_text("Game over")
    expect(caesar).to_have_title("Game over — Julius Caesar")
    caesar.click("#rematch")
    expect(caesar.locator("#rematch-link")).to_be_visible()
    caesar.click("#rematch-link")
    expect(caesar.locator("#who")).to_contain_text("You play Pompeius")
    assert re.search(r"/m/[A-Za-z0-9_-]{32}$", caesar.url)
    # The lobby lists both: the match over, with the rematch's link, and the rematch.
    lobby = visit(mine, f"{server.url}/")
    expect(lobby.locator(".match-card")).to_have_count(2, timeout=LOBBY)
    expect(lobby.locator('.match-card[data-state="over"] a.rematch-link')).to_have_attribute(
        "href", caesar.url.replace(server.url, "")
    )
    expect(lobby.locator('.match-card[data-state="running"] a.match-link')).to_contain_text(
        "Play Pompeius"
    )
    for page in (caesar, lobby):
        assert not faults(page)


def create_with_clock(
    lobby: Page, per: str, minutes: str, at_zero: str, takeover: str | None = None
) -> dict[str, str]:
    """A Julius Caesar match for two people with a clock, made with the lobby's form: the
    link of each seat (and the spectator's, by role)."""
    lobby.wait_for_selector('#game option[value="julius_caesar"]', state="attached")
    lobby.select_option("#game", "julius_caesar")
    lobby.select_option("#player-caesar", "human")
    lobby.select_option("#player-pompey", "human")
    lobby.select_option("#clock-per", per)
    lobby.fill("#clock-minutes", minutes)
    lobby.select_option("#clock-at-zero", at_zero)
    if takeover is not None:
        lobby.select_option("#takeover", takeover)
    lobby.click("#create-button")
    lobby.wait_for_selector("#links li")
    return {
        item.get_attribute("data-seat") or item.get_attribute("data-role") or "": item.locator(
            "a"
        ).get_attribute("href")
        or ""
        for item in lobby.locator("#links li").all()
    }


def test_a_clock_runs_out_and_the_computer_takes_the_seat_over(
    browser: Browser, server: Server
) -> None:
    mine, theirs = browser_of(browser), browser_of(browser)
    lobby = visit(mine, f"{server.url}/")
    # 12 s a move: Pompeius's page must see Caesar's notice before Pompeius's own clock, which
    # runs once the computer has played Caesar's move, runs out too (3 s was too short for a
    # loaded machine, where the pages' checks can fall seconds behind).
    links = create_with_clock(lobby, "move", "0.2", "computer", takeover="random")
    caesar = visit(mine, links["caesar"])
    asked(caesar, "discard a card face down")
    # The clocks wait for Pompeius; then both run, shown on both pages.
    expect(caesar.locator('#clocks .clock[data-seat="caesar"]')).to_have_text("Caesar 0:12")
    expect(caesar.locator("#clocks .clock.running")).to_have_count(0)
    pompey = visit(theirs, links["pompey"])
    asked(pompey, "discard a card face down")
    expect(caesar.locator("#clocks .clock.running")).to_have_count(2)
    pompey.locator("#prompt > .buttons button.choice").first.click()
    expect(pompey.locator('#clocks .clock.running[data-seat="caesar"]')).to_be_visible()
    # Caesar does not answer in time: the computer plays his seat from then on.
    notice = (
        "Caesar ran out of time: the computer (random) plays Caesar now, until its player "
        "takes the seat back"
    )
    expect(caesar.locator("#notice")).to_have_text(notice, timeout=40_000)
    expect(pompey.locator("#notice")).to_have_text(notice)
    expect(caesar.locator("#leave")).to_have_count(0)
    # The creator's lobby (this browser holds every link of the match) says so too.
    card = lobby.locator(".match-card")
    expect(card.locator('li[data-seat="caesar"]')).to_contain_text("taken over", timeout=LOBBY)
    expect(card.locator('li[data-seat="caesar"]')).to_contain_text("(computer: random)")
    for page in (lobby, caesar, pompey):
        assert not faults(page)


def test_the_clocks_in_play_and_the_lobby_are_pictured_for_the_docs(
    browser: Browser, server: Server
) -> None:
    """A match with a clock per game, made with the lobby's form: the clocks in the match's
    header (Caesar's running, Pompeius's standing) and the lobby listing the match with its
    seats' clocks. The docs' pictures of both are taken here (``LEGATUS_UPDATE_SCREENSHOTS=1``
    writes them into docs/_static/screens/)."""
    mine, theirs = browser_of(browser), browser_of(browser)
    lobby = visit(mine, f"{server.url}/")
    links = create_with_clock(lobby, "game", "30", "lose")
    caesar = visit(mine, links["caesar"])
    pompey = visit(theirs, links["pompey"])
    asked(pompey, "discard a card face down")
    pompey.locator("#prompt > .buttons button.choice").first.click()
    asked(caesar, "discard a card face down")
    running = caesar.locator('#clocks .clock.running[data-seat="caesar"]')
    expect(running).to_be_visible()
    expect(caesar.locator('#clocks .clock[data-seat="pompey"]')).not_to_have_class(
        re.compile(r"\brunning\b")
    )
    expect(running).to_contain_text(re.compile(r"^Caesar (29|30):\d\d$"))
    title = caesar.locator('#clocks .clock[data-seat="caesar"]').get_attribute("title") or ""
    assert title.startswith("Caesar: time left (for the game; at zero the game is lost")
    card = lobby.locator(".match-card")
    expect(card).to_have_attribute("data-state", "running", timeout=LOBBY)
    expect(card).to_contain_text(re.compile(r"Running, 1 move(?!s)"), timeout=LOBBY)
    expect(card.locator('li[data-seat="caesar"] .chip.clock.running')).to_be_visible(timeout=LOBBY)
    expect(card.locator('li[data-seat="pompey"] .chip.clock')).to_have_text(
        re.compile(r"^(29|30):\d\d left$")
    )
    SCREENS.mkdir(parents=True, exist_ok=True)
    caesar.locator("#top").screenshot(path=str(SCREENS / "clocks-in-play.png"))
    lobby.screenshot(path=str(SCREENS / "lobby.png"), full_page=True)
    for page in (lobby, caesar, pompey):
        assert not faults(page)


def test_a_player_leaves_and_the_computer_plays_on(browser: Browser, server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=2, players={"caesar": "human", "pompey": "human"},
        takeover="random",
    )  # fmt: skip
    pompey = visit(browser_of(browser), f"{server.url}/m/{links[('seat', 'pompey')]}")
    asked(pompey, "discard a card face down")
    pompey.click("#leave")
    expect(pompey.locator("#leave")).to_have_text("Sure? The computer (random) plays on for you")
    pompey.click("#leave")
    expect(pompey.locator("#notice")).to_have_text(
        "Pompeius's player left: the computer (random) plays Pompeius now, until its player "
        "takes the seat back"
    )
    expect(pompey.locator("#leave")).to_have_count(0)
    assert not faults(pompey)


def test_a_player_who_left_takes_the_seat_back(browser: Browser, server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=2, players={"caesar": "human", "pompey": "human"},
        takeover="random",
    )  # fmt: skip
    caesar = visit(browser_of(browser), f"{server.url}/m/{links[('seat', 'caesar')]}")
    pompey = visit(browser_of(browser), f"{server.url}/m/{links[('seat', 'pompey')]}")
    asked(pompey, "discard a card face down")
    expect(pompey.locator("#take-back")).to_have_count(0)  # a person plays it
    pompey.click("#leave")
    pompey.click("#leave")
    expect(pompey.locator("#take-back")).to_have_text("Take my seat back")
    expect(caesar.locator("#notice")).to_contain_text("Pompeius's player left")
    pompey.close()  # they come back later, with their link
    pompey = visit(browser_of(browser), f"{server.url}/m/{links[('seat', 'pompey')]}")
    pompey.click("#take-back")
    back = "Pompeius's player is back and plays Pompeius again"
    expect(pompey.locator("#notice")).to_have_text(back)
    expect(caesar.locator("#notice")).to_have_text(back)
    expect(pompey.locator("#take-back")).to_have_count(0)
    expect(pompey.locator("#leave")).to_be_visible()  # theirs again (the server's tests
    # follow the game to the seat's next question, which its person is asked)
    for page in (caesar, pompey):
        assert not faults(page)


def test_a_replay_ends_with_the_loss_on_time(browser: Browser, server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=2, players={"caesar": "human", "pompey": "human"},
        clock={"seconds": 2, "per": "move", "at_zero": "lose"},
    )  # fmt: skip
    caesar = server.socket(links[("seat", "caesar")])
    pompey = server.socket(links[("seat", "pompey")])
    caesar.asked()
    view = pompey.asked()
    pompey.act(view["prompts"][0]["actions"][0]["text"], view)
    # Caesar does not answer in his 2 s: his side loses, and his replay ends so.
    caesar.until(lambda m: m["type"] == "view" and m["result"] is not None, 30)
    page = visit(browser_of(browser), f"{server.url}/r/{links[('seat', 'caesar')]}")
    label = page.locator("#step-label")
    expect(label).to_contain_text("of 1")
    page.locator("#slider").fill("1")
    expect(label).to_contain_text("step 1 of 1")
    expect(page.locator("#status")).to_have_text(
        "Game over: Pompeius wins — Caesar ran out of time"
    )
    page.locator("#slider").fill("0")
    expect(label).to_contain_text("step 0 of 1")
    expect(page.locator("#status")).not_to_contain_text("Game over")
    assert not faults(page)
