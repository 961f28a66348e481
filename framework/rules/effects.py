"""Running card and event effects: statements around registered primitive effects.

An effect is a generator the engine drives: it yields a :class:`Choice` at each
``choose`` and takes the chosen value through ``send``, so a decision becomes
a prompt like any other. Statements with an ``@rule`` record their firing.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from framework.errors import IllegalActionError
from framework.rules import ast
from framework.rules.expressions import Context, arguments_of, evaluate
from framework.rules.ruleset import Value
from framework.rules.trace import fire


@dataclass(frozen=True)
class Choice:
    """A decision an effect needs: which of ``options`` (by the side ``by``, if said)."""

    effect: str
    name: str
    type: str
    options: tuple[Value, ...]
    by: Value | None
    rule: str | None


EffectRun = Generator[Choice, Value, Any]


def run_effect(effect: ast.EffectDecl, ctx: Context, arguments: Mapping[str, Value]) -> EffectRun:
    """Run an effect: a generator yielding each Choice; ``send`` the chosen value.

    Returns (as the generator's value) the state after the effect. Primitive
    effects return the new state, or None when they changed it in place. A
    ``choose`` with no options ends the effect: there is nothing it could do.
    """
    fire(effect.rule, "dsl")
    ctx = ctx.bind(**arguments)
    state = yield from _run_block(effect, effect.body, ctx)
    return state


class _Stop(Exception):
    def __init__(self, state: Any) -> None:
        self.state = state


def _run_block(effect: ast.EffectDecl, body: Sequence[ast.Stmt], ctx: Context) -> EffectRun:
    try:
        ctx = yield from _run_statements(effect, body, ctx)
    except _Stop as stop:
        return stop.state
    return ctx.state


def _run_statements(
    effect: ast.EffectDecl, body: Sequence[ast.Stmt], ctx: Context
) -> Generator[Choice, Value, Context]:
    for stmt in body:
        fire(stmt.rule, "dsl")
        match stmt:
            case ast.CallStmt(call=call):
                primitive = ctx.registry.effects[call.name]
                names = [p.name for p in primitive.params]
                result = primitive(ctx.state, **arguments_of(call.args, names, ctx))
                if result is not None:
                    ctx = ctx.with_state(result)
            case ast.LetStmt():
                ctx = ctx.bind(**{stmt.name: evaluate(stmt.value, ctx)})
            case ast.ChooseStmt():
                options = tuple(
                    option
                    for option in evaluate(stmt.options, ctx)
                    if stmt.where is None or evaluate(stmt.where, ctx.bind(**{stmt.name: option}))
                )
                if not options:
                    raise _Stop(ctx.state)
                by = evaluate(stmt.by, ctx) if stmt.by is not None else None
                choice = Choice(effect.name, stmt.name, stmt.type.name, options, by, stmt.rule)
                chosen = yield choice
                if chosen not in options:
                    raise IllegalActionError(chosen, f"{effect.name}: choose {stmt.name}", options)
                ctx = ctx.bind(**{stmt.name: chosen})
            case ast.ForStmt():
                for item in list(evaluate(stmt.iterable, ctx)):
                    inner = ctx.bind(**{stmt.var: item})
                    if stmt.condition is None or evaluate(stmt.condition, inner):
                        inner = yield from _run_statements(effect, stmt.body, inner)
                        ctx = ctx.with_state(inner.state)
            case ast.IfStmt():
                branch = stmt.then if evaluate(stmt.condition, ctx) else stmt.otherwise
                inner = yield from _run_statements(effect, branch, ctx)
                ctx = ctx.with_state(inner.state)
    return ctx


def apply_effect(
    effect: ast.EffectDecl,
    ctx: Context,
    arguments: Mapping[str, Value],
    choose: Callable[[Choice], Value],
) -> Any:
    """Run an effect to the end, asking ``choose`` for every decision; the new state."""
    run = run_effect(effect, ctx, arguments)
    try:
        choice = next(run)
        while True:
            choice = run.send(choose(choice))
    except StopIteration as done:
        return done.value
