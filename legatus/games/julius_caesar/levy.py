"""Levies (JC 6.4): the rules file's procedure ``levy`` on the kit's levy primitives.

After all its moves (so levied blocks cannot move that turn), a side spends each levy
point on a new block from its pool in a friendly city, at ``levy.new_strength``
(legions, equitatus and the elephant in their named city, JC 3.13, 3.24; navis in a
friendly major port, JC 3.26), or on a step for a block on the map (in a contested city
only under ``levy.steps_in_contested``): :mod:`legatus.framework.kit.levy`. What is
Julius Caesar's own is the third leader held back (JC 3.21, 7.51): "players start the
game with two leaders; the third enters play when one of the earlier leaders is
killed". The third leader is the one the scenario puts in the pool (Octavian, Brutus).
A leader who started on the map and went back to the pool alive (JC 8.3, 8.5) is levied
again like any other block. A state whose scenario the game does not know (a test's
own) holds back every leader in the pool until a leader has died, the cautious reading.
"""

from __future__ import annotations

import weakref
from typing import Any

from legatus import Context, GameDef, State, rules_query
from legatus.games.julius_caesar import model

LEADER = "leader"


def third_leaders(definition: GameDef, state: State, side: str) -> frozenset[str]:
    """The side's third leader(s): the leaders its scenario starts in the pool (JC 3.21).

    >>> from legatus.framework.play.catalog import default_catalog
    >>> from legatus.framework.engine.state import initial_state
    >>> jc = default_catalog().definition("julius_caesar")
    >>> state = initial_state(jc, jc.default_scenario(), seed=0)
    >>> sorted(third_leaders(jc, state, "caesar")), sorted(third_leaders(jc, state, "pompey"))
    (['Octavian'], ['Brutus'])
    """
    scenario = definition.scenarios.get(state["scenario"])
    if scenario is None:  # not the game's own: every leader in the pool now waits
        pieces = state["pieces"]
        return frozenset(
            pid
            for pid, piece in definition.pieces.items()
            if piece.side == side and piece.type == LEADER and pieces[pid]["at"] == "pool"
        )
    setup = scenario.setup.get(side)
    pool = setup.pool if setup is not None else ()
    return frozenset(p.piece for p in pool if definition.pieces[p.piece].type == LEADER)


#: Per playable game, by scenario and side: the third leaders of the game's own scenarios
#: (they never change), found once rather than at every question of a levy decision.
_thirds: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], list[str]]] = (
    weakref.WeakKeyDictionary()
)


@rules_query("held_back(side: side) -> list[piece]", rule="JC 3.21")
def held_back(ctx: Context, side: str) -> list[str]:
    """JC 3.21: the side's third leader, not levied before one of its leaders is killed.
    Asked once per decision (``ctx.memo``): a levy decision asks it for every block."""
    key = ("jc.held_back", side)
    kept: list[str] | None = ctx.memo.get(key)
    if kept is None:
        kept = ctx.memo[key] = _held_back(ctx, side)
    return list(kept)


def _held_back(ctx: Context, side: str) -> list[str]:
    state = ctx.state
    if int(model.records(state).leaders_lost.get(side, 0)) > 0:
        return []
    scenario = state["scenario"]
    if scenario not in ctx.definition.scenarios:  # the pool as it stands: not kept
        return sorted(third_leaders(ctx.definition, state, side))
    by_scenario = _thirds.get(ctx.game)
    if by_scenario is None:
        by_scenario = _thirds[ctx.game] = {}
    found = by_scenario.get((scenario, side))
    if found is None:
        found = by_scenario[(scenario, side)] = sorted(third_leaders(ctx.definition, state, side))
    return list(found)
