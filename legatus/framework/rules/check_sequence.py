"""Checking the sequence of play: procedures, arguments, labels, reachability.

Part of the checker (see :mod:`legatus.framework.rules.checker`): every step must name
a registered procedure with fitting arguments, read only parameters the rules
define, and be reachable: its condition not always false, its loop not empty,
no endless loop before it. Two items of one block may not share a label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legatus.framework.rules import ast
from legatus.framework.rules.check_common import constant_value, plain_name, registered
from legatus.framework.rules.problems import did_you_mean
from legatus.framework.rules.typecheck import Scope, check_args, expect, infer, signature_of


class SequenceChecker:
    """Checks the sequence of play; ``checked`` collects the victories it checks."""

    def __init__(self, scope: Scope, checked: set[str], values: Mapping[str, object]) -> None:
        self.scope = scope
        self.checked = checked
        self.values = values
        self.used_procedures: set[str] = set()

    def check(self, sequence: ast.SequenceDecl) -> None:
        self._block(sequence.body, "the sequence", self.scope)

    def _block(self, items: Sequence[ast.SeqItem], where: str, scope: Scope) -> bool:
        """Check a block; False if control never leaves it (an endless loop)."""
        seen: dict[str, ast.SeqItem] = {}
        ends = True
        for item in items:
            if not ends:
                self.scope.report(
                    item.span,
                    f"unreachable: the loop before it never ends, so {item.name!r} never runs",
                )
                ends = True  # report once per block
            first = seen.get(item.name)
            if first is not None:
                self.scope.report(
                    item.span,
                    f"{item.name!r} appears twice in {where} (first at line {first.span.line})",
                    f"give one a label: step other_name = {item.name}",
                )
            seen[item.name] = item
            ends = self._item(item, scope) and ends
        return ends

    def _when(self, when: ast.Expr | None, item: ast.SeqItem, scope: Scope) -> None:
        if when is None:
            return
        expect(when, "bool", scope, "the condition after 'when'")
        if self._constant(when) is False:
            self.scope.report(
                when.span, f"unreachable: {item.name!r} never runs, its condition is always false"
            )

    def _constant(self, expr: ast.Expr) -> object:
        return constant_value(expr, self.scope, self.values)

    def _item(self, item: ast.SeqItem, scope: Scope) -> bool:
        match item:
            case ast.Step():
                self._step(item, scope)
            case ast.Check():
                self._check(item, scope)
            case ast.Phase():
                plain_name(item.name, item.span, "phase", self.scope)
                self._when(item.when, item, scope)
                return self._block(item.body, f"phase {item.name!r}", scope)
            case ast.Repeat():
                return self._repeat(item, scope)
        return True

    def _step(self, step: ast.Step, scope: Scope) -> None:
        if step.label is not None:
            plain_name(step.label, step.span, "step label", self.scope)
        registry = self.scope.registry
        procedure = registry.procedures.get(step.procedure)
        if step.procedure in self.scope.ruleset.procedures:
            call = ast.Call(name=step.procedure, args=step.args, span=step.span)
            check_args(call, signature_of(step.procedure, self.scope), scope)
        elif procedure is None:
            entry = registry.get(step.procedure)
            if entry is not None:
                self.scope.report(
                    step.procedure_span,
                    f"{step.procedure!r} is a {entry.kind}, not a procedure: a step runs a "
                    "procedure",
                )
            else:
                self.scope.report(
                    step.procedure_span,
                    f"unknown procedure {step.procedure!r}",
                    did_you_mean(
                        step.procedure, [*registry.procedures, *self.scope.ruleset.procedures]
                    )
                    or registered("procedures", registry.procedures),
                )
            for arg in step.args:
                infer(arg.value, scope)
        else:
            call = ast.Call(name=step.procedure, args=step.args, span=step.span)
            check_args(call, signature_of(step.procedure, self.scope), scope)
            self._needs(step, procedure.needs)
        self._when(step.when, step, scope)

    def _needs(self, step: ast.Step, needs: Mapping[str, str]) -> None:
        params = self.scope.ruleset.params
        for name, type_ in needs.items():
            decl = params.get(name)
            if decl is None:
                self.scope.report(
                    step.procedure_span,
                    f"procedure {step.procedure!r} reads parameter {name!r}, "
                    "which the rules do not define",
                    f"add: param {name}: {type_} = ...",
                )
            elif decl.type.name != type_:
                self.scope.report(
                    decl.type.span,
                    f"procedure {step.procedure!r} reads {name!r} as {type_}, "
                    f"but it is declared {decl.type.name}",
                )

    def _check(self, check: ast.Check, scope: Scope) -> None:
        victories = self.scope.ruleset.victories
        if check.victory not in victories:
            self.scope.report(
                check.victory_span,
                f"unknown victory {check.victory!r}",
                did_you_mean(check.victory, victories)
                or "declare it with 'victory NAME:' and its clauses",
            )
        self.checked.add(check.victory)
        self._when(check.when, check, scope)

    def _repeat(self, repeat: ast.Repeat, scope: Scope) -> bool:
        plain_name(repeat.var, repeat.span, "loop", self.scope)
        if repeat.var in scope.variables or repeat.var in self.scope.ruleset.params:
            self.scope.report(repeat.span, f"loop name {repeat.var!r} is already in use")
        inner = scope.child(**{repeat.var: "int"})
        ends = True
        if repeat.kind == "range":
            assert repeat.start is not None and repeat.end is not None
            expect(repeat.start, "int", scope, "the start of the loop")
            expect(repeat.end, "int", scope, "the end of the loop")
            self._when(repeat.when, repeat, scope)
            start, end = self._constant(repeat.start), self._constant(repeat.end)
            if isinstance(start, int) and isinstance(end, int) and start > end:
                self.scope.report(
                    repeat.span,
                    f"unreachable: loop {repeat.var!r} never runs, {start}..{end} is empty",
                )
        else:
            assert repeat.condition is not None
            expect(repeat.condition, "bool", scope, f"the condition after '{repeat.kind}'")
            constant = self._constant(repeat.condition)
            runs = constant is True if repeat.kind == "while" else constant is False
            stops = constant is False if repeat.kind == "while" else constant is True
            if stops:
                self.scope.report(
                    repeat.condition.span,
                    f"unreachable: loop {repeat.var!r} never runs, its condition is constant",
                )
            ends = not runs
        body_ends = self._block(repeat.body, f"loop {repeat.var!r}", inner)
        return ends and body_ends
