"""The static picture of a sequence of play: every step with its path, loops and guards.

``legatus rules check`` prints it so a designer sees what a rules file or a
variant makes of the sequence of play without playing it. (What runs is
the engine's program, :func:`legatus.framework.engine.dsl.compile_program`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from legatus.framework.rules import ast
from legatus.framework.rules.formatter import format_args, format_expr
from legatus.framework.rules.ruleset import Ruleset


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
