"""Expressions compiled once into Python closures, for the engine to run.

:mod:`legatus.framework.rules.expressions` walks an expression's tree each time it is
evaluated: it looks up the node's class, the query or the definition a call names, the
parameters' names, and builds a scope for every comprehension item. The engine evaluates
the same few hundred expressions thousands of times a game, so it runs them compiled: each
expression becomes, once, a closure ``function(state, variables)`` made of the closures of
its parts, with what does not change between evaluations resolved when it is made: which
query or definition a call names and the order of its arguments, whether a query may be
called with its arguments by position, the value of a parameter a name reads. Nothing is
generated as source text: the closures are the functions written below, put together.

A compiled expression gives the value, and raises the error (its message and position),
that :func:`legatus.framework.rules.expressions.evaluate` would give for the same scope.
Names are read as there: the variables first, then (``engine`` scope) the state's own
variables, then the parameters, then the definitions without arguments. A definition's body
reads only its arguments (and parameters and definitions), as there.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from legatus.framework.model.errors import RulesError
from legatus.framework.rules import ast
from legatus.framework.rules import expressions as ev
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset, Value
from legatus.framework.rules.trace import _current

#: A compiled expression: ``function(state, variables) -> value``.
Compiled = Callable[[Any, Mapping[str, Value]], Value]

#: A call's arguments compiled: ``function(state, variables) -> {name: value}``.
Arguments = Callable[[Any, Mapping[str, Value]], dict[str, Value]]

_MISSING: Any = object()
_EMPTY: Mapping[str, Value] = {}


class Compiler:
    """Compiles a rule set's expressions, each once (kept by the node's identity)."""

    def __init__(self, ruleset: Ruleset, registry: RuleRegistry) -> None:
        self.ruleset = ruleset
        self.registry = registry
        # (id of the node, engine scope) -> (the node, kept alive so its id is not reused;
        # its closure).
        self._done: dict[tuple[int, bool], tuple[ast.Expr, Compiled]] = {}
        self._calls: dict[tuple[int, bool], tuple[ast.Call, Arguments]] = {}
        self._bodies: dict[str, Compiled] = {}
        self._shallow = _defines_nest_shallowly(ruleset)

    def compiled(self, expr: ast.Expr, engine: bool = False) -> Compiled:
        """``expr`` compiled; ``engine``: its names read the state's variables (``state.state
        ["vars"]``) after the given ones, as the engine's scope does."""
        key = (id(expr), engine)
        found = self._done.get(key)
        if found is None:
            found = (expr, self._compile(expr, engine))
            self._done[key] = found
        return found[1]

    def evaluate(self, expr: ast.Expr, state: Any, variables: Mapping[str, Value]) -> Value:
        return self.compiled(expr)(state, variables)

    def in_text_order(self, expr: ast.Expr) -> bool:
        """Whether ``expr`` is a call of a query whose list comes in text order
        (:attr:`~legatus.framework.rules.registry.QueryEntry.text_order`), not of a
        ``define`` of the same name."""
        if type(expr) is not ast.Call or expr.name in self.ruleset.defines:
            return False
        query = self.registry.queries.get(expr.name)
        return query is not None and query.text_order

    # -- the nodes ------------------------------------------------------------------

    def _compile(self, expr: ast.Expr, engine: bool) -> Compiled:
        kind = type(expr)
        if kind is ast.IntLit or kind is ast.BoolLit or kind is ast.StrLit:
            return _constant(expr.value)  # type: ignore[union-attr]
        if kind is ast.Var:
            return self._var(expr, engine)  # type: ignore[arg-type]
        if kind is ast.Call:
            return self._call(expr, engine)  # type: ignore[arg-type]
        if kind is ast.Binary:
            return self._binary(expr, engine)  # type: ignore[arg-type]
        if kind is ast.Unary:
            return _unary(expr.op, self.compiled(expr.operand, engine))  # type: ignore[union-attr]
        if kind is ast.ListLit:
            return _list(tuple(self.compiled(i, engine) for i in expr.items))  # type: ignore[union-attr]
        if kind is ast.Comprehension:
            return self._comprehension(expr, engine)  # type: ignore[arg-type]
        raise TypeError(f"not an expression: {expr!r}")  # pragma: no cover

    def _var(self, expr: ast.Var, engine: bool) -> Compiled:
        name = expr.name
        rest = self._name(expr)
        if name not in self.ruleset.values and name not in self.ruleset.defines:
            # A name that is no parameter nor definition is nearly always a variable: read
            # by subscription, the rest only when it is missing (the same value as below).
            return _local(name, rest, engine)
        if engine:

            def engine_var(state: Any, variables: Mapping[str, Value]) -> Value:
                value = variables.get(name, _MISSING)
                if value is _MISSING:
                    value = state.state["vars"].get(name, _MISSING)
                    if value is _MISSING:
                        return rest(state)
                return value

            return engine_var

        def var(state: Any, variables: Mapping[str, Value]) -> Value:
            value = variables.get(name, _MISSING)
            if value is _MISSING:
                return rest(state)
            return value

        return var

    def _name(self, expr: ast.Var) -> Callable[[Any], Value]:
        """What a name that is no variable reads: a parameter, a definition, or nothing."""
        name = expr.name
        values = self.ruleset.values
        if name in values:
            value = values[name]
            return lambda state: value
        define = self.ruleset.defines.get(name)
        if define is not None:
            run = self._define(define)
            return lambda state: run(state, {})

        def unknown(state: Any) -> Value:
            raise RulesError(expr.span, f"unknown name {name!r} (were the rules checked?)")

        return unknown

    def _define(self, define: ast.DefineDecl) -> Callable[[Any, dict[str, Value]], Value]:
        """Run a definition with its arguments (by name): its rule fires, its body runs."""
        rule = define.rule
        if not self._shallow:
            # Definitions that may nest deeper than the evaluator allows (rules not checked):
            # the evaluator runs them, counting the depth.
            ruleset, registry = self.ruleset, self.registry

            def deep(state: Any, arguments: dict[str, Value]) -> Value:
                scope = ev.Scope(ruleset, registry, state, _EMPTY)
                return ev._run_define(define, arguments, scope)

            return deep
        body = self._bodies.get(define.name)
        if body is None:
            body = self.compiled(define.body)
            self._bodies[define.name] = body
        if not rule:
            return body
        run = body

        def fired(state: Any, arguments: dict[str, Value]) -> Value:
            trace = _current.get()
            if trace is not None:
                trace.fire(rule, "dsl")
            return run(state, arguments)

        return fired

    def _call(self, expr: ast.Call, engine: bool) -> Compiled:
        name = expr.name
        define = self.ruleset.defines.get(name)
        if define is not None:
            names = [f.name for f in define.params]
            keys, values = self._arguments(expr, names, engine)
            return _define_call(self._define(define), keys, values)
        query = self.registry.queries.get(name)
        if query is None:

            def unknown(state: Any, variables: Mapping[str, Value]) -> Value:
                raise RulesError(expr.span, f"unknown query {name!r} (were the rules checked?)")

            return unknown
        keys, values = self._arguments(expr, [p.name for p in query.params], engine)
        return _query_call(query.function, query.rule, keys, values)

    def _arguments(
        self, expr: ast.Call, names: list[str], engine: bool
    ) -> tuple[tuple[str, ...], tuple[Compiled, ...]]:
        """A call's arguments in the order written: their parameters' names, compiled."""
        keys = tuple(arg.name or names[i] for i, arg in enumerate(expr.args))
        return keys, tuple(self.compiled(arg.value, engine) for arg in expr.args)

    def arguments(self, call: ast.Call, names: list[str], engine: bool = False) -> Arguments:
        """A call's arguments evaluated, by parameter name (``names``: the parameters in
        order, for the arguments given by position)."""
        key = (id(call), engine)
        found = self._calls.get(key)
        if found is None:
            keys, values = self._arguments(call, names, engine)
            found = (call, _argument_dict(keys, values))
            self._calls[key] = found
        return found[1]

    def positional_arguments(
        self, call: ast.Call, names: list[str], function: Callable[..., Any], engine: bool = False
    ) -> Callable[[Any, Mapping[str, Value]], tuple[Value, ...]] | None:
        """A call's arguments evaluated in the order written, as the values ``function(ctx,
        *values)`` takes by position; None unless it takes them so (then :meth:`arguments`
        gives them by name). A registered effect is called so at every move."""
        keys, values = self._arguments(call, names, engine)
        if not _by_position(function, keys):
            return None
        return _argument_tuple(values)

    def _binary(self, expr: ast.Binary, engine: bool) -> Compiled:
        right_node = expr.right
        make_constant = _WITH_CONSTANT.get(expr.op)
        if make_constant is not None and isinstance(right_node, _LITERALS):
            # ``count(...) > 0``, ``left - 1``: the constant is not called for at each test.
            return make_constant(self.compiled(expr.left, engine), right_node.value, expr)
        left = self.compiled(expr.left, engine)
        right = self.compiled(expr.right, engine)
        make = _BINARY.get(expr.op)
        if make is None:
            raise TypeError(f"unknown operator {expr.op!r}")  # pragma: no cover
        return make(left, right, expr)

    def _comprehension(self, expr: ast.Comprehension, engine: bool) -> Compiled:
        items = self.compiled(expr.iterable, engine)
        element = self.compiled(expr.element, engine)
        condition = self.compiled(expr.condition, engine) if expr.condition is not None else None
        var, func = expr.var, expr.func

        def selected(state: Any, variables: Mapping[str, Value]) -> list[Value]:
            found = []
            inner = dict(variables)
            if condition is None:
                for item in items(state, variables):
                    inner[var] = item
                    found.append(element(state, inner))
            else:
                for item in items(state, variables):
                    inner[var] = item
                    if condition(state, inner):
                        found.append(element(state, inner))
            return found

        if func == "list":
            return selected
        if func == "count":
            return lambda state, variables: len(selected(state, variables))
        if func == "sum":
            return lambda state, variables: sum(selected(state, variables))
        if func == "any":
            return lambda state, variables: any(selected(state, variables))
        if func == "all":
            return lambda state, variables: all(selected(state, variables))
        if func in ("min", "max"):
            pick = min if func == "min" else max

            def extreme(state: Any, variables: Mapping[str, Value]) -> Value:
                found = selected(state, variables)
                if not found:
                    raise RulesError(expr.span, f"{func}() of nothing")
                return pick(found)

            return extreme
        raise TypeError(f"unknown comprehension {func!r}")  # pragma: no cover


