"""Levies (JC 6.4): new blocks from the pool and steps for blocks on the map.

After all its moves (so levied blocks cannot move that turn), a side spends
each levy point (LP) on one of (the flow is the rules file's procedure ``levy``;
this module gives the queries and effects it calls):

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

from legatus import (
    OFF_MAP,
    Action,
    Context,
    GameDef,
    Piece,
    State,
    kit,
    piece,
    pieces_of,
    rules_effect,
    rules_query,
)
from legatus.games.julius_caesar import command_record as record
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import ELIMINATED_FLAGS

#: The rules parameters the levy reads, with their types (values: the rules file; the
#: registry's ``needs`` of its queries and effects).
LEVY_NEEDS: dict[str, str] = {
    "levy.new_strength": "str",  # JC 6.4: "minimum" (ES) or "one" (PL)
    "levy.steps_in_contested": "bool",  # JC 6.4: PL reading true, ES never
}
NEW_STRENGTHS = ("minimum", "one")
LEADER = "leader"


def next_strength(piece: Piece, strength: int) -> int | None:
    """The strength one step up (the elephant goes II -> IV), or None at the maximum.

    >>> from legatus.framework.model.gamedef import Piece
    >>> elephant = Piece("E", "pompey", "elephant", "E", None, None, 4, (2, 4))
    >>> next_strength(elephant, 2), next_strength(elephant, 4)
    (4, None)
    """
    higher = [s for s in piece.strengths if s > strength]
    return min(higher) if higher else None


class LevyOptions:
    """What one side may levy now, from one index of the map."""

    def __init__(self, ctx: Context, side: str) -> None:
        self.game: GameDef = ctx.definition
        self.state = ctx.state
        self.side = side
        self.position = kit.Occupancy(ctx.state["pieces"])
        land = self.game.board.spaces_of("land")
        self.friendly = {
            loc
            for loc in self.position.locations(side)
            if loc in land and self.position.status(loc, side) == "friendly"
        }
        self.contested = {
            loc
            for loc in self.position.locations(side)
            if loc in land and self.position.status(loc, side) == "contested"
        }
        self._cities: dict[str | frozenset[str], list[str]] = {}
        self._leviable: list[str] | None = None
        self._steppable: list[str] | None = None
        self.steps_in_contested = bool(ctx.param("levy.steps_in_contested"))
        lost = model.records(ctx.state).leaders_lost.get(side, 0)
        self.held_back = frozenset() if int(lost) > 0 else third_leaders(self.game, ctx.state, side)

    def cities_for(self, block: str) -> list[str]:
        """Friendly cities where a pool block may be levied (JC 6.4, 3.21)."""
        printed = self.game.pieces[block]
        unit = piece(self.state, block)
        if unit.at != "pool" or any(f in ELIMINATED_FLAGS for f in unit.flags):
            return []
        if block in self.held_back:
            return []
        where = self.game.piece_types[printed.type].levy
        if where == "none":
            return []
        if where == "named":
            return [printed.levy] if printed.levy in self.friendly else []
        found = self._cities.get(where)
        if found is None:  # the same for every block levied in that kind of city
            found = sorted(self.friendly & self.game.board.spaces_of(where))
            self._cities[where] = found
        return found

    def leviable(self) -> list[str]:
        """The side's pool blocks some friendly city takes, in the order of the blocks file
        (listed once: the while test and the decision of one levy both read them)."""
        if self._leviable is None:
            self._leviable = [
                block
                for block, p in pieces_of(self.state)
                if p["side"] == self.side and p["at"] == "pool" and self.cities_for(block)
            ]
        return self._leviable

    def steppable(self) -> list[str]:
        """The side's blocks on the map that may take a step (listed once)."""
        if self._steppable is None:
            side, may_step = self.side, self.may_step
            self._steppable = [
                block
                for block, p in pieces_of(self.state)
                if p["side"] == side and p["at"] not in OFF_MAP and may_step(block)
            ]
        return self._steppable

    def new_blocks(self) -> list[Action]:
        return [
            Action("levy", (block, city))
            for block, p in pieces_of(self.state)
            if p["side"] == self.side and p["at"] == "pool"
            for city in self.cities_for(block)
        ]

    def may_step(self, block: str) -> bool:
        unit = piece(self.state, block)
        if unit.side != self.side or unit.at in OFF_MAP:
            return False
        if next_strength(self.game.pieces[block], unit.strength) is None:
            return False
        return unit.at in self.friendly or (self.steps_in_contested and unit.at in self.contested)

    def steps(self) -> list[Action]:
        side = self.side
        return [
            Action("step", (block,))
            for block, p in pieces_of(self.state)
            if p["side"] == side and p["at"] not in OFF_MAP and self.may_step(block)
        ]


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


