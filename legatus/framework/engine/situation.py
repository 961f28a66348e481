"""A game at some point: what a game's documented queries read.

Each game may document queries that answer questions about a point of play
in the game's own words (Julius Caesar's VP of a side, the blocks in reserve
at a battle, the order of battle turns; a naval game's wind or a ship's
fatigue), in a ``queries`` module of its package. Rule tests read those
instead of the dictionaries the game keeps in its state, so that a test says
what the rulebook says and the game may change how it keeps things.

A query takes a :class:`Situation`: anything that holds the game and a state.
A procedure's :class:`~legatus.framework.engine.core.Context` is one, so is a
:class:`~legatus.framework.play.driver.Match` and the test kit's
:class:`~legatus.framework.tools.testing.Kit`.
"""

from __future__ import annotations

from typing import Protocol

from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.state import State


class Situation(Protocol):
    """A game and a state of it."""

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> State: ...


def context_of(at: Situation) -> Context:
    """An engine context over the situation (itself when it is one), for queries that ask
    the game's procedures; the rule firings it may count are not kept."""
    if isinstance(at, Context):
        return at
    return Context(at.game, at.state, Run(count=False))


__all__ = ["Situation", "context_of"]
