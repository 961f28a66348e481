"""Leaving a battle: retreats (JC 7.6-7.64, 7.82) and regroups (JC 7.7, 7.83).

A route is the path of spaces a block takes, without the battle's location:
one space along a road, a sea or a port, or ``(sea, port)`` for a land block
retreating by sea (JC 7.64). Actions carry it after the block:
``retreat(Legio 7, Narbo)``, ``retreat(Legio 7, Mare Hispanum, Massilia)``,
``regroup(Legio 7, Narbo)``.

Retreats (land blocks):

- never into an enemy or contested location (JC 7.61);
- road limits per side per battle round: ``road_limit.major`` /
  ``road_limit.minor`` (JC 6.11, 7.61), ``retreat_limit.strait`` across a
  strait (JC 7.61);
- attackers: to an adjacent friendly city along any road, or to an adjacent
  vacant city along a road their side used to attack or reinforce the battle
  (JC 7.62);
- defenders: to an adjacent friendly or vacant city, never along a road the
  attacker used to enter the battle (JC 7.63);
- by sea from a port, ``retreat_limit.sea`` block(s) per side per round:
  through one adjacent friendly sea to a friendly port on that sea (JC 7.64).

Navis (JC 7.82), with no road limits: attackers back to where they came from
while it is friendly or vacant, to a friendly adjacent sea, or (from a naval
battle) to a friendly port on the battle's sea; defenders to a friendly
adjacent sea, a vacant adjacent sea the attacker did not come from, or (from
a naval battle) a friendly port on the battle's sea. "The same sea" names the
sea of a naval battle; navis in a port battle retreat to a sea (assumption:
a port-to-port retreat would be two navis moves, JC 6.2).

Regroups (JC 7.7): the winner's blocks, reserves included, move to adjacent
friendly or vacant locations, with the road limits of JC 6.11 counted over
the whole regroup (``road_limit.major``/``minor``/``strait``), never by sea.
Navis regroup (JC 7.83) to an adjacent friendly or vacant sea, or from a
naval battle to a friendly or vacant port on that sea.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from legatus import (
    PIECES,
    PUBLIC,
    Action,
    Context,
    Frame,
    Procedure,
    Prompt,
    State,
    declare,
    kit,
    make_prompt,
)
from legatus.games.julius_caesar.effects import NAVIS
from legatus.games.julius_caesar.model import occupants, road_key, status_of

LAND_ROADS = ("major", "minor", "strait")
#: The counter key of retreats by sea (JC 7.64), next to road keys.
SEA_RETREAT = "sea"

Occupied = Mapping[str, Collection[str]]
Route = tuple[str, ...]


@dataclass(frozen=True)
class Ground:
    """What a retreat depends on: where the battle is, who attacks, how they came.

    ``entered`` maps a side to the road keys (roads and sea borders) its
    blocks used to enter the battle; ``origins`` maps a block to the space it
    entered from, where known (navis retreat there, JC 7.82).
    """

    location: str
    attacker: str
    entered: Mapping[str, frozenset[str]]
    origins: Mapping[str, str]


def _status(occupied: Occupied, space: str, side: str) -> str:
    return status_of(set(occupied.get(space, ())), side)


def _other_end(key: str, space: str) -> str | None:
    a, _, b = key.partition("|")
    if a == space:
        return b
    if b == space:
        return a
    return None


def _road_limit(ctx: Context, kinds: Collection[str], *, retreat: bool) -> int:
    """The blocks per side that may cross a border of ``kinds`` in a battle round
    (``retreat``, JC 7.61) or a regroup (JC 7.7): the kit's limit by border kind."""
    limits = {
        "major": int(ctx.param("road_limit.major")),
        "minor": int(ctx.param("road_limit.minor")),
        "strait": int(ctx.param("retreat_limit.strait" if retreat else "road_limit.strait")),
    }
    return kit.kind_limit(kinds, limits)


def is_navis(ctx: Context, block: str) -> bool:
    return ctx.definition.pieces[block].type == NAVIS


def is_sea(ctx: Context, space: str) -> bool:
    board = ctx.definition.board
    return board.space_kinds[board.spaces[space].kind] == "sea"


def retreat_routes(
    ctx: Context, ground: Ground, block: str, used: Mapping[str, int], occupied: Occupied
) -> list[Route]:
    """Every legal retreat of ``block`` now (JC 7.6-7.64, 7.82); ``used`` counts
    this round's retreats of the block's side by road key and ``sea``."""
    side = ctx.state["pieces"][block]["side"]
    if is_navis(ctx, block):
        return _navis_retreats(ctx, ground, block, side, occupied)
    return _land_retreats(ctx, ground, side, used, occupied)


def _land_retreats(
    ctx: Context, ground: Ground, side: str, used: Mapping[str, int], occupied: Occupied
) -> list[Route]:
    board = ctx.definition.board
    here = ground.location
    attacking = side == ground.attacker
    own_roads = ground.entered.get(side, frozenset())
    attacker_roads = ground.entered.get(ground.attacker, frozenset())
    routes: list[Route] = []
    for city in sorted(board.neighbours(here, LAND_ROADS)):
        state = _status(occupied, city, side)
        if state not in ("friendly", "vacant"):
            continue
        key = road_key(here, city)
        if attacking:
            allowed = state == "friendly" or key in own_roads  # JC 7.62
        else:
            allowed = key not in attacker_roads  # JC 7.63
        limit = _road_limit(ctx, board.connection_kinds_between(here, city), retreat=True)
        if allowed and used.get(key, 0) < limit:
            routes.append((city,))
    if used.get(SEA_RETREAT, 0) < int(ctx.param("retreat_limit.sea")):
        for sea in sorted(board.adjacent_of_category(here, "sea")):
            if _status(occupied, sea, side) != "friendly":
                continue
            for port in sorted(board.adjacent_of_category(sea, "land")):
                if port != here and _status(occupied, port, side) == "friendly":
                    routes.append((sea, port))  # JC 7.64
    return routes


