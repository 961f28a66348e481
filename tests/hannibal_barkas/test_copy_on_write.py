"""Hannibal Barkas changes a piece only through ``model.writable`` (a copy of its entry put
in its place), so the states a search plays on share the entries they leave alone
(``HannibalBarkas.pieces_copied_on_write``, ``fork(share_pieces=True)``). Checked on random
games: every action tried on a copy (``Game.applied``) leaves the state it was played from
exactly as it was, and gives the state the same action gives played in place on a whole copy.
A change made to an entry in place anywhere these games reach fails it. The same with the next
decision left unlisted (``listed=False``, as MCTS scores actions; ``Procedure.asks``): the
same state, and the same legal actions once asked for."""

from __future__ import annotations

import pytest

from legatus.framework.engine import rng
from legatus.framework.engine.core import Run
from legatus.framework.engine.state import clone, state_json
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match


@pytest.mark.parametrize(("scenario", "seed"), [("gates-2p", 3), ("campaign-4p", 4)])
def test_actions_tried_on_copies_leave_the_position_untouched(scenario: str, seed: int) -> None:
    game = default_catalog().load("hannibal_barkas")
    assert game.plugin.pieces_copied_on_write
    sides = game.definition.side_ids
    match = Match.new(game, scenario, seed=seed, players=dict.fromkeys(sides, RandomAgent(seed)))
    stream = rng.seed_state(seed)
    tried = 0
    while not match.over and len(match.moves) < 200:
        state, run = match.state, Run(count=False)
        actions = game.legal_actions(state, run)
        before = state_json(state)
        for _ in range(2):
            action = actions[rng.below(stream, len(actions))]
            whole = clone(state)
            copy = game.applied(state, action, run)
            game.apply(whole, action, Run(count=False))
            assert state_json(state) == before, (len(match.moves), action.text)
            assert state_json(copy) == state_json(whole), (len(match.moves), action.text)
            unlisted = game.applied(state, action, run, listed=False)
            assert state_json(unlisted) == state_json(whole), (len(match.moves), action.text)
            assert game.legal_actions(unlisted) == game.legal_actions(whole)
            tried += 1
        match.step()
    assert tried > 200
