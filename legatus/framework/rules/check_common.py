"""Small helpers shared by the parts of the checker."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from legatus.framework.model.errors import RulesError, SourceSpan
from legatus.framework.rules import ast
from legatus.framework.rules.expressions import NotConstant, fold
from legatus.framework.rules.typecheck import Scope


def plain_name(name: str, span: SourceSpan, what: str, scope: Scope) -> None:
    if "." in name:
        scope.report(span, f"a {what} name cannot contain '.': {name!r}")


def constant_value(expr: ast.Expr, scope: Scope, values: Mapping[str, object]) -> object:
    """The expression's value if it needs no game state, else None; an arithmetic
    error (division by zero, a number out of range) is reported."""
    try:
        return fold(expr, scope.ruleset, scope.registry, values)
    except NotConstant:
        return None
    except RulesError as exc:
        scope.report(exc.span, exc.message)
        return None


def registered(what: str, names: Iterable[str]) -> str:
    listed = sorted(names)
    if not listed:
        return f"no {what} are registered for this game"
    shown = ", ".join(listed[:12]) + (", ..." if len(listed) > 12 else "")
    return f"registered {what}: {shown}"
