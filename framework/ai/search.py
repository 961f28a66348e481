"""What search players share: a private copy of the game to try actions on."""

from __future__ import annotations

import copy
from collections import Counter

from framework.engine.core import Game


def search_game(game: Game) -> Game:
    """``game`` with its own rule-coverage counter and no forced dice.

    Search applies thousands of hypothetical actions; they must not count as
    rules that fired in the real game (simulations report coverage), and a
    test's forced dice belong to the real game only.
    """
    private = copy.copy(game)
    private.fired = Counter()
    private.forced_dice = None
    private._last_prompt = None
    return private
