"""JC 6.1, 2.2, 4.2.1: group moves: one move point moves any or all blocks of one location
one or two cities; entering an enemy location stops; a block moves once per turn; control
changes at once."""

from __future__ import annotations

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom

from .conftest import command_turn


def destinations(kit: Kit, block: str) -> dict[int, set[str]]:
    """Where ``block`` may end a move, by the number of cities it moves."""
    found: dict[int, set[str]] = {}
    assert kit.prompt is not None
    for action in kit.prompt.actions:
        if action.kind == "move" and action.args[0] == block:
            path = action.args[1:]
            found.setdefault(len(path) - 1, set()).add(str(path[-1]))
    return found


def test_6_1_example_massilia_one_and_two_cities(play_from: PlayFrom) -> None:
    """Rulebook 6.1 example: one MP takes blocks in Massilia to Narbo, Lugdunum, Genua;
    without an attack, on to Tarraco, Burdigala, Cenabum, Treviri, Ravenna or Roma."""
    kit = command_turn(play_from, {"Massilia": ["Legio 11"]})
    kit.act("group(Massilia)")
    reach = destinations(kit, "Legio 11")
    assert reach[1] == {"Narbo", "Lugdunum", "Genua"}
    assert reach[2] - reach[1] == {"Tarraco", "Burdigala", "Cenabum", "Treviri", "Ravenna", "Roma"}
    assert reach[2] & reach[1] == {"Genua", "Lugdunum"}  # the long way round, by the minor road


def test_2_2_entering_an_enemy_location_stops(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["Legio 11"], "Genua": ["Legio 1"]})
    kit.act("group(Massilia)")
    actions = kit.legal()
    assert "move(Legio 11, Massilia, Genua)" in actions
    assert not any(a.startswith("move(Legio 11, Massilia, Genua,") for a in actions)
    assert "move(Legio 11, Massilia, Lugdunum, Genua)" not in actions  # no attack after 2


def test_6_1_a_block_moves_once_per_turn(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["Legio 11", "Legio 14"]}, caesar=(3, 0))
    kit.act("group(Massilia)", "move(Legio 11, Massilia, Genua)", "end_group")
    assert "group(Genua)" not in kit.legal()  # Legio 11 has moved
    kit.act("group(Massilia)")
    assert not any(a.startswith("move(Legio 11") for a in kit.legal())
    assert reads.moved(kit, "caesar") == ["Legio 11"]


def test_6_1_group_blocks_may_go_different_ways(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["Legio 11", "Legio 14", "C Navis 1"]})
    kit.act(
        "group(Massilia)",
        "move(Legio 11, Massilia, Narbo, Tarraco)",
        "move(Legio 14, Massilia, Lugdunum)",
        "move(C Navis 1, Massilia, Mare Hispanum)",
    )
    assert (kit.at("Legio 11"), kit.at("Legio 14"), kit.at("C Navis 1")) == (
        "Tarraco",
        "Lugdunum",
        "Mare Hispanum",
    )
    # The group closed by itself, 1 MP spent: the command phase ended (the next turn's cards).
    assert kit.step == "card_phase"


def test_6_1_each_group_costs_one_move_point(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["Legio 11"], "Narbo": ["Legio 7"]}, caesar=(1, 0))
    kit.act("group(Massilia)", "end_group")
    assert kit.step == "card_phase"
    assert kit.at("Legio 7") == "Narbo"


def test_6_1_group_closes_when_nothing_more_can_move(play_from: PlayFrom) -> None:
    kit = command_turn(play_from, {"Massilia": ["Legio 11"], "Narbo": ["Legio 7"]}, caesar=(2, 0))
    kit.act("group(Massilia)", "move(Legio 11, Massilia, Genua)")
    assert kit.legal() == ["end_moves", "group(Narbo)"]


def test_4_2_1_control_changes_at_once(play_from: PlayFrom) -> None:
    """Leaving makes a city vacant at once; the first block in makes it friendly;
    an attack makes it contested (so a second block from the same group joins a battle)."""
    kit = command_turn(play_from, {"Massilia": ["Legio 11", "Legio 14"], "Genua": ["Legio 1"]})
    kit.act("group(Massilia)", "move(Legio 11, Massilia, Lugdunum)")
    assert reads.holds(kit, "caesar", "Lugdunum")
    kit.act("move(Legio 14, Massilia, Genua)")
    assert reads.blocks_at(kit, "Massilia") == []  # vacant
    assert reads.contested(kit) == ["Genua"]
    assert not reads.holds(kit, "caesar", "Genua") and not reads.holds(kit, "pompey", "Genua")
