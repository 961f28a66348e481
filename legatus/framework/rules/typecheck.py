"""Name resolution and type checking of expressions and calls.

An expression's names resolve, innermost first, to: a variable bound by the
surrounding construct (a loop, ``side`` in a victory clause, an effect's
parameter, a ``let`` or ``choose``), a parameter, a ``define``. Calls resolve
to a ``define`` with parameters or a query in the registry. A string literal
given where a game-name type (``space``, ``side``, ...) is expected must be a
name from the game's data: that is how ``controls(side, "Roma")`` catches a
misspelt city. Every problem is reported, with a "did you mean" when a known
name is close; inference returns None after a problem to avoid cascades.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from legatus.framework.model.errors import SourceSpan
from legatus.framework.rules import ast
from legatus.framework.rules.builtins import COMPREHENSIONS
from legatus.framework.rules.problems import Problem, did_you_mean
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.types import SYMBOL_TYPES, assignable, is_list, item_type, list_of

#: Built-in queries that do not read the game state, allowed in parameter defaults.
PURE_QUERIES = frozenset({"abs", "min", "max", "clamp", "count"})

_ARITHMETIC = frozenset({"+", "-", "*", "/", "%"})
_ORDER = frozenset({"<", "<=", ">", ">="})


@dataclass(frozen=True)
class Signature:
    """A callee's parameters as (name, type, optional), however it was declared."""

    name: str
    kind: str
    params: tuple[tuple[str, str, bool], ...]


@dataclass
class Scope:
    ruleset: Ruleset
    registry: RuleRegistry
    symbols: Mapping[str, frozenset[str]]
    problems: list[Problem]
    variables: dict[str, str] = field(default_factory=dict)
    #: inside a parameter's default: no game state, no definitions
    constant: bool = False

    def child(self, **variables: str) -> Scope:
        return Scope(
            self.ruleset,
            self.registry,
            self.symbols,
            self.problems,
            {**self.variables, **variables},
            self.constant,
        )

    def report(self, span: SourceSpan, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem(span, message, hint))

    def visible_names(self) -> set[str]:
        return set(self.variables) | set(self.ruleset.params) | set(self.ruleset.defines)


def resolve_symbol(literal: ast.StrLit, category: str, scope: Scope) -> None:
    """Check a string literal against the game's names of ``category``, if known."""
    names = scope.symbols.get(category)
    if names is None or literal.value in names:
        return
    scope.report(
        literal.span,
        f"unknown {category.replace('_', ' ')} {literal.value!r}",
        did_you_mean(literal.value, names),
    )


def expect(expr: ast.Expr, expected: str, scope: Scope, what: str) -> None:
    """Check that ``expr`` may be given where a value of type ``expected`` is wanted."""
    if isinstance(expr, ast.StrLit) and expected in SYMBOL_TYPES:
        resolve_symbol(expr, expected, scope)
        return
    item = item_type(expected) if is_list(expected) else None
    if isinstance(expr, ast.ListLit) and item is not None:
        for element in expr.items:
            expect(element, item, scope, f"an item of {what}")
        return
    actual = infer(expr, scope)
    if actual is not None and not assignable(actual, expected):
        scope.report(expr.span, f"{what} must be {_a(expected)}, not {_a(actual)}")


def _a(type_: str) -> str:
    return (
        f"a list ({type_})" if is_list(type_) else f"{'an' if type_[0] in 'aeiou' else 'a'} {type_}"
    )


def infer(expr: ast.Expr, scope: Scope) -> str | None:
    """The type of ``expr``, or None if a problem was reported on the way."""
    match expr:
        case ast.IntLit():
            return "int"
        case ast.BoolLit():
            return "bool"
        case ast.StrLit():
            return "str"
        case ast.ListLit():
            return _infer_list(expr, scope)
        case ast.Var():
            return _infer_var(expr, scope)
        case ast.Call():
            return _infer_call(expr, scope)
        case ast.Unary():
            if expr.op == "not":
                expect(expr.operand, "bool", scope, "the operand of 'not'")
                return "bool"
            expect(expr.operand, "int", scope, f"the operand of '{expr.op}'")
            return "int"
        case ast.Binary():
            return _infer_binary(expr, scope)
        case ast.Comprehension():
            return _infer_comprehension(expr, scope)
    raise TypeError(f"not an expression: {expr!r}")  # pragma: no cover


