"""The rules checker: every name resolved, every call typed, every problem reported.

Checking is a separate stage after parsing. It takes an assembled
:class:`~legatus.framework.rules.ruleset.Ruleset`, the game's names by category
(``GameDef.symbols()``, or none for a standalone file) and the
:class:`~legatus.framework.rules.registry.RuleRegistry`, and returns every
:class:`~legatus.framework.rules.problems.Problem` it finds, in source order:

- unknown names (procedures, queries, effects, parameters, victories, game
  names in string literals), each with a "did you mean" when one is close;
- wrong types and numbers of arguments;
- names defined twice, steps appearing twice in one block;
- parameters and definitions that depend on themselves (cycles);
- steps that can never run, victories never checked, loops never left;
- tables whose rows or columns overlap or leave gaps (see tables.py);
- parameters a procedure reads (``needs``) that the rules do not define.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass

from legatus.framework.model.errors import SourceSpan
from legatus.framework.rules import ast
from legatus.framework.rules.check_common import constant_value, plain_name, registered
from legatus.framework.rules.check_sequence import SequenceChecker
from legatus.framework.rules.expressions import param_values
from legatus.framework.rules.problems import Problem, did_you_mean
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.tables import compile_table
from legatus.framework.rules.typecheck import (
    Scope,
    check_args,
    expect,
    formal_names,
    infer,
    references,
    resolve_symbol,
    signature_of,
)
from legatus.framework.rules.types import SYMBOL_TYPES, item_type


def check(
    ruleset: Ruleset,
    symbols: Mapping[str, frozenset[str]],
    registry: RuleRegistry,
) -> list[Problem]:
    """Every problem in ``ruleset``; an empty list means the rules are sound."""
    problems: list[Problem] = []
    scope = Scope(ruleset, registry, symbols, problems)
    _check_names(ruleset, scope)
    values = param_values(ruleset, registry, strict=False)
    for param in ruleset.params.values():
        _check_param(param, scope, values)
    for define in ruleset.defines.values():
        _check_define(define, scope)
    _check_cycles(ruleset, scope)
    checked: set[str] = set()
    if ruleset.sequence is not None:
        SequenceChecker(scope, checked, values).check(ruleset.sequence)
    for victory in ruleset.victories.values():
        _check_victory(victory, scope)
        if ruleset.sequence is not None and victory.name not in checked:
            scope.report(
                victory.span,
                f"victory {victory.name!r} is never checked",
                f"add 'check {victory.name}' to the sequence of play",
            )
    cards: dict[str, ast.EffectDecl] = {}
    for effect in ruleset.effects.values():
        _check_effect(effect, scope, cards)
    for table in ruleset.tables.values():
        _check_table(table, scope)
    for procedure in ruleset.procedures.values():
        _check_procedure(procedure, scope)
    _check_needs(ruleset, scope)
    return problems


def _calls(node: object) -> Iterator[ast.Call]:
    """Every call inside ``node``, a declaration or any part of one, in source order."""
    if isinstance(node, ast.Call):
        yield node
    if isinstance(node, tuple | list):
        for item in node:
            yield from _calls(item)
    elif is_dataclass(node) and not isinstance(node, type):
        for each in fields(node):
            if each.compare:
                yield from _calls(getattr(node, each.name))


def _check_needs(ruleset: Ruleset, scope: Scope) -> None:
    """The parameters each query, effect or procedure the rules call reads (its
    registered ``needs``) are defined, with the type it reads them as; reported once, at
    the first call. (A step of the sequence is checked where it stands.)"""
    decls: list[object] = [
        *ruleset.defines.values(),
        *ruleset.victories.values(),
        *ruleset.effects.values(),
        *ruleset.procedures.values(),
    ]
    if ruleset.sequence is not None:
        decls.append(ruleset.sequence)
    seen: set[str] = set()
    params = ruleset.params
    for call in _calls(decls):
        entry = scope.registry.get(call.name)
        if entry is None or not entry.needs or call.name in seen:
            continue
        seen.add(call.name)
        for name, type_ in entry.needs.items():
            decl = params.get(name)
            if decl is None:
                scope.report(
                    call.span,
                    f"{entry.kind} {call.name!r} reads parameter {name!r}, "
                    "which the rules do not define",
                    f"add: param {name}: {type_} = ...",
                )
            elif decl.type.name != type_:
                scope.report(
                    decl.type.span,
                    f"{entry.kind} {call.name!r} reads {name!r} as {type_}, "
                    f"but it is declared {decl.type.name}",
                )


# -- names ------------------------------------------------------------------------


def _check_names(ruleset: Ruleset, scope: Scope) -> None:
    registry_names = scope.registry.names()
    for kind, decls in (
        ("define", ruleset.defines),
        ("victory", ruleset.victories),
        ("effect", ruleset.effects),
        ("table", ruleset.tables),
        ("procedure", ruleset.procedures),
    ):
        for decl in decls.values():
            plain_name(decl.name, decl.span, kind, scope)
            if decl.name in registry_names and kind in ("define", "procedure"):
                entry = scope.registry.get(decl.name)
                assert entry is not None
                scope.report(
                    decl.span,
                    f"define {decl.name!r} hides the registered {entry.kind} of the same name",
                )


# -- parameters and definitions ------------------------------------------------------


def _check_param(param: ast.ParamDecl, scope: Scope, values: Mapping[str, object]) -> None:
    constant = Scope(scope.ruleset, scope.registry, scope.symbols, scope.problems, constant=True)
    expect(param.default, param.type.name, constant, f"the default of {param.name!r}")
    if param.bounded and param.type.name != "int":
        scope.report(param.type.span, "only int parameters can have a range ('in LOW..HIGH')")
        return
    value = constant_value(param.default, scope, values)
    if param.bounded and isinstance(value, int) and not _within(value, param.low, param.high):
        scope.report(
            param.default.span,
            f"{param.name!r} must be in {_range(param.low, param.high)}, not {value}",
        )


def _within(value: int, low: int | None, high: int | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _range(low: int | None, high: int | None) -> str:
    return f"{'' if low is None else low}..{'' if high is None else high}"


def _check_define(define: ast.DefineDecl, scope: Scope) -> None:
    variables = formal_names(define.params, scope, f"define {define.name!r}")
    inner = Scope(scope.ruleset, scope.registry, scope.symbols, scope.problems, variables)
    expect(define.body, define.type.name, inner, f"the value of {define.name!r}")


def _check_cycles(ruleset: Ruleset, scope: Scope) -> None:
    """Parameters and defines may use each other, but never in a circle."""
    nodes: dict[str, ast.ParamDecl | ast.DefineDecl] = {**ruleset.params, **ruleset.defines}
    edges: dict[str, list[str]] = {}
    for name, decl in nodes.items():
        expr = decl.default if isinstance(decl, ast.ParamDecl) else decl.body
        local = {f.name for f in decl.params} if isinstance(decl, ast.DefineDecl) else set()
        edges[name] = sorted(
            {ref for ref, _ in references(expr) if ref in nodes and ref not in local}
        )
    reported: set[frozenset[str]] = set()
    for cycle in _cycles(edges):
        members = frozenset(cycle)
        if members in reported:
            continue
        reported.add(members)
        first = min(cycle, key=lambda n: (nodes[n].span.file, nodes[n].span.line))
        start = cycle.index(first)
        ordered = cycle[start:] + cycle[:start] + [first]
        decl = nodes[first]
        scope.report(
            decl.span,
            f"cyclic definition: {' -> '.join(ordered)}",
            "a parameter or define cannot depend on itself",
        )


def _cycles(edges: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """One cycle through each strongly connected component that has one (iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            successors = edges.get(node, ())
            if child < len(successors):
                work.append((node, child + 1))
                nxt = successors[child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges.get(node, ()):
                    found.append(_a_cycle(sorted(component), edges))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def _a_cycle(component: list[str], edges: Mapping[str, Sequence[str]]) -> list[str]:
    members = set(component)
    path = [component[0]]
    seen = {component[0]}
    while True:
        nxt = next(n for n in edges[path[-1]] if n in members)
        if nxt in seen:
            return path[path.index(nxt) :]
        path.append(nxt)
        seen.add(nxt)


# -- victory --------------------------------------------------------------------------


def _check_victory(victory: ast.VictoryDecl, scope: Scope) -> None:
    inner = scope.child(side="side")
    for index, clause in enumerate(victory.clauses):
        if clause.kind in ("draw", "continue"):
            if index != len(victory.clauses) - 1:
                scope.report(
                    victory.clauses[index + 1].span,
                    f"unreachable: nothing after 'else {clause.kind}' is ever used",
                )
            continue
        assert clause.expr is not None
        if clause.kind == "require":
            expect(clause.expr, "bool", inner, "the condition after 'require'")
            continue
        type_ = infer(clause.expr, inner)
        if type_ is not None and type_ not in ("int", "bool"):
            scope.report(
                clause.expr.span, f"'{clause.kind}' compares numbers (or yes/no), not {type_}"
            )


# -- effects ---------------------------------------------------------------------------


def _check_effect(effect: ast.EffectDecl, scope: Scope, cards: dict[str, ast.EffectDecl]) -> None:
    if effect.card is not None:
        resolve_symbol(ast.StrLit(value=effect.card, span=effect.card_span), "card", scope)
        first = cards.get(effect.card)
        if first is not None:
            scope.report(
                effect.card_span,
                f"card {effect.card!r} already has effect {first.name!r} (line {first.span.line})",
            )
        cards[effect.card] = effect
    variables = formal_names(effect.params, scope, f"effect {effect.name!r}")
    inner = scope.child(**variables)
    if effect.when is not None:
        expect(effect.when, "bool", inner, f"the precondition of effect {effect.name!r}")
    _statements(effect.body, inner)


def _check_procedure(procedure: ast.ProcedureDecl, scope: Scope) -> None:
    variables = formal_names(procedure.params, scope, f"procedure {procedure.name!r}")
    _statements(procedure.body, scope.child(**variables))


def _bind(name: str, span: SourceSpan, scope: Scope) -> None:
    plain_name(name, span, "variable", scope)
    if name in scope.variables or name in scope.ruleset.params:
        scope.report(span, f"{name!r} is already in use here; choose another name")


def _statements(body: Sequence[ast.Stmt], scope: Scope) -> None:
    for stmt in body:
        match stmt:
            case ast.CallStmt(call=call):
                _effect_call(call, scope)
            case ast.LetStmt():
                value = infer(stmt.value, scope)
                _bind(stmt.name, stmt.span, scope)
                scope = scope.child(**{stmt.name: value or "any"})
            case ast.ChooseStmt():
                _bind(stmt.name, stmt.span, scope)
                expect(stmt.options, f"list[{stmt.type.name}]", scope, "the options of 'choose'")
                inner = scope.child(**{stmt.name: stmt.type.name})
                if stmt.where is not None:
                    expect(stmt.where, "bool", inner, "the condition after 'where'")
                if stmt.by is not None:
                    expect(stmt.by, "side", scope, "who chooses ('by')")
                scope = inner
            case ast.ForStmt():
                iterable = infer(stmt.iterable, scope)
                item = item_type(iterable) if iterable is not None else None
                if iterable is not None and item is None:
                    scope.report(stmt.iterable.span, f"cannot go through a {iterable}")
                _bind(stmt.var, stmt.span, scope)
                inner = scope.child(**{stmt.var: item or "any"})
                if stmt.condition is not None:
                    expect(stmt.condition, "bool", inner, "the condition after 'if'")
                _statements(stmt.body, inner)
            case ast.IfStmt():
                expect(stmt.condition, "bool", scope, "the condition after 'if'")
                _statements(stmt.then, scope)
                _statements(stmt.otherwise, scope)
            case ast.SetStmt():
                bound = scope.variables.get(stmt.name)
                if bound is None:
                    scope.report(
                        stmt.span,
                        f"'set' changes a variable, and {stmt.name!r} is not one here",
                        f"write 'let {stmt.name} = ...' to make one",
                    )
                    infer(stmt.value, scope)
                elif bound != "any":
                    expect(stmt.value, bound, scope, f"the new value of {stmt.name!r}")
            case ast.LoopStmt():
                expect(stmt.test, "bool", scope, f"the test after '{stmt.kind}'")
                _statements(stmt.body, scope)
            case ast.RepeatStmt():
                expect(stmt.start, "int", scope, "the first number of 'repeat'")
                expect(stmt.stop, "int", scope, "the last number of 'repeat'")
                _bind(stmt.var, stmt.span, scope)
                _statements(stmt.body, scope.child(**{stmt.var: "int"}))
            case ast.DecideStmt():
                _check_decide(stmt, scope)
            case ast.TurnsStmt():
                expect(stmt.sides, "list[side]", scope, "the sides that take turns")
                _bind(stmt.var, stmt.span, scope)
                _statements(stmt.body, scope.child(**{stmt.var: "side"}))


def _check_decide(stmt: ast.DecideStmt, scope: Scope) -> None:
    plain_name(stmt.name, stmt.span, "decision", scope)
    if stmt.together is not None and stmt.by is not None:
        expect(stmt.by, "list[side]", scope, "the sides asked together")
        _bind(stmt.together, stmt.span, scope)
        scope = scope.child(**{stmt.together: "side"})
        for option in stmt.options:
            _answer_only(stmt, option.body, scope)
    for field_name in ast.TEXT_FIELD.findall(stmt.doc or ""):
        if field_name not in scope.variables:
            scope.report(
                stmt.span,
                f"the text of decision {stmt.name!r} names {{{field_name}}}, "
                "which is not a variable here",
                did_you_mean(field_name, scope.variables),
            )
    if stmt.by is not None and stmt.together is None:
        expect(stmt.by, "side", scope, "who decides ('by')")
    seen: dict[str, ast.DecideOption] = {}
    for option in stmt.options:
        plain_name(option.name, option.span, "option", scope)
        first = seen.get(option.name)
        if first is not None:
            scope.report(
                option.span,
                f"decision {stmt.name!r} has two options named {option.name!r} "
                f"(the first at line {first.span.line})",
            )
        seen[option.name] = option
        inner = scope
        for arg in option.args:
            expect(arg.options, f"list[{arg.type.name}]", inner, f"the choices of {arg.name!r}")
            _bind(arg.name, arg.span, inner)
            inner = inner.child(**{arg.name: arg.type.name})
        if option.when is not None:
            expect(option.when, "bool", inner, "the condition after 'when'")
        _statements(option.body, inner)


def _answer_only(decision: ast.DecideStmt, body: tuple[ast.Stmt, ...], scope: Scope) -> None:
    """The option bodies of a decision asked ``together`` run as each side answers, before
    the others have: they may not ask anything (no ``choose``, ``decide`` or procedure)."""
    for stmt in body:
        asks = ""
        if isinstance(stmt, ast.ChooseStmt | ast.DecideStmt):
            asks = f"'{'choose' if isinstance(stmt, ast.ChooseStmt) else 'decide'}'"
        elif isinstance(stmt, ast.CallStmt) and (
            stmt.call.name in scope.registry.procedures
            or stmt.call.name in scope.ruleset.procedures
        ):
            asks = f"procedure {stmt.call.name!r}"
        if asks:
            scope.report(
                stmt.span,
                f"decision {decision.name!r} is asked together: its options run as each side "
                f"answers and cannot ask more ({asks}); ask it after the decision",
            )
            continue
        if isinstance(stmt, ast.IfStmt):
            _answer_only(decision, stmt.then, scope)
            _answer_only(decision, stmt.otherwise, scope)
        elif isinstance(stmt, ast.ForStmt | ast.RepeatStmt | ast.LoopStmt | ast.TurnsStmt):
            _answer_only(decision, stmt.body, scope)


def _effect_call(call: ast.Call, scope: Scope) -> None:
    registry = scope.registry
    # Effects are primitive actions; procedures are interactive steps (an event
    # may move a group, which asks its player many questions): both may be statements.
    if (
        call.name in registry.effects
        or call.name in registry.procedures
        or call.name in scope.ruleset.procedures
    ):
        check_args(call, signature_of(call.name, scope), scope)
        return
    entry = registry.get(call.name)
    if entry is not None or call.name in scope.ruleset.defines:
        kind = entry.kind if entry is not None else "define"
        scope.report(
            call.span,
            f"{call.name!r} is a {kind}, not an effect: only effects and procedures can be statements",
        )
    else:
        scope.report(
            call.span,
            f"unknown effect {call.name!r}",
            did_you_mean(call.name, registry.effects) or registered("effects", registry.effects),
        )
    for arg in call.args:
        infer(arg.value, scope)


# -- tables ---------------------------------------------------------------------------


def _check_table(decl: ast.TableDecl, scope: Scope) -> None:
    _table, problems = compile_table(decl)
    scope.problems.extend(problems)
    variables = formal_names(decl.params, scope, f"table {decl.name!r}")
    inner = scope.child(**variables)
    for modifier in decl.modifiers:
        expect(modifier.value, "int", inner, "a modifier")
        if modifier.when is not None:
            expect(modifier.when, "bool", inner, "the condition after 'when'")
    axis = decl.rows_axis
    if axis is not None and axis.type is not None and axis.type.name in SYMBOL_TYPES:
        for row in decl.rows:
            if row.key.quoted:
                resolve_symbol(
                    ast.StrLit(value=row.key.text, span=row.key.span), axis.type.name, scope
                )
