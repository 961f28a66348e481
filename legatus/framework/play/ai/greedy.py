"""The greedy player: one ply of search on the game's evaluation.

For every legal action it applies the action to a state sampled from its
information set (never the true state) and keeps the action whose result the
game plugin's evaluation scores best, breaking ties with its own
generator. With ``samples=K`` each action is scored on K samples and the
scores averaged, which matters when the result of an action depends on
hidden facts (a battle against unseen blocks).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from legatus.framework.engine import rng
from legatus.framework.engine.actions import Action
from legatus.framework.engine.core import Run
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.agents import out_of_time
from legatus.framework.play.ai.evaluation import evaluator

if TYPE_CHECKING:
    from legatus.framework.engine.core import Game
    from legatus.framework.play.ai.infoset import InformationSet


class GreedyAgent:
    """Best action by the game's evaluation one action ahead, on sampled states."""

    def __init__(self, game: Game, seed: int = 0, samples: int = 1) -> None:
        if samples < 1:
            raise LegatusError(f"greedy needs samples >= 1, got {samples}")
        self.game = game
        #: Hypothetical actions count no rule firings of the game played.
        self.run = Run(count=False)
        self.evaluate = evaluator(game)
        self.samples = samples
        self.rng = rng.seed_state(seed)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        raise LegatusError(
            "the greedy player needs an information set: use legatus.framework.play.agents.decide"
        )

    def choose_in(self, info: InformationSet, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        scores = [0.0] * len(actions)
        playable = [0] * len(actions)
        for done in range(self.samples):
            if done and out_of_time():  # a front end's limit: the samples so far decide
                break
            sample = info.sample(self.rng, log=False)
            for i, action in enumerate(actions):
                try:
                    after = self.game.applied(sample, action, self.run, info.side)
                except LegatusError:
                    # The sampled hidden facts do not allow it (an illegal action or a
                    # rules error on the sample): no evidence for it.
                    continue
                scores[i] += self.evaluate(after, info.side)
                playable[i] += 1
        means = [s / n if n else -math.inf for s, n in zip(scores, playable, strict=True)]
        best = max(means)
        tied = [a for a, mean in zip(actions, means, strict=True) if mean == best]
        return tied[rng.below(self.rng, len(tied))]
