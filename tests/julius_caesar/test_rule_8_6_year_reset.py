"""JC 8.6 year reset: face-up blocks in the pools stand up again (levy-able next year);
all 27 cards are shuffled and dealt anew (the next year's JC 2.1 deal)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from framework.engine.core import Context, Immediate
from framework.testing import GameUnderTest as Game
from games.julius_caesar.cards import full_deck
from tests.julius_caesar.conftest import empty_board, place


def test_face_up_blocks_stand_and_cards_are_gathered(make_game: Callable[..., Game]) -> None:
    """JC 8.6: Legio 7 (face up in the pool, eliminated this year) stands again; the
    hands, discards and played cards return to the deck (27 cards); the year's card
    records go; trophies stay (JC 1.2)."""
    game = make_game("year_reset")
    state = empty_board(game.setup())
    state["pieces"]["Legio 7"]["flags"] = ["face_up"]
    place(state, "Roma", "Legio 13")
    zones = state["zones"]
    zones["hand:caesar"], zones["played:pompey"], zones["discarded:caesar"] = (
        ["2/2"],
        ["Mars", "3/1"],
        ["1/2"],
    )
    state["records"].update(
        cards={"caesar": "2/2", "pompey": "3/1"},
        player1="caesar",
        cancelled=False,
        event=None,
        trophies={"caesar": ["Scipio"]},
    )
    game.begin(state)
    assert state["pieces"]["Legio 7"]["flags"] == []
    assert state["pieces"]["Legio 7"]["at"] == "pool"
    assert Counter(zones["deck"]) == Counter(full_deck(game.definition))
    assert all(not held for key, held in zones.items() if key != "deck")
    assert state["records"] == {**game.setup()["records"], "trophies": {"caesar": ["Scipio"]}}


def deal_by_hand(ctx: Context) -> None:
    """Stands in for the shuffle: Caesar is dealt 2/2 and Apollo, Pompey 3/1."""
    ctx.state["zones"]["hand:caesar"] = ["2/2", "Apollo"]
    ctx.state["zones"]["hand:pompey"] = ["3/1"]


@pytest.mark.parametrize(
    ("steps", "plays"),
    [
        (("year_reset", "deal_cards", "card_phase"), ["play(2/2)"]),
        (("deal_cards", "card_phase"), ["play(2/2)", "play(Apollo)"]),
    ],
)
def test_next_year_apollo_is_again_barred_in_the_first_turn(
    make_game: Callable[..., Game], steps: tuple[str, ...], plays: list[str]
) -> None:
    """JC 8.6 then 2.1 (card Apollo): last year's last cards were Caesar 3/1, Pompey 2/2.
    After the reset they are forgotten, so a hand 2/2, Apollo offers only play(2/2) in
    the new year's first turn (1 action); without the reset Apollo could copy (2)."""
    # The year's deal is set by hand (deal_by_hand stands in for deal_cards): no shuffle.
    game = make_game(*steps).with_procedures(deal_cards=Immediate(deal_by_hand))
    state = game.setup()
    state["records"]["cards"] = {"caesar": "3/1", "pompey": "2/2"}
    game.begin(state)
    assert [a.text for a in game.legal_actions(state)] == plays


def test_face_down_blocks_stand_too(make_game: Callable[..., Game]) -> None:
    """JC 8.6 with the Polish 7.5 (eliminated blocks lie face down): they stand up too."""
    game = make_game("year_reset", eliminated__face_up=False)
    state = empty_board(game.setup())
    state["pieces"]["Legio 7"]["flags"] = ["face_down"]
    game.begin(state)
    assert state["pieces"]["Legio 7"]["flags"] == []
