"""Checked rules files compiled into what the engine runs: the one place it happens.

:func:`compile_game` takes a game's definition, its checked and compiled
:class:`~legatus.framework.rules.ruleset.Ruleset` (a variant's changes included), the
registry its plugin filled, and builds the :class:`~legatus.framework.engine.core.Game`:
the sequence of play becomes the engine's numbered
:class:`~legatus.framework.engine.program.Program`, the rules' effects the
``run_effect`` procedure (:mod:`legatus.framework.engine.effects`), and expressions,
victory checks and table rolls are evaluated by the rules language's
evaluator (:mod:`legatus.framework.rules.expressions`) with the engine's
:class:`~legatus.framework.engine.core.Context` standing for the state, so every
registered query receives that context.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.engine import program as prog
from legatus.framework.engine.core import (
    Context,
    EngineError,
    Game,
    Immediate,
    Procedure,
    Provenance,
)
from legatus.framework.engine.effects import RunDeclared, RunEffect, StatementLists
from legatus.framework.model.errors import PluginError
from legatus.framework.model.gamedef import GameDef
from legatus.framework.rules import ast
from legatus.framework.rules import expressions as ev
from legatus.framework.rules.compiled import Compiler
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.rolls import TableRoll, roll_on
from legatus.framework.rules.ruleset import Ruleset
from legatus.framework.rules.victory import decide


class DslRules:
    """The engine's view of a checked and compiled rule set (implements ``core.Rules``)."""

    def __init__(self, ruleset: Ruleset, registry: RuleRegistry, sides: Sequence[str]) -> None:
        if ruleset.sequence is None:
            raise EngineError("the rules have no sequence of play")
        self.ruleset = ruleset
        self.registry = registry
        self.sides = tuple(sides)
        self.program = compile_program(ruleset, registry)
        self.compiler = Compiler(ruleset, registry)

    @property
    def values(self) -> Mapping[str, Any]:
        return self.ruleset.values

    def param(self, name: str) -> Any:
        return self.ruleset.param(name)

    def _context(self, ctx: Context, env: Mapping[str, Any]) -> ev.Scope:
        return ev.Scope(self.ruleset, self.registry, ctx, env)

    def evaluate(self, expr: Any, ctx: Context, env: Mapping[str, Any]) -> Any:
        """The value of ``expr`` with the variables ``env``, and under them the state's."""
        return self.compiler.compiled(expr, True)(ctx, env)

    def compiled(self, expr: Any) -> Any:
        """``expr`` compiled: ``function(ctx, env)`` gives its value (``env`` the variables,
        and under them the state's)."""
        return self.compiler.compiled(expr, True)

    def victory(self, name: str, ctx: Context) -> prog.VictoryResult | None:
        declaration = self.ruleset.victories[name]
        outcome = decide(declaration, self._context(ctx, dict(ctx.state["vars"])), self.sides)
        if not outcome.decided:
            return None
        if outcome.kind == "draw":
            return prog.VictoryResult(None, f"draw ({name})", outcome.rule or "")
        wins = ctx.definition.side_wins(str(outcome.winner))
        return prog.VictoryResult(outcome.winner, f"{wins} ({name})", outcome.rule or "")

    def roll_on(
        self,
        table: str,
        ctx: Context,
        *,
        row: int | str | None = None,
        column: int | str | None = None,
        arguments: Mapping[str, Any] | None = None,
    ) -> TableRoll:
        """Roll a table's dice through the engine (seeded, forcible) and read the cell."""
        compiled = self.ruleset.table(table)
        spec = compiled.row_roll or compiled.cell_roll
        if spec is None:
            raise EngineError(f"table {table!r} is not rolled on")
        count, _, sides = spec.dice.lower().partition("d")
        total = sum(ctx.roll(int(count), int(sides), what=f"table {table}"))
        scope = self._context(ctx, dict(ctx.state["vars"]))
        return roll_on(table, total, scope, row=row, column=column, arguments=arguments)

    def call_arguments(
        self, call: ast.Call, ctx: Context, env: Mapping[str, Any]
    ) -> dict[str, Any]:
        arguments: dict[str, Any] = self.call_argument_values(call)(ctx, env)
        return arguments

    def call_argument_values(self, call: ast.Call) -> Any:
        """The arguments of a call written in an effect or a procedure, compiled:
        ``function(ctx, env)`` gives them by parameter name (``env`` the variables only)."""
        entry = self.registry.get(call.name)
        if entry is not None:
            names = [p.name for p in entry.params]
        else:  # an effect or a procedure the rules declare: its arguments by position too
            declared = self.ruleset.procedures.get(call.name) or self.ruleset.effects.get(call.name)
            names = [f.name for f in declared.params] if declared is not None else []
        return self.compiler.arguments(call, names)

    def run_effect_call(self, name: str, ctx: Context, args: Mapping[str, Any]) -> None:
        effect = self.registry.effects.get(name)
        if effect is not None:
            effect(ctx, **args)
            return
        if name in self.ruleset.effects:
            ctx.push("run_effect", effect=name, side=args.get("side"), env=dict(args))
            return
        raise EngineError(f"no effect or procedure named {name!r}")

    def effect_for_card(self, card: str) -> ast.EffectDecl | None:
        return self.ruleset.effect_for_card(card)

    def effect_allowed(self, name: str, ctx: Context, env: Mapping[str, Any]) -> bool:
        """Whether the effect ``name`` may be played now: it exists and its declared
        precondition (``effect NAME(...) when CONDITION:``), if any, holds for ``env``
        (its parameters' values)."""
        effect = self.ruleset.effects.get(name)
        if effect is None:
            return False
        return effect.when is None or bool(ctx.evaluate(effect.when, env))


