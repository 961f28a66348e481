"""Information-set MCTS: deterministic in iterations and in actions tried, blind to hidden
facts, a time budget, cut short by a front end's time limit."""

from __future__ import annotations

from itertools import islice

import pytest

from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.state import State
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.agents import Agent, decide, out_of_time, time_limit
from legatus.framework.play.ai.infoset import information_set
from legatus.framework.play.ai.mcts import MctsAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.bench import mcts_speed

from .conftest import jc_game, other_truth, random_positions


def make_agent(spec: str, side: str, seed: int, game: Game | None = None) -> Agent:
    return default_catalog().make_agent(spec, side, seed, game=game)


def choose(agent: Agent, game: Game, state: State) -> object:
    side = state["prompt"]["side"]
    return decide(agent, game, state, side, game.legal_actions(state))


def decisions(count: int) -> list[State]:
    """Positions of a random game where the side to move has a real choice."""
    game = jc_game()
    found = [
        s for s in islice(random_positions(game, 11, every=7), 60) if len(game.legal_actions(s)) > 2
    ]
    return found[:count]


def test_same_view_and_seed_give_the_same_action() -> None:
    """Two true states that show the deciding side the same view (the second has the
    other side's blocks, strengths, cards, private data and generator changed) give the
    same MCTS action: the player cannot be reading what it may not see."""
    game = jc_game()
    for n, truth in enumerate(decisions(4)):
        side = truth["prompt"]["side"]
        other = other_truth(game, truth, side, salt=500 + n)
        assert other["rng"] != truth["rng"]
        first = make_agent("mcts:iterations=30", side, 42, game=game)
        second = make_agent("mcts:iterations=30", side, 42, game=game)
        assert choose(first, game, truth) == choose(second, game, other)


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=40,c=1.0",
        "mcts:iterations=40,priors=0",
        "mcts:actions=300",
        "mcts:actions=100,priors=0,rollout=3",
    ],
)
def test_a_budget_in_iterations_is_deterministic(spec: str) -> None:
    """With priors (the default) and in plain UCT (``priors=0``)."""
    game = jc_game()
    for truth in decisions(3):
        side = truth["prompt"]["side"]
        chosen = {choose(make_agent(spec, side, 7, game=game), game, truth) for _ in range(2)}
        assert len(chosen) == 1
        assert chosen.pop() in game.legal_actions(truth)


def test_a_budget_in_actions_tried_stops_once_they_are_reached() -> None:
    """``actions=N``: iterations run until the actions played on samples (each scored at
    a node, descended through or rolled out) reach N; the iteration that reaches them
    finishes, so at most one iteration's actions more are tried (its descent and the node
    it scores). A narrow decision gets more
    iterations from the same budget than a wide one."""
    game = jc_game()
    spent: dict[int, int] = {}
    for truth in decisions(4):
        side = truth["prompt"]["side"]
        legal = game.legal_actions(truth)
        agent = MctsAgent(game, 5, actions=120, width=10)
        decide(agent, game, truth, side, legal)
        assert agent.tried >= 120 or agent.done + agent.dropped == 120
        # One iteration more than the budget needs: a descent and a node scored.
        assert agent.tried <= 120 + agent.depth + max(len(legal), 10)
        spent[len(legal)] = agent.done + agent.dropped
    narrow, wide = min(spent), max(spent)
    assert narrow < wide and spent[narrow] > spent[wide]
    # Plain UCT tries one action an iteration (the expansion) and rollout=2 more each.
    agent = MctsAgent(game, 5, actions=30, priors=False, rollout=2)
    truth = decisions(1)[0]
    decide(agent, game, truth, truth["prompt"]["side"], game.legal_actions(truth))
    assert 30 <= agent.tried <= 30 + 40 + 2 and agent.done + agent.dropped <= 30


def test_search_never_touches_the_true_state_or_the_matchs_rule_counts() -> None:
    """The search plays on its own run: the rule firings a match counts stay the match's."""
    game = jc_game()
    truth = decisions(1)[0]
    before = repr(truth)
    run = Run()
    legal = game.legal_actions(truth, run)
    agent = MctsAgent(game, 3, iterations=50)
    decide(agent, game, truth, truth["prompt"]["side"], legal)
    assert repr(truth) == before
    assert not run.fired and not agent.run.fired
    assert agent.done + agent.dropped == 50 and agent.done > 0


