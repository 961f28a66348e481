"""Evaluating expressions against a game state, and folding constant ones.

Expressions call the registered queries with the state and use parameters,
definitions and the variables bound around them. Nothing here knows a game:
the state is opaque and only the registered Python functions look inside it.
A ``define`` with an ``@rule`` records a firing in the active trace when used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from legatus.framework.model.errors import RulesError
from legatus.framework.rules import ast
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset, Value
from legatus.framework.rules.trace import fire
from legatus.framework.rules.typecheck import PURE_QUERIES, references

MAX_CALL_DEPTH = 64
#: Largest magnitude of a number the rules may compute (no rule needs more; it keeps
#: hostile files from building numbers with millions of digits).
MAX_INT = 2**62


class NotConstant(Exception):
    """Raised when constant folding meets something that needs the game state."""


@dataclass(frozen=True)
class Scope:
    """What an expression is evaluated against: rules, registry, state, local names."""

    ruleset: Ruleset
    registry: RuleRegistry
    state: Any
    variables: Mapping[str, Value]
    constant: bool = False
    depth: int = 0

    def bind(self, **variables: Value) -> Scope:
        return Scope(
            self.ruleset,
            self.registry,
            self.state,
            {**self.variables, **variables},
            self.constant,
            self.depth,
        )

    def with_state(self, state: Any) -> Scope:
        return Scope(self.ruleset, self.registry, state, self.variables, self.constant, self.depth)


def evaluate(expr: ast.Expr, ctx: Scope) -> Value:
    """The value of a (checked) expression."""
    # One look-up by the node's class (procedures evaluate tens of expressions an action).
    way = _WAYS.get(type(expr))
    if way is None:
        raise TypeError(f"not an expression: {expr!r}")  # pragma: no cover
    return way(expr, ctx)


def _literal(expr: Any, ctx: Scope) -> Value:
    value: Value = expr.value
    return value


def _list(expr: Any, ctx: Scope) -> Value:
    return [evaluate(i, ctx) for i in expr.items]


def _var(expr: Any, ctx: Scope) -> Value:
    return _variable(expr, expr.name, ctx)


def _unary(expr: Any, ctx: Scope) -> Value:
    value = evaluate(expr.operand, ctx)
    op = expr.op
    return not value if op == "not" else -value if op == "-" else value


def _variable(expr: ast.Expr, name: str, ctx: Scope) -> Value:
    if name in ctx.variables:
        return ctx.variables[name]
    if name in ctx.ruleset.values:
        return ctx.ruleset.values[name]
    if ctx.constant:
        raise NotConstant(name)
    define = ctx.ruleset.defines.get(name)
    if define is not None:
        return _run_define(define, {}, ctx)
    raise RulesError(expr.span, f"unknown name {name!r} (were the rules checked?)")


def _call(expr: ast.Call, ctx: Scope) -> Value:
    define = ctx.ruleset.defines.get(expr.name)
    if define is not None and not ctx.constant:
        names = [f.name for f in define.params]
        return _run_define(define, arguments_of(expr.args, names, ctx), ctx)
    query = ctx.registry.queries.get(expr.name)
    if query is None or (ctx.constant and expr.name not in PURE_QUERIES):
        if ctx.constant:
            raise NotConstant(expr.name)
        raise RulesError(expr.span, f"unknown query {expr.name!r} (were the rules checked?)")
    return query(ctx.state, **arguments_of(expr.args, [p.name for p in query.params], ctx))


def arguments_of(args: Sequence[ast.Arg], names: Sequence[str], ctx: Scope) -> dict[str, Value]:
    out: dict[str, Value] = {}
    for index, arg in enumerate(args):
        out[arg.name or names[index]] = evaluate(arg.value, ctx)
    return out


def _run_define(define: ast.DefineDecl, arguments: dict[str, Value], ctx: Scope) -> Value:
    if ctx.depth >= MAX_CALL_DEPTH:
        raise RulesError(define.span, f"definition {define.name!r} nests too deeply")
    fire(define.rule, "dsl")
    inner = Scope(ctx.ruleset, ctx.registry, ctx.state, arguments, ctx.constant, ctx.depth + 1)
    return evaluate(define.body, inner)


def _binary(expr: ast.Binary, ctx: Scope) -> Value:
    op = expr.op
    if op == "and":
        return bool(evaluate(expr.left, ctx)) and bool(evaluate(expr.right, ctx))
    if op == "or":
        return bool(evaluate(expr.left, ctx)) or bool(evaluate(expr.right, ctx))
    left, right = evaluate(expr.left, ctx), evaluate(expr.right, ctx)
    match op:
        case "+":
            return _bounded(left + right, expr)
        case "-":
            return _bounded(left - right, expr)
        case "*":
            return _bounded(left * right, expr)
        case "/" | "%":
            if right == 0:
                raise RulesError(expr.span, "division by zero")
            return left // right if op == "/" else left % right
        case "==":
            return left == right
        case "!=":
            return left != right
        case "<":
            return left < right
        case "<=":
            return left <= right
        case ">":
            return left > right
        case ">=":
            return left >= right
        case "in":
            return left in right
        case "not in":
            return left not in right
    raise TypeError(f"unknown operator {op!r}")  # pragma: no cover


def _bounded(value: int, expr: ast.Expr) -> int:
    if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
        raise RulesError(expr.span, f"number out of range (more than {MAX_INT})")
    return value


def _comprehension(expr: ast.Comprehension, ctx: Scope) -> Value:
    items = evaluate(expr.iterable, ctx)
    selected = []
    for item in items:
        inner = ctx.bind(**{expr.var: item})
        if expr.condition is None or evaluate(expr.condition, inner):
            selected.append(evaluate(expr.element, inner))
    match expr.func:
        case "list":
            return selected
        case "count":
            return len(selected)
        case "sum":
            return sum(selected)
        case "any":
            return any(selected)
        case "all":
            return all(selected)
        case "min" | "max":
            if not selected:
                raise RulesError(expr.span, f"{expr.func}() of nothing")
            return min(selected) if expr.func == "min" else max(selected)
    raise TypeError(f"unknown comprehension {expr.func!r}")  # pragma: no cover


_WAYS: dict[type, Any] = {
    ast.IntLit: _literal,
    ast.BoolLit: _literal,
    ast.StrLit: _literal,
    ast.ListLit: _list,
    ast.Var: _var,
    ast.Call: lambda expr, ctx: _call(expr, ctx),
    ast.Unary: _unary,
    ast.Binary: lambda expr, ctx: _binary(expr, ctx),
    ast.Comprehension: lambda expr, ctx: _comprehension(expr, ctx),
}


# -- constants ------------------------------------------------------------------------


def fold(
    expr: ast.Expr,
    ruleset: Ruleset,
    registry: RuleRegistry,
    values: Mapping[str, Value] | None = None,
) -> Value:
    """The value of an expression that needs no game state.

    Raises NotConstant if it needs one (a query, a define, an unknown name);
    RulesError for an error in the arithmetic (division by zero, overflow).
    ``values`` are parameter values to use instead of the ruleset's.
    """
    variables = values if values is not None else ruleset.values
    try:
        return evaluate(expr, Scope(ruleset, registry, None, variables, constant=True))
    except (TypeError, ValueError, KeyError, IndexError) as exc:  # ill-typed: not a constant
        raise NotConstant(str(exc)) from None


def param_values(
    ruleset: Ruleset, registry: RuleRegistry, *, strict: bool = True
) -> dict[str, Value]:
    """Every parameter's value, defaults that use other parameters included.

    Parameters are folded in dependency order, each once. With ``strict``
    (for checked rules) a parameter without a constant value is an error;
    otherwise (for the checker) it is left out, with those depending on it.
    """
    params = ruleset.params
    needs = {
        name: {ref for ref in _names(decl.default) if ref in params and ref != name}
        for name, decl in params.items()
    }
    users: dict[str, list[str]] = {name: [] for name in params}
    for name, refs in needs.items():
        for ref in refs:
            users[ref].append(name)
    waiting = {name: len(refs) for name, refs in needs.items()}
    ready = [name for name, count in waiting.items() if count == 0]
    values: dict[str, Value] = {}
    while ready:
        name = ready.pop()
        decl = params[name]
        try:
            values[name] = fold(decl.default, ruleset, registry, values)
        except (NotConstant, RulesError):
            if strict:
                raise
            continue
        for user in users[name]:
            waiting[user] -= 1
            if waiting[user] == 0:
                ready.append(user)
    if strict and len(values) < len(params):
        first = next(d for n, d in params.items() if n not in values)
        raise RulesError(first.span, f"parameter {first.name!r} has no constant value")
    return values


def _names(expr: ast.Expr) -> set[str]:
    return {name for name, _span in references(expr)}
