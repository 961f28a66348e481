"""Effects written in the rules language, run by the engine: the shipped event cards of
Julius Caesar (``choose``, ``for``, calls of registered effects and procedures), and the
rulebooks' readings in the shipped variant ``rulebook_events``. Each test starts at a
command phase whose event a side played, as after a real card phase."""

from __future__ import annotations

import pytest

from legatus.framework.model.errors import IllegalActionError
from legatus.framework.tools.testing import Kit, PlayFrom, load_game
from tests.julius_caesar.conftest import command_turn

#: Pompeius holds Neapolis (Pompeius and Legio 1), Roma and Mare Tyrrhenum, Caesar holds
#: Sipontum (Legio 13, next to Neapolis) and Ravenna (no location is contested at the start
#: of a command phase: battles are fought in the battle phase).
BATTLEFIELD = {
    "Neapolis": ["Pompeius", "Legio 1"],
    "Sipontum": ["Legio 13"],
    "Roma": ["Legio 3"],
    "Mare Tyrrhenum": ["P Navis 1"],
    "Ravenna": ["Caesar"],
}
STRENGTHS = {"Legio 1": 1, "Legio 3": 2}


def played(play_from: PlayFrom, card: str, side: str, variant: str | None = None) -> Kit:
    return command_turn(
        play_from,
        BATTLEFIELD,
        strengths=STRENGTHS,
        player1=side,
        caesar=(0, 0),
        records={"event": {"card": card, "side": side}},
        variant=variant,
    )


def test_card_vulcan_offers_enemy_groups_not_at_sea(play_from: PlayFrom) -> None:
    kit = played(play_from, "Vulcan", "caesar")
    assert kit.asked == ("caesar", "choose")
    assert kit.legal() == ["choose(Neapolis)", "choose(Roma)"]


def test_card_vulcan_every_enemy_block_loses_a_step_even_if_eliminated(play_from: PlayFrom) -> None:
    kit = played(play_from, "Vulcan", "caesar").act("choose(Neapolis)")
    assert kit.strength("Pompeius") == 2
    assert kit.at("Legio 1") == "pool"
    assert kit.strength("Legio 13") == 3  # Caesar's own blocks are spared


def test_rulebook_vulcan_strikes_every_block_in_the_city(play_from: PlayFrom) -> None:
    """The rulebooks' Vulcan: every block in one city, of either side, even one's own."""
    kit = played(play_from, "Vulcan", "caesar", "rulebook_events")
    assert kit.legal() == [
        "choose(Neapolis)",
        "choose(Ravenna)",
        "choose(Roma)",
        "choose(Sipontum)",
    ]  # any occupied city
    kit.act("choose(Neapolis)")
    assert kit.strength("Pompeius") == 2
    assert kit.at("Legio 1") == "pool"
    own = played(play_from, "Vulcan", "caesar", "rulebook_events").act("choose(Sipontum)")
    assert own.strength("Legio 13") == 2


def test_choosing_an_option_not_offered_is_illegal_and_changes_nothing(play_from: PlayFrom) -> None:
    kit = played(play_from, "Vulcan", "caesar")
    before = kit.export()
    with pytest.raises(IllegalActionError, match="legal: choose\\(Neapolis\\), choose\\(Roma\\)"):
        kit.act("choose(Ravenna)")
    assert kit.export() == before


def test_vulcan_with_no_enemy_group_only_passes(play_from: PlayFrom) -> None:
    kit = command_turn(
        play_from,
        {"Ravenna": ["Caesar"]},
        caesar=(0, 0),
        records={"event": {"card": "Vulcan", "side": "caesar"}},
    )
    assert kit.legal() == ["pass"]
    kit.act("pass")
    assert kit.at("Caesar") == "Ravenna"


def test_card_pluto_and_rulebook_pluto_move_different_groups(play_from: PlayFrom) -> None:
    """The card: no navis, no sea moves; the rulebooks: any group, navis too."""
    card = set(played(play_from, "Pluto", "pompey").legal())
    book = set(played(play_from, "Pluto", "pompey", "rulebook_events").legal())
    assert "group(Mare Tyrrhenum)" not in card
    assert "group(Mare Tyrrhenum)" in book
    assert {"group(Neapolis)", "group(Roma)"} <= card


def test_effects_are_found_by_their_card() -> None:
    rules = load_game("julius_caesar").rules
    vulcan = rules.effect_for_card("Vulcan")
    assert vulcan is not None and vulcan.name == "vulcan"
    assert rules.effect_for_card("Apollo") is None
