"""Playing in a real browser (issue 18, items 2-7): Chromium through Playwright.

Two players in two browser contexts play Julius Caesar through the card phase, a move, a
battle and a save; a human plays against MCTS; a naval match is played on its hex grid; a
replay is stepped through; the payloads a seat's page receives hold none of the other
seat's secrets; the server restarts in the middle of a match; bad input shows an error in
the page. Issue 34: Hannibal Barkas is created from the lobby with its scenario's seats and
watched; every seat is told whether the match is refereed and a seed its creator fixed; the
server's limits are told in the page.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, expect

from legatus.framework.engine.positions import read_position
from legatus.framework.engine.saves import check_save
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from tests.browser.pages import (
    WAIT,
    asked,
    click_button,
    click_piece,
    click_space,
    faults,
    log_text,
    open_page,
    targets,
    thinking_shown,
)
from tests.server.harness import Server


def create_in_lobby(
    browser: Browser,
    server: Server,
    game: str,
    seed: int | None,
    players: dict[str, str],
    scenario: str | None = None,
    refereed: bool = False,
) -> dict[str, str]:
    """Create a match with the lobby's form; its links by role or seat."""
    lobby = open_page(browser, server.url + "/")
    lobby.wait_for_selector(f'#game option[value="{game}"]', state="attached")
    lobby.select_option("#game", game)
    if scenario is not None:
        lobby.select_option("#scenario", scenario)
    seats = lobby.locator("#seats .seat-row").evaluate_all("rows => rows.map(r => r.dataset.seat)")
    assert seats == list(players), seats  # the scenario's seats, in order
    if seed is not None:
        lobby.fill("#seed", str(seed))
    if refereed:
        lobby.check("#refereed")
    for seat, player in players.items():
        name, _, options = player.partition(":")
        lobby.select_option(f"#player-{seat}", name)
        if options:
            lobby.fill(f"#player-options-{seat}", options)
    lobby.click("#create-button")
    lobby.wait_for_selector("#links li")
    links: dict[str, str] = {}
    for item in lobby.locator("#links li").all():
        key = item.get_attribute("data-seat") or item.get_attribute("data-role") or ""
        links[key] = item.locator("a.match-link").get_attribute("href") or ""
    assert not faults(lobby)
    lobby.context.close()
    return links


def test_two_players_play_julius_caesar_through_cards_a_move_a_battle_and_a_save(
    browser: Browser, server: Server
) -> None:
    links = create_in_lobby(
        browser, server, "julius_caesar", 2, {"caesar": "human", "pompey": "human"}, refereed=True
    )
    assert set(links) == {"caesar", "pompey", "host", "spectator"}
    caesar, pompey = open_page(browser, links["caesar"]), open_page(browser, links["pompey"])
    # The card phase (JC 2.1): each discards, then plays a card face down.
    asked(caesar, "discard a card face down")
    asked(pompey, "discard a card face down")
    caesar.locator("#prompt > .buttons button.choice").first.click()
    expect(caesar.locator("#undo")).to_be_enabled()
    caesar.click("#undo")  # taken back (JC 2.1's discard is Caesar's own, no die rolled)
    asked(caesar, "discard a card face down")
    expect(caesar.locator("#undo")).to_be_disabled()
    caesar.locator("#prompt > .buttons button.choice").first.click()
    pompey.locator("#prompt > .buttons button.choice").first.click()
    asked(caesar, "play a card face down")
    click_button(caesar, "play 3/1")
    asked(pompey, "play a card face down")
    click_button(pompey, "play 2/1")
    expect(caesar.locator("#log")).to_contain_text("Cards revealed: Caesar 3/1, Pompeius 2/1")
    # Caesar, Player 1, moves Legio 10 from Narbo into Tarraco: a block, then a road's end.
    asked(caesar, "choose a group or a sea move")
    click_space(caesar, "Narbo")
    asked(caesar, "move blocks of the group at Narbo")
    assert set(targets(caesar)) == {"Legio 7", "Legio 9", "Legio 10"}
    click_piece(caesar, "Legio 10")
    assert "Tarraco" in targets(caesar) and "Roma" not in targets(caesar)
    click_space(caesar, "Tarraco")
    expect(caesar.locator("#log")).to_contain_text(
        "Caesar moves Legio 10 Narbo -> Tarraco: attacks Tarraco"
    )
    expect(pompey.locator("#log")).to_contain_text("Caesar moves a block Narbo -> Tarraco")
    assert "Legio 10" not in log_text(pompey)
    for button in ("end group", "end moves", "end levy"):
        click_button(caesar, button)
    asked(pompey, "choose a group or a sea move")
    click_button(pompey, "end moves")
    click_button(pompey, "end levy")
    # The battle at Tarraco (JC 7.0): Pompeius's blocks fire, the dice are shown.
    for block in ("P Equitatus 1", "Legio 5", "Legio 6"):
        asked(pompey, "Battle at Tarraco")
        click_piece(pompey, block)
        click_button(pompey, "fire")
    for page in (caesar, pompey):
        expect(page.locator("#log")).to_contain_text("Battle at Tarraco ends: Pompeius wins")
        expect(page.locator("#log .die").first).to_be_visible()
    assert (
        caesar.locator("#log li", has_text="Legio 5 (C2) fires 3 dice").locator(".die").count() == 3
    )
    # A save: the host of this refereed match downloads it; it replays to the same match.
    host = open_page(browser, links["host"])
    host.wait_for_selector("#save-link")
    with host.expect_download() as download:
        host.click("#save-link")
    data = check_save(json.loads(Path(download.value.path()).read_text("utf-8")))
    session = Match.resume(data, default_catalog().load_saved)
    assert any("Battle at Tarraco ends" in e["text"] for e in session.state["log"])
    for page in (caesar, pompey, host):
        assert not faults(page)


