"""Along random games: the kit's index of the blocks on the map kept with the state, and the
paths of group moves listed in text order (JC 6.1, the kit's
:mod:`legatus.framework.kit.movement`).

The index (:meth:`~legatus.framework.kit.movement.Occupancy.of`) is made again only when
the pieces changed, and kept in step by the kit's effects that move a block: after every
action it must say what an index made afresh says, and a block's move must not make it
again. A decision lists an option's values by their text; the group moves' search finds
its paths in that order, so the interpreter does not sort them: the offers must be in it.
"""

from __future__ import annotations

from itertools import groupby

import pytest

from legatus.framework.kit import movement
from legatus.framework.kit.movement import Occupancy
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


def _in_step(index: Occupancy) -> bool:
    again = Occupancy.__new__(Occupancy)
    again._index(list(index._ids), list(index._ats), list(index._sides))
    return again.index() == index.index()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_kept_index_and_the_order_of_paths_along_a_random_game(seed: int) -> None:
    game = default_catalog().load("julius_caesar")
    players = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, seed=seed, players=players)
    moves = kept_through_moves = listings = 0
    while True:
        pieces = match.state["pieces"]
        before = movement._KEPT.get(id(pieces))
        if not match.step():
            break
        kept = movement._KEPT.get(id(pieces))
        if kept is not None:
            assert _in_step(kept)
            assert Occupancy.of(pieces).index() == Occupancy(pieces).index()
        if match.moves[-1].action.kind == "move":
            moves += 1
            kept_through_moves += before is not None and kept is before
        frame = match.state["stack"][-1] if match.state["stack"] else {}
        asking = frame.get("asking") or {}
        offers = [args for kind, args in asking.get("offers", []) if kind == "move"]
        for _block, offered in groupby(offers, key=lambda args: args[0]):
            paths = [args[1] for args in offered]
            assert paths == sorted(paths, key=str)
            listings += 1
    assert moves > 50 and listings > 50
    # A block's move keeps the index in step: the next decision reads it, not a new one.
    assert kept_through_moves == moves
