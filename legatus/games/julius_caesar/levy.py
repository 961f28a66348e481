"""Levies (JC 6.4): new blocks from the pool and steps for blocks on the map.

After all its moves (so levied blocks cannot move that turn), a side spends
each levy point (LP) on one of (the flow is the rules file's procedure ``levy``,
on the kit's levy primitives, :mod:`legatus.framework.kit.levy`; this module
gives what is Julius Caesar's own: the third leader held back, and the
turn's record of the blocks levied):

``levy(block, city)``
    a new block from its pool, placed at ``levy.new_strength`` (``minimum``:
    its lowest strength, I, or II for the elephant, ES reading; ``one``: 1,
    PL reading) in a friendly city: legions, equitatus and the elephant in
    their named city (JC 3.13, 3.24), leaders, auxilia and the ballista in any
    friendly city, navis in a friendly major port (JC 3.26). Further LP may
    add steps to it at once.
``step(block)``
    one step more for a block on the map, up to its maximum (JC 3.11): in a
    friendly city (navis: in a friendly port, never at sea); in a contested
    one only while ``levy.steps_in_contested`` (PL reading; ES: never).
``end_levy``
    keep the LP left (they are lost, JC 2.1 note).

"Friendly" is a city with the side's blocks and no enemy's (JC 4.2.1): never
vacant or contested. Blocks eliminated this year lie in the pool, face up (or
face down, PL 7.5: parameter ``eliminated.face_up``), and cannot be levied
until the year ends (JC 5.2, 7.5). A type whose levy is ``none`` (Cleopatra)
never comes from the pool; steps may still be added to it, since JC 6.4 lets
a step be added to any block on the map.

Leaders (JC 3.21, 7.51): "players start the game with two leaders; the third
enters play when one of the earlier leaders is killed". The third leader is
the one the scenario puts in the pool (Octavian, Brutus): it cannot be levied
before one of its side's leaders has been killed (``public["leaders_lost"]
[side] > 0``). A leader who started on the map and went back to the pool
alive (removed by winter supply, JC 8.3, or disbanded, JC 8.5: "it may be
rebuilt in the coming year") is levied again like any other block. A state
whose scenario the game does not know (a test's own) holds back every leader
in the pool until a leader has died, the cautious reading.
"""

from __future__ import annotations

from legatus import Context, GameDef, State, rules_effect, rules_query
from legatus.games.julius_caesar import command_record as record
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


@rules_query("held_back(side: side) -> list[piece]", rule="JC 3.21")
def held_back(ctx: Context, side: str) -> list[str]:
    """JC 3.21: the side's third leader, not levied before one of its leaders is killed."""
    if int(model.records(ctx.state).leaders_lost.get(side, 0)) > 0:
        return []
    return sorted(third_leaders(ctx.definition, ctx.state, side))


@rules_effect("note_levied(side: side, block: piece)", rule="JC 6.4")
def note_levied(ctx: Context, side: str, block: str) -> None:
    """JC 6.4: the turn's record of the side's blocks levied (only the side reads it)."""
    record.private(ctx.state, side)["levied"].append(block)
