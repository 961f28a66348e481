"""Playing a game out: agents answer prompts until the game ends."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from framework.agents import Agent, decide
from framework.engine.core import Game
from framework.engine.session import Move, Session
from framework.errors import LegatusError

#: Default bound on a game's length in actions: a safety net against loops.
MAX_ACTIONS = 100_000


class GameTooLong(LegatusError):
    """A game exceeded its bound on actions (a rules or plugin fault)."""


def play_out(
    session: Session,
    agents: Mapping[str, Agent],
    *,
    max_actions: int = MAX_ACTIONS,
    on_move: Callable[[Session, Move], None] | None = None,
) -> Session:
    """Let the agents answer every prompt until the game ends.

    Each agent gets its side's view, or its information set if it searches
    (:func:`framework.agents.decide`), never the state.
    """
    game: Game = session.game
    while session.state["prompt"] is not None:
        if len(session.moves) >= max_actions:
            raise GameTooLong(f"the game did not end within {max_actions} actions")
        side = session.state["prompt"]["side"]
        session.apply(decide(agents[side], game, session.state, side))
        if on_move is not None:
            on_move(session, session.moves[-1])
    return session