def _defines_nest_shallowly(ruleset: Ruleset) -> bool:
    """Whether no chain of definitions calling definitions can reach the evaluator's depth
    limit (none calls itself, however indirectly, and none nests deeper than the limit)."""
    calls: dict[str, set[str]] = {}
    for name, define in ruleset.defines.items():
        calls[name] = {n for n in _names_called(define.body) if n in ruleset.defines}
    height: dict[str, int] = {}
    visiting: set[str] = set()

    def measure(name: str) -> int:
        if name in height:
            return height[name]
        if name in visiting:
            raise RecursionError
        visiting.add(name)
        found = 1 + max((measure(n) for n in calls[name]), default=0)
        visiting.discard(name)
        height[name] = found
        return found

    try:
        return all(measure(name) <= ev.MAX_CALL_DEPTH for name in calls)
    except RecursionError:
        return False


def _names_called(expr: object) -> set[str]:
    """The names an expression calls or reads (a definition may be read without arguments)."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call):
            found.add(node.name)
            stack.extend(arg.value for arg in node.args)
        elif isinstance(node, ast.Var):
            found.add(node.name)
        elif isinstance(node, ast.Binary):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.Unary):
            stack.append(node.operand)
        elif isinstance(node, ast.ListLit):
            stack.extend(node.items)
        elif isinstance(node, ast.Comprehension):
            stack.extend((node.element, node.iterable))
            if node.condition is not None:
                stack.append(node.condition)
    return found


# -- the closures ------------------------------------------------------------------


def _local(name: str, rest: Callable[[Any], Value], engine: bool) -> Compiled:
    """A name read as a variable first: the variables' value, else (``engine``) the
    state's variable, else ``rest`` (a parameter, a definition, an unknown name)."""
    if engine:

        def engine_local(state: Any, variables: Mapping[str, Value]) -> Value:
            try:
                return variables[name]
            except KeyError:
                value = state.state["vars"].get(name, _MISSING)
                return rest(state) if value is _MISSING else value

        return engine_local

    def local(state: Any, variables: Mapping[str, Value]) -> Value:
        try:
            return variables[name]
        except KeyError:
            return rest(state)

    return local


