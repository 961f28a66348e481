"""Julius Caesar's invariants, checked by ``legatus check-game`` after every action.

The generic ones (each piece in one place it may stand, strengths within
limits, every card in exactly one zone) come from the framework; these are
the game's own.
"""

from __future__ import annotations

from typing import Any

from legatus import GameDef
from legatus.games.julius_caesar.model import SIDES, enemy, vp

LEADER = "leader"


def trophies_are_killed_enemy_leaders(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 7.51: a trophy is an enemy leader who is out of the game for good."""
    problems = []
    trophies = state["records"].get("trophies", {})
    for side in SIDES:
        for leader in trophies.get(side, []):
            piece = definition.pieces.get(leader)
            if piece is None or piece.type != LEADER or piece.side != enemy(side):
                problems.append(f"{side}'s trophy {leader!r} is not an enemy leader")
            elif state["pieces"][leader]["at"] != "out":
                problems.append(f"{side}'s trophy {leader!r} is still in play")
    return problems


def leaders_lost_match_trophies(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 3.21, 7.51: the count that unlocks the third leader equals the leaders killed."""
    trophies = state["records"].get("trophies", {})
    lost = state["records"].get("leaders_lost", {})
    return [
        f"{side} has lost {lost.get(side, 0)} leaders but {enemy(side)} holds {len(trophies.get(enemy(side), []))} trophies"
        for side in SIDES
        if lost.get(side, 0) != len(trophies.get(enemy(side), []))
    ]


def vp_within_bounds(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 1.2: VP are friendly city VP plus trophies, never more than the map's 13 plus 3."""
    ceiling = (
        definition.board.total_vp
        + sum(1 for p in definition.pieces.values() if p.type == LEADER) // 2
    )
    problems = []
    for side in SIDES:
        points = vp(definition, state, side)
        if not 0 <= points <= ceiling:
            problems.append(f"{side} has {points} VP, outside 0..{ceiling}")
    return problems


def calendar_within_the_game(definition: GameDef, state: dict[str, Any]) -> list[str]:
    """JC 2.0: years of turns counted from 1 (the rules file bounds them: at most 10
    years of 6 turns); every game ends with a result by the winter of the last year."""
    year, turn = state["vars"].get("year", 1), state["vars"].get("turn", 1)
    problems = []
    if not 1 <= year <= 10:
        problems.append(f"year {year} outside 1..10")
    if not 1 <= turn <= 6:
        problems.append(f"turn {turn} outside 1..6")
    if not state["stack"] and state["result"] is None:
        problems.append("the sequence of play ended without a result")
    return problems


INVARIANTS = {
    "JC trophies are killed enemy leaders": trophies_are_killed_enemy_leaders,
    "JC leaders lost match trophies": leaders_lost_match_trophies,
    "JC VP within bounds": vp_within_bounds,
    "JC calendar within the game": calendar_within_the_game,
}