def test_a_time_budget_for_interactive_play() -> None:
    """``time=S`` searches for S seconds (not deterministic: interactive play only)."""
    game = jc_game()
    truth = decisions(1)[0]
    side = truth["prompt"]["side"]
    agent = make_agent("mcts:time=0.05", side, 1, game=game)
    assert isinstance(agent, MctsAgent)
    assert choose(agent, game, truth) in game.legal_actions(truth)
    assert agent.done + agent.dropped > 0


def test_a_single_legal_action_is_taken_without_search() -> None:
    game = jc_game()
    truth = next(s for s in random_positions(game, 2, every=1) if len(game.legal_actions(s)) == 1)
    side = truth["prompt"]["side"]
    agent = MctsAgent(game, 1, iterations=100)
    assert agent.choose_in(information_set(game, truth, side), game.legal_actions(truth))
    assert agent.done == 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=many", "iterations='many': expected an integer"),
        ("mcts:iterations=0", "iterations >= 1"),
        ("mcts:time=-1", "time > 0"),
        ("mcts:width=0", "width >= 1"),
        ("mcts:actions=0", "actions >= 1"),
        ("mcts:actions=300,iterations=20", "one budget, got iterations and actions"),
        ("mcts:time=1,actions=300", "one budget, got actions and time"),
        ("mcts:depth=3,colour=red", "no option 'colour'"),
        ("greedy:samples=0", "samples >= 1"),
    ],
)
def test_bad_player_options_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(LegatusError, match=message):
        make_agent(spec, "caesar", 1, game=jc_game())


def test_search_players_need_the_game_and_an_information_set() -> None:
    with pytest.raises(LegatusError, match="needs the game"):
        make_agent("mcts", "caesar", 1)
    agent = make_agent("mcts", "caesar", 1, game=jc_game())
    with pytest.raises(LegatusError, match="information set"):
        agent.choose({}, [])


def test_iterations_and_seconds_per_decision_are_measured_not_asserted() -> None:
    figures = mcts_speed(jc_game(), iterations=5, decisions=2)
    assert figures["decisions"] == 2 and figures["iterations"] == 5
    assert figures["iterations_per_second"] > 0
    assert 0 < figures["seconds_per_decision"] <= figures["worst_seconds_per_decision"]


def test_a_game_without_an_evaluation_is_played_to_its_end() -> None:
    """The demo game (a third-party fixture) declares no evaluation and no hidden
    information: MCTS and greedy still play it out, with results as their only values."""
    from legatus.framework.play.driver import Match

    game = default_catalog().load("demo_skirmish")
    agents = {
        "red": make_agent("mcts:iterations=20,rollout=5", "red", 1, game=game),
        "blue": make_agent("greedy", "blue", 2, game=game),
    }
    session = Match.new(game, seed=1, players=agents, max_actions=2_000).play()
    assert session.state["result"] is not None


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=100000000",
        "mcts:actions=100000000",
        "mcts:time=3600",
        "greedy:samples=100000000",
    ],
)
def test_a_front_ends_time_limit_cuts_any_budget_short(spec: str) -> None:
    """Inside ``time_limit`` a search player stops at the limit (here one already past:
    after its first iteration or sample) and answers with a legal action, whatever its own
    budget (``legatus serve --ai-time``); no time is measured here, a budget this large
    would simply never end without the limit."""
    game = jc_game()
    truth = decisions(1)[0]
    side = truth["prompt"]["side"]
    agent = make_agent(spec, side, 3, game=game)
    with time_limit(0):
        assert out_of_time()
        chosen = choose(agent, game, truth)
    assert chosen in game.legal_actions(truth) and not out_of_time()


def test_every_side_scored_at_once_as_one_by_one() -> None:
    """sides_evaluator gives each side what evaluator does: through the plugin's
    evaluate_sides where it has one (Hannibal Barkas), side by side otherwise (Julius
    Caesar), and the result once the game is over."""
    from legatus.framework.play.ai.evaluation import evaluator, sides_evaluator

    for name, every in (("hannibal_barkas", 97), ("julius_caesar", 41)):
        game = default_catalog().load(name)
        one, together = evaluator(game), sides_evaluator(game)
        for state in islice(random_positions(game, 2, every), 12):
            assert together(state) == {s: one(state, s) for s in game.definition.side_ids}
