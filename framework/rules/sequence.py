"""Walking the sequence of play: which step comes next, given the state.

The engine keeps a :data:`Cursor` in the game state (a tuple of small frozen
frames, JSON-friendly through :func:`cursor_to_json`) and asks
:func:`next_step` for the step after it. Conditions (``when``, ``while``,
``until``) are evaluated at the moment a step is reached, against the state
as it is then, so a step that depends on earlier steps sees their effects.
A range loop's bounds are evaluated once, when the loop is entered.

:func:`plan` gives the static picture instead: every step with its path,
the loops around it and every condition that guards it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from framework.errors import RulesError
from framework.rules import ast
from framework.rules.expressions import Context, evaluate
from framework.rules.formatter import format_args, format_expr
from framework.rules.registry import RuleRegistry
from framework.rules.ruleset import Ruleset, Value
from framework.rules.trace import fire

#: Iterations of a while/until loop that runs no step before it is called endless.
MAX_EMPTY_ITERATIONS = 10_000


@dataclass(frozen=True)
class Frame:
    """One level of the cursor: the item's index in its block, and loop bookkeeping."""

    index: int
    value: int | None = None  # a loop's current value (range) or iteration (while/until)
    end: int | None = None  # a range loop's last value, fixed on entry


Cursor = tuple[Frame, ...]


@dataclass(frozen=True)
class StepCall:
    """What the engine must do next: run ``procedure`` with ``arguments``,
    or (``kind == "check"``) evaluate the victory ``procedure`` names."""

    kind: str  # "step" or "check"
    path: tuple[str, ...]
    procedure: str
    arguments: Mapping[str, Value]
    loops: Mapping[str, int]
    rule: str | None
    cursor: Cursor

    @property
    def label(self) -> str:
        return ".".join(self.path)


def next_step(
    ruleset: Ruleset, registry: RuleRegistry, state: Any, cursor: Cursor | None = None
) -> StepCall | None:
    """The step after ``cursor`` (the first step if None), or None when the game's
    sequence is over. Evaluates conditions against ``state``."""
    sequence = ruleset.sequence
    if sequence is None:
        return None
    walker = _Walker(ruleset, registry, state)
    if cursor is None:
        return walker.first_from(sequence.body, 0, ())
    frames = list(cursor)
    while frames:
        leaf = frames.pop()
        block = walker.block_at(sequence.body, frames)
        found = walker.first_from(block, leaf.index + 1, tuple(frames))
        if found is not None:
            return found
        if frames:
            parent_items = walker.block_at(sequence.body, frames[:-1])
            parent = parent_items[frames[-1].index]
            if isinstance(parent, ast.Repeat):
                found = walker.iterate(parent, tuple(frames[:-1]), frames[-1])
                if found is not None:
                    return found
    return None


def iter_steps(
    ruleset: Ruleset, registry: RuleRegistry, state_of: Any, cursor: Cursor | None = None
) -> Iterator[StepCall]:
    """Every step in order; ``state_of()`` gives the current state before each decision.

    A convenience for tests and simple drivers; the engine uses :func:`next_step`.
    """
    while True:
        step = next_step(ruleset, registry, state_of(), cursor)
        if step is None:
            return
        yield step
        cursor = step.cursor


