"""Free deployment, the optional set-up of JC 5.3 (scenario option ``free_deployment``).

JC 5.3: each side deploys as in the historical set-up (JC 5.1), but may
put any of its historically deployed blocks in any of those places, as
long as every city keeps its historical number of blocks; blocks from the
levy pool may not be swapped in. A navis must still stand in a port
(JC 4.1): in general, a block goes only where its type may stand.

Action decomposition (the rules file's procedure ``free_deployment``, on the queries and
effects here): Caesar first, then Pompey; each side's deployed
blocks are taken in id order and its owner answers ``deploy(block, city)``
for each, among the cities with a free place where the block may stand
and where the blocks still to come can all be placed (so no choice ever
leads to a dead end). A block with one possible city is placed without a
question. Taking the blocks in a fixed order makes every final
arrangement the answer to exactly one sequence of questions (no
permutations of the same set-up), which is what search and learning
agents need.

Hidden until done: a side's choices are kept in its private data
(``model.records(state).deployment[side]``, ``{block: city}``) and the
blocks stay where the historical set-up put them until both sides have
finished; then all move at once. The enemy sees no block move while the
other side chooses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from legatus import Context, GameDef, piece, rules_effect, rules_query
from legatus.games.julius_caesar import model
from legatus.games.julius_caesar.model import SIDES

OPTION = "free_deployment"


def may_stand(definition: GameDef, block: str, space: str) -> bool:
    """Whether ``block`` may stand in ``space`` (its type's ``stands_on``, JC 4.1)."""
    stands_on = definition.piece_types[definition.pieces[block].type].stands_on
    where = definition.board.spaces[space]
    return where.kind in stands_on or where.category in stands_on


def can_place_all(allowed: Iterable[frozenset[str]], free: Mapping[str, int]) -> bool:
    """Whether blocks with these allowed cities fit the free places (Hall's condition).

    Blocks with the same allowed cities are interchangeable, so checking
    every union of whole groups is enough: a set of blocks fits iff for
    every choice of groups, their blocks number at most the free places
    of the cities any of them may use.
    """
    groups: dict[frozenset[str], int] = {}
    for cities in allowed:
        groups[cities] = groups.get(cities, 0) + 1
    kinds = list(groups)
    for size in range(1, len(kinds) + 1):
        for chosen in combinations(kinds, size):
            blocks = sum(groups[c] for c in chosen)
            cities = frozenset().union(*chosen)
            if blocks > sum(free.get(city, 0) for city in cities):
                return False
    return True


# -- what the rules' procedure free_deployment calls (julius_caesar.rules) ----------------


def _historical(ctx: Context, side: str) -> dict[str, list[str]]:
    """The scenario's historical set-up of ``side``'s deployed blocks: city -> blocks."""
    scenario = ctx.definition.scenarios[ctx.state["scenario"]]
    on_map = scenario.setup[side].on_map if side in scenario.setup else {}
    return {city: [p.piece for p in found] for city, found in on_map.items()}


@rules_effect("begin_deployment()", rule="JC 5.3")
def begin_deployment(ctx: Context) -> None:
    """JC 5.3: each side's choices start empty (they stay private until both are done)."""
    for side in SIDES:
        model.records(ctx.state).deployment[side] = {}
    ctx.log("Free deployment: each side places its deployed blocks in secret")


@rules_query("blocks_to_deploy(side: side) -> list[piece]", rule="JC 5.3")
def blocks_to_deploy(ctx: Context, side: str) -> list[str]:
    """JC 5.3: the side's historically deployed blocks, in id order."""
    return sorted(block for found in _historical(ctx, side).values() for block in found)


@rules_query("deploy_cities(side: side, block: piece) -> list[space]", rule="JC 5.3")
def deploy_cities(ctx: Context, side: str, block: str) -> list[str]:
    """JC 5.3, 4.1: the cities with a free place where ``block`` may stand and where the
    blocks still to come can all be placed after it (no choice leads to a dead end)."""
    game = ctx.definition
    chosen = model.records(ctx.state).deployment[side]
    free = {city: len(found) for city, found in _historical(ctx, side).items()}
    for city in chosen.values():
        free[city] -= 1
    rest = [b for b in blocks_to_deploy(ctx, side) if b not in chosen and b != block]
    options = []
    for city in sorted(free):
        if free[city] <= 0 or not may_stand(game, block, city):
            continue
        after = dict(free)
        after[city] -= 1
        allowed = (
            frozenset(c for c in after if after[c] > 0 and may_stand(game, other, c))
            for other in rest
        )
        if can_place_all(allowed, after):
            options.append(city)
    return options


@rules_effect("deploy_to(side: side, block: piece, city: space)", rule="JC 5.3")
def deploy_to(ctx: Context, side: str, block: str, city: str) -> None:
    """JC 5.3: ``block`` will deploy in ``city`` (its side alone reads where)."""
    chosen = model.records(ctx.state).deployment[side]
    chosen[block] = city
    ctx.log(f"{block} will deploy in {city}", to=[side], piece=block, city=city)
    if len(chosen) == len(blocks_to_deploy(ctx, side)):
        ctx.log(f"{ctx.definition.side_name(side)} has deployed")


@rules_effect("finish_deployment()", rule="JC 5.3")
def finish_deployment(ctx: Context) -> None:
    """JC 5.3: both sides are done: every block moves to its city at once."""
    state = ctx.state
    for side in SIDES:
        chosen = model.records(state).deployment[side]
        model.records(state).deployment[side] = {}
        for block, city in chosen.items():
            piece(state, block).at = city
    ctx.log("Free deployment done: the blocks stand in their cities")
