"""Free deployment: each side places its historically deployed blocks anew, in secret.

Several Columbia block games offer it as an option (Julius Caesar 5.3): a side deploys
the blocks its scenario sets up on the map, but may put any of them in any of the places
the set-up uses, each place keeping its number of blocks, a block only where its type may
stand (its ``stands_on``); no block from the pool is swapped in. (Hammer of the Scots has
only the historical set-up, and draws some pool blocks into a space at random: a
scenario's setup and the state's seeded draws, not this option.)

The blocks are taken in id order and each is asked only where it has a choice, among the
places where the blocks still to come can all be placed after it (:func:`can_place_all`):
no choice leads to a dead end, and every final arrangement is the answer to exactly one
sequence of questions (what search and learning agents need). The choices are kept in
each side's private ``deployment`` record (``{block: place}``, declared ``visible_to:
owner``) and the blocks stay in their historical places until every side is done; then
all move at once, so no side sees another's choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from legatus.framework.engine.core import Context
from legatus.framework.kit import movement
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules.registry import rules_effect, rules_query


def may_stand(game: GameDef, block: str, space: str) -> bool:
    """Whether ``block`` may stand in ``space`` (its type's ``stands_on``: the space's kind
    or category)."""
    stands_on = game.piece_types[game.pieces[block].type].stands_on
    where = game.board.spaces[space]
    return where.kind in stands_on or where.category in stands_on


def can_place_all(allowed: Iterable[frozenset[str]], free: Mapping[str, int]) -> bool:
    """Whether blocks with these allowed places fit the free places (Hall's condition).

    Blocks with the same allowed places are interchangeable, so checking every union of
    whole groups is enough: the blocks fit iff for every choice of groups, their blocks
    number at most the free places any of them may use.

    >>> can_place_all([frozenset("a"), frozenset("ab")], {"a": 1, "b": 1})
    True
    >>> can_place_all([frozenset("a"), frozenset("a")], {"a": 1, "b": 1})
    False
    """
    groups: dict[frozenset[str], int] = {}
    for places in allowed:
        groups[places] = groups.get(places, 0) + 1
    kinds = list(groups)
    for size in range(1, len(kinds) + 1):
        for chosen in combinations(kinds, size):
            blocks = sum(groups[c] for c in chosen)
            places = frozenset().union(*chosen)
            if blocks > sum(free.get(place, 0) for place in places):
                return False
    return True


def historical(ctx: Context, side: str) -> dict[str, list[str]]:
    """The scenario's set-up of ``side``'s blocks on the map: place -> blocks."""
    scenario = ctx.definition.scenarios[ctx.state["scenario"]]
    on_map = scenario.setup[side].on_map if side in scenario.setup else {}
    return {place: [p.piece for p in found] for place, found in on_map.items()}


def chosen(ctx: Context, side: str) -> dict[str, str]:
    found: dict[str, str] = ctx.state["records"]["deployment"][side]
    return found


@rules_effect("begin_deployment()")
def begin_deployment(ctx: Context) -> None:
    """Each side's choices start empty (they stay private until every side is done)."""
    for side in ctx.definition.side_ids:
        ctx.state["records"]["deployment"][side] = {}
    ctx.log("Free deployment: each side places its deployed blocks in secret")


@rules_query("blocks_to_deploy(side: side) -> list[piece]")
def blocks_to_deploy(ctx: Context, side: str) -> list[str]:
    """The side's historically deployed blocks, in id order."""
    return sorted(block for found in historical(ctx, side).values() for block in found)


@rules_query("deploy_places(side: side, block: piece) -> list[space]")
def deploy_places(ctx: Context, side: str, block: str) -> list[str]:
    """The places with a free slot where ``block`` may stand and the blocks still to come
    can all be placed after it (no choice leads to a dead end), by name."""
    game, done = ctx.definition, chosen(ctx, side)
    free = {place: len(found) for place, found in historical(ctx, side).items()}
    for place in done.values():
        free[place] -= 1
    rest = [b for b in blocks_to_deploy(ctx, side) if b not in done and b != block]
    options = []
    for place in sorted(free):
        if free[place] <= 0 or not may_stand(game, block, place):
            continue
        after = dict(free)
        after[place] -= 1
        allowed = (
            frozenset(p for p in after if after[p] > 0 and may_stand(game, other, p))
            for other in rest
        )
        if can_place_all(allowed, after):
            options.append(place)
    return options


@rules_effect("deploy_to(side: side, block: piece, place: space)")
def deploy_to(ctx: Context, side: str, block: str, place: str) -> None:
    """``block`` will deploy in ``place`` (its side alone reads where)."""
    done = chosen(ctx, side)
    done[block] = place
    ctx.log(f"{block} will deploy in {place}", to=[side], piece=block, city=place)
    if len(done) == len(blocks_to_deploy(ctx, side)):
        ctx.log(ctx.definition.side_does(side, "has deployed"))


@rules_effect("finish_deployment()")
def finish_deployment(ctx: Context) -> None:
    """Every side is done: its blocks move to their places at once."""
    for side in ctx.definition.side_ids:
        done = chosen(ctx, side)
        ctx.state["records"]["deployment"][side] = {}
        for block, at in done.items():
            movement.place(ctx.state["pieces"], block, at)
    ctx.log("Free deployment done: the blocks stand in their cities")
