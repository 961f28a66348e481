"""A game's shipped rules with a few parameters changed, or its sequence cut to a few steps.

:func:`rules_game` loads an installed game with its own rules files, and
what a test changes it changes through a variant compiled like any other
(checked against the game, errors at their line): parameters set to other
values, or the sequence of play replaced by a few steps::

    game = rules_game("julius_caesar", params={"battle_rounds": 2})
    state = game.new_state(seed=3)
    game.apply(state, "discard(2/3)")

The :class:`GameUnderTest` it returns is the immutable
:class:`~legatus.framework.engine.core.Game` with a :class:`~legatus.framework.engine.core.Run`
of its own: forced dice (drawn from one flat list: ``game.force(1, 3, 4)``), the rule
firings counted, and the legal actions of the last decision.

Rule tests start from a position instead and play the real sequence of play
with dice forced per roll: :func:`legatus.framework.tools.testing.play_from`. What is here
serves the tests that need a game object itself (data checks, whole random
games, a changed counter) and stays for the plugins written against it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, Frame, Game, Procedure, Run, make_prompt
from legatus.framework.engine.dice import DiceError, ForcedDice, RollMade
from legatus.framework.engine.state import State
from legatus.framework.model.gamedef import GameDef, Scenario
from legatus.framework.play.catalog import Catalog, default_catalog
from legatus.framework.rules.parser import parse_variant

#: The procedure a test stack starts on (see :meth:`GameUnderTest.run_procedure`).
TEST_OVER = "test_over"


def dsl_value(value: Any) -> str:
    """A Python value written as a rules-language literal."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(dsl_value(v) for v in value) + "]"
    raise TypeError(f"no rules-language literal for {value!r}")


#: Words that start a line of a sequence of play.
_SEQUENCE_WORDS = ("step ", "check ", "phase ", "repeat ")


def _sequence_line(line: str) -> str:
    """A line of a test's sequence, with ``step`` added where no keyword starts it."""
    text = line.lstrip()
    indent = line[: len(line) - len(text)]
    return line if text.startswith(_SEQUENCE_WORDS) else f"{indent}step {text}"


def test_variant(
    game: str,
    *,
    steps: Sequence[str] | None = None,
    params: Mapping[str, Any] | None = None,
    victories: Iterable[str] = (),
) -> str:
    """The text of a variant of ``game`` that replaces the sequence and sets parameters.

    Each of ``steps`` is a line of the new sequence (``"step"`` is added to
    one that starts with no keyword). The ``victories`` the new sequence does
    not check are kept, checked under a scenario option no game has, since the rules checker
    refuses a victory declaration no step checks.
    """
    lines = [f'variant test of {game} "a test\'s changes"']
    for name, value in (params or {}).items():
        lines.append(f"param {name} = {dsl_value(value)}")
    if steps is not None:
        lines.append("replace sequence:")
        written = [_sequence_line(s) for s in steps]
        lines.extend(f"  {line}" for line in written)
        checked = {line.split()[1] for line in written if line.lstrip().startswith("check ")}
        never = 'option("a test never checks this")'
        lines.extend(f"  check {v} when {never}" for v in sorted(victories) if v not in checked)
    return "\n".join(lines) + "\n"


def rules_game(
    game: str,
    *,
    steps: Sequence[str] | None = None,
    params: Mapping[str, Any] | None = None,
    variant: str | None = None,
    catalog: Catalog | None = None,
) -> GameUnderTest:
    """``game`` with its shipped rules (and a shipped ``variant``), changed as a test asks.

    ``steps`` replaces the sequence of play (each a step as a rules file
    writes it, ``"winter_supply(base: 4)"``); ``params`` sets parameters
    (``{"road_limit.minor": 3}``). Both are a variant checked like any other.
    """
    catalog = catalog or default_catalog()
    variants: list[Any] = [variant] if variant is not None else []
    if steps is not None or params:
        name, victories = _victories(catalog, game)
        text = test_variant(name, steps=steps, params=params, victories=victories)
        variants.append(parse_variant(text, "<test variant>"))
    return GameUnderTest(catalog.load_variants(game, variants))