def _constant(value: Value) -> Compiled:
    return lambda state, variables: value


def _unary(op: str, operand: Compiled) -> Compiled:
    if op == "not":
        return lambda state, variables: not operand(state, variables)
    if op == "-":
        return lambda state, variables: -operand(state, variables)
    return operand


def _list(items: tuple[Compiled, ...]) -> Compiled:
    if len(items) == 1:
        (only,) = items
        return lambda state, variables: [only(state, variables)]
    return lambda state, variables: [item(state, variables) for item in items]


def _argument_dict(keys: tuple[str, ...], values: tuple[Compiled, ...]) -> Arguments:
    """The arguments by name, evaluated in the order written (a dict display for up to four:
    no comprehension to run at every call)."""
    pairs = tuple(zip(keys, values, strict=True))
    if len(pairs) == 1:
        ((key, value),) = pairs
        return lambda state, variables: {key: value(state, variables)}
    if len(pairs) == 2:
        (k1, v1), (k2, v2) = pairs
        return lambda state, variables: {k1: v1(state, variables), k2: v2(state, variables)}
    if len(pairs) == 3:
        (k1, v1), (k2, v2), (k3, v3) = pairs
        return lambda state, variables: {
            k1: v1(state, variables),
            k2: v2(state, variables),
            k3: v3(state, variables),
        }
    if len(pairs) == 4:
        (k1, v1), (k2, v2), (k3, v3), (k4, v4) = pairs
        return lambda state, variables: {
            k1: v1(state, variables),
            k2: v2(state, variables),
            k3: v3(state, variables),
            k4: v4(state, variables),
        }
    return lambda state, variables: {key: value(state, variables) for key, value in pairs}


