"""A game being played: its states, its action log, and undo.

Undo follows one rule: a side may take back its own actions, most recent
first, as long as no die was rolled and no hidden information was revealed
since (the state's ``undo_floor`` marks the last such action). Anything else
is refused with a message saying why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from legatus.framework.engine.actions import Action
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.state import State, state_hash
from legatus.framework.model.errors import LegatusError


class UndoRefused(LegatusError):
    """Undo was asked for where the rules of undo do not allow it."""


class Move(NamedTuple):
    """One entry of the action log: who answered, and what (a tuple: one is made per action)."""

    side: str
    action: Action

    def to_json(self) -> list[str]:
        return [self.side, self.action.text]


@dataclass
class Session:
    game: Game
    states: list[State]
    moves: list[Move] = field(default_factory=list)
    #: What a replay noticed and let pass (files changed since the save), for the player.
    notes: list[str] = field(default_factory=list, compare=False)
    #: The text of the position file the game started from, if not a scenario's start
    #: (:mod:`legatus.framework.engine.positions`); saves carry it.
    position: str | None = None
    #: Hashes of earlier states (never changed once followed by another): number -> (state, hash).
    _hashes: dict[int, tuple[State, str]] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def start(cls, game: Game, state: State, position: str | None = None) -> Session:
        return cls(game, [state], position=position)

    @property
    def state(self) -> State:
        return self.states[-1]

    def apply(self, action: Action | str, run: Run | None = None, side: str | None = None) -> State:
        """Apply to a copy: an illegal action (or a fault) leaves the session as it was.

        ``side`` answers as that side of a simultaneous decision (default: the side
        asked first)."""
        if isinstance(action, str):
            action = Action.parse(action)
        prompt = self.state["prompt"]
        if side is None:
            side = prompt["side"] if prompt else ""
        new = self.game.applied(self.state, action, run, side)
        self.states.append(new)
        self.moves.append(Move(side, action))
        return new

    def undo(self, side: str) -> State:
        if not self.moves:
            raise UndoRefused("nothing to undo: no action has been taken")
        last = self.moves[-1]
        if last.side != side:
            # Never quote another side's action: it may be hidden (a card played face down).
            raise UndoRefused(f"{side} cannot undo: the last action was {last.side}'s")
        if self.state["actions"] <= self.state["undo_floor"]:
            raise UndoRefused(
                f"cannot undo {last.action}: dice were rolled or hidden information was "
                "revealed since, and undo never goes back past that"
            )
        self.states.pop()
        self.moves.pop()
        return self.state

    def hash(self) -> str:
        return state_hash(self.state)

    def hash_of(self, number: int) -> str:
        """The hash of ``states[number]``; an earlier state's is kept (a save hashes them all,
        ``legatus check-game`` saves the same session several times)."""
        state = self.states[number]
        if number in (-1, len(self.states) - 1):  # the current state may still be changed
            return state_hash(state)
        known = self._hashes.get(number)
        if known is not None and known[0] is state:
            return known[1]
        found = state_hash(state)
        self._hashes[number] = (state, found)
        return found
