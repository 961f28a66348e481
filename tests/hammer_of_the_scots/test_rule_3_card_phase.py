"""Hammer of the Scots' rules file on the kit: it and every variant compile, the deal, the
card phase (HotS 3.0, 3.1) and the opening draw (HotS 8.1, 8.2).

The tests load the plugin into a catalog of their own (they ran before it was registered,
and stay independent of what else is installed).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.play.catalog import Catalog
from legatus.games.hammer_of_the_scots import plugin

DATA = plugin.HammerOfTheScots.data
VARIANTS = sorted(path.name for path in (DATA / "variants").glob("*.variant"))


@cache
def catalog() -> Catalog:
    found = Catalog()
    found.add(plugin, "hammer_of_the_scots")
    return found


def test_every_number_is_a_parameter() -> None:
    """HotS 3.0, 4.3, 5.3: the deal, the border limits and the rounds are the rules' data."""
    values = catalog().load(DATA).rules.values
    assert (values["hand_size"], values["turns_per_year"], values["battle_rounds"]) == (5, 5, 3)
    assert (values["border_limit.green"], values["border_limit.red"]) == (6, 2)


@pytest.mark.parametrize("name", VARIANTS)
def test_variant_compiles_and_changes_one_reading(name: str) -> None:
    """Reference 14 and 15: each 3.0 difference or other reading is a variant of one switch."""
    base = catalog().load(DATA).rules.values
    changed = catalog().load(DATA, DATA / "variants" / name).rules.values
    assert len([key for key in base if base[key] != changed[key]]) == 1


def test_a_year_deals_five_cards_each_and_five_card_turns() -> None:
    """HotS 3.0, 3.1: five cards each from the whole deck; each turn both play one face down,
    the higher Move card (the English on ties) or the event's player is Player 1."""
    game: Game = catalog().load(DATA)
    state = game.new_state("braveheart", seed=3)
    hands = {side: list(state["zones"][f"hand:{side}"]) for side in ("english", "scots")}
    assert [len(hand) for hand in hands.values()] == [5, 5]
    choose = random.Random(3)
    while not state["records"]["cards"]:  # both sides' cards of the first turn
        state = game.apply(state, choose.choice(game.legal_actions(state)))
    cards = state["records"]["cards"]
    values = {
        side: game.definition.cards[card].values.get("moves", 0) for side, card in cards.items()
    }
    events = [side for side, card in cards.items() if game.definition.cards[card].kind == "event"]
    if len(events) == 1:
        assert state["records"]["player1"] == events[0]
    elif not events:
        best = max(values.values())
        expected = "english" if values["english"] == best else "scots"
        assert state["records"]["player1"] == expected


def test_random_card_phases_play_to_the_end() -> None:
    """Nine years end without a fault; the last year had five turns, or fewer when both
    players' last cards were events (HotS 3.12: the year ends)."""
    game: Game = catalog().load(DATA)
    state = game.new_state("bruce", seed=5)
    choose = random.Random(5)
    while not game.is_over(state):
        state = game.apply(state, choose.choice(game.legal_actions(state)))
    played = {side: state["zones"][f"played:{side}"] for side in ("english", "scots")}
    if len(played["english"]) < 5:
        kinds = {game.definition.cards[cards[-1]].kind for cards in played.values()}
        assert kinds == {"event"}


@pytest.mark.parametrize(("scenario", "drawn"), [("braveheart", 4), ("bruce", 6)])
def test_the_opening_draw_into_england(scenario: str, drawn: int) -> None:
    """HotS 8.1, 8.2: 4 (Braveheart) or 6 (The Bruce) English pool blocks drawn into England
    at full strength; the Scots read only how many."""
    game: Game = catalog().load(DATA)
    state = game.new_state(scenario, seed=7)
    pieces = state["pieces"]
    in_england = [b for b, entry in pieces.items() if entry["at"] == "England"]
    assert len(in_england) == drawn
    assert all(pieces[b]["strength"] == game.definition.pieces[b].steps for b in in_england)
    assert all(game.definition.pieces[b].side == "english" for b in in_england)