def test_a_human_plays_against_mcts_which_is_shown_thinking(
    browser: Browser, server: Server
) -> None:
    server.stop()
    slow = Server(server.db, ai_delay=0.6).start()
    try:
        links = create_in_lobby(
            browser, slow, "julius_caesar", 2, {"caesar": "human", "pompey": "mcts:iterations=10"}
        )
        caesar = open_page(browser, links["caesar"])
        asked(caesar, "discard a card face down")
        # Pompeius may have discarded before the page opened (the machine may be slow): his
        # next decision, playing a card, comes once Caesar has discarded, with the page
        # open. The indicator may come and go before the test looks: the page records every
        # text it showed (tests/browser/pages.py).
        caesar.locator("#prompt > .buttons button.choice").first.click()
        asked(caesar, "play a card face down")
        caesar.wait_for_function(
            "() => window.thinkingShown.some(t => t.includes('Pompeius thinking'))",
            timeout=WAIT,
        )
        assert any("Pompeius thinking" in shown for shown in thinking_shown(caesar))
        caesar.locator("#prompt > .buttons button.choice").first.click()
        expect(caesar.locator("#log")).to_contain_text("Cards revealed", timeout=WAIT)
        assert not faults(caesar)
    finally:
        slow.stop()


def test_a_naval_match_draws_facing_two_hex_galleys_and_moves_by_clicking_hexes(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="gbojc_naval", seed=3, players={"romans": "human", "veneti": "random"}
    )
    romans = open_page(browser, f"{server.url}/m/{links[('seat', 'romans')]}")
    asked(romans, "you won the initiative")
    galley = romans.locator('[data-piece="Delphinus"] polygon.counter')
    expect(galley).to_have_count(1)
    assert "rotate(0)" in (galley.get_attribute("transform") or "")  # facing N
    assert romans.locator(".hex").count() == 44 * 26
    click_button(romans, "go first")
    asked(romans, "set each galley's speed")
    click_button(romans, "speeds set")
    asked(romans, "activate")
    click_piece(romans, "Decimus Brutus")
    asked(romans, "choose a ship to move")
    click_piece(romans, "Delphinus")
    asked(romans, "announce its movement points")
    click_button(romans, "speed 2")
    asked(romans, "movement point(s) left")
    rows = [t for t in targets(romans) if re.fullmatch(r"\d{4}", str(t))]
    assert rows, targets(romans)
    click_space(romans, rows[0])
    expect(romans.locator("#log")).to_contain_text("Delphinus")
    assert not faults(romans)


def naval_grapple_save() -> dict[str, object]:
    """A save of the naval game from a position file: Cygnus, tired, grappled to Esus."""
    game = default_catalog().load("gbojc_naval")
    position = read_position(Path(__file__).with_name("grapple.position.yaml"))
    match = Match.from_position(game, position, history=True)
    assert match.state["pieces"]["Cygnus"]["attrs"]["grappled"] == ["Esus"]
    return match.to_save()


def test_naval_counters_show_fatigue_and_grappling(browser: Browser, server: Server) -> None:
    links = server.create(
        position=json.dumps(naval_grapple_save()), players={"romans": "human", "veneti": "human"}
    )
    page = open_page(browser, f"{server.url}/m/{links[('seat', 'romans')]}")
    cygnus = page.locator('[data-piece="Cygnus"]')
    expect(cygnus.locator(".badge-text", has_text="F1")).to_have_count(1)
    expect(page.locator("line.link")).to_have_count(1)
    assert page.locator("line.link title").text_content() in ("Cygnus — Esus", "Esus — Cygnus")
    assert not faults(page)


