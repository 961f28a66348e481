"""The match driver: one game in play, and the one way every front end plays it.

Every loop that plays a game goes through :class:`Match`: ``legatus play``
at the terminal, the web server, simulations, ``check-game``, golden
playthroughs, ``bench``, the learning environments and MCTS's playouts. A
match holds

* the game (immutable) and the current state; with ``history=True`` every
  earlier state too, which undo, saves and replays need;
* a :class:`~legatus.framework.engine.core.Run`: the rule firings counted,
  forced dice if a test set them, the legal actions of the decision awaited;
* the action log (:attr:`Match.moves`) and a :attr:`~Match.revision` that
  counts every change (an answer, an undo), so a front end can tell whether
  an answer was chosen on the position now awaited or on an older one;
* the players: a side with a player is answered by asking it (:meth:`step`,
  :meth:`play`); a side without one is answered from outside through
  :meth:`answer` (a person at the terminal or in a browser, a test, a
  learning environment), so the driver never blocks on someone it cannot
  reach;
* listeners, told of every :class:`Event` as it happens: a prompt issued,
  an action applied, each side's new log entries, each side's view changed,
  an undo, the game over. Each event says which side may receive it
  (``to``), so a front end forwards events to seats without reading them.

What happens to a match is the driver's business alone: an action's text
is parsed once and its legality checked once, in :meth:`answer`; undo
(:meth:`undo`, by the rule below), saving (:meth:`save`) and resuming
(:meth:`resume`) are operations of the match, not of a player or a page.

Undo follows one rule: a side may take back its last decision, together with
the actions taken since (the replies it caused: a computer player's moves),
as long as no die was rolled and no hidden information was revealed since
(the state's ``undo_floor`` marks the last such action: the engine does not
tell whom a reveal showed what, so any reveal counts). A front end may limit
whose replies go with it (another person's decisions are theirs). Anything
else is refused with a message that says why and quotes no other side's
action (it may be hidden).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from legatus.framework.engine import saves
from legatus.framework.engine.actions import Action, ActionSyntaxError, Move, Prompt
from legatus.framework.engine.core import EngineError, Game, Run
from legatus.framework.engine.state import State, fork, state_hash
from legatus.framework.engine.view import View, observe, readable_log
from legatus.framework.model.errors import IllegalActionError, LegatusError, SaveError
from legatus.framework.play.agents import Agent, decide

if TYPE_CHECKING:
    from legatus.framework.engine.positions import Position

#: Default bound on a game's length in actions: a safety net against loops.
MAX_ACTIONS = 100_000


class GameTooLong(LegatusError):
    """A game exceeded its bound on actions (a rules or plugin fault)."""


class NotAsked(LegatusError):
    """An answer from a side that no prompt addresses now; nothing changes."""


class StaleAnswer(LegatusError):
    """An answer chosen on a position older than the question it would answer."""


class UndoRefused(LegatusError):
    """Undo was asked for where the rules of undo do not allow it."""


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something that happened in a match; ``to`` is the side that may receive it
    (None: every side)."""

    to: str | None