_VICTORIES: dict[tuple[int, str], tuple[str, tuple[str, ...]]] = {}


def _victories(catalog: Catalog, game: str) -> tuple[str, tuple[str, ...]]:
    """The game's name and its victory declarations (read once per catalog and game)."""
    key = (id(catalog), game)
    if key not in _VICTORIES:
        found = catalog.rules(game)
        _VICTORIES[key] = (found.definition.name, tuple(found.load().victories))
    return _VICTORIES[key]


def phase_steps(
    game: str,
    phase: str,
    *,
    variant: str | None = None,
    loops: Mapping[str, int] | None = None,
    catalog: Catalog | None = None,
) -> list[str]:
    """One phase of a game's own sequence of play, as lines for :func:`rules_game`'s steps.

    The phase is read from the game's rules (with ``variant`` applied, so its order is the
    variant's), and wrapped in the loops it is inside with the values ``loops`` gives
    (``{"year": 5}``): a test plays the rules file's winter, not a copy of it::

        steps = phase_steps("julius_caesar", "winter", loops={"year": 5})
        game = rules_game("julius_caesar", steps=steps)
    """
    from legatus.framework.rules import ast
    from legatus.framework.rules.formatter import format_seq_items

    loaded = (catalog or default_catalog()).load(game, variant)
    ruleset = getattr(loaded.rules, "ruleset", None)
    if ruleset is None or ruleset.sequence is None:
        raise ValueError(f"{game} has no sequence of play")

    def find(items: Sequence[ast.SeqItem], around: list[ast.Repeat]) -> list[str] | None:
        for item in items:
            if isinstance(item, ast.Phase) and item.name == phase:
                lines = format_seq_items(item.body, len(around))
                for depth, repeat in reversed(list(enumerate(around))):
                    value = (loops or {}).get(repeat.var, 1)
                    header = f"{'  ' * depth}repeat {repeat.var} in {value}..{value}:"
                    lines = [header, *lines]
                return lines
            if isinstance(item, ast.Phase | ast.Repeat):
                inner = [*around, item] if isinstance(item, ast.Repeat) else around
                found = find(item.body, inner)
                if found is not None:
                    return found
        return None

    found = find(ruleset.sequence.body, [])
    if found is None:
        raise ValueError(f"{game}'s sequence of play has no phase {phase!r}")
    return [line.rstrip() for line in found]


class TestOver(Procedure):
    """A bottom frame that asks ``test_over``: the procedure under test has finished."""

    def prompt(self, ctx: Context, frame: Frame) -> Prompt:
        return make_prompt(ctx.definition.side_ids[0], TEST_OVER, "done", [Action(TEST_OVER)])


