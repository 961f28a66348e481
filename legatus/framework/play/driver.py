"""One match driver: a game played from any position, seat by seat, with events.

Every loop that plays a game goes through :class:`Match`: ``legatus play``,
simulations, ``check-game``, golden playthroughs, ``bench``, the PettingZoo
environment and MCTS's playouts. A match holds

* the game (immutable) and the current state;
* a :class:`~legatus.framework.engine.core.Run`: the rule firings counted, forced
  dice if a test set them, the legal actions of the decision awaited;
* optionally the history of states and actions (``history=True``), for
  undo and saves (:class:`~legatus.framework.engine.session.Session`);
* the players: a side with a player is answered by asking it (blocking:
  :meth:`play`, :meth:`step`); a side without one is answered from outside
  through :meth:`answer` (a server's request, a test, an environment's
  ``step``), so a driver never blocks on a person it cannot reach;
* listeners, told of every :class:`Event` as it happens: a prompt issued,
  an action applied, each side's new log entries, each side's view changed,
  the game over. Each event says which side may receive it (``to``), so a
  server forwards events to seats without reading them.

What a side may read of the log is also available incrementally
(:meth:`Match.log_since`), so a client receives each entry once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Game, Run
from legatus.framework.engine.session import Move, Session, UndoRefused
from legatus.framework.engine.state import State
from legatus.framework.engine.view import View, observe, readable_log
from legatus.framework.model.errors import LegatusError
from legatus.framework.play.agents import Agent, decide

if TYPE_CHECKING:
    from legatus.framework.engine.positions import Position

#: Default bound on a game's length in actions: a safety net against loops.
MAX_ACTIONS = 100_000


class GameTooLong(LegatusError):
    """A game exceeded its bound on actions (a rules or plugin fault)."""


class NotAsked(LegatusError):
    """An answer from a side that no prompt addresses now; nothing changes."""


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something that happened in a match; ``to`` is the side that may receive it
    (None: every side)."""

    to: str | None


@dataclass(frozen=True)
class PromptIssued(Event):
    """A decision is awaited from ``to``: the question and its legal actions."""

    kind: str
    text: str
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Waiting(Event):
    """Every side is told who must decide now and what kind of decision (not the question)."""

    side: str
    kind: str


@dataclass(frozen=True)
class ActionApplied(Event):
    """``to``'s own action was applied (other sides learn only what the log tells them)."""

    action: Action
    number: int


@dataclass(frozen=True)
class LogAdded(Event):
    """New log entries that ``to`` may read, and the log position after them."""

    entries: tuple[dict[str, Any], ...]
    position: int