@dataclass(frozen=True)
class PromptIssued(Event):
    """A decision is awaited from ``to``: the question, its legal actions, and the
    revision at which it was asked (an answer chosen on an older one is stale)."""

    kind: str
    text: str
    actions: tuple[Action, ...]
    asked_at: int = 0


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
class Undone(Event):
    """Actions were taken back (``to`` is None: everyone); ``moves`` are left. A front end
    that keeps a side's log reads it again from the start."""

    moves: int


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended (``to`` is None: everyone may know the result)."""

    result: Mapping[str, Any] = field(default_factory=dict)


Listener = Callable[[Event], None]


@dataclass(frozen=True)
class Question:
    """A decision as a player answers it: the side asked, the state (which the match never
    changes afterwards when it keeps history), the legal actions and the revision at which
    it was asked. :meth:`Match.decide` answers it without touching the match, so a front end
    may let a computer player think outside its lock."""

    side: str
    state: State
    actions: tuple[Action, ...]
    revision: int


class Match:
    """A game in play: its state (and history), its run, players and listeners."""

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
        position: str | None = None,
    ) -> None:
        """``history``: keep every state (undo, saves). ``position``: the text of the
        position file ``state`` was built from, which a save of the match carries."""
        self.game = game
        self.run = run if run is not None else Run()
        self.players: dict[str, Agent] = dict(players or {})
        self.max_actions = max_actions or game.definition.max_actions or MAX_ACTIONS
        self.listeners: list[Listener] = list(listeners)
        #: The text of the position file the game started from, if not a scenario's start.
        self.position = position
        #: What resuming noticed and let pass (files changed since the save), for the player.
        self.notes: list[str] = []
        #: Every action applied, in order (a resumed match: the save's too).
        self.moves: list[Move] = []
        #: Every state since the start, the current one last (None: no history kept).
        self.states: list[State] | None = [state] if history else None
        #: How many of the first states were let go (:meth:`forget_before_floor`).
        self.forgotten = 0
        #: Bumped at every change: an action applied, an undo.
        self.revision = 1
        self._state = state
        self._asked_at: dict[str, int] = dict.fromkeys(self.waiting_for(), self.revision)
        self._read = dict.fromkeys(game.definition.side_ids, 0)
        self._hashes: dict[int, tuple[State, str]] = {}
        self._opened = False

    # -- starting ------------------------------------------------------------------------------
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
        """A match from a position file (:mod:`legatus.framework.engine.positions`), checked
        against the game and its invariants first (a :class:`~legatus.framework.model.errors.
        DataError` otherwise)."""
        from legatus.framework.engine.positions import start_state

        run = kwargs.pop("run", None) or Run()
        seed = kwargs.pop("seed", None)
        state = start_state(game, position, run, seed=seed)
        return cls(game, state, run=run, position=position.text, **kwargs)

    @classmethod
    def resume(
        cls, data: dict[str, Any], factory: saves.GameFactory, where: str = "save", **kwargs: Any
    ) -> Match:
        """The match a checked save (:func:`~legatus.framework.engine.saves.check_save`)
        replays to, with its history; :class:`~legatus.framework.model.errors.SaveError` at
        the first action that fails or diverges from its saved state hash.

        When the game's files changed since the save was made but every action
        still replays to the same states, :attr:`notes` say which files.
        """
        try:
            game = factory(data["game"], saves.saved_variants(data))
        except LegatusError as exc:
            raise SaveError(f"{where}: cannot load game {data['game']!r}: {exc}") from None
        changed = saves.changed_files(game, data)
        note = (
            f" (the game's files changed since the save was made: {', '.join(changed)})"
            if changed
            else ""
        )
        run = kwargs.pop("run", None) or Run(count=False)
        position = data.get("position")
        try:
            if isinstance(position, str):
                from legatus.framework.engine.positions import parse_position, start_state

                parsed = parse_position(position, f"{where} (its position)")
                state = start_state(game, parsed, run, seed=data["seed"])
            else:
                state = game.new_state(
                    data["scenario"], seed=data["seed"], options=data["options"], run=run
                )
        except LegatusError as exc:
            raise SaveError(f"{where}: cannot start the saved game{note}: {exc}") from None
        match = cls(
            game,
            state,
            run=run,
            history=True,
            position=position if isinstance(position, str) else None,
            **kwargs,
        )
        pairs = zip(data["moves"], data["hashes"], strict=True)
        for number, (entry, expected) in enumerate(pairs, 1):
            if not (
                isinstance(entry, list)
                and len(entry) == 2
                and all(isinstance(x, str) for x in entry)
            ):
                raise SaveError(f"{where}: move {number} is not [side, action]")
            side, text = entry
            try:
                # The action as the save wrote it, untyped: a save replays what was played.
                match.answer(side, Action.parse(text))
            except NotAsked:
                raise SaveError(
                    f"{where}: move {number} ({side}: {text}) diverges{note}: "
                    f"it is not {side}'s decision"
                ) from None
            except (IllegalActionError, ActionSyntaxError) as exc:
                raise SaveError(
                    f"{where}: move {number} ({side}: {text}) fails{note}: {exc}"
                ) from None
            if match.hash() != expected:
                raise SaveError(
                    f"{where}: move {number} ({side}: {text}) diverges{note}: the state differs"
                )
        if match.hash() != data["final"]:
            raise SaveError(f"{where}: the final state differs from the saved one{note}")
        if changed:
            match.notes.append(
                f"{where}: the game's files changed since the save was made "
                f"({', '.join(changed)}); every action still replays to the saved states"
            )
        return match

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @property
    def over(self) -> bool:
        return self._state["result"] is not None

    @property
    def result(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self._state["result"]
        return found

    def prompt(self, side: str | None = None) -> Prompt | None:
        """The decision awaited, with its legal actions (None when the game is over);
        ``side``: that side's question at a decision of several sides."""
        return self.game.prompt(self._state, self.run, side)

    def legal_actions(self, side: str | None = None) -> tuple[Action, ...]:
        return self.game.legal_actions(self._state, self.run, side)

    def waiting_for(self) -> tuple[str, ...]:
        """The sides whose answer the match awaits now (none when it is over; several at a
        simultaneous decision, the one asked first first)."""
        record = self._state["prompt"]
        if record is None:
            return ()
        return tuple(record.get("sides") or (record["side"],))

    def asked_at(self, side: str) -> int:
        """The revision at which ``side``'s current question was asked (0: none is).

        Another side's answer to the same simultaneous decision does not ask again."""
        return self._asked_at.get(side, 0)

    def view(self, side: str, *, log_since: int = 0) -> View:
        """What ``side`` sees now (the log from position ``log_since`` on)."""
        return observe(self.game.definition, self._state, side, log_since=log_since)

    def log_since(self, side: str, position: int) -> tuple[list[dict[str, Any]], int]:
        """The entries ``side`` may read from log position ``position`` on, and the end position."""
        log = self._state["log"]
        return readable_log(self._state, side, position), len(log)

    def hash(self) -> str:
        """The hash of the current state."""
        return state_hash(self._state)

    def hash_of(self, number: int) -> str:
        """The hash of the state after ``number`` actions (history kept); an earlier state's
        is remembered (a save hashes them all, ``legatus check-game`` saves one match often)."""
        states = self._history("hash an earlier state")
        index = number - self.forgotten if number >= 0 else len(states) + number
        state = states[index]
        if index == len(states) - 1:  # the current state may still be changed
            return state_hash(state)
        known = self._hashes.get(number)
        if known is not None and known[0] is state:
            return known[1]
        found = state_hash(state)
        self._hashes[number] = (state, found)
        return found

    # -- answering -----------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        """An action's text as the game's declared action kinds read it (their typed
        arguments), or as a plain action where the game declares none; an
        :class:`~legatus.framework.model.errors.ActionSyntaxError` says what is wrong."""
        kinds = self.game.actions
        return kinds.parse(text) if kinds is not None else Action.parse(text)

    def answer(self, side: str, action: Action | str, *, seen: int | None = None) -> Action:
        """Apply ``side``'s answer to the decision awaited from it, and return the action.

        ``action`` is an action or its text (parsed here, once); ``seen`` is the
        revision of the position the answer was chosen on, if the front end
        knows it: an answer chosen before the question was asked is refused
        (:class:`StaleAnswer`). An answer from a side not asked
        (:class:`NotAsked`), text that is no action
        (:class:`~legatus.framework.model.errors.ActionSyntaxError`) and an
        illegal action (:class:`~legatus.framework.model.errors.IllegalActionError`)
        change nothing.
        """
        state = self._state
        record = state["prompt"]
        if record is None or (record["side"] != side and side not in record.get("sides", ())):
            raise NotAsked(
                f"{side} was not asked for a decision"
                if record is not None
                else f"{side} cannot act: the game is over"
            )
        if seen is not None and seen < self._asked_at.get(side, 0):
            raise StaleAnswer("that choice was made on an old view: the game moved on since")
        if len(self.moves) >= self.max_actions:
            raise GameTooLong(f"the game did not end within {self.max_actions} actions")
        if isinstance(action, str):
            action = self.parse(action)
        if self.states is not None:
            new = self.game.applied(state, action, self.run, side)
            self.states.append(new)
            self._state = new
        else:
            self.game.apply(state, action, self.run, side=side)
            new = state
        self.moves.append(Move(side, action))
        self.revision += 1
        self._ask_again(record, side)
        if self.listeners:
            self._emit_after(side, action)
        return action

    def _ask_again(self, before: Mapping[str, Any] | None, answered: str | None) -> None:
        """Note the revision at which each side now awaited was asked its question."""
        after = self._state["prompt"]
        if after is None:
            self._asked_at = {}
            return
        if "sides" not in after:  # a decision of one side: asked now
            self._asked_at = {after["side"]: self.revision}
            return
        waiting = after["sides"]
        same = (
            before is not None
            and "sides" in before
            and "sides" in after
            and before["kind"] == after["kind"]
            and answered in before["sides"]
            and answered not in after["sides"]
        )
        old = self._asked_at
        self._asked_at = {
            side: old[side] if same and side in old else self.revision for side in waiting
        }

    def ask(self, side: str | None = None) -> Question | None:
        """The question ``side`` (default: the side asked first) must answer now, None if
        it is asked nothing."""
        record = self._state["prompt"]
        if record is None:
            return None
        side = side or record["side"]
        if side != record["side"] and side not in record.get("sides", ()):
            return None
        actions = self.game.legal_actions(self._state, self.run, side)
        return Question(side, self._state, actions, self.revision)

    def decide(self, question: Question) -> Action:
        """The action the side's player chooses for ``question`` (the match is not changed:
        :meth:`answer` applies it)."""
        player = self.players.get(question.side)
        if player is None:
            raise EngineError(f"{question.side} has no player in this match")
        return decide(player, self.game, question.state, question.side, question.actions)

    def step(self) -> bool:
        """Ask the player of the side awaited and apply its answer.

        False (nothing done) when the game is over or the side awaited has
        no player here (its answer must come through :meth:`answer`).
        """
        record = self._state["prompt"]
        if record is None:
            return False
        side = record["side"]
        if side not in self.players:
            # At a simultaneous decision, another side awaited may have a player here.
            side = next((s for s in record.get("sides", ()) if s in self.players), "")
            if not side:
                return False
        state = self._state
        actions = self.game.legal_actions(state, self.run, side)
        # What decide() does for a Question, without building one: this runs at every
        # decision of every simulated game.
        action = decide(self.players[side], self.game, state, side, actions)
        self.answer(side, action)  # an illegal choice is refused there
        return True

    def open(self) -> None:
        """Tell the listeners what the start of the game logged and who is asked first; once,
        and only for a match that has taken no action yet (:meth:`play` does it itself)."""
        if self._opened:
            return
        self._opened = True
        if self.listeners and not self.moves:
            self._emit_log()
            self._emit_prompt()

    def play(self, *, until: int | None = None) -> Match:
        """Let the players answer until the game ends, a side without a player is
        awaited, or (``until``) that many more actions were taken."""
        self.open()
        done = 0
        while until is None or done < until:
            if not self.step():
                break
            done += 1
        return self

    # -- history ---------------------------------------------------------------------------------
    def _history(self, doing: str) -> list[State]:
        if self.states is None:
            raise UndoRefused(f"this match keeps no history: it cannot {doing}")
        return self.states

    def undo(self, side: str | Collection[str], *, replies: Collection[str] | None = None) -> State:
        """Take back ``side``'s last decision, and every action taken since (the replies it
        caused), by the rule of undo: nothing rolled and nothing revealed since that
        decision. ``side`` may be the sides of one seat (one player's decisions);
        ``replies``, if given, the sides whose later actions may be taken back with it (a
        front end passes its computer players: another person's decisions are theirs).
        A refusal (:class:`UndoRefused`) says why and never quotes another side's action
        (it may be hidden)."""
        found = self._undoable(side, replies)
        if isinstance(found, str):
            raise UndoRefused(found)
        self._take_back(len(self.moves) - found)
        return self._state

    def undo_refused(
        self, side: str | Collection[str], *, replies: Collection[str] | None = None
    ) -> str | None:
        """Why :meth:`undo` would refuse now, or None if it would take back (a page's undo
        button is offered only then)."""
        found = self._undoable(side, replies)
        return found if isinstance(found, str) else None

    def _undoable(self, side: str | Collection[str], replies: Collection[str] | None) -> int | str:
        """The index of the move an undo takes back from, or why it may not."""
        if self.states is None:
            return "this match keeps no history: it cannot undo"
        mine = {side} if isinstance(side, str) else set(side)
        who = side if isinstance(side, str) else " and ".join(sorted(mine))
        moves = self.moves
        last = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].side in mine), None)
        if last is None:
            return f"nothing to undo: {who} has taken no action"
        later = {m.side for m in moves[last + 1 :]} - mine
        if replies is not None and later - set(replies):
            return (
                f"{who} cannot undo: another player has decided since "
                f"({', '.join(sorted(later - set(replies)))})"
            )
        index = last - self.forgotten
        if index < 0 or self._state["undo_floor"] > self.states[index]["actions"]:
            return (
                f"cannot undo {moves[last].action}: dice were rolled or hidden "
                "information was revealed since, and undo never goes back past that"
            )
        return last

    def retract(self) -> None:
        """Take back the last action whatever the rule of undo says: for a front end that
        applied an action and then could not record it (its storage failed)."""
        states = self._history("retract an action")
        if not self.moves or len(states) < 2:
            raise UndoRefused("nothing to retract")
        self._take_back()

    def _take_back(self, count: int = 1) -> None:
        assert self.states is not None
        del self.states[len(self.states) - count :]
        del self.moves[len(self.moves) - count :]
        self._state = self.states[-1]
        self.revision += 1
        self._asked_at = dict.fromkeys(self.waiting_for(), self.revision)
        end = len(self._state["log"])
        self._read = {side: min(read, end) for side, read in self._read.items()}
        if self.listeners:
            self._notify(Undone(None, len(self.moves)))
            for reader in self.game.definition.side_ids:
                self._notify(ViewChanged(reader))
            self._emit_prompt()

    def branch(self) -> Match:
        """Another match at this point, with this one's history and forced rolls still queued,
        players left out and no listeners: to try an undo or another line of play without
        touching this match.
        States are shared: a match never changes a state it keeps in its history (an answer
        makes a new one); without history the branch plays on a copy."""
        state = self._state if self.states is not None else fork(self._state)
        other = Match(
            self.game,
            state,
            run=Run(count=False, dice=self.run.dice.copy() if self.run.dice else None),
            max_actions=self.max_actions,
            position=self.position,
        )
        if self.states is not None:
            other.states = list(self.states)
        other.moves = list(self.moves)
        other.forgotten = self.forgotten
        other.revision = self.revision
        other._asked_at = dict(self._asked_at)
        return other

    def forget_before_floor(self) -> None:
        """Let go of the states undo can no longer reach (before the last roll or reveal):
        a long game's history is most of a match's memory. The actions stay; a match that
        forgot states can no longer be saved (its store of actions replays it)."""
        states = self._history("forget states")
        floor = self._state["undo_floor"]
        keep = next(i for i, s in enumerate(states) if s["actions"] >= floor)
        if keep > 0:
            del states[:keep]
            self.forgotten += keep

    def to_save(self, players: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The save of the match (:mod:`legatus.framework.engine.saves`); ``players`` (side
        -> player spec) lets a resumed game keep its seats."""
        states = self._history("be saved")
        if self.forgotten:
            raise SaveError("this match let go of its early states: it cannot be saved whole")
        hashes = [self.hash_of(n) for n in range(1, len(states))]
        return saves.make_save(
            self.game, states[0], self.moves, hashes, self.hash(), self.position, players
        )

    def save(self, path: Path, players: Mapping[str, str] | None = None) -> None:
        """Write the match's save to ``path``, whole or not at all."""
        saves.write_save(self.to_save(players), path)

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
        state = self._state
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
        self._notify(
            PromptIssued(
                prompt.side, prompt.kind, prompt.text, prompt.actions, self.asked_at(prompt.side)
            )
        )


__all__ = [
    "MAX_ACTIONS",
    "ActionApplied",
    "Event",
    "GameOver",
    "GameTooLong",
    "Listener",
    "LogAdded",
    "Match",
    "Move",
    "NotAsked",
    "PromptIssued",
    "Question",
    "StaleAnswer",
    "UndoRefused",
    "Undone",
    "ViewChanged",
    "Waiting",
]