def test_a_replay_is_stepped_through_with_the_slider_from_each_view(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="julius_caesar",
        seed=4,
        players={"caesar": "random", "pompey": "random"},
        refereed=True,  # its host may see every view while the match runs
    )
    watcher = server.socket(links[("spectator", "")])
    watcher.until(lambda m: m["type"] == "view" and m["moves"] >= 20, timeout=60)
    page = open_page(browser, f"{server.url}/r/{links[('host', '')]}")
    label = page.locator("#step-label")
    expect(label).to_contain_text(re.compile(r"step \d+ of \d+"))
    page.locator("#slider").fill("0")
    expect(label).to_contain_text("step 0 of")
    page.click("#next")
    expect(label).to_contain_text("step 1 of")
    options = page.locator("#view-select option").all_inner_texts()
    assert options == ["public view", "Caesar's view", "Pompeius's view"]
    page.select_option("#view-select", "caesar")
    expect(page.locator(".zone", has_text="hand (Caesar)").locator(".card").first).to_be_visible()
    page.select_option("#view-select", "")
    expect(page.locator(".zone", has_text="hand (Caesar)")).to_contain_text("cards")
    assert page.locator(".zone .card").count() == 0
    assert not faults(page)


def test_a_seat_page_receives_no_secret_of_the_other_seat(browser: Browser, server: Server) -> None:
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
    )
    caesar = open_page(browser, "about:blank")
    frames: list[str] = []
    caesar.on(
        "websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload)))
    )
    caesar.goto(f"{server.url}/m/{links[('seat', 'caesar')]}")
    pompey = open_page(browser, f"{server.url}/m/{links[('seat', 'pompey')]}")
    asked(pompey, "discard a card face down")
    pompey.locator("#prompt > .buttons button.choice").first.click()
    expect(pompey.locator("#log")).to_contain_text("Pompeius discards ")
    asked(caesar, "discard a card face down")
    expect(caesar.locator("#log")).to_contain_text("Pompeius discards a card face down")
    private = [line for line in pompey.locator("#log li.private").all_inner_texts()]
    assert private
    definition = default_catalog().definition("julius_caesar")
    hidden = [
        pid
        for pid, piece in definition.pieces.items()
        if piece.side == "pompey" and pid not in ("Cleopatra", "Pompeius")
    ]
    shown = caesar.locator("body").inner_text()
    for text in (*frames, shown):
        for pid in hidden:
            assert not re.search(rf"(?<!\w){re.escape(pid)}(?!\w)", text), pid
        for line in private:
            assert line.replace(" (only you)", "") not in text
    hand = caesar.locator(".zone", has_text="hand (Pompeius)")
    expect(hand).to_contain_text("5 cards")


def test_the_hot_seat_screen_hides_one_seat_before_the_next_sees_it(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}, hot_seat=True
    )
    page = open_page(browser, f"{server.url}/m/{links[('hot-seat', '')]}")
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Caesar.")
    page.click("#handover-button")
    asked(page, "Caesar: discard a card face down")
    caesar_hand = page.locator(".zone", has_text="hand (Caesar)").inner_text()
    page.locator("#prompt > .buttons button.choice").first.click()
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Pompeius.")
    expect(page.locator("#layout")).to_be_hidden()
    assert page.locator("#log li").count() == 0 and page.locator(".piece.own").count() == 0
    page.click("#handover-button")
    asked(page, "Pompeius: discard a card face down")
    assert caesar_hand not in page.locator("body").inner_text()
    private = page.locator("#log li.private").all_inner_texts()
    assert not [line for line in private if line.startswith("Caesar")]
    assert not faults(page)


