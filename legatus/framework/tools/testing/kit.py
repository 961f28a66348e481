"""The test kit: a game played from a position through its real sequence of play.

A rule test states the situation a rule is about as a position (a few lines
of a position file, :mod:`legatus.framework.engine.positions`), starts the game there, plays
the actions that lead to the rule by their text, forces each roll's dice, and
reads the outcome through the game's documented queries::

    kit = play_from("julius_caesar", '''
        at: {step: battle_phase, counters: {year: 1, turn: 1}}
        records: {player1: caesar}
        setup:
          caesar: {map: {Tarraco: [Caesar]}, others: out}
          pompey: {map: {Tarraco: [Legio 5, Legio 6]}, others: out}
    ''')
    kit.dice([1, 3, 4])            # the next roll: three dice
    kit.act("fire(Caesar)")
    assert kit.strength("Legio 5") == 1

The position is checked like a position file (its schema, the game's data,
the game's invariants), each problem at its line; ``game:`` may be left
out. Play starts at the position's step and runs on through the game's own
sequence of play, exactly as ``legatus play --position`` would.

Dice: a kit forces every roll (:mod:`legatus.framework.engine.dice`): a roll needs
a list given by :meth:`Kit.dice` (queued) or :meth:`Kit.dice_next` (ahead of
those queued), of its own number of dice, or an answer from
:meth:`Kit.on_roll` (asked when the game rolls); a roll with none fails the
test, naming the roll. :attr:`Kit.rolled` lists the rolls the last
:meth:`Kit.act` made (how many dice, what for, the step, the dice). Rolls
forced and never made fail the test too, when it ends: the pytest fixture
``play_from`` (:mod:`legatus.framework.tools.testing.pytest_plugin`) closes
every kit it made (and the kits forked from them), and a kit used as a
context manager checks when the ``with`` block ends.

A kit also starts on a state a test built by hand (:meth:`Kit.on`), runs one
procedure on its own (:meth:`Kit.run_procedure`), and checks that an action
is refused and changes nothing (:meth:`Kit.refuses`).
"""

from __future__ import annotations

import copy
import json
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

import yaml

from legatus.framework.engine.actions import Action, ActionSyntaxError, Prompt
from legatus.framework.engine.core import Context, Game, Run
from legatus.framework.engine.dice import ForcedDice, Roll, RollMade
from legatus.framework.engine.positions import export, parse_position
from legatus.framework.engine.state import State, fork, pieces_at, state_hash
from legatus.framework.engine.view import View, observe, readable_log
from legatus.framework.model.errors import IllegalActionError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.names import did_you_mean
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.play.driver import Match, NotAsked
from legatus.framework.tools.testing.rules import TEST_OVER, TestOver, compile_test_game

#: Games loaded for kits, by (catalog, game, variant, parameters, steps): loading takes a second.
_GAMES: dict[tuple[int, str, str, str, str], Game] = {}


def load_game(
    game: str,
    *,
    variant: str | None = None,
    params: Mapping[str, Any] | None = None,
    steps: Sequence[str] | None = None,
    catalog: Catalog | None = None,
) -> Game:
    """The installed ``game`` (a :class:`~legatus.framework.engine.core.Game`) with a
    shipped ``variant``, ``params`` changed (``{"battle_rounds": 2}``) and its sequence of
    play replaced by ``steps`` (each a step as a rules file writes it,
    ``"winter_supply(base: 4)"``; ``"repeat ..."`` lines and their indented steps too): the
    changes are a variant compiled like any other, checked against the game with errors at
    their line. Loaded once per process for the same changes (a game is immutable: a test
    changes its procedures or data with :meth:`Game.replace
    <legatus.framework.engine.core.Game.replace>`)."""
    catalog = catalog or default_catalog()
    key = (
        id(catalog),
        game,
        variant or "",
        json.dumps(dict(params or {}), sort_keys=True),
        json.dumps(list(steps) if steps is not None else None),
    )
    found = _GAMES.get(key)
    if found is None:
        found = compile_test_game(game, catalog, params=params, variant=variant, steps=steps)
        _GAMES[key] = found
    return found


