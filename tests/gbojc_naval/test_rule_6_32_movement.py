"""GBoJC 6.3: movement costs, turning, backing water, one counter per hex (6.5).

Each ship moves as an individual squadron in phase F: its crew check (a 6: it moves
normally), its announced points, then one step at a time."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import fleet, queries

from .conftest import activate, individual

STEPS = ("row", "sail", "back", "pivot", "about")


def moving(
    play_from: PlayFrom,
    ship: str,
    at: tuple[str, str],
    points: int,
    *,
    ships: Mapping[str, tuple[str, str]] | None = None,
    attrs: Mapping[str, Mapping[str, Any]] | None = None,
) -> Kit:
    """``ship`` (beside ``ships``), activated, having announced ``points``."""
    kit = individual(play_from, {ship: at, **(ships or {})}, [ship], attrs=attrs)
    return activate(kit, ship).act(f"speed({points})")


def left(kit: Kit) -> int:
    """The movement points left, as the move's prompt says them."""
    assert kit.prompt is not None
    found = re.search(r": (\d+) movement point\(s\) left", kit.prompt.text)
    assert found is not None, kit.prompt.text
    return int(found.group(1))


def steps(kit: Kit) -> dict[str, int]:
    """Each step offered now, with what it costs (played on a copy of the game)."""
    before = left(kit)
    return {
        action: before - left(kit.fork().act(action))
        for action in kit.legal()
        if action.startswith(STEPS)
    }


def test_rule_6_32_sailing_example_2319_to_2419_facing_2518(play_from: PlayFrom) -> None:
    """6.32: a sailing ship on 2319 enters 2419 and turns to point at 2518, for 1 MP."""
    kit = moving(play_from, "Taranis", ("2319", "NE"), 1)
    moves = [a for a in kit.legal() if a.startswith(STEPS)]
    assert 'sail("2419", NE)' in moves
    assert fleet.grid(kit.definition).neighbour("2419", "NE") == "2518"
    # forward and the two bow quarters, each with the free turn of one side: 9 actions
    assert len(moves) == 9
    kit.act('sail("2419", NE)')  # the one point is spent: the move is over
    assert (queries.ship(kit, "Taranis").at, queries.ship(kit, "Taranis").facing) == ("2419", "NE")


def test_rule_6_34_galley_example_swings_its_stern_from_4022_to_4122(play_from: PlayFrom) -> None:
    """6.35 example: a galley on 4023 (bow) - 4022 (stern) swings its stern to 4122."""
    kit = moving(play_from, "Aquila", ("4023", "S"), 4)
    assert queries.ship(kit, "Aquila").hexes == ("4023", "4022")
    assert steps(kit)['pivot("4023", SW)'] == 1
    kit.act('pivot("4023", SW)')
    assert queries.ship(kit, "Aquila").hexes == ("4023", "4122")


def test_rule_6_32_galley_costs(play_from: PlayFrom) -> None:
    kit = moving(play_from, "Aquila", ("2010", "N"), 4)  # stern 2011
    moves = steps(kit)
    assert {a: c for a, c in moves.items() if a.startswith("row")} == {
        'row("2009")': 1,
        'row("1909")': 1,
        'row("2109")': 1,
    }
    assert moves["about"] == 2  # 6.35
    assert {a for a in moves if a.startswith("back")} == {
        'back("2012")',
        'back("1911")',
        'back("2111")',
    }
    assert all(c == 2 for a, c in moves.items() if a.startswith("back"))  # 6.33
    assert moves['pivot("2010", NE)'] == moves['pivot("2010", NW)'] == 1  # 6.34, stern swings
    assert moves['pivot("1910", NW)'] == moves['pivot("2110", NE)'] == 1  # bow swings


def test_rule_6_33_no_backing_after_a_forward_move_and_no_forward_after_backing(
    play_from: PlayFrom,
) -> None:
    kit = moving(play_from, "Aquila", ("2010", "N"), 4)
    forward = kit.fork().act('row("2009")')
    assert not [a for a in forward.legal() if a.startswith("back")]
    backed = kit.fork().act('back("2012")')
    assert not [a for a in backed.legal() if a.startswith(("row", "pivot", "about"))]


def test_rule_6_34_maximum_speed_galleys_only_move_forward(play_from: PlayFrom) -> None:
    kit = moving(play_from, "Aquila", ("2010", "N"), 6, attrs={"Aquila": {"speed": "max"}})
    assert set(steps(kit)) == {'row("2009")', 'row("1909")', 'row("2109")'}
    assert all(cost == 1 for cost in steps(kit).values())


def test_rule_6_35_no_turning_about_next_to_an_enemy(play_from: PlayFrom) -> None:
    kit = moving(play_from, "Aquila", ("2010", "N"), 4, ships={"Taranis": ("2110", "S")})
    assert "about" not in kit.legal()


def test_rule_6_5_a_ship_blocked_ahead_may_stop_short(play_from: PlayFrom) -> None:
    """6.13, 6.5: all announced points are spent unless the ship runs into another."""
    kit = moving(play_from, "Aquila", ("2010", "N"), 3, ships={"Lupa": ("2008", "N")})  # stern 2009
    assert "stop" in kit.legal() and any(a.startswith("row") for a in kit.legal())
    kit.act("stop")
    assert queries.ship(kit, "Aquila").at == "2010"
    assert "Aquila stops, blocked ahead (6.5)" in kit.log()


def test_rule_6_13_announced_points_are_all_spent(play_from: PlayFrom) -> None:
    kit = individual(play_from, {"Aquila": ("2010", "N")}, ["Aquila"])
    activate(kit, "Aquila")
    assert kit.legal() == [f"speed({n})" for n in range(5)]  # cruise 4 (6.11)
    kit.act("speed(2)", 'row("2009")')
    assert "stop" not in kit.legal()
    kit.act('row("2008")')
    assert kit.over  # the points are spent: its move, the turn and the game are over
    assert queries.ship(kit, "Aquila").hexes == ("2008", "2009")