def test_the_hot_seat_takes_back_the_last_move_from_the_hand_over_screen_or_a_view(
    browser: Browser, server: Server
) -> None:
    """Issue 34: undo worked only for a seat's own page. On a hot seat the last move made at
    the screen is taken back before the screen is handed over, or from the next seat's view;
    the screen then goes back to the seat asked again, behind the hand-over screen."""
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}, hot_seat=True
    )
    page = open_page(browser, f"{server.url}/m/{links[('hot-seat', '')]}")
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Caesar.")
    expect(page.locator("#handover-undo")).to_be_hidden()  # nothing played yet
    page.click("#handover-button")
    asked(page, "Caesar: discard a card face down")
    expect(page.locator("#undo")).to_be_disabled()
    page.locator("#prompt > .buttons button.choice").first.click()
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Pompeius.")
    page.click("#handover-undo")  # Caesar changes his mind before handing the screen over
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Caesar.")
    expect(page.locator("#handover-undo")).to_be_hidden()
    page.click("#handover-button")
    asked(page, "Caesar: discard a card face down")
    page.locator("#prompt > .buttons button.choice").last.click()
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Pompeius.")
    page.click("#handover-button")
    asked(page, "Pompeius: discard a card face down")
    page.click("#undo")  # the players agree: Caesar's card is taken back from here too
    expect(page.locator("#handover-text")).to_have_text("Hand the screen to Caesar.")
    expect(page.locator("#layout")).to_be_hidden()
    page.click("#handover-button")
    asked(page, "Caesar: discard a card face down")
    assert not faults(page)


def test_a_restart_in_the_middle_of_a_match_and_the_page_goes_on(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="julius_caesar", seed=2, players={"caesar": "human", "pompey": "random"}
    )
    caesar = open_page(browser, f"{server.url}/m/{links[('seat', 'caesar')]}")
    asked(caesar, "discard a card face down")
    caesar.locator("#prompt > .buttons button.choice").first.click()
    asked(caesar, "play a card face down")
    port = server.port
    server.stop()
    expect(caesar.locator("#connection")).to_contain_text("reconnecting")
    server.start(port)
    expect(caesar.locator("#connection")).to_have_text("", timeout=WAIT)
    asked(caesar, "play a card face down")
    caesar.locator("#prompt > .buttons button.choice").first.click()
    expect(caesar.locator("#log")).to_contain_text("Cards revealed")
    assert not faults(caesar)


def test_bad_input_shows_an_error_in_the_page(browser: Browser, server: Server) -> None:
    unknown = open_page(browser, f"{server.url}/m/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4")
    expect(unknown.locator("#message")).to_contain_text("this link is unknown or was mistyped")
    lobby = open_page(browser, f"{server.url}/")
    lobby.wait_for_selector("#game option", state="attached")
    lobby.set_input_files(
        "#upload-file",
        {"name": "save.json", "mimeType": "application/json", "buffer": b"{not a save"},
    )
    lobby.click("#upload button")
    expect(lobby.locator("#message")).to_contain_text(
        "this file is not a save file (corrupt or not JSON)"
    )
    lobby.set_input_files(
        "#upload-file",
        {"name": "big.json", "mimeType": "application/json", "buffer": b" " * (5 * 1024 * 1024)},
    )
    lobby.click("#upload button")
    expect(lobby.locator("#message")).to_contain_text(
        "too large: a request here may hold at most 4194304 bytes"
    )
    lobby.select_option("#game", "julius_caesar")
    lobby.fill("#seed", "99999999999999999999999")
    lobby.click("#create-button")
    expect(lobby.locator("#message")).to_contain_text("seed: expected a whole number")
    links = server.create(
        game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
    )
    caesar = open_page(browser, f"{server.url}/m/{links[('seat', 'caesar')]}")
    asked(caesar, "discard a card face down")
    caesar.evaluate("() => window.legatusPage.sendRaw('not json {')")
    expect(caesar.locator("#message")).to_contain_text("malformed message: not JSON")
    caesar.evaluate(
        """() => window.legatusPage.sendRaw(JSON.stringify(
            {type: "act", action: "play(2/1)", revision: 1, side: "pompey"}))"""
    )
    expect(caesar.locator("#message")).to_contain_text("you can only act for your own seat")
    other_tab = open_page(browser, f"{server.url}/m/{links[('seat', 'caesar')]}")
    asked(other_tab, "discard a card face down")
    caesar.locator("#prompt > .buttons button.choice").first.click()
    expect(caesar.locator("#log")).to_contain_text("Caesar discards")
    other_tab.evaluate(
        """() => window.legatusPage.sendRaw(JSON.stringify(
            {type: "act", action: "discard(Mars)", revision: 1}))"""
    )
    expect(other_tab.locator("#message")).to_contain_text(
        re.compile(r"your seat has already answered \(discard\(.+\)\), perhaps in another page")
    )
    # A binary frame, and a frame larger than the server reads at all (issue 34, item 6).
    other_tab.evaluate("() => window.legatusPage.sendRaw(new Uint8Array([0, 1, 2]))")
    expect(other_tab.locator("#message")).to_contain_text(
        "binary messages are not understood here: send JSON text"
    )
    other_tab.evaluate("() => window.legatusPage.sendRaw('['.repeat(2 * 1024 * 1024))")
    expect(other_tab.locator("#message")).to_contain_text(
        "the server closed the connection: a message was too large (at most 16 KiB)"
    )
    expect(other_tab.locator("#connection")).to_have_text("", timeout=WAIT)  # back again
    assert not faults(caesar) and not faults(other_tab)