def _argument_tuple(values: tuple[Compiled, ...]) -> Callable[[Any, Mapping[str, Value]], Any]:
    """The arguments' values in the order written (a tuple display for up to four)."""
    if not values:
        return lambda state, variables: ()
    if len(values) == 1:
        (a,) = values
        return lambda state, variables: (a(state, variables),)
    if len(values) == 2:
        a, b = values
        return lambda state, variables: (a(state, variables), b(state, variables))
    if len(values) == 3:
        a, b, c = values
        return lambda state, variables: (
            a(state, variables),
            b(state, variables),
            c(state, variables),
        )
    if len(values) == 4:
        a, b, c, d = values
        return lambda state, variables: (
            a(state, variables),
            b(state, variables),
            c(state, variables),
            d(state, variables),
        )
    return lambda state, variables: tuple([value(state, variables) for value in values])


def _define_call(
    run: Callable[[Any, dict[str, Value]], Value],
    keys: tuple[str, ...],
    values: tuple[Compiled, ...],
) -> Compiled:
    arguments = _argument_dict(keys, values)
    return lambda state, variables: run(state, arguments(state, variables))


def _by_position(function: Callable[..., Any], keys: tuple[str, ...]) -> bool:
    """Whether ``function(ctx, *values)`` gets the values as ``keys``: its parameters after
    the context are these names, in this order, each one that may be given by position."""
    if len(set(keys)) != len(keys):
        return False
    try:
        params = list(inspect.signature(function, follow_wrapped=False).parameters.values())
    except (TypeError, ValueError):
        return False
    if len(params) < len(keys) + 1 or params[0].kind is not params[0].POSITIONAL_OR_KEYWORD:
        return False
    for param, key in zip(params[1:], keys, strict=False):
        if param.name != key or param.kind is not param.POSITIONAL_OR_KEYWORD:
            return False
    return True


def _query_call(
    function: Callable[..., Any], rule: str, keys: tuple[str, ...], values: tuple[Compiled, ...]
) -> Compiled:
    """A query's call: the arguments evaluated in the order written, its rule fired, its
    function run with the engine's context (what the registry's entry does when called)."""
    if not rule:
        return _invoke(function, keys, values)
    if _by_position(function, keys) and len(values) <= 4:
        return _fired_call(function, rule, values)
    plain = _invoke(function, keys, values)

    def traced_function(state: Any, /, *args: Any, **kwargs: Any) -> Any:
        _fire(rule)
        return function(state, *args, **kwargs)

    traced = _invoke(traced_function, keys, values, _by_position(function, keys))

    def call(state: Any, variables: Mapping[str, Value]) -> Value:
        # Traced, the rule fires as the query runs (after its arguments), as the entry does.
        if _current.get() is None:
            return plain(state, variables)
        return traced(state, variables)

    return call


def _fired_call(function: Callable[..., Any], rule: str, values: tuple[Compiled, ...]) -> Compiled:
    """A query's call with up to four arguments by position: the arguments evaluated,
    then, traced, its rule fired, then its function run (one closure: queries are called
    thousands of times a game)."""
    current = _current.get
    if not values:

        def call0(state: Any, variables: Mapping[str, Value]) -> Value:
            trace = current()
            if trace is not None:
                trace.fire(rule, "python")
            return function(state)

        return call0
    if len(values) == 1:
        (a,) = values

        def call1(state: Any, variables: Mapping[str, Value]) -> Value:
            x = a(state, variables)
            trace = current()
            if trace is not None:
                trace.fire(rule, "python")
            return function(state, x)

        return call1
    if len(values) == 2:
        a, b = values

        def call2(state: Any, variables: Mapping[str, Value]) -> Value:
            x, y = a(state, variables), b(state, variables)
            trace = current()
            if trace is not None:
                trace.fire(rule, "python")
            return function(state, x, y)

        return call2
    if len(values) == 3:
        a, b, c = values

        def call3(state: Any, variables: Mapping[str, Value]) -> Value:
            x, y, z = a(state, variables), b(state, variables), c(state, variables)
            trace = current()
            if trace is not None:
                trace.fire(rule, "python")
            return function(state, x, y, z)

        return call3
    a, b, c, d = values

    def call4(state: Any, variables: Mapping[str, Value]) -> Value:
        w, x = a(state, variables), b(state, variables)
        y, z = c(state, variables), d(state, variables)
        trace = current()
        if trace is not None:
            trace.fire(rule, "python")
        return function(state, w, x, y, z)

    return call4


