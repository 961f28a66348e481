"""JC 2.1 cards Mars, Mercury, Pluto, Neptune (printed card readings): the event moves one
group. Mars: no navis, no sea moves. Mercury: three cities, or two and attack. Pluto:
attacks use raised road limits (strait 2, minor 3, major 6), other moves the normal ones.
Neptune: only the navis of one group. The event group (queries.event_group) names what the
battle phase needs.

Each test starts at a command phase whose event Caesar plays (he is Player 1, without
moves or levies of his own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from legatus.framework.kit import reads
from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.julius_caesar import queries

from .conftest import command_turn

SIX = ["Legio 8", "Legio 11", "Legio 12", "Legio 13", "Legio 14", "Legio 16"]


def event(play_from: PlayFrom, card: str, where: Mapping[str, Sequence[str]], **more: Any) -> Kit:
    records = {"event": {"card": card, "side": "caesar"}}
    return command_turn(play_from, where, caesar=(0, 0), records=records, **more)


def test_mars_moves_one_group_without_navis(play_from: PlayFrom) -> None:
    kit = event(
        play_from,
        "Mars",
        {
            "Massilia": ["Legio 11", "C Navis 1"],
            "Mare Hispanum": ["C Navis 2"],
            "Narbo": ["Legio 7"],
            "Genua": ["Legio 1"],
        },
    )
    assert kit.legal() == ["end_moves", "group(Massilia)", "group(Narbo)"]  # no sea moves
    kit.act("group(Massilia)")
    assert not any("Navis" in a for a in kit.legal())
    kit.act("move(Legio 11, Massilia, Genua)")
    # One group only: Narbo does not move; the battle at Genua follows.
    assert kit.step == "battle_phase" and kit.at("Legio 7") == "Narbo"
    assert queries.event_group(kit) == queries.EventGroup(
        side="caesar",
        mode="mars",
        origin="Massilia",
        attacked=("Genua",),
        location="Genua",
        blocks=("Legio 11",),
    )


def test_mercury_three_cities_or_two_and_attack(play_from: PlayFrom) -> None:
    kit = event(play_from, "Mercury", {"Massilia": ["Legio 11"], "Neapolis": ["Legio 1"]})
    kit.act("group(Massilia)")
    actions = kit.legal()
    assert "move(Legio 11, Massilia, Genua, Roma, Asculum)" in actions
    assert "move(Legio 11, Massilia, Genua, Roma, Neapolis)" not in actions  # attack at 3
    assert "move(Legio 11, Massilia, Narbo, Tarraco, Carthago Nova)" in actions


def test_mercury_example_attacks_tarraco_and_genua_in_two_waves(play_from: PlayFrom) -> None:
    """Rulebook 6.12 note: with Mercury the 6 blocks in Massilia may attack Tarraco, and
    Genua in two waves (4 by the major road, 2 through Lugdunum by the minor road)."""
    kit = event(
        play_from,
        "Mercury",
        {"Massilia": SIX, "Tarraco": ["Legio 5"], "Genua": ["Legio 1", "Legio 3", "Legio 4"]},
    )
    kit.act("group(Massilia)")
    assert "move(Legio 8, Massilia, Narbo, Tarraco)" in kit.legal()
    kit.act(*(f"move({block}, Massilia, Genua)" for block in SIX[:4]))
    kit.act(*(f"move({block}, Massilia, Lugdunum, Genua)" for block in SIX[4:]))
    assert kit.legal() == ["main(Genua, Lugdunum)", "main(Genua, Massilia)"]
    kit.act("main(Genua, Massilia)")
    found = reads.attack(kit, "Genua")
    assert found is not None and found.reserves == {"caesar": 2, "pompey": 0}
    group = queries.event_group(kit)
    assert group is not None and len(group.blocks) == 6


def test_pluto_raises_the_limits_of_attacks(play_from: PlayFrom) -> None:
    kit = event(play_from, "Pluto", {"Genua": SIX, "Roma": ["Legio 1"]})
    kit.act("group(Genua)", *(f"move({block}, Genua, Roma)" for block in SIX))
    assert {kit.at(b) for b in SIX} == {"Roma"}
    assert reads.border_use(kit, "caesar", "Genua", "Roma") == 6


def test_pluto_keeps_normal_limits_when_not_attacking(play_from: PlayFrom) -> None:
    kit = event(play_from, "Pluto", {"Genua": SIX})
    kit.act("group(Genua)", *(f"move({block}, Genua, Roma)" for block in SIX[:4]))
    assert not any(", Genua, Roma" in a for a in kit.legal())


def test_pluto_minor_road_three_attackers(play_from: PlayFrom) -> None:
    kit = event(
        play_from,
        "Pluto",
        {"Ravenna": ["Caesar", "Legio 13", "Legio 14", "Legio 16"], "Roma": ["Legio 1"]},
    )
    kit.act("group(Ravenna)")
    kit.act(*(f"move({block}, Ravenna, Roma)" for block in ("Caesar", "Legio 13", "Legio 14")))
    assert "move(Legio 16, Ravenna, Roma)" not in kit.legal()


def test_neptune_moves_only_the_navis_of_one_group(play_from: PlayFrom) -> None:
    kit = event(
        play_from,
        "Neptune",
        {
            "Massilia": ["Legio 11", "C Navis 1"],
            "Mare Hispanum": ["P Navis 3"],
            "Narbo": ["Legio 7"],
        },
    )
    assert kit.legal() == ["end_moves", "group(Massilia)"]
    kit.act("group(Massilia)")
    assert kit.legal() == ["end_group", "move(C Navis 1, Massilia, Mare Hispanum)"]
    kit.act("move(C Navis 1, Massilia, Mare Hispanum)")
    found = queries.event_group(kit)
    assert found is not None
    assert (found.mode, found.location, found.blocks) == (
        "neptune",
        "Mare Hispanum",
        ("C Navis 1",),
    )


VARIANT = """variant jupiter_moves of julius_caesar "Jupiter moves a group, by a misspelt mode"
replace effect jupiter(player: side) on "Jupiter":
  "A rules author's mistake: no event moves a group this way."
  group_move(player, "jupiter")
"""


def test_group_move_rejects_an_unknown_mode(play_from: PlayFrom, tmp_path: Path) -> None:
    """A rules file (here a variant) that moves a group by a mode no event has is refused
    when the event is played."""
    path = tmp_path / "jupiter_moves.variant"
    path.write_text(VARIANT, encoding="utf-8")
    with pytest.raises(ValueError, match="mode must be one of"):
        event(play_from, "Jupiter", {"Massilia": ["Legio 11"]}, variant=str(path))
