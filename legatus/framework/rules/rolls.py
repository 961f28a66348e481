"""Rolling on a table: the die roll, the table's modifiers, clamping, the cell."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from legatus.framework.model.errors import RulesError
from legatus.framework.rules.expressions import Scope, evaluate
from legatus.framework.rules.ruleset import Value
from legatus.framework.rules.tables import Cell
from legatus.framework.rules.trace import fire


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
    ctx: Scope,
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
