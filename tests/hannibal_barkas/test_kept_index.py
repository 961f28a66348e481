"""Hannibal Barkas keeps its index of where the pieces stand (``model.located``) and its
evaluation's survey of the pieces on the map (``evaluation.survey``) from one reading to the
next, for the positions a search scores. Checked on random games: at every decision, on the
position itself and on copies with an action tried (``Game.applied``, as MCTS scores them), the
kept index is what reading every piece finds (``legatus.occupancy``), and the kept survey (or
the last one with the fields of the spaces moved pieces left and entered made again) is the one
made afresh, its fields in the same order."""

from __future__ import annotations

import pytest

from legatus import OFF_MAP, occupancy
from legatus.framework.engine import rng
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.state import State, fork
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match
from legatus.games.hannibal_barkas import evaluation, model
from tests.hannibal_barkas.conftest import relocate


def _fresh(state: State) -> tuple[dict[str, list[str]], list[str]]:
    on_map = [pid for pid, entry in state["pieces"].items() if entry["at"] not in OFF_MAP]
    return occupancy(state), on_map


def _fresh_scores(game: Game, state: State, teams: list[str]) -> dict[str, float]:
    """The nations' scores made afresh, from a survey made afresh."""
    definition = game.definition
    prices, fields, walls = evaluation._survey(definition, state["pieces"], _fresh(state)[1])[0]
    battles = evaluation.battles(definition, state, fields, teams)
    expected = evaluation.sieges(definition, state, walls, battles)
    return {
        t: evaluation.score(definition, state, t, game.rules.values, prices, expected.get(t))
        for t in teams
    }


@pytest.mark.parametrize(("scenario", "seed"), [("gates-2p", 5), ("campaign-4p", 6)])
def test_the_kept_index_and_survey_are_the_pieces_as_they_stand(scenario: str, seed: int) -> None:
    game = default_catalog().load("hannibal_barkas")
    definition = game.definition
    sides = definition.side_ids
    match = Match.new(game, scenario, seed=seed, players=dict.fromkeys(sides, RandomAgent(seed)))
    stream = rng.seed_state(seed)
    checked = 0
    while not match.over and len(match.moves) < 150:
        state, run = match.state, Run(count=False)
        actions = game.legal_actions(state, run)
        positions = [state]
        for _ in range(2):
            action = actions[rng.below(stream, len(actions))]
            positions.append(game.applied(state, action, run, listed=False))
        for position in positions:
            assert model.located(position) == _fresh(position), len(match.moves)
            on_map = _fresh(position)[1]
            made = evaluation._survey(definition, position["pieces"], on_map)[0]
            kept = evaluation.survey(definition, position)
            assert kept == made, len(match.moves)
            # The fields in the same order, each its nations in the same order: the
            # battles are summed in that order.
            assert [(s, list(a)) for s, a in kept[1].items()] == [
                (s, list(a)) for s, a in made[1].items()
            ], len(match.moves)
            teams = evaluation.seated_teams(definition, position)
            scores = evaluation._scores(definition, position, teams, game.rules.values)
            assert scores == _fresh_scores(game, position, teams), len(match.moves)
            checked += 1
        match.step()
    assert checked > 300


def test_a_piece_moved_by_hand_is_read_again() -> None:
    """A place written into an entry and noted (``note_moved``, as the test helpers do) is
    found at the next reading; a side or a city's walls changed is found by the survey."""
    game = default_catalog().load("hannibal_barkas")
    sides = game.definition.side_ids
    match = Match.new(game, "gates-2p", seed=1, players=dict.fromkeys(sides, RandomAgent(1)))
    state = match.state
    where, _ = model.located(state)
    space = next(iter(where))
    pid = where[space][0]
    before = evaluation.survey(game.definition, state)
    relocate(state, "out", pid)
    assert pid not in model.located(state)[0].get(space, [])
    assert model.located(state) == _fresh(state)
    after = evaluation.survey(game.definition, state)
    assert after == evaluation._survey(game.definition, state["pieces"], _fresh(state)[1])[0]
    assert after != before
    other = next(p for p in _fresh(state)[1] if p != pid)
    model.set_city(state["pieces"][other], "a city")  # by hand, in place
    walled = evaluation.survey(game.definition, state)
    assert walled == evaluation._survey(game.definition, state["pieces"], _fresh(state)[1])[0]
    assert walled != after


def test_moves_through_writable_are_accounted_per_position() -> None:
    """A move made through ``model.writable`` is noted with its position's pieces
    (``note_moved(pieces)``) and put in the account of the index kept for them: the next
    read of that position finds it, and the position it was copied from, whose pieces did
    not move, keeps its index as it was; a sample of a search's information set starts
    from the index of its skeleton's pieces."""
    game = default_catalog().load("hannibal_barkas")
    sides = game.definition.side_ids
    match = Match.new(game, "gates-2p", seed=1, players=dict.fromkeys(sides, RandomAgent(1)))
    for _ in range(40):
        match.step()
    state = match.state
    before = model.located(state)
    copy = fork(state, share_pieces=True)
    assert game.plugin is not None
    game.plugin.forked(state, copy)
    assert model.located(copy) == before
    where = before[0]
    space = next(iter(where))
    pid = where[space][0]
    model.writable(copy, pid).at = "out"  # a move of the copy's only
    assert pid not in model.located(copy)[0].get(space, [])
    assert model.located(copy) == _fresh(copy)
    assert model.located(state) == _fresh(state) == before
    other = next(p for p in _fresh(state)[1] if p != pid)
    model.writable(copy, other).at = space  # a second move, on the copy's index as made
    assert model.located(copy) == _fresh(copy)
    assert model.located(state) == _fresh(state)
    info = information_set(game, state, match.prompt().side)
    stream = rng.seed_state(3)
    for _ in range(3):
        sample = info.sample_to_move(stream)
        assert model.located(sample) == _fresh(sample)