def _navis_retreats(
    ctx: Context, ground: Ground, block: str, side: str, occupied: Occupied
) -> list[Route]:
    board = ctx.definition.board
    here = ground.location
    seas = board.adjacent_of_category(here, "sea")
    near = board.neighbours(here, "sea")
    found: set[str] = set()
    if side == ground.attacker:
        origin = ground.origins.get(block)
        came_from = (
            {origin}
            if origin is not None
            else {_other_end(k, here) or "" for k in ground.entered.get(side, ())}
        )
        for space in came_from & near:
            if _status(occupied, space, side) in ("friendly", "vacant"):
                found.add(space)
        found.update(s for s in seas if _status(occupied, s, side) == "friendly")
    else:
        attacker_from = _attacker_sources(ground)
        for sea in seas:
            state = _status(occupied, sea, side)
            if state == "friendly" or (state == "vacant" and sea not in attacker_from):
                found.add(sea)
    if is_sea(ctx, here):
        found.update(
            p
            for p in board.adjacent_of_category(here, "land")
            if _status(occupied, p, side) == "friendly"
        )
    navis_spaces = ctx.definition.piece_types[NAVIS].stands_on
    kinds = board.space_kinds
    return [
        (space,)
        for space in sorted(found)
        if board.spaces[space].kind in navis_spaces
        or kinds[board.spaces[space].kind] in navis_spaces
    ]


def _attacker_sources(ground: Ground) -> set[str]:
    """Where the attacker's blocks came from (the seas a defending navis may not use)."""
    sources = {
        end
        for key in ground.entered.get(ground.attacker, ())
        if (end := _other_end(key, ground.location)) is not None
    }
    return sources


# -- regroups ------------------------------------------------------------------


def regroup_routes(
    ctx: Context, location: str, block: str, used: Mapping[str, int], occupied: Occupied
) -> list[Route]:
    """Every legal regroup of ``block`` from ``location`` now (JC 7.7, 7.83)."""
    board = ctx.definition.board
    side = ctx.state["pieces"][block]["side"]
    open_to = ("friendly", "vacant")
    if is_navis(ctx, block):
        found = {
            s
            for s in board.adjacent_of_category(location, "sea")
            if _status(occupied, s, side) in open_to
        }
        if is_sea(ctx, location):
            found.update(
                p
                for p in board.adjacent_of_category(location, "land")
                if _status(occupied, p, side) in open_to
            )
        return [(space,) for space in sorted(found)]
    routes: list[Route] = []
    for city in sorted(board.neighbours(location, LAND_ROADS)):
        if _status(occupied, city, side) not in open_to:
            continue
        key = road_key(location, city)
        limit = _road_limit(ctx, board.connection_kinds_between(location, city), retreat=False)
        if used.get(key, 0) < limit:
            routes.append((city,))
    return routes


def move_block(state: State, block: str, to: str) -> None:
    state["pieces"][block]["at"] = to


class Regroup(Procedure):
    """``regroup(location, side)``: the winner of a battle may regroup (JC 7.7, 7.83).

    Actions: ``regroup(block, to)`` one block at a time, ``end_regroup``.
    Regrouped blocks are hidden again (the battle is over), so the enemy's
    log names how many blocks went where, not which.
    """

    fields = declare(args=PUBLIC, done=PUBLIC, moved=PIECES, used=PUBLIC)

    rule = "JC 7.7"

    def start(self, ctx: Context, frame: Frame) -> None:
        frame["moved"] = []
        frame["used"] = {}
        frame["done"] = False

    def _candidates(self, ctx: Context, frame: Frame) -> list[Action]:
        location, side = frame["args"]["location"], frame["args"]["side"]
        occupied = occupants(ctx.state)
        actions = []
        moved = set(frame["moved"])
        for pid, piece in ctx.state["pieces"].items():
            if piece["at"] != location or piece["side"] != side or pid in moved:
                continue
            for route in regroup_routes(ctx, location, pid, frame["used"], occupied):
                actions.append(Action("regroup", (pid, *route)))
        return actions

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if frame["done"]:
            return None
        actions = self._candidates(ctx, frame)
        if not actions:
            return None
        location = frame["args"]["location"]
        return make_prompt(
            frame["args"]["side"],
            "regroup",
            f"Regroup from {location}: move a block or end the regroup",
            [*actions, Action("end_regroup")],
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if action.kind == "end_regroup":
            frame["done"] = True
            return
        block, to = str(action.args[0]), str(action.args[-1])
        location, side = frame["args"]["location"], frame["args"]["side"]
        if not is_navis(ctx, block):
            key = road_key(location, to)
            frame["used"][key] = frame["used"].get(key, 0) + 1
        move_block(ctx.state, block, to)
        frame["moved"].append(block)
        ctx.fired("JC 7.83" if is_navis(ctx, block) else "JC 7.7")
        name = ctx.definition.side_name(side)
        ctx.log(f"{name} regroups {block}: {location} -> {to}", to=[side], block=block, at=to)
        ctx.log(
            f"{name} regroups a block: {location} -> {to}",
            to=[s for s in ctx.definition.side_ids if s != side],
            event="regroup",
            at=to,
        )
