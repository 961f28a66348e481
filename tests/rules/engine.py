"""Running rules on the real engine, for the rules language's tests.

* :func:`recorded` compiles a game's shipped rules (and a variant) with every procedure
  replaced by a recorder: a step that notes its name, arguments and the sequence's counters
  in ``state["records"]["calls"]`` and, with ``asks``, waits for a ``next`` answer so a test
  can stop anywhere. Queries and effects stay the game's own, so conditions and victory
  checks are evaluated as in play.
* :func:`roll` rolls on a table through the engine (``Context.roll_on``) with the dice
  forced to make a given total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from legatus.framework.engine.actions import Action, Prompt
from legatus.framework.engine.core import Context, Frame, Game, Procedure, make_prompt
from legatus.framework.engine.dsl import compile_game
from legatus.framework.engine.frames import PUBLIC, declare
from legatus.framework.play.catalog import default_catalog
from legatus.framework.rules.loading import load_rules, with_variant
from legatus.framework.rules.registry import RuleRegistry
from legatus.framework.rules.rolls import TableRoll
from legatus.framework.tools.testing import Kit


class Recorder(Procedure):
    """A step that records its call; with ``asks`` it waits for ``next`` before ending."""

    fields = declare(args=PUBLIC, asked=PUBLIC)

    def __init__(self, name: str, rule: str, asks: bool) -> None:
        self.name = name
        self.rule = rule
        self.asks = asks

    def start(self, ctx: Context, frame: Frame) -> None:
        call = {"p": self.name, "args": dict(frame["args"]), "vars": dict(ctx.state["vars"])}
        ctx.state["records"].setdefault("calls", []).append(call)
        frame["asked"] = not self.asks

    def prompt(self, ctx: Context, frame: Frame) -> Prompt | None:
        if frame["asked"]:
            return None
        side = ctx.definition.side_ids[0]
        return make_prompt(side, "next", f"after {self.name}", [Action("next")])

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        frame["asked"] = True


def recording_registry(
    registry: RuleRegistry, asks: bool, keep: Sequence[str] = ()
) -> RuleRegistry:
    """A copy of ``registry`` whose procedures (all but ``keep``) are recorders."""
    copy = RuleRegistry()
    for name, entry in registry.procedures.items():
        function = entry.function if name in keep else Recorder(name, entry.rule, asks)
        copy.add_procedure(
            name,
            function,
            rule=entry.rule,
            params={p.name: p.type for p in entry.params},
            optional=[p.name for p in entry.params if p.optional],
            needs=dict(entry.needs),
        )
    for entry in [*registry.queries.values(), *registry.effects.values()]:
        if copy.get(entry.name) is not None:
            continue
        params = {p.name: p.type for p in entry.params}
        optional = [p.name for p in entry.params if p.optional]
        if entry.kind == "query":
            copy.add_query(entry.name, entry.function, returns=entry.returns, rule=entry.rule,
                           params=params, optional=optional)  # fmt: skip
        else:
            copy.add_effect(entry.name, entry.function, rule=entry.rule, params=params,
                            optional=optional)  # fmt: skip
    return copy


def recorded(
    game: str,
    *,
    variant: str | None = None,
    asks: bool = False,
    keep: Sequence[str] = (),
) -> Game:
    """``game``'s shipped rules (and ``variant``) on the engine, its procedures (registered
    or declared in the rules) recorded."""
    catalog = default_catalog()
    loaded = catalog.rules(game)
    registry = recording_registry(loaded.registry, asks, keep)
    symbols = loaded.definition.symbols()
    ruleset = load_rules(loaded.definition.rules_files, symbols, registry)
    if variant is not None:
        from legatus.framework.play.catalog import _parse_variant

        parsed = _parse_variant(loaded.definition.variant_files, variant)
        ruleset = with_variant(ruleset, parsed, symbols, registry)
    compiled = compile_game(
        loaded.definition, ruleset, registry, plugin=loaded.plugin, variant=variant
    )
    # The procedures the rules declare are recorded too (they would ask real questions).
    for name, decl in ruleset.procedures.items():
        if name not in keep:
            compiled.procedures[name] = Recorder(name, decl.rule or "", asks)
    return compiled


def calls(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = state["records"].get("calls", [])
    return found


def dice_for(total: int, spec: str) -> list[int]:
    """Dice of ``spec`` (``2d6``) that add up to ``total`` (within what they can show)."""
    count, _, sides = spec.lower().partition("d")
    dice, left = [], total
    for remaining in range(int(count), 0, -1):
        face = max(1, min(int(sides), left - (remaining - 1)))
        dice.append(face)
        left -= face
    return dice


def roll(
    game: Game,
    table: str,
    total: int,
    *,
    row: int | str | None = None,
    column: int | str | None = None,
    **arguments: Any,
) -> TableRoll:
    """Roll ``table`` through the engine with its roll forced to show ``total`` (one roll
    of the table's dice)."""
    compiled = game.rules.ruleset.table(table)
    spec = (compiled.row_roll or compiled.cell_roll).dice
    with Kit.on(game, game.setup(), dice=[dice_for(total, spec)]) as kit:
        result: TableRoll = kit.context().roll_on(table, row=row, column=column, **arguments)
    return result


class EngineRolls:
    """Table rolls of a game, made by the engine: ``roll_on(table, total, ...)`` forces the
    dice to show ``total`` and rolls with :meth:`legatus.framework.engine.core.Context.roll_on`."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def roll_on(
        self,
        table: str,
        total: int,
        *,
        row: int | str | None = None,
        column: int | str | None = None,
        **arguments: Any,
    ) -> TableRoll:
        return roll(self.game, table, total, row=row, column=column, **arguments)