def _infer_list(expr: ast.ListLit, scope: Scope) -> str | None:
    if not expr.items:
        return list_of("any")
    types = [infer(item, scope) for item in expr.items]
    known = {t for t in types if t is not None}
    if len(known) > 1:
        scope.report(
            expr.span, f"a list's items must all be of one type, not {', '.join(sorted(known))}"
        )
        return None
    return list_of(known.pop()) if known else None


def _infer_var(expr: ast.Var, scope: Scope) -> str | None:
    name = expr.name
    if name in scope.variables:
        return scope.variables[name]
    if name in scope.ruleset.params:
        return scope.ruleset.params[name].type.name
    define = scope.ruleset.defines.get(name)
    if define is not None:
        if scope.constant:
            scope.report(expr.span, "a parameter's default may use only numbers and parameters")
            return None
        if define.params:
            scope.report(expr.span, f"{name!r} takes arguments: call it as {name}(...)")
            return None
        return define.type.name
    if name in scope.registry.queries:
        scope.report(expr.span, f"{name!r} is a query: call it as {name}(...)")
        return None
    scope.report(expr.span, f"unknown name {name!r}", did_you_mean(name, scope.visible_names()))
    return None


def signature_of(name: str, scope: Scope) -> Signature | None:
    define = scope.ruleset.defines.get(name)
    if define is not None:
        return Signature(name, "define", tuple((f.name, f.type.name, False) for f in define.params))
    declared = scope.ruleset.procedures.get(name)
    if declared is not None:
        return Signature(
            name, "procedure", tuple((f.name, f.type.name, False) for f in declared.params)
        )
    entry = scope.registry.get(name)
    if entry is not None:
        return Signature(
            name, entry.kind, tuple((p.name, p.type, p.optional) for p in entry.params)
        )
    return None


def _infer_call(expr: ast.Call, scope: Scope) -> str | None:
    name = expr.name
    define = scope.ruleset.defines.get(name)
    query = scope.registry.queries.get(name)
    if define is not None:
        if scope.constant:
            scope.report(expr.span, "a parameter's default may use only numbers and parameters")
            return None
        check_args(expr, signature_of(name, scope), scope)
        return define.type.name
    if query is not None:
        if scope.constant and name not in PURE_QUERIES:
            scope.report(
                expr.span,
                f"a parameter's default cannot read the game state, but {name!r} does",
            )
            return None
        check_args(expr, signature_of(name, scope), scope)
        return query.returns
    entry = scope.registry.get(name)
    if entry is not None:
        where = "the sequence of play" if entry.kind == "procedure" else "an effect's statements"
        scope.report(expr.span, f"{name!r} is {_a(entry.kind)}, not a query; it belongs in {where}")
        return None
    if name in COMPREHENSIONS:
        scope.report(expr.span, f"{name}() takes a comprehension, e.g. {name}(x for x in items)")
        return None
    known = set(scope.registry.queries) | set(scope.ruleset.defines)
    scope.report(expr.span, f"unknown query {name!r}", did_you_mean(name, known))
    for arg in expr.args:  # still resolve the names inside the arguments
        infer(arg.value, scope)
    return None


def check_args(call: ast.Call, signature: Signature | None, scope: Scope) -> None:
    """Match a call's arguments to the callee's parameters and check their types."""
    if signature is None:
        return
    callee = f"{signature.kind} {signature.name!r}"
    params = {p[0]: p for p in signature.params}
    given: set[str] = set()
    seen_keyword = False
    for index, arg in enumerate(call.args):
        if arg.name is None:
            if seen_keyword:
                scope.report(arg.span, "a positional argument cannot follow a named one")
                infer(arg.value, scope)
                continue
            if index >= len(signature.params):
                scope.report(
                    arg.span,
                    f"{callee} takes {len(signature.params)} argument(s), not {len(call.args)}",
                )
                infer(arg.value, scope)
                continue
            name, type_, _optional = signature.params[index]
        else:
            seen_keyword = True
            if arg.name not in params:
                scope.report(
                    arg.span,
                    f"{callee} has no parameter {arg.name!r}",
                    did_you_mean(arg.name, params) or _signature_hint(signature),
                )
                infer(arg.value, scope)
                continue
            name, type_, _optional = params[arg.name]
        if name in given:
            scope.report(arg.span, f"argument {name!r} of {callee} is given twice")
        given.add(name)
        expect(arg.value, type_, scope, f"argument {name!r} of {callee}")
    for name, type_, optional in signature.params:
        if not optional and name not in given:
            scope.report(
                call.span,
                f"{callee} needs argument {name!r} ({type_})",
                _signature_hint(signature),
            )