def play_from(
    game: str | Game,
    position: str | Mapping[str, Any] = "",
    *,
    dice: Iterable[Roll] = (),
    variant: str | None = None,
    params: Mapping[str, Any] | None = None,
    seed: int | None = None,
    random_dice: bool = False,
    catalog: Catalog | None = None,
    name: str | None = None,
) -> Kit:
    """Start ``game`` at ``position`` and play on to its first decision.

    ``game``: an installed game's name, or a loaded game. ``position``: a
    position file's text (YAML, indented as you like: it is dedented) or the
    same as a dict; ``game:`` may be left out; empty: the default scenario's
    start. ``dice``: the rolls forced from the start (the steps that run before
    the first decision may roll). ``variant``: a shipped variant by name (or the
    position's own ``variant:``); ``params``: parameters changed for this test,
    ``{"battle_rounds": 2}``. ``seed`` replaces the position's. ``random_dice``:
    rolls come from the game's seeded generator instead of being forced.
    ``name`` names the position in errors (default: the caller's file and line).

    A problem with the position raises :class:`~legatus.framework.model.errors.DataError`,
    each problem at its line.
    """
    name = name or _caller()
    if isinstance(position, Mapping):
        text = yaml.safe_dump(dict(position), sort_keys=False, allow_unicode=True)
    else:
        text = textwrap.dedent(position).strip("\n") + "\n"
    if isinstance(game, str):
        parsed = parse_position(text, name, game=game)
        loaded = load_game(
            game, variant=variant or parsed.data.get("variant"), params=params, catalog=catalog
        )
    else:
        given = loaded = game
        if variant is not None or params:
            # The rules as the variant and parameters change them, over the game as given:
            # its data and procedures stay the test's own (a game changed with replace()).
            changed = load_game(
                given.definition.name, variant=variant, params=params, catalog=catalog
            )
            loaded = changed.replace(
                definition=given.definition,
                procedures=given.procedures,
                plugin=given.plugin,
                actions=given.actions,
            )
        parsed = parse_position(text, name, game=loaded.definition.name)
    rolls = None if random_dice else ForcedDice(dice)
    match = Match.from_position(loaded, parsed, run=Run(dice=rolls), seed=seed)
    return Kit(loaded, match, rolls)


def _caller() -> str:
    """``test_rule_7_4_hits.py:31``: where the test called the kit (past the kit's own frames)."""
    here = Path(__file__).parent
    frame = sys._getframe(1)
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if path.parent != here:
            return f"{path.name}:{frame.f_lineno} (position)"
        frame = frame.f_back  # type: ignore[assignment]
    return "<position>"


