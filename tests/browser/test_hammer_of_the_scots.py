"""Hammer of the Scots played through the page (issue 33, item 4): the English, a human,
against random Scots (Braveheart, seed 2). A card is played (HotS 3.1), a block moved by
clicking its area, itself and where it goes (HotS 4.2), and the battle at Atholl the Scots
started is fought from the battle board (HotS 5.3-5.4); the header and the panels say the
year, the phase, the nobles seen and the cards in words (kit.pages), and each area's marker
shows its castle limit (the map's ``draw: number``)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.pages import (
    asked,
    click_button,
    click_piece,
    click_space,
    faults,
    open_page,
    targets,
)
from tests.server.harness import Server


def test_the_english_play_a_card_move_a_block_and_fight_from_the_battle_board(
    browser: Browser, server: Server
) -> None:
    links = server.create(
        game="hammer_of_the_scots",
        scenario="braveheart",
        seed=2,
        players={"english": "human", "scots": "random"},
    )
    english = open_page(browser, f"{server.url}/m/{links[('seat', 'english')]}")
    asked(english, "play a card face down")
    header = english.locator("#top")
    expect(header).to_contain_text("1297")
    expect(header).to_contain_text("card phase (HotS 3.1)")
    expect(header).to_contain_text("nobles seen")
    expect(english.locator('[data-space="Mentieth"] text.vp')).to_have_text("3")  # castle
    click_button(english, "play 1 (moves 1)")
    expect(english.locator("#log")).to_contain_text("Cards revealed: English 1, Scots 2")
    asked(english, "choose a group")
    click_space(english, "Lennox")
    asked(english, "move blocks of the group in Lennox")
    click_piece(english, "Lennox/E")
    assert "Carrick" in targets(english) and "Moray" not in targets(english)
    click_space(english, "Carrick")
    click_button(english, "move via Lennox")
    expect(english.locator("#log")).to_contain_text("English move Lennox/E Lennox -> Carrick")
    asked(english, "Battle at Atholl")
    board = english.locator("#battle")
    expect(board).to_contain_text("Battle at Atholl")
    expect(board).to_contain_text("round 1 of 3")
    expect(board.locator('[data-side="scots"]')).to_contain_text("attacker")
    expect(board.locator('[data-side="english"]')).to_contain_text("defender")
    click_piece(english, "Atholl/E")
    click_button(english, "fire")
    # A noble defending his home area fires 3 (HotS 1.4), the Scots' Moray retreats.
    expect(english.locator("#log")).to_contain_text("Atholl/E (B3) fires 3 dice")
    expect(english.locator("#log")).to_contain_text("Battle at Atholl ends: the English win")
    assert "Cards played" in english.inner_text("body")
    assert not faults(english)
