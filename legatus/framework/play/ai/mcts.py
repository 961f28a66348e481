"""Information-set MCTS: determinized UCT that never reads hidden state.

Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).
One tree over the player's information sets, keyed by action text; every
iteration

1. samples a full state from the information set (:mod:`legatus.framework.play.ai.infoset`;
   never the true state, and with a generator of its own, so the true
   future dice stay unknown), and scores it: every value below is measured
   from that sample's own value, so the hidden facts drawn (an enemy stack
   drawn stronger) do not pass for differences between actions;
2. descends the tree on that sample, choosing among the actions legal in it
   by UCB1 (each child's exploration term counts the iterations in which it
   was *available*, since other sides' actions depend on hidden facts);
3. at the first node of the tree it has not scored yet, tries the legal
   actions on the sample (every one at the root, at most ``width`` drawn at
   random below it) and scores each with the game's evaluation
   (its plugin's ``evaluate``, or the result when the game is over): these
   one-ply values are the children's *priors*, counted as a visit in their
   means, and the best of them for the side to move is the iteration's value;
4. backs the value up, each node scored for the side that chose its action.

So the first iteration sees what the greedy player sees, and the others
look deeper along the lines one ply rates best: a group chosen for the
moves it allows, a second block sent after the first. The player then takes
the root action with the best mean. ``priors=0`` gives plain UCT instead
(expand one random untried action, play ``rollout`` random actions,
evaluate; take the most visited action), useful for games without an
evaluation.

The budget is a number of iterations (``iterations=N``: deterministic, used
by simulations, tests and every reported figure), a number of actions tried
(``actions=N``: deterministic too; iterations run until the actions they have
played on samples, scored or descended through, reach N, so a decision costs
about the same whatever its width: few iterations where hundreds of actions
are scored at each node, many where a handful are), or, for interactive play
only, seconds (``time=S``). The spec
``mcts:iterations=20,c=0.05,priors=1,width=24,rollout=0,depth=40`` sets every option.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from legatus.framework.engine import rng
from legatus.framework.engine.actions import Action
from legatus.framework.engine.core import EngineError, Run
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.agents import deadline
from legatus.framework.play.ai.evaluation import evaluator, sides_evaluator

if TYPE_CHECKING:
    from legatus.framework.engine.core import Game
    from legatus.framework.engine.state import State
    from legatus.framework.play.ai.infoset import InformationSet

#: The default budget: at most 0.1 s per decision on one core of the development
#: machine for Julius Caesar: 0.057 s on average (0.203 s at worst) over the decisions
#: of games against greedy (``legatus simulate --alternate --timing``), 0.057 s on positions
#: of a random game (``legatus bench``). With priors an iteration scores
#: the actions at the node it reaches, so iterations are few and each is worth many.
DEFAULT_ITERATIONS = 20
#: UCB1's exploration constant. Small, because values are measured from each sample's
#: own value and sibling actions differ by a few hundredths (one VP is about 0.08 of
#: reward in Julius Caesar); 0.05 was chosen against greedy (see the README).
DEFAULT_EXPLORATION = 0.05
#: How many actions below the tree an iteration goes before it evaluates.
DEFAULT_ROLLOUT = 0
#: How deep the tree may grow (in actions) before iterations stop descending.
DEFAULT_DEPTH = 40
#: How many actions a node below the root scores when first reached (the root scores all).
DEFAULT_WIDTH = 24
#: Whether a node's children start from one-ply evaluations (priors) or from nothing.
DEFAULT_PRIORS = True


class Node:
    """One information set of the tree, reached by ``action`` chosen by ``side``.

    ``prior`` is the side's value of the position right after the action, by
    the game's evaluation on the sample where the node was first met (only
    with priors on); it counts as ``PRIOR_WEIGHT`` visits in the node's mean.
    """

    __slots__ = ("available", "children", "expanded", "prior", "side", "total", "values", "visits")

    def __init__(self, side: str | None, prior: float = 0.0) -> None:
        self.side = side
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.prior = prior
        #: Every side's value after the action (priors on): what a leaf backs up.
        self.values: dict[str, float] | None = None
        #: Whether the node's own children were scored (priors on).
        self.expanded = False


#: How many visits a prior is worth in a node's mean value.
PRIOR_WEIGHT = 1.0


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
        priors: bool = DEFAULT_PRIORS,
        width: int = DEFAULT_WIDTH,
        actions: int | None = None,
    ) -> None:
        if actions is not None and actions < 1:
            raise LegatusError(f"mcts needs actions >= 1, got {actions}")
        if actions is not None and seconds is not None:
            raise LegatusError(
                "mcts takes one budget, got actions and time: iterations, actions or time"
            )
        if iterations < 1 and seconds is None:
            raise LegatusError(f"mcts needs iterations >= 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise LegatusError(f"mcts needs time > 0 seconds, got {seconds}")
        if not c >= 0:
            raise LegatusError(f"mcts needs c >= 0, got {c}")
        if rollout < 0:
            raise LegatusError(f"mcts needs rollout >= 0, got {rollout}")
        if depth < 1:
            raise LegatusError(f"mcts needs depth >= 1, got {depth}")
        self.game = game
        #: Hypothetical actions count no rule firings of the game played, and roll the
        #: sample's own dice (never a test's forced ones).
        self.run = Run(count=False)
        self.evaluate = evaluator(game)
        self.evaluate_sides = sides_evaluator(game)
        self.sides = game.definition.side_ids
        self.rng = rng.seed_state(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.depth = depth
        self.priors = priors
        if width < 1:
            raise LegatusError(f"mcts needs width >= 1, got {width}")
        self.width = width
        #: The budget in actions tried (None: in iterations or seconds).
        self.actions = actions
        #: Actions played on samples (scored, descended through or rolled out) so far.
        self.tried = 0
        #: Iterations run and iterations dropped (a sample the rules could not play) so far.
        self.done = 0
        self.dropped = 0

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        raise LegatusError(
            "the mcts player needs an information set: use legatus.framework.play.agents.decide"
        )

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        # A search allocates hundreds of thousands of short-lived containers (a state
        # copy per action scored) and makes next to no reference cycles: the cyclic
        # collector's passes over them cost about a third of a Hannibal Barkas decision
        # and free almost nothing. It is paused for the decision (by the call that
        # paused it, so a decision running in another thread leaves it as it found it);
        # what cycles there are go at the next collection.
        paused = gc.isenabled()
        if paused:
            gc.disable()
        try:
            return self._search(info, actions)
        finally:
            if paused:
                gc.enable()

    def _search(self, info: InformationSet, actions: Sequence[Action]) -> Action:
        root = Node(None)
        iterate = self.iterate_with_priors if self.priors else self.iterate
        # A front end's time limit (agents.time_limit) cuts either budget short, after
        # at least one iteration.
        limit = deadline()
        if self.seconds is not None:
            end = time.perf_counter() + self.seconds
            if limit is not None:
                end = min(end, limit)
            iterate(info, root)
            while time.perf_counter() < end:
                iterate(info, root)
        elif self.actions is not None:
            # At least one iteration; at most ``actions`` of them (an iteration from a
            # sample whose game is over plays none).
            stop = self.tried + self.actions
            for done in range(self.actions):
                if done and (
                    self.tried >= stop or (limit is not None and time.perf_counter() >= limit)
                ):
                    break
                iterate(info, root)
        else:
            for done in range(self.iterations):
                if done and limit is not None and time.perf_counter() >= limit:
                    break
                iterate(info, root)
        # With priors: the best mean (which counts the prior, so a child no iteration
        # went below still ranks by its one-ply value), then the most visited. Plain
        # UCT: the most visited, then the better mean. Then canonical order. An action
        # no sample could play ranks last.
        best, best_key = actions[0], (-math.inf, -math.inf)
        for action in actions:
            child = root.children.get(action.text)
            if child is None:
                key = (-math.inf, -math.inf)
            elif self.priors:
                key = (self._mean(child), float(child.visits))
            elif not child.visits:
                key = (0.0, -math.inf)
            else:
                key = (float(child.visits), child.total / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    def iterate(self, info: InformationSet, root: Node) -> None:
        """One iteration: sample, select, expand, roll out, evaluate, back up."""
        game, stream, run = self.game, self.rng, self.run
        state = info.sample_to_move(stream)
        path = [root]
        node = root
        try:
            for _ in range(self.depth):
                if state["prompt"] is None:
                    break
                side = state["prompt"]["side"]
                legal = game.legal_actions(state, run)
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
                    game.apply(state, action, run)
                    self.tried += 1
                    path.append(child)
                    break
                action = self._select(node, legal)
                node = node.children[action.text]
                game.apply(state, action, run)
                self.tried += 1
                path.append(node)
            if self.rollout:
                self._playout(state)
        except LegatusError:
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

    def iterate_with_priors(self, info: InformationSet, root: Node) -> None:
        """One iteration with one-ply priors: sample, select, score a node's children, back up.

        The first time an iteration reaches a node, the actions legal there
        (all at the root, at most ``width`` below it) are tried on the sample
        and scored by the game's evaluation: those are the children's priors, and the best of them (for the side to move) is
        the value the iteration backs up. Selection below an expanded node is
        UCB1 on means that count the prior as a visit, so the search starts
        from what one ply says (the greedy player's choice) and spends its
        iterations looking deeper along the lines that one ply rates best.
        """
        game, stream, run = self.game, self.rng, self.run
        state = info.sample_to_move(stream)
        # Every value is measured from the sample's own value before any action: the
        # hidden facts drawn move all of a sample's values together (an enemy stack
        # drawn stronger), and comparing actions scored on different samples must
        # not mistake that for a difference between the actions.
        base = self._values(state)
        path = [root]
        node = root
        values: dict[str, float] | None = None
        try:
            for _ in range(self.depth):
                if state["prompt"] is None:
                    break
                legal = game.legal_actions(state, run)
                for action in legal:
                    child = node.children.get(action.text)
                    if child is not None:
                        child.available += 1
                if not node.expanded:
                    values = self._expand(node, state, legal, base, node is root)
                    break
                side = state["prompt"]["side"]
                action = self._select_with_priors(node, legal)
                game.apply(state, action, run)
                self.tried += 1
                child = node.children.get(action.text)
                if child is None:
                    # Legal on this sample, not where the node was scored: a new leaf.
                    values = self._relative(state, base)
                    child = Node(side, values[side])
                    child.values = values
                    child.available = 1
                    node.children[action.text] = child
                    path.append(child)
                    break
                node = child
                path.append(node)
        except LegatusError:
            self.dropped += 1
            return
        self.done += 1
        if values is None:
            values = self._relative(state, base)
        for visited in path[1:]:
            visited.visits += 1
            assert visited.side is not None
            visited.total += values[visited.side]

    def _playout(self, state: State) -> None:
        """Play ``rollout`` random actions on the sample, through the match driver."""
        from legatus.framework.play.agents import RandomAgent
        from legatus.framework.play.driver import Match

        policy = RandomAgent(rng.next_u32(self.rng))
        players = dict.fromkeys(self.sides, policy)
        played = Match(self.game, state, players=players, run=self.run).play(until=self.rollout)
        self.tried += len(played.moves)

    def _relative(self, state: State, base: dict[str, float]) -> dict[str, float]:
        values = self._values(state)
        return {side: values[side] - base[side] for side in values}

    def _expand(
        self,
        node: Node,
        state: State,
        legal: Sequence[Action],
        base: dict[str, float],
        everything: bool,
    ) -> dict[str, float]:
        """Score the actions legal at ``state`` as ``node``'s children; the mover's best values.

        The root scores every action; a node below scores at most ``width`` of
        them, drawn by the player's generator, so that a prompt with hundreds
        of actions (every sea move of every block) costs a bounded amount.
        """
        side = state["prompt"]["side"]
        best: dict[str, float] | None = None
        if not everything and len(legal) > self.width:
            pool = list(legal)
            for i in range(self.width):
                j = i + rng.below(self.rng, len(pool) - i)
                pool[i], pool[j] = pool[j], pool[i]
            legal = pool[: self.width]
        # Each action played may leave the run remembering the decision it reached; the
        # run is told this one again before the next action, so checking that action
        # finds it in the listing already made instead of asking the procedure anew.
        # The decision an action reaches is not listed where its procedure can say
        # without it who is asked what (listed=False): nothing here reads it.
        # The sample is not changed while its actions are tried: what a copy marshals of it
        # is marshalled for the first action tried only (``again``).
        record = state["prompt"]
        prompt = self.game.prompt(state, self.run)
        assert prompt is not None
        again = False
        for action in legal:
            child = node.children.get(action.text)
            if child is None:
                self.run.remember(record, prompt)
                self.tried += 1
                try:
                    after = self.game.applied(state, action, self.run, listed=False, again=again)
                except LegatusError:
                    continue
                again = True  # the state copied: what was marshalled of it serves the next
                child = Node(side)
                child.values = self._relative(after, base)
                child.prior = child.values[side]
                child.available = 1
                node.children[action.text] = child
            assert child.values is not None
            if best is None or child.values[side] > best[side]:
                best = child.values
        node.expanded = True
        if best is None:
            raise EngineError("no legal action could be played on the sample")
        return best

    @staticmethod
    def _mean(child: Node) -> float:
        return (child.total + PRIOR_WEIGHT * child.prior) / (child.visits + PRIOR_WEIGHT)

    def _select_with_priors(self, node: Node, legal: Sequence[Action]) -> Action:
        """UCB1 over the scored children legal in this sample.

        If none is (the sample's hidden facts allow other actions than the
        sample where the node was scored), the first legal action, a new leaf.
        """
        best, best_score = legal[0], -math.inf
        c = self.c
        for action in legal:
            child = node.children.get(action.text)
            if child is None:
                continue
            n = child.visits + PRIOR_WEIGHT
            score = (child.total + PRIOR_WEIGHT * child.prior) / n + c * math.sqrt(
                math.log(child.available + 1) / n
            )
            if score > best_score:
                best, best_score = action, score
        return best

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
        values = self.evaluate_sides(state)
        return {side: (values[side] + 1.0) / 2.0 for side in self.sides}