@dataclass(frozen=True)
class ViewChanged(Event):
    """``to``'s view may have changed: read it again (:meth:`Match.view`)."""


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended (``to`` is None: everyone may know the result)."""

    result: Mapping[str, Any] = field(default_factory=dict)


Listener = Callable[[Event], None]


class Match:
    """A game in play: its state, its run, its players and listeners."""

    def __init__(
        self,
        game: Game,
        state: State,
        *,
        players: Mapping[str, Agent] | None = None,
        run: Run | None = None,
        history: bool = False,
        max_actions: int | None = None,
        listeners: Iterable[Listener] = (),
        session: Session | None = None,
        position: str | None = None,
    ) -> None:
        """``session`` continues a game with its history (a replayed save): ``state`` is then
        its current state. ``position``: the text of the position file ``state`` was built
        from, which a save of the match carries."""
        self.game = game
        self.run = run if run is not None else Run()
        self.players: dict[str, Agent] = dict(players or {})
        self.max_actions = max_actions or game.definition.max_actions or MAX_ACTIONS
        self.listeners: list[Listener] = list(listeners)
        if session is not None:
            self.session: Session | None = session
        else:
            self.session = Session.start(game, state, position) if history else None
        self._state = state
        #: Actions applied through this match.
        self.moves: list[Move] = self.session.moves if self.session is not None else []
        self._read = dict.fromkeys(game.definition.side_ids, 0)

    @classmethod
    def new(
        cls,
        game: Game,
        scenario: str | None = None,
        *,
        seed: int = 0,
        options: Sequence[str] = (),
        **kwargs: Any,
    ) -> Match:
        """A match from the scenario's start (the run given, if any, counts the set-up too)."""
        run = kwargs.pop("run", None) or Run()
        state = game.new_state(scenario, seed=seed, options=options, run=run)
        return cls(game, state, run=run, **kwargs)

    @classmethod
    def from_position(cls, game: Game, position: Position, **kwargs: Any) -> Match:
        """A match from a position file (:mod:`legatus.framework.engine.positions`), checked against the
        game and its invariants first (a :class:`~legatus.framework.model.errors.DataError` otherwise)."""
        from legatus.framework.engine.positions import start_state

        run = kwargs.pop("run", None) or Run()
        seed = kwargs.pop("seed", None)
        state = start_state(game, position, run, seed=seed)
        return cls(game, state, run=run, position=position.text, **kwargs)

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state if self.session is not None else self._state

    @property
    def over(self) -> bool:
        return self.state["result"] is not None

    @property
    def result(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.state["result"]
        return found

    def prompt(self, side: str | None = None) -> Prompt | None:
        """The decision awaited, with its legal actions (None when the game is over);
        ``side``: that side's question at a decision of several sides."""
        return self.game.prompt(self.state, self.run, side)

    def legal_actions(self, side: str | None = None) -> tuple[Action, ...]:
        return self.game.legal_actions(self.state, self.run, side)

    def waiting_for(self) -> tuple[str, ...]:
        """The sides whose answer the match awaits now (none when it is over; several at a
        simultaneous decision, the one asked first first)."""
        record = self.state["prompt"]
        if record is None:
            return ()
        return tuple(record.get("sides") or (record["side"],))

    def view(self, side: str, *, log_since: int = 0) -> View:
        """What ``side`` sees now (the log from position ``log_since`` on)."""
        return observe(self.game.definition, self.state, side, log_since=log_since)

    def log_since(self, side: str, position: int) -> tuple[list[dict[str, Any]], int]:
        """The entries ``side`` may read from log position ``position`` on, and the end position."""
        log = self.state["log"]
        return readable_log(self.state, side, position), len(log)

    # -- answering -----------------------------------------------------------------------------
    def answer(self, side: str, action: Action | str) -> None:
        """Apply ``side``'s answer to the decision awaited from it.

        An answer from a side not asked (:class:`NotAsked`) or an illegal one
        (:class:`~legatus.framework.model.errors.IllegalActionError`) changes nothing.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        state = self.session.state if self.session is not None else self._state
        record = state["prompt"]
        if record is None or (record["side"] != side and side not in record.get("sides", ())):
            raise NotAsked(
                f"{side} was not asked for a decision"
                if not self.over
                else f"{side} cannot act: the game is over"
            )
        if len(self.moves) >= self.max_actions:
            raise GameTooLong(f"the game did not end within {self.max_actions} actions")
        if self.session is not None:
            self.session.apply(action, self.run, side=side)
        else:
            self.game.apply(self._state, action, self.run, side=side)
            self.moves.append(Move(side, action))
        if self.listeners:
            self._emit_after(side, action)

    def step(self) -> bool:
        """Ask the player of the side awaited and apply its answer.

        False (nothing done) when the game is over or the side awaited has
        no player here (its answer must come through :meth:`answer`).
        """
        state = self.session.state if self.session is not None else self._state
        record = state["prompt"]
        if record is None:
            return False
        side = record["side"]
        player = self.players.get(side)
        if player is None:
            # At a simultaneous decision, another side awaited may have a player here.
            side = next((s for s in record.get("sides", ()) if s in self.players), "")
            if not side:
                return False
            player = self.players[side]
        actions = self.game.legal_actions(state, self.run, side)
        action = decide(player, self.game, state, side, actions)
        self.answer(side, action)  # an illegal choice is refused there, changing nothing
        return True

    def play(self, *, until: int | None = None) -> Match:
        """Let the players answer until the game ends, a side without a player is
        awaited, or (``until``) that many more actions were taken."""
        if self.listeners and not self.moves:
            self._emit_log()
            self._emit_prompt()
        done = 0
        while until is None or done < until:
            if not self.step():
                break
            done += 1
        return self

    def undo(self, side: str) -> State:
        """Take back ``side``'s last action (see :mod:`legatus.framework.engine.session` for the rule)."""
        if self.session is None:
            raise UndoRefused("this match keeps no history: nothing can be undone")
        state = self.session.undo(side)
        if self.listeners:
            for reader in self.game.definition.side_ids:
                self._notify(ViewChanged(reader))
            self._emit_prompt()
        return state

    # -- events --------------------------------------------------------------------------------
    def _notify(self, event: Event) -> None:
        for listener in self.listeners:
            listener(event)

    def _emit_log(self, changed: bool = False) -> None:
        for reader in self.game.definition.side_ids:
            entries, end = self.log_since(reader, self._read[reader])
            self._read[reader] = end
            if entries:
                self._notify(LogAdded(reader, tuple(entries), end))
            if changed:
                self._notify(ViewChanged(reader))

    def _emit_after(self, side: str, action: Action) -> None:
        self._notify(ActionApplied(side, action, len(self.moves)))
        state = self.state
        self._emit_log(changed=True)
        if state["result"] is not None:
            self._notify(GameOver(None, dict(state["result"])))
        else:
            self._emit_prompt()

    def _emit_prompt(self) -> None:
        prompt = self.prompt()
        if prompt is None:
            return
        for reader in self.game.definition.side_ids:
            if reader != prompt.side:
                self._notify(Waiting(reader, prompt.side, prompt.kind))
        self._notify(PromptIssued(prompt.side, prompt.kind, prompt.text, prompt.actions))