class _Walker:
    def __init__(self, ruleset: Ruleset, registry: RuleRegistry, state: Any) -> None:
        self.ruleset, self.registry, self.state = ruleset, registry, state

    def block_at(
        self, body: Sequence[ast.SeqItem], frames: Sequence[Frame]
    ) -> Sequence[ast.SeqItem]:
        items = body
        for frame in frames:
            item = items[frame.index]
            if not isinstance(item, ast.Phase | ast.Repeat):
                raise RulesError(item.span, "the saved sequence cursor does not fit these rules")
            items = item.body
        return items

    def context(self, frames: Sequence[Frame]) -> Context:
        return Context(self.ruleset, self.registry, self.state, self.loops(frames))

    def loops(self, frames: Sequence[Frame]) -> dict[str, int]:
        assert self.ruleset.sequence is not None
        items: Sequence[ast.SeqItem] = self.ruleset.sequence.body
        out: dict[str, int] = {}
        for frame in frames:
            item = items[frame.index]
            if isinstance(item, ast.Repeat) and frame.value is not None:
                out[item.var] = frame.value
            if isinstance(item, ast.Phase | ast.Repeat):
                items = item.body
        return out

    def path(self, frames: Sequence[Frame]) -> tuple[str, ...]:
        assert self.ruleset.sequence is not None
        items: Sequence[ast.SeqItem] = self.ruleset.sequence.body
        out = []
        for frame in frames:
            item = items[frame.index]
            out.append(item.name)
            if isinstance(item, ast.Phase | ast.Repeat):
                items = item.body
        return tuple(out)

    def holds(self, condition: ast.Expr | None, frames: Sequence[Frame]) -> bool:
        return condition is None or bool(evaluate(condition, self.context(frames)))

    def first_from(
        self, block: Sequence[ast.SeqItem], start: int, frames: tuple[Frame, ...]
    ) -> StepCall | None:
        for index in range(start, len(block)):
            item = block[index]
            here = (*frames, Frame(index))
            match item:
                case ast.Step() | ast.Check():
                    if self.holds(item.when, frames):
                        return self.call(item, here)
                case ast.Phase():
                    if self.holds(item.when, frames):
                        fire(item.rule, "dsl")
                        found = self.first_from(item.body, 0, here)
                        if found is not None:
                            return found
                case ast.Repeat():
                    if item.kind == "range" and not self.holds(item.when, frames):
                        continue
                    found = self.enter(item, frames, index)
                    if found is not None:
                        return found
        return None

    def enter(self, repeat: ast.Repeat, frames: tuple[Frame, ...], index: int) -> StepCall | None:
        fire(repeat.rule, "dsl")
        if repeat.kind == "range":
            assert repeat.start is not None and repeat.end is not None
            ctx = self.context(frames)
            start, end = int(evaluate(repeat.start, ctx)), int(evaluate(repeat.end, ctx))
            first = Frame(index, start - 1, end)
        else:
            first = Frame(index, 0)
        return self.iterate(repeat, frames, first)

    def iterate(
        self, repeat: ast.Repeat, frames: tuple[Frame, ...], current: Frame
    ) -> StepCall | None:
        """The first step of the loop's next iteration that has one, or None when done."""
        empty = 0
        while True:
            value = (current.value or 0) + 1
            frame = Frame(current.index, value, current.end)
            if repeat.kind == "range":
                if current.end is None or value > current.end:
                    return None
            else:
                assert repeat.condition is not None
                test = bool(evaluate(repeat.condition, self.context((*frames, frame))))
                if test != (repeat.kind == "while"):
                    return None
            found = self.first_from(repeat.body, 0, (*frames, frame))
            if found is not None:
                return found
            empty += 1
            if repeat.kind != "range" and empty >= MAX_EMPTY_ITERATIONS:
                raise RulesError(repeat.span, f"loop {repeat.var!r} runs no step and never ends")
            current = frame

    def call(self, item: ast.Step | ast.Check, frames: tuple[Frame, ...]) -> StepCall:
        fire(item.rule, "dsl")
        loops = self.loops(frames)
        if isinstance(item, ast.Check):
            return StepCall("check", self.path(frames), item.victory, {}, loops, item.rule, frames)
        ctx = self.context(frames)
        procedure = self.registry.procedures.get(item.procedure)
        names = [p.name for p in procedure.params] if procedure is not None else []
        arguments = {}
        for position, arg in enumerate(item.args):
            key = arg.name or (names[position] if position < len(names) else str(position))
            arguments[key] = evaluate(arg.value, ctx)
        return StepCall(
            "step", self.path(frames), item.procedure, arguments, loops, item.rule, frames
        )


# -- the static picture --------------------------------------------------------------


@dataclass(frozen=True)
class PlannedStep:
    """A step as written, with the loops around it and every condition guarding it."""

    kind: str
    path: tuple[str, ...]
    procedure: str
    arguments: str
    loops: tuple[str, ...]
    conditions: tuple[str, ...]
    rule: str | None

    def __str__(self) -> str:
        args = f"({self.arguments})" if self.arguments else ""
        when = f" when {' and '.join(self.conditions)}" if self.conditions else ""
        return f"{'.'.join(self.path)}: {self.kind} {self.procedure}{args}{when}"


def plan(ruleset: Ruleset) -> list[PlannedStep]:
    """Every step and check in order, flattened (loops are not unrolled)."""
    if ruleset.sequence is None:
        return []
    out: list[PlannedStep] = []
    _plan(ruleset.sequence.body, (), (), (), out)
    return out


def _plan(
    items: Sequence[ast.SeqItem],
    path: tuple[str, ...],
    loops: tuple[str, ...],
    conditions: tuple[str, ...],
    out: list[PlannedStep],
) -> None:
    for item in items:
        here = (*path, item.name)
        match item:
            case ast.Step():
                guard = (*conditions, format_expr(item.when)) if item.when else conditions
                out.append(
                    PlannedStep(
                        "step",
                        here,
                        item.procedure,
                        format_args(item.args),
                        loops,
                        guard,
                        item.rule,
                    )
                )
            case ast.Check():
                guard = (*conditions, format_expr(item.when)) if item.when else conditions
                out.append(PlannedStep("check", here, item.victory, "", loops, guard, item.rule))
            case ast.Phase():
                guard = (*conditions, format_expr(item.when)) if item.when else conditions
                _plan(item.body, here, loops, guard, out)
            case ast.Repeat():
                if item.kind == "range":
                    assert item.start is not None and item.end is not None
                    loop = f"{item.var} in {format_expr(item.start)}..{format_expr(item.end)}"
                else:
                    assert item.condition is not None
                    loop = f"{item.var} {item.kind} {format_expr(item.condition)}"
                guard = (*conditions, format_expr(item.when)) if item.when else conditions
                _plan(item.body, here, (*loops, loop), guard, out)


def cursor_to_json(cursor: Cursor) -> list[list[int | None]]:
    return [[f.index, f.value, f.end] for f in cursor]


def cursor_from_json(data: Sequence[Sequence[int | None]]) -> Cursor:
    frames = []
    for entry in data:
        index, value, end = [*entry, None, None, None][:3]
        if not isinstance(index, int):
            raise ValueError(f"bad cursor frame {entry!r}")
        frames.append(Frame(index, value, end))
    return tuple(frames)
