"""Event effects built on the battle rules (JC 7.4-7.52): cards Vulcan and Jupiter.

Vulcan: every block of one enemy group loses one step even if that eliminates
it, leaders too (a killed leader is a trophy, JC 7.51). Jupiter: one enemy block
adjacent to a friendly city, drawn blind, moves into it and fights for the new
side; a leader or navis does not defect but loses one step, even if that
eliminates it; Cleopatra may defect.

Each test plays the card: Caesar is Player 1 with the event, and answers its choices.
"""

from __future__ import annotations

from typing import Any

import pytest

from legatus.framework.kit import reads
from legatus.framework.model.errors import IllegalActionError
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar.effects import lose_step

from .conftest import JC, command_phase, group

#: Caesar holds Narbo and Catabathmus; Pompeius holds Tarraco (three blocks), Mare Hispanum
#: and Alexandria.
MAP = """
setup:
  caesar: {map: {Narbo: [Legio 7], Catabathmus: [{piece: Legio 17, strength: 2}]}, others: out}
  pompey:
    map:
      Tarraco: [{piece: Legio 5, strength: 2}, {piece: Scipio, strength: 1}, P Navis 3]
      Mare Hispanum: [{piece: P Navis 4, strength: 1}]
      Alexandria: [Cleopatra]
    others: out
"""


def event(
    play_from: PlayFrom, card: str, setup: str = MAP, variant: str | None = None, **more: Any
) -> Kit:
    """Caesar plays ``card`` this turn (Player 1, no moves or levies); Pompeius has ``more``;
    the rules of ``variant``, if one is named."""
    return play_from(
        JC,
        command_phase(
            setup, caesar=(0, 0), records={"event": {"card": card, "side": "caesar"}}, **more
        ),
        variant=variant,
    )


def state_of(kit: Kit, block: str) -> tuple[str, str, int, list[str]]:
    return (kit.owner(block), kit.at(block), kit.strength(block), kit.flags(block))


def test_card_vulcan_a_hidden_block_loses_a_step_unnamed_to_the_enemy(
    play_from: PlayFrom,
) -> None:
    kit = event(
        play_from,
        "Vulcan",
        """
        setup:
          caesar: {map: {Narbo: [Legio 7]}, others: out}
          pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}]}, others: out}
        """,
    )
    assert kit.legal() == ["choose(Tarraco)"]
    kit.act("choose(Tarraco)")
    assert kit.strength("Legio 5") == 1
    assert kit.log("caesar")[-1] == "a Pompeius block in Tarraco loses a step"
    assert not any("Legio 5" in text for text in kit.log("caesar"))
    assert kit.log("pompey")[-1] == "Legio 5 loses a step: II -> I"


def test_card_vulcan_a_leader_at_one_is_killed(play_from: PlayFrom) -> None:
    """Vulcan strikes Tarraco: Scipio (I) is killed, a trophy; Legio 5 and P Navis 3 (in a
    port: only navis at sea are spared) lose a step each."""
    kit = event(play_from, "Vulcan")
    kit.act("choose(Tarraco)")
    assert kit.at("Scipio") == "out"
    assert (reads.trophies(kit, "caesar"), reads.trophies(kit, "pompey")) == (["Scipio"], [])
    assert (reads.leaders_lost(kit, "caesar"), reads.leaders_lost(kit, "pompey")) == (0, 1)
    assert (kit.strength("Legio 5"), kit.strength("P Navis 3")) == (1, 1)


def test_lose_step_that_may_not_eliminate_spares_a_block_at_one(play_from: PlayFrom) -> None:
    """``lose_step(..., eliminate=False)`` is the primitive's option, used by no card or step
    of the game: no play leads to it, so it is called on a position's context directly."""
    from legatus.framework.engine.situation import context_of

    kit = event(play_from, "Vulcan")
    assert lose_step(context_of(kit), "Scipio", eliminate=False) == "unchanged"
    assert state_of(kit, "Scipio") == ("pompey", "Tarraco", 1, [])