def test_hannibal_barkas_is_created_from_the_lobby_and_watched_by_spectators_and_host(
    browser: Browser, server: Server
) -> None:
    """Issue 34, items 1 and 2: the form offers the scenario's seats (Rome plays both its
    consuls' sides), and the public view of a game with teams builds for every page."""
    links = create_in_lobby(
        browser,
        server,
        "hannibal_barkas",
        3,
        {"rome": "human", "carthage": "random", "syracuse": "random"},
        scenario="gates-3p",
    )
    assert set(links) == {"rome", "host", "spectator"}
    rome = open_page(browser, links["rome"])
    watchers = [open_page(browser, links[role]) for role in ("spectator", "host")]
    expect(rome.locator("#who")).to_contain_text("Rome (north)")
    expect(rome.locator("#who")).to_contain_text("Rome (south)")
    expect(rome.locator("#prompt h2")).not_to_be_empty(timeout=WAIT)
    rome.locator("#prompt button.choice").first.click()
    for page in (rome, *watchers):
        expect(page.locator("#log li").first).to_be_visible()
        expect(page.locator("#connection")).to_have_text("")
        expect(page.locator("#message")).to_be_hidden()
    expect(watchers[0].locator("#who")).to_have_text("Spectator (public view)")
    expect(watchers[1].locator("#who")).to_have_text("Host (watching: public view)")
    for page in (rome, *watchers):
        assert not faults(page)


def test_every_seat_is_told_how_the_match_was_made(browser: Browser, server: Server) -> None:
    """Issue 34, item 7: refereed or not, and a seed the creator fixed; the host of a match
    that is not refereed may not download the save during play."""
    refereed = create_in_lobby(
        browser, server, "julius_caesar", 49, {"caesar": "human", "pompey": "human"}, refereed=True
    )
    for key in ("caesar", "pompey", "spectator", "host"):
        page = open_page(browser, refereed[key])
        expect(page.locator("#refereed")).to_have_text("Refereed: the host sees every side")
        expect(page.locator("#seed")).to_have_text("seed 49")
        page.context.close()
    plain = create_in_lobby(
        browser, server, "julius_caesar", None, {"caesar": "human", "pompey": "human"}
    )
    caesar = open_page(browser, plain["caesar"])
    host = open_page(browser, plain["host"])
    asked(caesar, "discard a card face down")
    for page in (caesar, host):
        expect(page.locator("#who")).not_to_be_empty()
        expect(page.locator("#refereed")).to_have_count(0)
        expect(page.locator("#seed")).to_have_count(0)  # drawn by the server: secret
    expect(host.locator("#replay-link")).to_be_visible()
    expect(host.locator("#save-link")).to_have_count(0)
    assert not faults(caesar) and not faults(host)


def test_the_servers_limits_are_told_in_one_line(browser: Browser, tmp_path: Path) -> None:
    """Issue 34, items 3 and 4: a spectator beyond the cap, chat beyond its rate, a match
    that expired; the clock is the test's, moved by hand."""

    class Clock:
        now = time.time()

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    server = Server(
        tmp_path / "db.sqlite", max_spectators=0, chat_per_minute=2, expire_after=3600.0,
        clock=clock,
    ).start()  # fmt: skip
    try:
        links = server.create(
            game="julius_caesar", seed=7, players={"caesar": "human", "pompey": "human"}
        )
        spectator = open_page(browser, f"{server.url}/m/{links[('spectator', '')]}")
        expect(spectator.locator("#message")).to_contain_text(
            "this match has 0 spectators already, this server's limit: try again later"
        )
        caesar = open_page(browser, f"{server.url}/m/{links[('seat', 'caesar')]}")
        asked(caesar, "discard a card face down")
        for line in ("Ave", "Vale", "Salve"):
            caesar.fill("#chat-input", line)
            caesar.click("#chat-form button")
        expect(caesar.locator("#message")).to_contain_text(
            "at most 2 chat lines a minute from one seat"
        )
        expect(caesar.locator("#chat li")).to_have_count(2)
        clock.now += 3601
        server.create(game="julius_caesar", players={"caesar": "human", "pompey": "human"})
        expect(caesar.locator("#message")).to_contain_text(
            "this match expired: no action for 1 hour"
        )
        assert not faults(caesar) and not faults(spectator)
    finally:
        server.stop()
