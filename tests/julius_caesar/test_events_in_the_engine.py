"""The event cards run from the rules file through the engine (JC 2.1, the cards).

Each test starts at a command phase whose event a side played: the command phase plays
the event's effect (``play_event``) exactly as after a real card phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import command_turn


def event(
    play_from: PlayFrom,
    card: str,
    side: str,
    where: Mapping[str, Sequence[str]],
    strengths: Mapping[str, int] | None = None,
) -> Kit:
    """The turn in which ``side`` played ``card`` (Player 1, no moves or levies)."""
    return command_turn(
        play_from,
        where,
        strengths=strengths,
        player1=side,
        caesar=(0, 0),
        records={"event": {"card": card, "side": side}},
    )


def test_card_vulcan_without_a_target_offers_pass_and_never_dead_ends(play_from: PlayFrom) -> None:
    """Vulcan needs an enemy group on land; Pompey's only block is a navis at sea
    (navis at sea are not affected), so the one legal answer is to pass."""
    kit = event(
        play_from, "Vulcan", "caesar", {"Roma": ["Legio 13"], "Mare Tyrrhenum": ["P Navis 1"]}
    )
    assert kit.asked == ("caesar", "choose")
    assert kit.legal() == ["pass"]
    kit.act("pass")
    assert any("no legal choice" in text for text in kit.log())
    assert kit.strength("P Navis 1") == 2


def test_card_vulcan_strikes_every_block_of_one_enemy_group(play_from: PlayFrom) -> None:
    """Every block of the chosen enemy group loses one step, even if that eliminates
    it (the legion at I goes to the pool face up); Caesar's own blocks are spared."""
    kit = event(
        play_from,
        "Vulcan",
        "caesar",
        {
            "Neapolis": ["Pompeius", "Legio 1", "Legio 3"],
            "Utica": ["Legio 39"],
            "Roma": ["Legio 13"],
        },
        strengths={"Legio 3": 1},
    )
    assert kit.legal() == ["choose(Neapolis)", "choose(Utica)"]
    kit.act("choose(Neapolis)")
    assert kit.strength("Pompeius") == 2
    assert kit.strength("Legio 1") == 3
    assert kit.at("Legio 3") == "pool" and "face_up" in kit.flags("Legio 3")
    assert kit.strength("Legio 39") == 3
    assert kit.strength("Legio 13") == 3


def test_card_jupiter_draws_the_defector_blind_among_the_enemy_blocks(play_from: PlayFrom) -> None:
    """Jupiter asks for a location next to a friendly city and the city, never a block
    by name (its identity is hidden); a die picks the block among them in id order:
    a forced 1 of 2 -> Legio 12, which changes side and moves into Roma."""
    kit = event(
        play_from, "Jupiter", "pompey", {"Genua": ["Legio 8", "Legio 12"], "Roma": ["Legio 1"]}
    )
    assert kit.legal() == ["choose(Genua)"]
    kit.act("choose(Genua)")
    assert kit.legal() == ["choose(Roma)"]
    kit.dice([1]).act("choose(Roma)")
    assert (kit.owner("Legio 12"), kit.at("Legio 12")) == ("pompey", "Roma")
    assert (kit.owner("Legio 8"), kit.at("Legio 8"), kit.strength("Legio 8")) == (
        "caesar",
        "Genua",
        3,
    )
    assert kit.flags("Legio 8") == []
    assert kit.record("defected") == {"Legio 12": "caesar"}
