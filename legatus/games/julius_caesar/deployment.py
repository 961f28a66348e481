"""Free deployment, the optional set-up of JC 5.3 (scenario option ``free_deployment``).

JC 5.3: each side deploys as in the historical set-up (JC 5.1), but may
put any of its historically deployed blocks in any of those places, as
long as every city keeps its historical number of blocks; blocks from the
levy pool may not be swapped in. A navis must still stand in a port
(JC 4.1): in general, a block goes only where its type may stand.

Action decomposition: Caesar first, then Pompey; each side's deployed
blocks are taken in id order and its owner answers ``deploy(block, city)``
for each, among the cities with a free place where the block may stand
and where the blocks still to come can all be placed (so no choice ever
leads to a dead end). A block with one possible city is placed without a
question. Taking the blocks in a fixed order makes every final
arrangement the answer to exactly one sequence of questions (no
permutations of the same set-up), which is what search and learning
agents need.

Hidden until done: a side's choices are kept in its private data
(``state["records"]["deployment"][side]``, ``{block: city}``) and the
blocks stay where the historical set-up put them until both sides have
finished; then all move at once. The enemy sees no block move while the
other side chooses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from legatus import (
    PIECES,
    PUBLIC,
    Action,
    Context,
    Frame,
    GameDef,
    Procedure,
    Prompt,
    declare,
    make_prompt,
)
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


class FreeDeployment(Procedure):
    """JC 5.3: each side re-arranges its historically deployed blocks, one at a time."""

    fields = declare(args=PUBLIC, todo=PIECES, places=PUBLIC)

    rule = "JC 5.3"

    def start(self, ctx: Context, frame: Frame) -> None:
        state = ctx.state
        frame["todo"] = {}
        frame["places"] = {}
        if OPTION not in state["options"]:
            return
        scenario = ctx.definition.scenarios[state["scenario"]]
        for side in SIDES:
            on_map = scenario.setup[side].on_map if side in scenario.setup else {}
            frame["places"][side] = {city: len(found) for city, found in on_map.items()}
            frame["todo"][side] = sorted(p.piece for found in on_map.values() for p in found)
            state["records"]["deployment"][side] = {}
        ctx.log("Free deployment: each side places its deployed blocks in secret")
        self._advance(ctx, frame)

    def _options(self, ctx: Context, frame: Frame, side: str) -> list[str]:
        game = ctx.definition
        block, *rest = frame["todo"][side]
        free = frame["places"][side]
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

    def _current_side(self, frame: Frame) -> str | None:
        return next((side for side in SIDES if frame["todo"].get(side)), None)

    def _advance(self, ctx: Context, frame: Frame) -> None:
        """Place forced blocks; when both sides are done, move every block at once."""
        while (side := self._current_side(frame)) is not None:
            options = self._options(ctx, frame, side)
            if len(options) != 1:
                return
            self._assign(ctx, frame, side, options[0])
        self._finish(ctx, frame)

    def _assign(self, ctx: Context, frame: Frame, side: str, city: str) -> None:
        block = frame["todo"][side].pop(0)
        frame["places"][side][city] -= 1
        ctx.state["records"]["deployment"][side][block] = city
        ctx.log(f"{block} will deploy in {city}", to=[side], piece=block, city=city)
        if not frame["todo"][side]:
            ctx.log(f"{ctx.definition.side_name(side)} has deployed")

    def _finish(self, ctx: Context, frame: Frame) -> None:
        state = ctx.state
        for side in SIDES:
            chosen = state["records"]["deployment"][side]
            state["records"]["deployment"][side] = {}
            for block, city in chosen.items():
                state["pieces"][block]["at"] = city
        ctx.log("Free deployment done: the blocks stand in their cities")

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        side = self._current_side(frame)
        if side is None:
            return None
        block = frame["todo"][side][0]
        actions = [Action("deploy", (block, city)) for city in self._options(ctx, frame, side)]
        text = f"{ctx.definition.side_name(side)}: where does {block} deploy?"
        return make_prompt(side, "deploy", text, actions)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = self._current_side(frame)
        assert side is not None
        self._assign(ctx, frame, side, str(action.args[1]))
        self._advance(ctx, frame)


PROCEDURES: dict[str, Procedure] = {"free_deployment": FreeDeployment()}