def test_card_vulcan_cleopatra_outside_battle_goes_to_the_pool(play_from: PlayFrom) -> None:
    kit = event(
        play_from,
        "Vulcan",
        """
        setup:
          caesar: {map: {Catabathmus: [Legio 17]}, others: out}
          pompey: {map: {Alexandria: [{piece: Cleopatra, strength: 1}]}, others: out}
        """,
    )
    kit.act("choose(Alexandria)")
    assert state_of(kit, "Cleopatra") == ("pompey", "pool", 1, ["face_up"])


def test_card_jupiter_locations_and_cities(play_from: PlayFrom) -> None:
    """Caesar holds Narbo and Catabathmus: Pompeian blocks next to them stand at Tarraco
    (by road, three), Mare Hispanum (the navis at sea, Narbo's coast) and Alexandria
    (Cleopatra, by road). Tarraco's blocks may defect into Narbo only."""
    kit = event(play_from, "Jupiter")
    assert kit.prompt is not None and kit.prompt.text == "choose location (space)"
    assert kit.legal() == ["choose(Alexandria)", "choose(Mare Hispanum)", "choose(Tarraco)"]
    targets = [reads.blocks_at(kit, where) for where in ("Alexandria", "Mare Hispanum", "Tarraco")]
    assert sorted(b for blocks in targets for b in blocks) == [
        "Cleopatra",
        "Legio 5",
        "P Navis 3",
        "P Navis 4",
        "Scipio",
    ]
    kit.act("choose(Tarraco)")
    assert kit.legal() == ["choose(Narbo)"]


def test_card_jupiter_for_pompeius_legio_7_may_defect_into_tarraco(play_from: PlayFrom) -> None:
    kit = play_from(
        JC,
        command_phase(
            MAP,
            player1="pompey",
            caesar=(0, 0),
            records={"event": {"card": "Jupiter", "side": "pompey"}},
        ),
    )
    assert kit.asked == ("pompey", "choose")
    assert "choose(Narbo)" in kit.legal()
    kit.act("choose(Narbo)")
    assert kit.legal() == ["choose(Tarraco)"]


def test_card_jupiter_a_block_defects_into_the_friendly_city(play_from: PlayFrom) -> None:
    """The blind draw (1d3 over Legio 5, P Navis 3, Scipio) takes Legio 5."""
    kit = event(play_from, "Jupiter")
    kit.act("choose(Tarraco)")
    kit.dice(1).act("choose(Narbo)")
    assert state_of(kit, "Legio 5") == ("caesar", "Narbo", 2, [])
    assert kit.record("defected") == {"Legio 5": "pompey"}
    assert "Jupiter: Legio 5 defects from Tarraco to Narbo and now fights for Caesar" in kit.log()


@pytest.mark.parametrize(
    ("location", "draw", "block", "after"),
    [
        ("Tarraco", 2, "P Navis 3", ("pompey", "Tarraco", 1, [])),  # a navis: a step instead
        ("Mare Hispanum", 1, "P Navis 4", ("pompey", "pool", 1, ["face_up"])),  # at I: gone
        ("Tarraco", 3, "Scipio", ("pompey", "out", 1, [])),  # a leader at I: killed
    ],
)
def test_card_jupiter_leader_and_navis_lose_a_step_instead(
    play_from: PlayFrom, location: str, draw: int, block: str, after: tuple[Any, ...]
) -> None:
    kit = event(play_from, "Jupiter")
    kit.act(f"choose({location})")
    kit.dice(draw).act("choose(Narbo)")
    assert state_of(kit, block) == after
    if block == "Scipio":
        assert reads.trophies(kit, "caesar") == ["Scipio"]


def test_card_jupiter_cleopatra_may_defect(play_from: PlayFrom) -> None:
    kit = event(play_from, "Jupiter")
    kit.act("choose(Alexandria)")
    kit.dice(1).act("choose(Catabathmus)")
    assert (kit.owner("Cleopatra"), kit.at("Cleopatra")) == ("caesar", "Catabathmus")
    assert kit.record("defected") in ({}, None)


def test_card_jupiter_offers_no_city_that_is_not_adjacent(play_from: PlayFrom) -> None:
    kit = event(play_from, "Jupiter")
    kit.act("choose(Tarraco)")
    with pytest.raises(IllegalActionError, match="choose\\(Catabathmus\\)"):
        kit.act("choose(Catabathmus)")


