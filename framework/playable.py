"""From an installed game's name to a playable :class:`~framework.engine.core.Game`.

This is where the pieces meet: the game's data (the loader), its rules files
and optional variant (the rules DSL, checked against the data and the
registry its plugins filled), and the procedures its plugin registered. The
rules' sequence of play is translated into the engine's numbered program,
and expressions, victory checks and effects are evaluated by the rules
evaluator with the engine's :class:`~framework.engine.core.Context` standing
for the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from framework.engine import program as prog
from framework.engine.actions import ActionCodec
from framework.engine.core import Context, Game, Procedure
from framework.engine.effects import RunEffect, StatementLists
from framework.errors import LegatusError, PluginError, RulesError
from framework.rules import ast
from framework.rules import expressions as ev
from framework.rules.loading import game_rules, with_variant
from framework.rules.parser import parse_variant, read_source
from framework.rules.registry import RuleRegistry
from framework.rules.rolls import TableRoll, roll_on
from framework.rules.ruleset import Ruleset
from framework.rules.victory import decide


class DslRules:
    """The engine's view of a checked and compiled rule set."""

    def __init__(self, ruleset: Ruleset, registry: RuleRegistry, sides: Sequence[str]) -> None:
        if ruleset.sequence is None:
            raise LegatusError("the rules have no sequence of play")
        self.ruleset = ruleset
        self.registry = registry
        self.sides = tuple(sides)
        self.program = prog.Program(
            prog.Block(
                "phase",
                "sequence",
                to_nodes(ruleset.sequence.body, registry),
                rule=ruleset.sequence.rule or "",
            )
        )

    def param(self, name: str) -> Any:
        return self.ruleset.param(name)

    def _context(self, ctx: Context, env: Mapping[str, Any]) -> ev.Context:
        return ev.Context(self.ruleset, self.registry, ctx, env)

    def evaluate(self, expr: Any, ctx: Context, env: Mapping[str, Any]) -> Any:
        return ev.evaluate(expr, self._context(ctx, env))

    def victory(self, name: str, ctx: Context) -> prog.VictoryResult | None:
        declaration = self.ruleset.victories[name]
        outcome = decide(declaration, self._context(ctx, dict(ctx.state["vars"])), self.sides)
        if not outcome.decided:
            return None
        if outcome.kind == "draw":
            return prog.VictoryResult(None, f"draw ({name})", outcome.rule or "")
        return prog.VictoryResult(
            outcome.winner, f"{outcome.winner} wins ({name})", outcome.rule or ""
        )

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
            raise LegatusError(f"table {table!r} is not rolled on")
        count, _, sides = spec.dice.lower().partition("d")
        total = sum(ctx.roll(int(count), int(sides)))
        scope = self._context(ctx, dict(ctx.state["vars"]))
        return roll_on(table, total, scope, row=row, column=column, arguments=arguments)

    def call_arguments(
        self, call: ast.Call, ctx: Context, env: Mapping[str, Any]
    ) -> dict[str, Any]:
        entry = self.registry.get(call.name)
        names = [p.name for p in entry.params] if entry is not None else []
        scope = self._context(ctx, env)
        return {
            (arg.name or names[i]): ev.evaluate(arg.value, scope) for i, arg in enumerate(call.args)
        }

    def run_effect_call(self, name: str, ctx: Context, args: Mapping[str, Any]) -> None:
        effect = self.registry.effects.get(name)
        if effect is not None:
            effect(ctx, **args)
            return
        if name in self.ruleset.effects:
            ctx.push("run_effect", effect=name, side=args.get("side"), env=dict(args))
            return
        raise LegatusError(f"no effect or procedure named {name!r}")


def to_nodes(items: Sequence[ast.SeqItem], registry: RuleRegistry) -> tuple[prog.Node, ...]:
    """Translate checked sequence items into the engine's program nodes."""
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
                    "phase", item.name, to_nodes(item.body, registry), when=item.when, rule=rule
                )
            )
        else:
            nodes.append(
                prog.Block(
                    item.kind,
                    item.var,
                    to_nodes(item.body, registry),
                    var=item.var,
                    start=item.start,
                    stop=item.end,
                    test=item.condition,
                    when=item.when,
                    rule=rule,
                )
            )
    return tuple(nodes)


def variant_path(game_variants: Sequence[Path], variant: str | Path) -> Path:
    """A variant given by file path, or by the name of one the game ships."""
    path = Path(variant)
    if path.suffix and path.is_file():
        return path
    for candidate in game_variants:
        if candidate.stem == str(variant):
            return candidate
    names = ", ".join(p.stem for p in game_variants) or "none"
    raise LegatusError(
        f"no variant {str(variant)!r}: not a file, nor one of the game's variants ({names})"
    )


def load_playable(name: str, variant: str | None = None) -> Game:
    """The playable game ``name`` (an installed game or a game folder), with a variant.

    Loading and checking the data and rules happens once per (game, variant);
    each call returns a new :class:`Game` over them, so what one caller sets
    on its game (forced dice in a test, rule-firing counts) never leaks into
    another's.
    """
    definition, rules, procedures, variant_name = _load_parts(name, variant)
    return Game(definition, rules, procedures, variant=variant_name)


@lru_cache(maxsize=16)
def _load_parts(
    name: str, variant: str | None
) -> tuple[Any, DslRules, dict[str, Procedure], str | None]:
    loaded = game_rules(name)
    if loaded.plugin_problems:
        raise PluginError(name, "; ".join(loaded.plugin_problems))
    ruleset = loaded.load()
    variant_name = None
    if variant is not None:
        path = variant_path(loaded.game.variant_files, variant)
        parsed = parse_variant(read_source(path), str(path))
        if parsed.base != loaded.game.name:
            raise RulesError(
                parsed.span,
                f"variant {parsed.name!r} is of {parsed.base!r}, not {loaded.game.name!r}",
            )
        ruleset = with_variant(ruleset, parsed, loaded.symbols, loaded.registry)
        variant_name = parsed.name
    procedures: dict[str, Procedure] = {}
    for entry_name, entry in loaded.registry.procedures.items():
        if not isinstance(entry.function, Procedure):
            raise PluginError(name, f"procedure {entry_name!r} is not an engine Procedure")
        procedures[entry_name] = entry.function
    procedures["run_effect"] = RunEffect(StatementLists(ruleset.effects), ruleset.effects)
    rules = DslRules(ruleset, loaded.registry, loaded.game.side_ids)
    return loaded.game, rules, procedures, variant_name


def action_codec(name: str) -> ActionCodec:
    """The game's stable integer encoding of actions (from its plugin's hook)."""
    from framework.loader import load_game
    from framework.plugins import default_plugins

    definition = load_game(name)
    codec = default_plugins().manager.hook.legatus_action_codec(
        game=definition.name, definition=definition
    )
    if codec is None:
        raise LegatusError(f"game {definition.name!r} declares no action encoding")
    assert isinstance(codec, ActionCodec)
    return codec
