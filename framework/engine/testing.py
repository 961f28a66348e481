"""Helpers for testing game plugins without a rules file.

:class:`StaticRules` is a :class:`~framework.engine.core.Rules` built from
Python values: a sequence made of :mod:`framework.engine.program` nodes whose
expressions are plain Python callables ``(ctx, env) -> value``, a dict of
parameters, and victory checks as callables. Plugin tests use it to run one
procedure, or a short sequence, from a fixed position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from framework.engine.core import Context
from framework.engine.program import Block, Program, Step, VictoryResult

VictoryFunction = Callable[[Context], VictoryResult | None]


class StaticRules:
    def __init__(
        self,
        body: tuple[Any, ...],
        params: Mapping[str, Any] | None = None,
        victories: Mapping[str, VictoryFunction] | None = None,
    ) -> None:
        self.program = Program(Block("phase", "sequence", body))
        self.params = dict(params or {})
        self.victories = dict(victories or {})

    def param(self, name: str) -> Any:
        if name not in self.params:
            raise KeyError(f"no parameter {name!r} in the test rules")
        return self.params[name]

    def evaluate(self, expr: Any, ctx: Context, env: Mapping[str, Any]) -> Any:
        if callable(expr):
            return expr(ctx, env)
        if isinstance(expr, str) and expr in self.params:
            return self.params[expr]
        if isinstance(expr, str) and expr in env:
            return env[expr]
        return expr

    def victory(self, name: str, ctx: Context) -> VictoryResult | None:
        return self.victories[name](ctx)

    def roll_on(self, table: str, ctx: Context, **_: Any) -> Any:
        raise KeyError(f"the test rules have no tables (asked for {table!r})")


def steps(*names: str) -> tuple[Step, ...]:
    """A flat sequence of argument-less steps."""
    return tuple(Step(name) for name in names)
