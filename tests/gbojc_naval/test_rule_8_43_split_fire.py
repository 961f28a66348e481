"""GBoJC 8.43: at the end of its move a ship may divide its M# among several targets;
8.41: it may instead fire while moving, with its whole M#.

The firing galley moves as an individual squadron in phase F (its crew check a 6); its
targets have fired back once this phase already (the turn's record), so that no reaction
fire lengthens the dice."""

from __future__ import annotations

from legatus.framework.tools.testing import PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import activate, individual


def reacted(*ships: str) -> dict[str, object]:
    """The turn's record: ``ships`` have fired back in this phase (F) already (8.42)."""
    return {"turn": {"reacted": [[ship, "F"] for ship in ships]}}


def test_rule_8_43_an_m3_trireme_splits_1_and_2_between_two_targets(play_from: PlayFrom) -> None:
    kit = individual(
        play_from,
        {"Concordia": ("2010", "N"), "Belenos": ("2110", "S"), "Epona": ("1910", "S")},  # M3
        ["Concordia"],
        records=reacted("Belenos", "Epona"),
    )
    activate(kit, "Concordia").act("speed(0)")
    assert {"fire(Belenos)", "fire_part(Belenos, 1)", "fire_part(Belenos, 2)"} <= set(kit.legal())
    kit.dice(6).act("fire_part(Belenos, 1)")  # column 1-2: 6 -1 = 5, no effect
    legal = set(kit.legal())
    assert "fire(Belenos)" not in legal and "fire(Epona)" in legal
    assert "fire_part(Epona, 1)" in legal and "fire_part(Epona, 2)" not in legal
    kit.dice(6).act("fire(Epona)")  # the 2 left, column 1-2: 6 -1 = 5, no effect
    assert queries.ship(kit, "Belenos").depletion == 0
    assert not any(a.startswith("fire") for a in kit.legal())


def test_rule_8_43_an_m1_ship_cannot_split(play_from: PlayFrom) -> None:
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")},
        ["Aquila"],
        attrs={"Aquila": {"depletion": 1}},  # M1
    )
    activate(kit, "Aquila").act("speed(0)")
    assert "fire(Belenos)" in kit.legal()
    assert not [a for a in kit.legal() if a.startswith("fire_part")]


def test_rule_8_41_fire_while_moving_then_no_more_fire(play_from: PlayFrom) -> None:
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Belenos": ("2110", "S")},
        ["Aquila"],
        records=reacted("Belenos"),
    )
    activate(kit, "Aquila").act("speed(1)")
    kit.dice(1).act("fire(Belenos)")
    assert kit.asked == ("romans", "move")
    kit.act('row("2009")')
    assert kit.over or not [a for a in kit.legal() if a.startswith("fire")]
