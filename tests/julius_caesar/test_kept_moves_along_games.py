"""Along random games: a side's group moves kept from one decision to the next (JC 6.1,
6.3; the kit's :func:`~legatus.framework.kit.movement_rules.register_movement`, ``kept_by``).

Julius Caesar's moves are kept while the pieces' places and sides, the turn's public record
and the side's moved blocks stay the same. At every decision of a random game the legal
actions must be those a copy of the state lists (a state the kept moves never saw: its
moves are made afresh); and the game's own decisions must not make a side's moves again
for what they were last made from (before they were kept, 37% of those made were so).
"""

from __future__ import annotations

import json

import pytest

from legatus.framework.engine.core import Context
from legatus.framework.engine.state import clone
from legatus.framework.play.agents import RandomAgent, agent_seed
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.games.julius_caesar import command_record, movement


def _read(ctx: Context, side: str) -> str:
    """What a side's moves are made from, written out afresh."""
    state = ctx.state
    places = {pid: (entry["at"], entry["side"]) for pid, entry in state["pieces"].items()}
    public, moved = command_record.public(state), command_record.moved(state, side)
    return json.dumps([places, public, moved], sort_keys=True)


@pytest.mark.parametrize("seed", [1, 2])
def test_jc_6_1_kept_moves_list_what_moves_made_afresh_list(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = default_catalog().load("julius_caesar")
    made: list[tuple[int, str, str, str]] = []
    make = movement.Movement.__init__

    def noted(self: movement.Movement, ctx: Context, side: str, mode: str = "card") -> None:
        make(self, ctx, side, mode)
        made.append((id(ctx.state), side, mode, _read(ctx, side)))

    monkeypatch.setattr(movement.Movement, "__init__", noted)
    players = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(game.definition.side_ids)}
    match = Match.new(game, seed=seed, players=players)
    own: list[tuple[int, str, str, str]] = []
    decisions = 0
    while True:
        listed = game.legal_actions(match.state)
        # A copy is another state: its moves are made afresh, never the kept ones.
        copy = clone(match.state)
        assert game.legal_actions(copy) == listed
        del made[:]
        if not match.step():
            break
        own.extend(made)
        decisions += 1
    assert decisions > 200 and len(own) > 100
    last: dict[tuple[int, str, str], str] = {}
    again = 0
    for state, side, mode, read in own:
        again += last.get((state, side, mode)) == read
        last[(state, side, mode)] = read
    assert again <= len(own) // 50