def _fire(rule: str) -> None:
    trace = _current.get()
    if trace is not None:
        trace.fire(rule, "python")


def _invoke(
    function: Callable[..., Any],
    keys: tuple[str, ...],
    values: tuple[Compiled, ...],
    by_position: bool | None = None,
) -> Compiled:
    """``function(state, ...)`` with the arguments evaluated in the order written: by
    position where its parameters allow it, else by name."""
    if by_position is None:
        by_position = _by_position(function, keys)
    if by_position:
        return _positional(function, values)
    if not keys:
        return lambda state, variables: function(state)
    arguments = _argument_dict(keys, values)
    return lambda state, variables: function(state, **arguments(state, variables))


def _positional(function: Callable[..., Any], values: tuple[Compiled, ...]) -> Compiled:
    if not values:
        return lambda state, variables: function(state)
    if len(values) == 1:
        (a,) = values
        return lambda state, variables: function(state, a(state, variables))
    if len(values) == 2:
        a, b = values
        return lambda state, variables: function(state, a(state, variables), b(state, variables))
    if len(values) == 3:
        a, b, c = values
        return lambda state, variables: function(
            state, a(state, variables), b(state, variables), c(state, variables)
        )
    return lambda state, variables: function(state, *[v(state, variables) for v in values])


# -- operators ------------------------------------------------------------------------

Make = Callable[[Compiled, Compiled, ast.Binary], Compiled]


def _bounded(value: Any, expr: ast.Expr) -> Any:
    if isinstance(value, int) and not -ev.MAX_INT <= value <= ev.MAX_INT:
        raise RulesError(expr.span, f"number out of range (more than {ev.MAX_INT})")
    return value


def _and(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: bool(left(s, v)) and bool(right(s, v))


def _or(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: bool(left(s, v)) or bool(right(s, v))


def _add(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: _bounded(left(s, v) + right(s, v), expr)


def _sub(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: _bounded(left(s, v) - right(s, v), expr)


def _mul(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: _bounded(left(s, v) * right(s, v), expr)


def _divide(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    remainder = expr.op == "%"

    def divide(s: Any, v: Mapping[str, Value]) -> Value:
        a, b = left(s, v), right(s, v)
        if b == 0:
            raise RulesError(expr.span, "division by zero")
        return a % b if remainder else a // b

    return divide


def _eq(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) == right(s, v)


def _ne(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) != right(s, v)


def _lt(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) < right(s, v)


def _le(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) <= right(s, v)


def _gt(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) > right(s, v)


def _ge(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) >= right(s, v)


def _in(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) in right(s, v)


def _not_in(left: Compiled, right: Compiled, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) not in right(s, v)


#: Operators with a literal on their right, the literal's value given.
MakeConstant = Callable[[Compiled, Any, ast.Binary], Compiled]

_LITERALS = (ast.IntLit, ast.BoolLit, ast.StrLit)


def _add_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: _bounded(left(s, v) + right, expr)


def _sub_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: _bounded(left(s, v) - right, expr)


def _eq_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) == right


def _ne_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) != right


def _lt_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) < right


def _le_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) <= right


def _gt_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) > right


def _ge_constant(left: Compiled, right: Any, expr: ast.Binary) -> Compiled:
    return lambda s, v: left(s, v) >= right


_WITH_CONSTANT: dict[str, MakeConstant] = {
    "+": _add_constant,
    "-": _sub_constant,
    "==": _eq_constant,
    "!=": _ne_constant,
    "<": _lt_constant,
    "<=": _le_constant,
    ">": _gt_constant,
    ">=": _ge_constant,
}

_BINARY: dict[str, Make] = {
    "and": _and,
    "or": _or,
    "+": _add,
    "-": _sub,
    "*": _mul,
    "/": _divide,
    "%": _divide,
    "==": _eq,
    "!=": _ne,
    "<": _lt,
    "<=": _le,
    ">": _gt,
    ">=": _ge,
    "in": _in,
    "not in": _not_in,
}