def new_strength(ctx: Context, piece: Piece) -> int:
    reading = str(ctx.param("levy.new_strength"))
    if reading not in NEW_STRENGTHS:
        raise ValueError(f"levy.new_strength must be one of {NEW_STRENGTHS}, not {reading!r}")
    return piece.min_strength if reading == "minimum" else 1


# -- what the rules' procedure ``levy`` calls (julius_caesar.rules) ----------------------


def levy_options(ctx: Context, side: str) -> LevyOptions:
    """What ``side`` may levy as the state stands, made once for all the queries of one
    decision (``ctx.memo``)."""
    key = ("levy", side)
    found: LevyOptions | None = ctx.memo.get(key)
    if found is None:
        found = LevyOptions(ctx, side)
        ctx.memo[key] = found
    return found


@rules_query("leviable(side: side) -> list[piece]", rule="JC 6.4", needs=LEVY_NEEDS)
def leviable(ctx: Context, side: str) -> list[str]:
    """JC 6.4: ``side``'s pool blocks that may be levied now (some friendly city takes
    them), in the order of the blocks file."""
    return list(levy_options(ctx, side).leviable())


@rules_query(
    "levy_cities(side: side, block: piece) -> list[space]", rule="JC 6.4", needs=LEVY_NEEDS
)
def levy_cities(ctx: Context, side: str, block: str) -> list[str]:
    """JC 6.4, 3.13, 3.24, 3.26: the friendly cities where ``block`` may be levied."""
    return levy_options(ctx, side).cities_for(block)


@rules_query("steppable(side: side) -> list[piece]", rule="JC 6.4", needs=LEVY_NEEDS)
def steppable(ctx: Context, side: str) -> list[str]:
    """JC 6.4, 3.11: ``side``'s blocks on the map that may take a step now."""
    return list(levy_options(ctx, side).steppable())


@rules_query("can_levy(side: side) -> bool", rule="JC 6.4", needs=LEVY_NEEDS)
def can_levy(ctx: Context, side: str) -> bool:
    """Whether a levy point would buy ``side`` anything now: a block or a step."""
    options = levy_options(ctx, side)
    # Both lists, not the first block found: the decision that follows reads them.
    return bool(options.leviable()) or bool(options.steppable())


@rules_effect("levy_block(side: side, block: piece, city: space)", rule="JC 6.4", needs=LEVY_NEEDS)
def levy_block(ctx: Context, side: str, block: str, city: str) -> None:
    """JC 6.4: a new block from ``side``'s pool into ``city`` at its new strength (the
    enemy reads only where)."""
    piece, p = ctx.definition.pieces[block], ctx.state["pieces"][block]
    p["at"], p["strength"] = city, new_strength(ctx, piece)
    record.private(ctx.state, side)["levied"].append(block)
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} levies a new block in {city}", side=side, at=city)
    ctx.log(f"{name} levies {block} in {city} at {p['strength']}", to=[side])


@rules_effect("add_step(side: side, block: piece)", rule="JC 6.4")
def add_step(ctx: Context, side: str, block: str) -> None:
    """JC 6.4: one step more for ``block`` (the enemy reads only where)."""
    piece, p = ctx.definition.pieces[block], ctx.state["pieces"][block]
    stronger = next_strength(piece, p["strength"])
    if stronger is None:
        raise ValueError(f"{block} is at its full strength")
    p["strength"] = stronger
    name = ctx.definition.side_name(side)
    ctx.log(f"{name} adds a step to a block in {p['at']}", side=side, at=p["at"])
    ctx.log(f"{name} adds a step to {block} in {p['at']}: {stronger}", to=[side])