def compile_program(ruleset: Ruleset, registry: RuleRegistry) -> prog.Program:
    """The rules' sequence of play as the engine's numbered program."""
    sequence = ruleset.sequence
    if sequence is None:
        raise EngineError("the rules have no sequence of play")
    return prog.Program(
        prog.Block("phase", "sequence", _nodes(sequence.body, registry), rule=sequence.rule or "")
    )


def _nodes(items: Sequence[ast.SeqItem], registry: RuleRegistry) -> tuple[prog.Node, ...]:
    nodes: list[prog.Node] = []
    for item in items:
        rule = item.rule or ""
        if isinstance(item, ast.Step):
            entry = registry.procedures.get(item.procedure)
            names = [p.name for p in entry.params] if entry is not None else []
            args = {(a.name or names[i]): a.value for i, a in enumerate(item.args)}
            nodes.append(prog.Step(item.procedure, args, item.when, rule, item.label or ""))
        elif isinstance(item, ast.Check):
            nodes.append(prog.Check(item.victory, item.when, rule))
        elif isinstance(item, ast.Phase):
            nodes.append(
                prog.Block(
                    "phase", item.name, _nodes(item.body, registry), when=item.when, rule=rule
                )
            )
        else:
            nodes.append(
                prog.Block(
                    item.kind,
                    item.var,
                    _nodes(item.body, registry),
                    var=item.var,
                    start=item.start,
                    stop=item.end,
                    test=item.condition,
                    when=item.when,
                    rule=rule,
                )
            )
    return tuple(nodes)


def procedures_of(game: str, ruleset: Ruleset, registry: RuleRegistry) -> dict[str, Procedure]:
    """Every registered procedure as the engine runs it, plus the rules' ``run_effect``
    and the procedures the rules declare.

    A procedure registered as a plain function runs as an :class:`Immediate` step.
    """
    found: dict[str, Procedure] = {}
    for name, entry in registry.procedures.items():
        function = entry.function
        if isinstance(function, Procedure):
            found[name] = function
        elif callable(function):
            found[name] = Immediate(function, entry.rule)
        else:
            raise PluginError(game, f"procedure {name!r} is neither a Procedure nor a function")
    lists = StatementLists(ruleset.effects, ruleset.procedures)
    found["run_effect"] = RunEffect(lists, ruleset.effects)
    for name, decl in ruleset.procedures.items():
        found[name] = RunDeclared(lists, decl)
    return found


def compile_game(
    definition: GameDef,
    ruleset: Ruleset,
    registry: RuleRegistry,
    *,
    variant: str | None = None,
    plugin: Any = None,
    actions: Any = None,
    sources: Provenance | None = None,
) -> Game:
    """The playable game: the definition, the compiled rules and the plugin's procedures."""
    return Game(
        definition,
        DslRules(ruleset, registry, definition.side_ids),
        procedures_of(definition.name, ruleset, registry),
        variant=variant,
        plugin=plugin,
        actions=actions,
        sources=sources,
    )