class GameUnderTest:
    """A game and the run a test plays it with (forced dice, counted firings)."""

    def __init__(self, game: Game, run: Run | None = None) -> None:
        self.game = game
        self.run = run if run is not None else Run()
        #: Dice forced with :meth:`force`, not rolled yet.
        self._pool: list[int] = []

    # -- the game -------------------------------------------------------------------------
    @property
    def definition(self) -> GameDef:
        return self.game.definition

    @property
    def rules(self) -> Any:
        return self.game.rules

    @property
    def variant(self) -> str | None:
        return self.game.variant

    def with_definition(self, definition: GameDef) -> GameUnderTest:
        """The same game over changed data (a counter with other values, say)."""
        return GameUnderTest(self.game.replace(definition=definition), self.run)

    def with_procedures(self, **procedures: Procedure) -> GameUnderTest:
        """The same game with some procedures replaced by a test's stand-ins (a step the
        test does not exercise, recorded instead of played)."""
        unknown = sorted(set(procedures) - set(self.game.procedures))
        if unknown:
            raise KeyError(f"the game has no procedure {unknown[0]!r} to replace")
        replaced = {**self.game.procedures, **procedures}
        return GameUnderTest(self.game.replace(procedures=replaced), self.run)

    # -- dice -----------------------------------------------------------------------------------
    def force(self, *dice: int) -> None:
        """The next dice, in order, after any still unused; each roll draws as many as it
        rolls. (The kit, :func:`~legatus.framework.tools.testing.play_from`, forces dice roll
        by roll instead.)"""
        self._pool.extend(int(d) for d in dice)
        if self.run.dice is None:
            self.run.dice = ForcedDice(on_demand=self._draw)

    def _draw(self, roll: RollMade) -> list[int]:
        if len(self._pool) < roll.count:
            raise DiceError(f"the forced dice ran out: {roll} found {len(self._pool)} die(s) left")
        drawn, self._pool[:] = self._pool[: roll.count], self._pool[roll.count :]
        return drawn

    @property
    def forced_dice(self) -> list[int] | None:
        """The forced dice not used yet (None: the state's generator rolls)."""
        return None if self.run.dice is None else list(self._pool)

    @forced_dice.setter
    def forced_dice(self, dice: Iterable[int] | None) -> None:
        self._pool = [int(d) for d in dice or ()]
        self.run.dice = None if dice is None else ForcedDice(on_demand=self._draw)

    @property
    def fired(self) -> Any:
        return self.run.fired

    # -- playing ---------------------------------------------------------------------------------
    def setup(
        self, scenario: str | Scenario | None = None, *, seed: int = 0, options: Sequence[str] = ()
    ) -> State:
        return self.game.setup(scenario, seed=seed, options=options)

    def begin(self, state: State) -> State:
        return self.game.begin(state, self.run)

    def new_state(
        self, scenario: str | Scenario | None = None, *, seed: int = 0, options: Sequence[str] = ()
    ) -> State:
        return self.game.new_state(scenario, seed=seed, options=options, run=self.run)

    def settle(self, state: State) -> None:
        self.game.settle(state, self.run)

    def prompt(self, state: State) -> Prompt | None:
        return self.game.prompt(state, self.run)

    def is_over(self, state: State) -> bool:
        return self.game.is_over(state)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        return self.game.legal_actions(state, self.run)

    def legal(self, state: State) -> list[str]:
        """The legal actions' texts."""
        return [a.text for a in self.legal_actions(state)]

    def apply(self, state: State, *actions: Action | str) -> State:
        """Answer the current prompt with each action in turn, in place."""
        for action in actions:
            self.game.apply(state, action, self.run)
        return state

    def applied(self, state: State, action: Action | str) -> State:
        return self.game.applied(state, action, self.run)

    def context(self, state: State) -> Context:
        """An engine context over ``state`` (to call a game's helper functions directly)."""
        return Context(self.game, state, self.run)

    def run_procedure(self, state: State, procedure: str, **args: Any) -> Context:
        """Start one procedure on a test stack and run it to its first question.

        The stack's bottom frame asks ``test_over`` once the procedure has
        finished (:func:`finished`).
        """
        if TEST_OVER not in self.game.procedures:
            self.game = self.game.replace(
                procedures={**self.game.procedures, TEST_OVER: TestOver()}
            )
        ctx = Context(self.game, state, self.run)
        state["stack"] = [{"p": TEST_OVER, "args": {}}]
        state["prompt"] = None
        ctx.push(procedure, **args)
        self.game.settle(state, self.run)
        return ctx


def finished(state: State) -> bool:
    """Whether the procedure a test ran with :meth:`GameUnderTest.run_procedure` is over."""
    prompt = state["prompt"]
    return prompt is not None and prompt["kind"] == TEST_OVER


__all__ = [
    "TEST_OVER",
    "GameUnderTest",
    "dsl_value",
    "finished",
    "phase_steps",
    "rules_game",
    "test_variant",
]
