"""Effects written in the rules language, run by the engine: the shipped event cards of
Julius Caesar (``choose``, ``for``, calls of registered effects and procedures), and the
rulebooks' readings in the shipped variant ``rulebook_events``."""

from __future__ import annotations

import pytest

from framework.engine.state import State
from framework.errors import IllegalActionError
from framework.testing import GameUnderTest, rules_game
from tests.julius_caesar.conftest import empty_board, place


def battlefield(game: GameUnderTest) -> State:
    state = empty_board(game.setup())
    place(state, "Neapolis", "Pompeius", strength=3)
    place(state, "Neapolis", "Legio 1", strength=1)
    place(state, "Roma", "Legio 3", strength=2)
    place(state, "Mare Tyrrhenum", "P Navis 1", strength=2)
    place(state, "Neapolis", "Legio 13", strength=3)
    place(state, "Ravenna", "Caesar", strength=3)
    state["records"].update(
        trophies={"caesar": [], "pompey": []}, leaders_lost={"caesar": 0, "pompey": 0}
    )
    return state


def played(card: str, side: str, variant: str | None = None) -> tuple[GameUnderTest, State]:
    game = rules_game("julius_caesar", variant=variant)
    state = battlefield(game)
    game.run_procedure(state, "play_event", card=card, side=side)
    return game, state


def test_card_vulcan_offers_enemy_groups_not_at_sea() -> None:
    game, state = played("Vulcan", "caesar")
    assert (state["prompt"]["side"], state["prompt"]["kind"]) == ("caesar", "choose")
    assert game.legal(state) == ["choose(Neapolis)", "choose(Roma)"]


def test_card_vulcan_every_enemy_block_loses_a_step_even_if_eliminated() -> None:
    game, state = played("Vulcan", "caesar")
    game.apply(state, "choose(Neapolis)")
    pieces = state["pieces"]
    assert pieces["Pompeius"]["strength"] == 2
    assert pieces["Legio 1"]["at"] == "pool"
    assert pieces["Legio 13"]["strength"] == 3  # Caesar's own block in Neapolis is spared


def test_rulebook_vulcan_strikes_every_block_in_the_city() -> None:
    game, state = played("Vulcan", "caesar", "rulebook_events")
    assert "choose(Ravenna)" in game.legal(state)  # any occupied city, even one's own
    game.apply(state, "choose(Neapolis)")
    pieces = state["pieces"]
    assert pieces["Legio 13"]["strength"] == 2
    assert pieces["Pompeius"]["strength"] == 2
    assert pieces["Legio 1"]["at"] == "pool"


def test_choosing_an_option_not_offered_is_illegal_and_changes_nothing() -> None:
    game, state = played("Vulcan", "caesar")
    before = repr(state)
    with pytest.raises(IllegalActionError, match="legal: choose\\(Neapolis\\), choose\\(Roma\\)"):
        game.apply(state, "choose(Ravenna)")
    assert repr(state) == before


def test_vulcan_with_no_enemy_group_only_passes() -> None:
    game = rules_game("julius_caesar")
    state = empty_board(game.setup())
    place(state, "Ravenna", "Caesar")
    game.run_procedure(state, "play_event", card="Vulcan", side="caesar")
    assert game.legal(state) == ["pass"]
    game.apply(state, "pass")
    assert state["pieces"]["Caesar"]["at"] == "Ravenna"


def test_card_pluto_and_rulebook_pluto_move_different_groups() -> None:
    """The card: no navis, no sea moves; the rulebooks: any group, navis too."""
    card, state = played("Pluto", "pompey")
    book, book_state = played("Pluto", "pompey", "rulebook_events")
    card_groups, book_groups = set(card.legal(state)), set(book.legal(book_state))
    assert "group(Mare Tyrrhenum)" not in card_groups
    assert "group(Mare Tyrrhenum)" in book_groups
    assert {"group(Neapolis)", "group(Roma)"} <= card_groups


def test_effects_are_found_by_their_card() -> None:
    rules = rules_game("julius_caesar").rules
    vulcan = rules.effect_for_card("Vulcan")
    assert vulcan is not None and vulcan.name == "vulcan"
    assert rules.effect_for_card("Apollo") is None
