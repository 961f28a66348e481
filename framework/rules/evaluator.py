"""The rules of one game bound to its registry and sides: what the engine calls.

:class:`Evaluator` is a thin facade over the modules that do the work:
:mod:`~framework.rules.expressions` (expressions and constants),
:mod:`~framework.rules.victory`, :mod:`~framework.rules.effects` and
:mod:`~framework.rules.rolls` (tables); :mod:`~framework.rules.sequence`
walks the sequence of play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from framework.rules import ast
from framework.rules.effects import Choice, EffectRun, apply_effect, run_effect
from framework.rules.expressions import Context, NotConstant, evaluate, fold, param_values
from framework.rules.registry import RuleRegistry
from framework.rules.rolls import TableRoll, roll_on
from framework.rules.ruleset import Ruleset, Value
from framework.rules.victory import Outcome, decide

__all__ = [
    "Choice",
    "Context",
    "EffectRun",
    "Evaluator",
    "NotConstant",
    "Outcome",
    "TableRoll",
    "evaluate",
    "fold",
    "param_values",
]


class Evaluator:
    """The rules of one game bound to its registry and sides, for the engine's use."""

    def __init__(self, ruleset: Ruleset, registry: RuleRegistry, sides: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.registry = registry
        self.sides = tuple(sides)

    def context(self, state: Any, **variables: Value) -> Context:
        return Context(self.ruleset, self.registry, state, variables)

    def value(self, expr: ast.Expr, state: Any, **variables: Value) -> Value:
        return evaluate(expr, self.context(state, **variables))

    def decide(self, victory: str, state: Any) -> Outcome:
        decl = self.ruleset.victories[victory]
        return decide(decl, self.context(state), self.sides)

    def run_effect(self, effect: str, state: Any, **arguments: Value) -> EffectRun:
        return run_effect(self.ruleset.effects[effect], self.context(state), arguments)

    def apply_effect(
        self, effect: str, state: Any, choose: Callable[[Choice], Value], **arguments: Value
    ) -> Any:
        return apply_effect(self.ruleset.effects[effect], self.context(state), arguments, choose)

    def roll_on(
        self,
        table: str,
        roll: int,
        state: Any = None,
        *,
        row: int | str | None = None,
        column: int | str | None = None,
        **arguments: Value,
    ) -> TableRoll:
        return roll_on(
            table, roll, self.context(state), row=row, column=column, arguments=arguments
        )
