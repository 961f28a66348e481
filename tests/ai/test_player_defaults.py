"""A game's defaults for its computer players (the manifest's ``computer_players``).

A plain ``mcts`` spec takes the game's default options; an option the spec gives wins, and a
budget it gives (iterations, actions or time) replaces the default budget rather than
joining it. Hannibal Barkas ships ``mcts: {actions: 200}`` (its search's worst decisions,
a winter's disbandings, cost 0.3-0.4 s at 20 iterations).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from legatus.framework.engine.core import Game
from legatus.framework.model.errors import DataError, LegatusError
from legatus.framework.model.loader import load_game
from legatus.framework.play.ai.greedy import GreedyAgent
from legatus.framework.play.ai.mcts import DEFAULT_ITERATIONS, MctsAgent
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.tools.bench import mcts_speed


def with_defaults(folder: Path, text: str) -> None:
    """Add ``text`` (a ``computer_players`` block) to the manifest in ``folder``."""
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text() + text)


def demo(catalog: Catalog, game_path: Path) -> Game:
    """The demo game (its plugin installed) with the definition read from ``game_path``."""
    return catalog.load("demo_skirmish").replace(definition=load_game(game_path))


def mcts(catalog: Catalog, spec: str, game_path: Path) -> MctsAgent:
    agent = catalog.make_agent(spec, "red", 7, game=demo(catalog, game_path))
    assert isinstance(agent, MctsAgent)
    return agent


def test_a_plain_spec_takes_the_games_defaults(demo_game: Path) -> None:
    with_defaults(demo_game, "computer_players:\n  mcts: {actions: 150, c: 0.2}\n")
    agent = mcts(default_catalog(), "mcts", demo_game)
    assert (agent.actions, agent.c) == (150, 0.2)


def test_a_spec_option_wins_over_the_default(demo_game: Path) -> None:
    with_defaults(demo_game, "computer_players:\n  mcts: {actions: 150, c: 0.2}\n")
    agent = mcts(default_catalog(), "mcts:c=0.01,actions=90", demo_game)
    assert (agent.actions, agent.c) == (90, 0.01)


def test_a_budget_in_the_spec_replaces_the_default_budget(demo_game: Path) -> None:
    """``iterations=40`` over a default ``actions=150`` is a budget of 40 iterations, not two
    budgets (which a spec may not name); the default's other options stay."""
    with_defaults(demo_game, "computer_players:\n  mcts: {actions: 150, c: 0.2}\n")
    catalog = default_catalog()
    agent = mcts(catalog, "mcts:iterations=40", demo_game)
    assert (agent.actions, agent.iterations, agent.c) == (None, 40, 0.2)
    timed = mcts(catalog, "mcts:time=0.5", demo_game)
    assert (timed.actions, timed.seconds) == (None, 0.5)


def test_without_defaults_the_player_keeps_its_own(demo_game: Path) -> None:
    agent = mcts(default_catalog(), "mcts", demo_game)
    assert (agent.actions, agent.iterations) == (None, DEFAULT_ITERATIONS)


def test_hannibal_barkas_searches_200_actions_a_decision_by_default() -> None:
    catalog = default_catalog()
    game = catalog.load("hannibal_barkas")
    assert dict(game.definition.player_defaults["mcts"]) == {"actions": "200"}
    agent = catalog.make_agent("mcts", "rome_north", 1, game=game)
    assert isinstance(agent, MctsAgent) and agent.actions == 200
    # Julius Caesar declares none: its mcts keeps 20 iterations.
    caesar = catalog.make_agent("mcts", "caesar", 1, game=catalog.load("julius_caesar"))
    assert isinstance(caesar, MctsAgent)
    assert (caesar.actions, caesar.iterations) == (None, DEFAULT_ITERATIONS)


def test_greedy_takes_its_defaults_too(demo_game: Path) -> None:
    with_defaults(demo_game, "computer_players:\n  greedy: {samples: 3}\n")
    catalog = default_catalog()
    agent = catalog.make_agent("greedy", "red", 7, game=demo(catalog, demo_game))
    assert isinstance(agent, GreedyAgent) and agent.samples == 3


def refusal(folder: Path, defaults: str, spec: str = "mcts") -> str:
    """The error making ``spec`` gives when the manifest's ``computer_players.mcts`` is
    ``defaults``."""
    with_defaults(folder, f"computer_players:\n  mcts: {defaults}\n")
    with pytest.raises(LegatusError) as caught:
        mcts(default_catalog(), spec, folder)
    return str(caught.value)


def test_an_unknown_default_option_is_refused_naming_the_manifest(demo_game: Path) -> None:
    assert refusal(demo_game, "{budget: 150}") == (
        "demo_skirmish's manifest (computer_players.mcts) gives player 'mcts' the option "
        "'budget'; its options: iterations, actions, time, c, rollout, depth, priors, width"
    )


def test_a_bad_default_value_is_refused_naming_where_it_came_from(demo_game: Path) -> None:
    assert refusal(demo_game, "{actions: 0}") == (
        "mcts needs actions >= 1, got 0 (actions from demo_skirmish's defaults: "
        "computer_players.mcts in its manifest)"
    )


def test_two_default_budgets_are_refused(demo_game: Path) -> None:
    assert refusal(demo_game, "{actions: 100, iterations: 20}") == (
        "mcts takes one budget, got iterations and actions: iterations, actions or time "
        "(actions, iterations from demo_skirmish's defaults: computer_players.mcts in its "
        "manifest)"
    )
    # A budget in the spec replaces both.
    assert mcts(default_catalog(), "mcts:iterations=5", demo_game).iterations == 5


def test_a_default_that_is_not_a_number_is_refused_at_its_line(demo_game: Path) -> None:
    with_defaults(demo_game, "computer_players:\n  mcts: {actions: lots}\n")
    with pytest.raises(DataError) as caught:
        load_game(demo_game)
    assert [str(p) for p in caught.value.problems] == [
        'game.yaml:19 $.computer_players.mcts.actions: expected a number, got a string "lots"'
    ]


def test_the_benchmark_times_the_games_default_player() -> None:
    """``legatus bench``'s MCTS figures are for the game's ``mcts``: in Hannibal Barkas a
    budget of 200 actions tried, whose iterations vary with the decision's width."""
    catalog = default_catalog()
    figures = mcts_speed(catalog.load("hannibal_barkas"), decisions=1, catalog=catalog)
    assert figures["budget"] == "actions=200" and figures["decisions"] == 1
    assert 0 < figures["iterations"] <= 200