def test_card_jupiter_defector_fights_for_its_new_side(play_from: PlayFrom) -> None:
    """Legio 5 defected into Narbo; Pompeius's Legio 6 attacks Narbo from Tarraco: Legio 5
    defends for Caesar beside Legio 7."""
    kit = event(
        play_from,
        "Jupiter",
        """
        setup:
          caesar: {map: {Narbo: [Legio 7]}, others: out}
          pompey: {map: {Tarraco: [{piece: Legio 5, strength: 2}, {piece: Legio 6, strength: 2}]}, others: out}
        """,
        pompey=(1, 0),
    )
    kit.act("choose(Tarraco)")
    kit.dice(1).act("choose(Narbo)")  # the draw over Legio 5 and Legio 6 takes Legio 5
    assert kit.owner("Legio 5") == "caesar"
    kit.act(*group("Tarraco", "Narbo", "Legio 6"))
    assert kit.prompt is not None and kit.prompt.side == "caesar"
    assert kit.legal() == ["fire(Legio 5)", "fire(Legio 7)", "pass(Legio 5)", "pass(Legio 7)"]


CLEOPATRA_AND_A_LEGION = """
setup:
  caesar: {map: {Catabathmus: [Legio 17]}, others: out}
  pompey: {map: {Alexandria: [{piece: Cleopatra, strength: 1}, Legio 38]}, others: out}
"""


def test_rule_7_52_cleopatra_eliminated_by_vulcan_switches_side_in_the_variant(
    play_from: PlayFrom,
) -> None:
    """JC 7.52 speaks of Cleopatra eliminated *in battle*: she joins the other side at
    strength I. Vulcan strikes Alexandria, where she stands at I with Legio 38 (IV): it loses a
    step either way. By
    default she goes to Pompeius's pool (7.52 does not apply outside a battle); with
    ``cleopatra_switches_outside_battle``, by analogy with 7.52, she joins Caesar at I where
    she stands, and Alexandria, Legio 38 still there, is contested: its battle follows."""
    base = event(play_from, "Vulcan", CLEOPATRA_AND_A_LEGION).act("choose(Alexandria)")
    assert state_of(base, "Cleopatra") == ("pompey", "pool", 1, ["face_up"])
    assert base.strength("Legio 38") == 3
    kit = event(
        play_from, "Vulcan", CLEOPATRA_AND_A_LEGION, variant="cleopatra_switches_outside_battle"
    ).act("choose(Alexandria)")
    assert state_of(kit, "Cleopatra") == ("caesar", "Alexandria", 1, ["revealed"])  # fighting
    assert "Cleopatra is eliminated and joins Caesar at strength I" in kit.log()
    assert kit.strength("Legio 38") == 3
    assert kit.step == "battle_phase"
    battle = reads.battle(kit)
    assert battle is not None and battle.location == "Alexandria"


def test_rule_2_1_jupiter_may_be_declined_in_the_variant(play_from: PlayFrom) -> None:
    """JC 2.1: an event takes effect; Jupiter has targets here (Alexandria, Mare Hispanum,
    Tarraco), so by default its player must choose one. With ``jupiter_declinable`` (the
    Polish Jupiter "gives you the possibility" of a defector) its first choice also offers
    ``pass``: he declines, nothing defects, and no second choice comes."""
    base = event(play_from, "Jupiter")
    targets = ["choose(Alexandria)", "choose(Mare Hispanum)", "choose(Tarraco)"]
    assert base.asked == ("caesar", "choose")
    assert base.legal() == targets
    kit = event(play_from, "Jupiter", variant="jupiter_declinable")
    assert kit.asked == ("caesar", "choose")
    assert kit.legal() == [*targets, "pass"]
    before = {b: state_of(kit, b) for b in ("Legio 5", "Scipio", "P Navis 3", "Cleopatra")}
    kit.act("pass")
    assert kit.log()[-1] == "caesar declines jupiter: no effect"
    assert {b: state_of(kit, b) for b in before} == before
    assert kit.asked != ("caesar", "choose")
    carried = event(play_from, "Jupiter", variant="jupiter_declinable").act("choose(Tarraco)")
    assert carried.legal() == ["choose(Narbo)"]  # the second choice: no pass there
