"""Information-set MCTS: determinized UCT that never reads hidden state.

Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).
One tree over the player's information sets, keyed by action text; every
iteration

1. samples a full state from the information set (:mod:`framework.ai.infoset`;
   never the true state, and with a generator of its own, so the true
   future dice stay unknown);
2. descends the tree on that sample, choosing among the actions legal in it
   by UCB1 (each child's exploration term counts the iterations in which it
   was *available*, since other sides' actions depend on hidden facts);
3. expands one untried action, plays ``rollout`` random actions, and scores
   the position with the game's evaluation (``legatus_evaluate``) or its
   result when the game is over;
4. backs the value up, each node scored for the side that chose its action.

The player then takes the root action visited most. The budget is a number
of iterations (``iterations=N``: deterministic, used by simulations, tests
and every reported figure) or, for interactive play only, seconds
(``time=S``). The spec ``mcts:iterations=100,c=0.25,rollout=0,depth=40``
sets every option.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from framework.ai.evaluation import evaluator
from framework.ai.search import search_game
from framework.engine import rng
from framework.engine.actions import Action
from framework.errors import LegatusError

if TYPE_CHECKING:
    from framework.ai.infoset import InformationSet
    from framework.engine.core import Game
    from framework.engine.state import State

#: The default budget: at most 0.1 s per decision on one core of the development
#: machine for Julius Caesar (measured by ``benchmarks/mcts_speed.py``).
DEFAULT_ITERATIONS = 100
#: UCB1's exploration constant. Small, because evaluations differ little between
#: sibling actions (one VP is about 0.08 of reward in Julius Caesar); chosen by
#: ``benchmarks/strength.py`` against greedy (0.1, 0.25 and 0.7 tried; see the README).
DEFAULT_EXPLORATION = 0.25
#: How many actions below the tree an iteration goes before it evaluates.
DEFAULT_ROLLOUT = 0
#: How deep the tree may grow (in actions) before iterations stop descending.
DEFAULT_DEPTH = 40


class Node:
    """One information set of the tree, reached by ``action`` chosen by ``side``."""

    __slots__ = ("available", "children", "side", "total", "visits")

    def __init__(self, side: str | None) -> None:
        self.side = side
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class MctsAgent:
    """Determinized UCT over the player's information set."""

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        c: float = DEFAULT_EXPLORATION,
        rollout: int = DEFAULT_ROLLOUT,
        depth: int = DEFAULT_DEPTH,
    ) -> None:
        if iterations < 1 and seconds is None:
            raise LegatusError(f"mcts needs iterations >= 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise LegatusError(f"mcts needs time > 0 seconds, got {seconds}")
        self.game = search_game(game)
        self.evaluate = evaluator(game)
        self.sides = game.definition.side_ids
        self.rng = rng.seed_state(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.depth = depth
        #: Iterations run and iterations dropped (a sample the rules could not play) so far.
        self.done = 0
        self.dropped = 0

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        raise LegatusError("the mcts player needs an information set: use framework.agents.decide")

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        root = Node(None)
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            while time.perf_counter() < deadline:
                self.iterate(info, root)
        else:
            for _ in range(self.iterations):
                self.iterate(info, root)
        # Most visited; equal visits go to the better mean, then to canonical order.
        best, best_key = actions[0], (-1, -math.inf)
        for action in actions:
            child = root.children.get(action.text)
            key = (
                (0, -math.inf)
                if child is None or not child.visits
                else (
                    child.visits,
                    child.total / child.visits,
                )
            )
            if key > best_key:
                best, best_key = action, key
        return best

    def iterate(self, info: InformationSet, root: Node) -> None:
        """One iteration: sample, select, expand, roll out, evaluate, back up."""
        game, stream = self.game, self.rng
        state = info.sample(stream, log=False)
        path = [root]
        node = root
        try:
            for _ in range(self.depth):
                if state["prompt"] is None:
                    break
                side = state["prompt"]["side"]
                legal = game.legal_actions(state)
                untried = [a for a in legal if a.text not in node.children]
                for action in legal:
                    child = node.children.get(action.text)
                    if child is not None:
                        child.available += 1
                if untried:
                    action = untried[rng.below(stream, len(untried))]
                    child = Node(side)
                    child.available = 1
                    node.children[action.text] = child
                    game.apply(state, action)
                    path.append(child)
                    break
                action = self._select(node, legal)
                node = node.children[action.text]
                game.apply(state, action)
                path.append(node)
            for _ in range(self.rollout):
                if state["prompt"] is None:
                    break
                legal = game.legal_actions(state)
                game.apply(state, legal[rng.below(stream, len(legal))])
        except Exception:
            # The sampled hidden facts led somewhere the rules cannot go (a game whose
            # frames hold facts the generic sampler does not know): drop the iteration.
            self.dropped += 1
            return
        self.done += 1
        values = self._values(state)
        for visited in path[1:]:
            visited.visits += 1
            assert visited.side is not None
            visited.total += values[visited.side]

    def _select(self, node: Node, legal: Sequence[Action]) -> Action:
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[action.text]
            if child.visits == 0:
                return action
            score = child.total / child.visits + self.c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        return best

    def _values(self, state: State) -> dict[str, float]:
        """Each side's reward for the position, from 0 (lost) to 1 (won).

        With two sides the game is taken as zero-sum (as results are): the
        second side's value is the complement of the first's, one evaluation
        instead of two.
        """
        if len(self.sides) == 2:
            first = (self.evaluate(state, self.sides[0]) + 1.0) / 2.0
            return {self.sides[0]: first, self.sides[1]: 1.0 - first}
        return {side: (self.evaluate(state, side) + 1.0) / 2.0 for side in self.sides}


def mcts_iterations_per_second(
    game_name: str,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    decisions: int = 20,
    seed: int = 1,
    variant: str | None = None,
) -> dict[str, float]:
    """Measure MCTS on ``decisions`` decisions of a random game: iterations and decisions per second.

    The positions are every tenth decision (with more than one legal action)
    of a game between random players, so early, middle and late positions
    all count. One core, the caller's process. Never used in tests.
    """
    from framework.agents import RandomAgent, agent_seed
    from framework.ai.infoset import information_set
    from framework.engine.view import observe
    from framework.playable import load_playable

    game = load_playable(game_name, variant)
    definition = game.definition
    state = game.new_state(seed=seed)
    players = {s: RandomAgent(agent_seed(seed, i)) for i, s in enumerate(definition.side_ids)}
    agent = MctsAgent(game, seed, iterations=iterations)
    spent, measured, skipped = 0.0, 0, 0
    while state["prompt"] is not None and measured < decisions:
        side = state["prompt"]["side"]
        actions = game.legal_actions(state)
        if len(actions) > 1:
            skipped += 1
            if skipped % 10 == 0:
                start = time.perf_counter()
                agent.choose_in(information_set(game, state, side), actions)
                spent += time.perf_counter() - start
                measured += 1
        game.apply(state, players[side].choose(observe(definition, state, side), actions))
    return {
        "iterations": iterations,
        "decisions": measured,
        "seconds_per_decision": round(spent / max(measured, 1), 4),
        "iterations_per_second": round(iterations * measured / spent, 1) if spent else 0.0,
    }