class Kit:
    """A game in play from a position, for a test: forced dice, actions by text, queries.

    Made by :func:`play_from`. It is a :class:`~legatus.framework.engine.situation.Situation`
    (``game`` and ``state``): a game's documented queries read it directly.
    """

    def __init__(self, game: Game, match: Match, rolls: ForcedDice | None) -> None:
        self.game = game
        self.match = match
        #: The forced rolls (None: the game's seeded generator rolls).
        self.rolls = rolls
        self.closed = False
        #: The kits forked from this one (closed with it).
        self.forks: list[Kit] = []
        #: The rolls made by the last :meth:`act` (see :attr:`rolled`).
        self._rolled: list[RollMade] = []

    @classmethod
    def on(
        cls,
        game: Game,
        state: State,
        *,
        begin: bool = False,
        dice: Iterable[Roll] = (),
        random_dice: bool = False,
    ) -> Kit:
        """A kit on a state a test built by hand (:meth:`Game.setup
        <legatus.framework.engine.core.Game.setup>`, then changed); ``begin``: start the
        sequence of play on it first (a state set up but not begun; or later,
        :meth:`begin`). The kit plays on ``state`` itself: the test's own reference to it
        follows play, and a test may still change the position through it before
        :meth:`begin`."""
        rolls = None if random_dice else ForcedDice(dice)
        kit = cls(game, Match(game, state, run=Run(dice=rolls)), rolls)
        return kit.begin() if begin else kit

    def begin(self) -> Kit:
        """Start the sequence of play on the kit's state (set up but not begun: a kit made
        by :meth:`on` without ``begin``) and play to the first decision; the rolls queued
        are the steps' before it."""
        run = self.match.run
        self.game.begin(self.state, run)
        self.match = Match(self.game, self.state, run=run)
        return self

    # -- the game and its state -------------------------------------------------------------
    @property
    def definition(self) -> GameDef:
        return self.game.definition

    @property
    def state(self) -> State:
        """The state (read it through queries; a test never changes it by hand)."""
        return self.match.state

    # -- dice -------------------------------------------------------------------------------
    def _forced(self) -> ForcedDice:
        if self.rolls is None:
            raise TypeError("this kit rolls the game's seeded dice (random_dice=True)")
        return self.rolls

    def dice(self, *rolls: Roll) -> Kit:
        """Force more rolls, after those queued: each a list of dice (``[1, 3]``) or one
        die (``6``)."""
        self._forced().add(*rolls)
        return self

    def dice_next(self, *rolls: Roll) -> Kit:
        """Force rolls ahead of those queued: the game's next roll takes the first."""
        self._forced().insert(*rolls)
        return self

    def on_roll(self, answer: Callable[[RollMade], Roll] | None) -> Kit:
        """Answer every roll that finds none queued by calling ``answer`` with the roll (how
        many dice of how many sides, what for, the step rolling); None: such a roll fails."""
        self._forced().on_demand = answer
        return self

    @property
    def rolled(self) -> list[RollMade]:
        """The rolls the last :meth:`act` made, in order, with their dice and purpose."""
        return list(self._rolled)

    @property
    def rolls_made(self) -> list[RollMade]:
        """Every roll made since the kit started (the position's own steps included)."""
        return [] if self.rolls is None else list(self.rolls.made)

    def close(self) -> None:
        """End the test's use of the kit (and of the kits forked from it): fail if forced
        rolls were never made."""
        if not self.closed:
            self.closed = True
            if self.rolls is not None:
                self.rolls.check_used()
        for fork_ in self.forks:
            fork_.close()

    def __enter__(self) -> Kit:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.close()

    # -- deciding ---------------------------------------------------------------------------
    def act(self, *actions: str | Action, side: str | None = None) -> Kit:
        """Answer the decisions awaited with each action in turn, by its text (``side``: as
        that side of a decision several sides answer at once). An illegal action raises
        :class:`~legatus.framework.model.errors.IllegalActionError` and changes nothing."""
        made = len(self.rolls.made) if self.rolls is not None else 0
        for action in actions:
            asked = side or self._asked_side()
            self.match.answer(asked, action)
        self._rolled = self.rolls.made[made:] if self.rolls is not None else []
        return self

    def refuses(self, action: str | Action, side: str | None = None) -> str:
        """Check that ``action`` is refused where play stands: not among the legal actions
        offered, refused when given, and the state unchanged. Returns the refusal's words
        (an AssertionError if the action is offered or taken)."""
        asked = side or self._asked_side()
        text = action.text if isinstance(action, Action) else action
        offered = self.legal(asked if asked != self._asked_side() else None)
        if text in offered:
            raise AssertionError(f"{text} is offered: {offered}")
        before = state_hash(self.state)
        try:
            self.match.answer(asked, action)
        except (IllegalActionError, ActionSyntaxError, NotAsked) as exc:
            if state_hash(self.state) != before:
                raise AssertionError(f"refusing {text} changed the state") from None
            return str(exc)
        raise AssertionError(f"{text} was taken")

    def _asked_side(self) -> str:
        record = self.state["prompt"]
        if record is None:
            raise AssertionError("no decision is awaited: the game is over")
        side: str = record["side"]
        return side

    @property
    def prompt(self) -> Prompt | None:
        """The decision awaited (side, kind, text and legal actions); None when over."""
        return self.match.prompt()

    @property
    def asked(self) -> tuple[str, str] | None:
        """(side, kind) of the decision awaited, None when the game is over."""
        record = self.state["prompt"]
        return None if record is None else (record["side"], record["kind"])

    def legal(self, side: str | None = None) -> list[str]:
        """The texts of the legal actions awaited (``side``: of that side's question at a
        decision several sides answer at once), in canonical order."""
        return [a.text for a in self.match.legal_actions(side)]

    @property
    def waiting(self) -> tuple[str, ...]:
        """The sides whose answer is awaited (several at a simultaneous decision)."""
        return self.match.waiting_for()

    # -- where play stands ------------------------------------------------------------------
    @property
    def step(self) -> str | None:
        """The step of the sequence of play being played (the procedure it runs), None
        between steps or when the game is over."""
        stack = self.state["stack"]
        for frame in stack:
            if "p" in frame:
                name: str = frame["p"]
                return name
        return None

    def running(self, procedure: str) -> bool:
        """Whether ``procedure`` is on the stack: being played, or waiting for a step it
        started (a rule that pushes a procedure has offered what it asks)."""
        return any(frame.get("p") == procedure for frame in self.state["stack"])

    @property
    def counters(self) -> dict[str, int]:
        """The counters of the repeats play is in (``{"year": 2, "turn": 3}``)."""
        return dict(self.state["vars"])

    @property
    def fired(self) -> Counter[str]:
        """How often each rule clause applied since the kit started (the position's own
        steps included): a copy of the run's count."""
        return Counter(self.match.run.fired)

    @property
    def actions_taken(self) -> int:
        """How many actions the game has taken (the position's own count included)."""
        found: int = self.state["actions"]
        return found

    @property
    def undo_floor(self) -> int:
        """The number of actions before which none may be taken back: a roll or a reveal
        (hidden information shown) since (:mod:`legatus.framework.play.driver`)."""
        found: int = self.state["undo_floor"]
        return found

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def result(self) -> dict[str, Any] | None:
        """The outcome (winner, reason, rule) once the game is over, else None."""
        return copy.deepcopy(self.match.result)

    # -- what everyone can read --------------------------------------------------------------
    def log(self, side: str | None = None) -> list[str]:
        """The log's texts: those shown to everyone, or (``side``) all that side may read."""
        if side is None:
            return [e["text"] for e in self.state["log"] if "to" not in e]
        return [e["text"] for e in readable_log(self.state, side)]

    def view(self, side: str) -> View:
        """What ``side`` sees now (:func:`~legatus.framework.engine.view.observe`)."""
        return observe(self.definition, self.state, side)

    def record(self, name: str) -> Any:
        """A copy of the record the game's manifest declares as ``name``."""
        if name not in self.definition.records:
            raise KeyError(
                f"{self.definition.name} declares no record {name!r}"
                f"{did_you_mean(name, self.definition.records)}"
            )
        return copy.deepcopy(self.state["records"].get(name))

    def zone(self, key: str) -> list[str]:
        """The cards of a card zone (``deck``, ``hand:caesar``), in order."""
        if key not in self.state["zones"]:
            raise KeyError(f"no card zone {key!r}{did_you_mean(key, self.state['zones'])}")
        return list(self.state["zones"][key])

    # -- pieces -------------------------------------------------------------------------------
    def _piece(self, piece: str) -> dict[str, Any]:
        found: dict[str, Any] | None = self.state["pieces"].get(piece)
        if found is None:
            raise KeyError(f"no piece {piece!r}{did_you_mean(piece, self.state['pieces'])}")
        return found

    def at(self, piece: str) -> str:
        """Where a piece stands: a space, ``pool`` or ``out``."""
        where: str = self._piece(piece)["at"]
        return where

    def strength(self, piece: str) -> int:
        value: int = self._piece(piece)["strength"]
        return value

    def owner(self, piece: str) -> str:
        side: str = self._piece(piece)["side"]
        return side

    def flags(self, piece: str) -> list[str]:
        """The piece's flags, sorted (``face_up``, ``revealed``...)."""
        return list(self._piece(piece)["flags"])

    def attr(self, piece: str, name: str, default: Any = None) -> Any:
        """One of the piece's attributes (a ship's speed or fatigue), or ``default``."""
        return copy.deepcopy(self._piece(piece).get("attrs", {}).get(name, default))

    def pieces_at(self, space: str, side: str | None = None) -> list[str]:
        """The pieces standing at a space (one side's), sorted."""
        return pieces_at(self.state, space, side)

    # -- branching ----------------------------------------------------------------------------
    def fork(self, *, dice: Iterable[Roll] | None = None) -> Kit:
        """Another kit playing on from a copy of this point: two branches of one position,
        for comparing what each side sees. It has the rolls still queued here (or ``dice``
        instead), and it is closed with this kit."""
        if self.rolls is None:
            rolls = None
        elif dice is None:
            rolls = self.rolls.copy()
        else:
            rolls = ForcedDice(dice, on_demand=self.rolls.on_demand)
        match = Match(self.game, fork(self.state), run=Run(dice=rolls))
        branch = Kit(self.game, match, rolls)
        self.forks.append(branch)
        return branch

    # -- one procedure on its own -------------------------------------------------------------
    def context(self) -> Context:
        """An engine context over the kit's state and run (to call a game's helpers)."""
        return Context(self.game, self.state, self.match.run)

    def run_procedure(self, procedure: str, **args: Any) -> Kit:
        """Start one procedure on a test stack of its own and play it to its first decision;
        once it has finished the kit is asked ``test_over`` (see :attr:`finished`)."""
        game = self.game
        if TEST_OVER not in game.procedures:
            game = game.replace(procedures={**game.procedures, TEST_OVER: TestOver()})
            self.game = self.match.game = game
        state = self.state
        state["stack"] = [{"p": TEST_OVER, "args": {}}]
        state["prompt"] = None
        self.context().push(procedure, **args)
        game.settle(state, self.match.run)
        return self

    @property
    def finished(self) -> bool:
        """Whether the procedure :meth:`run_procedure` started is over."""
        return self.asked is not None and self.asked[1] == TEST_OVER

    def export(self) -> str:
        """The position reached, as a position file's text (with the engine's exact state)."""
        return export(self.game, self.state)


class PlayFrom(Protocol):
    """The type of :func:`play_from` and of the pytest fixture of that name, for annotations
    (``def test_rule(play_from: PlayFrom) -> None``)."""

    def __call__(
        self,
        game: str | Game,
        position: str | Mapping[str, Any] = "",
        *,
        dice: Iterable[Roll] = (),
        variant: str | None = None,
        params: Mapping[str, Any] | None = None,
        seed: int | None = None,
        random_dice: bool = False,
        catalog: Catalog | None = None,
        name: str | None = None,
    ) -> Kit: ...


__all__ = ["Kit", "PlayFrom", "load_game", "play_from"]
