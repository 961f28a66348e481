"""Evaluating checked rules against a game state.

Expressions call the registered queries with the state; victory declarations
pick a winner among the sides; effects run their statements, calling the
registered primitive effects, and pause at each ``choose`` for a player's
decision (they are generators the engine drives); tables are rolled on with
their modifiers and clamping. Nothing here knows a game: the state is opaque
and only the registered Python functions look inside it.

Every DSL clause with an ``@rule`` citation records a firing in the active
trace (:mod:`framework.rules.trace`) when it is used.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from framework.errors import IllegalActionError, RulesError
from framework.rules import ast
from framework.rules.registry import RuleRegistry
from framework.rules.ruleset import Ruleset, Value
from framework.rules.tables import Cell
from framework.rules.trace import fire
from framework.rules.typecheck import PURE_QUERIES, references

#: Deepest chain of ``define`` calls evaluated (defines cannot recurse; this is a backstop).
MAX_CALL_DEPTH = 64
#: Largest magnitude of a number the rules may compute (no rule needs more; it keeps
#: hostile files from building numbers with millions of digits).
MAX_INT = 2**62


class NotConstant(Exception):
    """Raised when constant folding meets something that needs the game state."""


@dataclass(frozen=True)
class Context:
    """What an expression is evaluated against: rules, registry, state, local names."""

    ruleset: Ruleset
    registry: RuleRegistry
    state: Any
    variables: Mapping[str, Value]
    constant: bool = False
    depth: int = 0

    def bind(self, **variables: Value) -> Context:
        return Context(
            self.ruleset,
            self.registry,
            self.state,
            {**self.variables, **variables},
            self.constant,
            self.depth,
        )

    def with_state(self, state: Any) -> Context:
        return Context(
            self.ruleset, self.registry, state, self.variables, self.constant, self.depth
        )


def evaluate(expr: ast.Expr, ctx: Context) -> Value:
    """The value of a (checked) expression."""
    match expr:
        case ast.IntLit(value=value) | ast.BoolLit(value=value) | ast.StrLit(value=value):
            return value
        case ast.ListLit(items=items):
            return [evaluate(i, ctx) for i in items]
        case ast.Var(name=name):
            return _variable(expr, name, ctx)
        case ast.Call():
            return _call(expr, ctx)
        case ast.Unary(op=op, operand=operand):
            value = evaluate(operand, ctx)
            return not value if op == "not" else -value if op == "-" else value

        case ast.Binary():
            return _binary(expr, ctx)
        case ast.Comprehension():
            return _comprehension(expr, ctx)
    raise TypeError(f"not an expression: {expr!r}")  # pragma: no cover


def _variable(expr: ast.Expr, name: str, ctx: Context) -> Value:
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


def _call(expr: ast.Call, ctx: Context) -> Value:
    define = ctx.ruleset.defines.get(expr.name)
    if define is not None and not ctx.constant:
        names = [f.name for f in define.params]
        return _run_define(define, _arguments(expr.args, names, ctx), ctx)
    query = ctx.registry.queries.get(expr.name)
    if query is None or (ctx.constant and expr.name not in PURE_QUERIES):
        if ctx.constant:
            raise NotConstant(expr.name)
        raise RulesError(expr.span, f"unknown query {expr.name!r} (were the rules checked?)")
    return query(ctx.state, **_arguments(expr.args, [p.name for p in query.params], ctx))


def _arguments(args: Sequence[ast.Arg], names: Sequence[str], ctx: Context) -> dict[str, Value]:
    out: dict[str, Value] = {}
    for index, arg in enumerate(args):
        out[arg.name or names[index]] = evaluate(arg.value, ctx)
    return out


def _run_define(define: ast.DefineDecl, arguments: dict[str, Value], ctx: Context) -> Value:
    if ctx.depth >= MAX_CALL_DEPTH:
        raise RulesError(define.span, f"definition {define.name!r} nests too deeply")
    fire(define.rule, "dsl")
    inner = Context(ctx.ruleset, ctx.registry, ctx.state, arguments, ctx.constant, ctx.depth + 1)
    return evaluate(define.body, inner)


def _binary(expr: ast.Binary, ctx: Context) -> Value:
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


def _comprehension(expr: ast.Comprehension, ctx: Context) -> Value:
    items = evaluate(expr.iterable, ctx)
    selected = []
    for item in items:
        inner = ctx.bind(**{expr.var: item})
        if expr.condition is None or evaluate(expr.condition, inner):
            selected.append(evaluate(expr.element, inner))
    match expr.func:
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
        return evaluate(expr, Context(ruleset, registry, None, variables, constant=True))
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


# -- victory --------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """The result of a victory check: a winner, a draw, or no decision yet."""

    kind: str  # "win", "draw" or "none"
    winner: str | None = None
    victory: str | None = None
    rule: str | None = None

    @property
    def decided(self) -> bool:
        return self.kind != "none"


def decide(victory: ast.VictoryDecl, ctx: Context, sides: Sequence[str]) -> Outcome:
    """Apply a victory declaration's clauses in order to the sides (see docs/dsl.md).

    The candidates start as every side. ``require`` keeps the sides meeting
    its condition (none left: no decision); ``most``/``least`` keep the sides
    with the highest/lowest value. As soon as one side remains it wins. If
    several remain at ``else draw`` the game is drawn; at ``else continue``,
    or after the last clause, there is no decision.
    """
    candidates = list(sides)
    for clause in victory.clauses:
        if clause.kind == "require":
            assert clause.expr is not None
            candidates = [s for s in candidates if evaluate(clause.expr, ctx.bind(side=s))]
            if not candidates:
                return Outcome("none", victory=victory.name)
        elif clause.kind in ("most", "least"):
            assert clause.expr is not None
            scores = {s: int(evaluate(clause.expr, ctx.bind(side=s))) for s in candidates}
            best = max(scores.values()) if clause.kind == "most" else min(scores.values())
            candidates = [s for s in candidates if scores[s] == best]
        elif len(candidates) > 1:
            fire(clause.rule or victory.rule, "dsl")
            kind = "draw" if clause.kind == "draw" else "none"
            return Outcome(kind, victory=victory.name, rule=clause.rule or victory.rule)
        if len(candidates) == 1:
            rule = clause.rule or victory.rule
            fire(rule, "dsl")
            return Outcome("win", candidates[0], victory.name, rule)
    return Outcome("none", victory=victory.name)


# -- effects ---------------------------------------------------------------------------


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
                result = primitive(ctx.state, **_arguments(call.args, names, ctx))
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


# -- tables -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableRoll:
    """One roll on a table: the die roll, the modifiers applied, the cell found."""

    table: str
    roll: int
    modifier: int
    modified: int
    cell: Cell
    passed: bool | None = None


def roll_on(
    table_name: str,
    roll: int,
    ctx: Context,
    *,
    row: int | str | None = None,
    column: int | str | None = None,
    arguments: Mapping[str, Value] | None = None,
) -> TableRoll:
    """Roll on a table: add its modifiers, clamp, and read the cell.

    For a table whose rows are the roll, the modified roll picks the row; for
    a table whose cells are rolls to reach (GBoJC 8.29), ``row`` and
    ``column`` pick the cell and the modified roll is tested against it.
    """
    table = ctx.ruleset.table(table_name)
    fire(table.rule, "dsl")
    inner = ctx.bind(**(arguments or {}))
    modifier = 0
    for mod in table.decl.modifiers:
        if mod.when is None or evaluate(mod.when, inner):
            modifier += int(evaluate(mod.value, inner))
            fire(mod.rule, "dsl")
    modified = roll + modifier
    if table.row_roll is not None:
        clamped = table.row_roll.clamp(modified)
        return TableRoll(table.name, roll, modifier, clamped, table.lookup(clamped, column))
    if table.cell_roll is not None:
        if row is None:
            raise RulesError(table.decl.span, f"rolling on {table.name!r} needs the row")
        cell = table.lookup(row, column)
        clamped = table.cell_roll.clamp(modified)
        return TableRoll(table.name, roll, modifier, clamped, cell, cell.passes(clamped))
    raise RulesError(table.decl.span, f"table {table.name!r} is not rolled on")


# -- convenience ---------------------------------------------------------------------------


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
