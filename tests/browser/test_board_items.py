"""The board made readable (issue 34, items 8-11): a battle board, names in the player's
language, Hannibal Barkas on its geographic map, a map readable at full size."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.pages import asked, click_button, faults, open_page
from tests.browser.saves import hb_battle_save, jc_battle_save
from tests.server.harness import Server

#: The class of the space a battle is fought in, on the map.
BATTLE_HERE = re.compile(r"\bbattle-here\b")


def test_a_julius_caesar_battle_is_shown_on_the_battle_board(
    browser: Browser, server: Server
) -> None:
    """Item 8: the battle at Tarraco in round 2: both sides' blocks by initiative, the hits
    they took, the turns to come, the firer highlighted; firing from the battle board."""
    links = server.create(position=jc_battle_save(), players={"caesar": "human", "pompey": "human"})
    caesar = open_page(browser, f"{server.url}/m/{links[('seat', 'caesar')]}")
    pompey = open_page(browser, f"{server.url}/m/{links[('seat', 'pompey')]}")
    for page in (caesar, pompey):
        board = page.locator("#battle")
        expect(board).to_contain_text("Battle at Tarraco")
        expect(board.locator("#battle-round")).to_have_text("round 2 of 4")
        attacker = board.locator('.battle-side[data-side="caesar"]')
        expect(attacker).to_contain_text("attacker")
        expect(attacker.locator('[data-battle-piece="Legio 7"] .bp-hits')).to_have_text("−1")
        defender = board.locator('.battle-side[data-side="pompey"]')
        lines = defender.locator(".battle-line .battle-label").all_inner_texts()
        assert lines == ["B", "C"], lines
        expect(defender.locator('[data-battle-piece="P Equitatus 1"]')).to_have_class(
            "battle-piece status-firing firing" + (" target" if page is pompey else "")
        )
        expect(board.locator("#battle-order")).to_have_text(
            "to fire: P Equitatus 1 → Legio 5, Legio 6 → Legio 7"
        )
        expect(page.locator('.space[data-space="Tarraco"]')).to_have_class(BATTLE_HERE)
    asked(pompey, "Battle at Tarraco, round 2")
    pompey.locator('#battle [data-battle-piece="P Equitatus 1"]').click()
    click_button(pompey, "fire")
    for page in (caesar, pompey):
        tile = page.locator('#battle [data-battle-piece="P Equitatus 1"]')
        expect(tile).to_have_class("battle-piece status-acted")
        expect(page.locator("#battle .battle-events")).to_contain_text("P Equitatus 1 (B3) fires")
    for page in (caesar, pompey):
        assert not faults(page)


def test_a_hannibal_barkas_battle_is_shown_on_the_battle_board(
    browser: Browser, server: Server
) -> None:
    """Item 8: a d10 battle: the armies by the step they fire in, counted by kind, their
    leaders, the d10s rolled and the units lost."""
    links = server.create(position=hb_battle_save(), players={"rome": "human", "carthage": "human"})
    page = open_page(browser, f"{server.url}/m/{links[('spectator', '')]}")
    board = page.locator("#battle")
    expect(board).to_contain_text("Battle in Insubres")
    rome = board.locator('.battle-side[data-side="rome_north"]')
    expect(rome).to_contain_text("attacker")
    expect(
        rome.locator('.battle-line[data-line="step 3: heavy and Gallic infantry"]')
    ).to_contain_text("8 HI")
    expect(rome.locator('[data-battle-piece="Konsul I"]')).to_contain_text("1A")
    expect(rome).to_contain_text("3 units lost on this side")
    expect(board.locator('.battle-side[data-side="gauls"]')).to_contain_text("4 GI")
    expect(board.locator(".battle-events .die").first).to_be_visible()
    expect(page.locator('.space[data-space="Insubres"]')).to_have_class(BATTLE_HERE)
    assert not faults(page)


def test_names_show_in_the_language_chosen_english_by_default(
    browser: Browser, server: Server
) -> None:
    """Item 11: Hannibal Barkas's data name its places, leaders and cards in English and
    Polish; the page writes English unless the player picks Polish, in the page or in
    the lobby, and the actions sent keep the ids."""
    links = server.create(position=hb_battle_save(), players={"rome": "human", "carthage": "human"})
    page = open_page(browser, f"{server.url}/m/{links[('seat', 'rome')]}")
    select = page.locator("#language")
    expect(select).to_have_value("en")
    assert select.locator("option").all_inner_texts() == ["English", "Polski"]
    discards = page.locator(".zone", has_text="discard rome")
    expect(discards).to_contain_text("Roman Fleet")  # the card Flota rzymska
    expect(page.locator('.space[data-space="Iliria"] .space-label')).to_have_text("Illyria")
    select.select_option("pl")
    expect(discards).to_contain_text("Flota rzymska")
    expect(page.locator('.space[data-space="Iliria"] .space-label')).to_have_text("Iliria")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    # The choice stays with this browser: the lobby offers it for the next match.
    lobby = page.context.new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector('#game option[value="hannibal_barkas"]', state="attached")
    lobby.select_option("#game", "hannibal_barkas")
    expect(lobby.locator("#language")).to_have_value("pl")
    lobby.select_option("#language", "en")
    page.reload()
    expect(page.locator("#language")).to_have_value("en")
    expect(page.locator(".zone", has_text="discard rome")).to_contain_text("Roman Fleet")
    assert not faults(page)