def _signature_hint(signature: Signature) -> str:
    inner = ", ".join(f"{n}: {t}{'?' if o else ''}" for n, t, o in signature.params)
    return f"{signature.name}({inner})"


def _infer_binary(expr: ast.Binary, scope: Scope) -> str | None:
    op = expr.op
    if op in _ARITHMETIC:
        expect(expr.left, "int", scope, f"the left side of '{op}'")
        expect(expr.right, "int", scope, f"the right side of '{op}'")
        return "int"
    if op in ("and", "or"):
        expect(expr.left, "bool", scope, f"the left side of '{op}'")
        expect(expr.right, "bool", scope, f"the right side of '{op}'")
        return "bool"
    if op in _ORDER:
        expect(expr.left, "int", scope, f"the left side of '{op}'")
        expect(expr.right, "int", scope, f"the right side of '{op}'")
        return "bool"
    if op in ("==", "!="):
        _check_same(expr.left, expr.right, scope, op)
        return "bool"
    # membership
    if isinstance(expr.right, ast.ListLit) and not isinstance(expr.left, ast.StrLit):
        left = infer(expr.left, scope)
        if left is not None:
            expect(expr.right, list_of(left), scope, f"the right side of '{op}'")
        return "bool"
    right = infer(expr.right, scope)
    if right is None:
        return "bool"
    item = item_type(right)
    if item is None:
        scope.report(expr.right.span, f"the right side of '{op}' must be a list, not {_a(right)}")
        return "bool"
    expect(expr.left, item, scope, f"the left side of '{op}'")
    return "bool"


def _check_same(left: ast.Expr, right: ast.Expr, scope: Scope, op: str) -> None:
    if isinstance(left, ast.StrLit) and not isinstance(right, ast.StrLit):
        left, right = right, left
    left_type = infer(left, scope)
    if left_type is None:
        if not isinstance(right, ast.StrLit):
            infer(right, scope)
        return
    expect(right, left_type, scope, f"the right side of '{op}'")


def _infer_comprehension(expr: ast.Comprehension, scope: Scope) -> str | None:
    if expr.func not in COMPREHENSIONS:
        scope.report(
            expr.span,
            f"{expr.func!r} cannot take a comprehension",
            f"use one of: {', '.join(COMPREHENSIONS)}",
        )
        return None
    iterable = infer(expr.iterable, scope)
    item = item_type(iterable) if iterable is not None else None
    if iterable is not None and item is None:
        scope.report(expr.iterable.span, f"cannot go through {_a(iterable)}: it is not a list")
    inner = scope.child(**{expr.var: item or "any"})
    if expr.condition is not None:
        expect(expr.condition, "bool", inner, "the condition after 'if'")
    element, result = COMPREHENSIONS[expr.func]
    if element is None:
        found = infer(expr.element, inner)
        if result == "list":
            return list_of(found or "any")
    else:
        expect(expr.element, element, inner, f"what {expr.func}() adds up")
    return result


def references(expr: ast.Expr) -> Iterable[tuple[str, SourceSpan]]:
    """Every name an expression uses (variables and callees), for dependency graphs."""
    stack: list[ast.Expr] = [expr]
    while stack:
        node = stack.pop()
        match node:
            case ast.Var(name=name):
                yield name, node.span
            case ast.Call(name=name, args=args):
                yield name, node.span
                stack.extend(a.value for a in args)
            case ast.ListLit(items=items):
                stack.extend(items)
            case ast.Unary(operand=operand):
                stack.append(operand)
            case ast.Binary(left=left, right=right):
                stack.extend((left, right))
            case ast.Comprehension():
                stack.extend(
                    e
                    for e in (expr_ for expr_ in (node.element, node.iterable, node.condition))
                    if e is not None
                )


def formal_names(formals: Sequence[ast.Formal], scope: Scope, what: str) -> dict[str, str]:
    """Variables declared by a parameter list; duplicates are reported."""
    out: dict[str, str] = {}
    for formal in formals:
        if formal.name in out:
            scope.report(formal.span, f"{what} has two parameters named {formal.name!r}")
        out[formal.name] = formal.type.name
    return out
