"""Lookup tables: rows keyed by die rolls or numbers, cells exactly as printed.

A table declaration (:class:`legatus.framework.rules.ast.TableDecl`) compiles to a
:class:`Table` whose cells keep the rulebook's text ("4-12", "AUTO", "NIE",
"Martwa cisza", "W/Poż"), so tests can compare them with the printed page.
Row and column keys are integer ranges (``7``, ``5-6``, ``10-9``, ``8+``,
``≤ 3``) or names. A roll is clamped as the table says before it is looked
up (GBoJC 2.2: a modified 2d6 above 12 counts as 12).

Compiling also reports what is wrong with a table as
:class:`~legatus.framework.rules.problems.Problem` values: rows of the wrong length,
keys that overlap or leave gaps, a roll that no row covers, cells that should
be roll ranges but are not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from legatus.framework.model.errors import RulesError, SourceSpan
from legatus.framework.rules import ast
from legatus.framework.rules.problems import Problem

# Numbers in keys and cells have at most 9 digits; longer ones are not read as numbers.
_DICE = re.compile(r"([0-9]{1,4})d([0-9]{1,4})\Z")
_SINGLE = re.compile(r"[0-9]{1,9}\Z")
_RANGE = re.compile(r"([0-9]{1,9}) *- *([0-9]{1,9})\Z")
_AT_LEAST = re.compile(r"(?:([0-9]{1,9})\+|(?:>=|≥) *([0-9]{1,9}))\Z")
_AT_MOST = re.compile(r"(?:<=|≤) *([0-9]{1,9})\Z")
_SIGNED = re.compile(r"[+-]?[0-9]{1,9}\Z")


@dataclass(frozen=True)
class KeyRange:
    """An integer interval as printed; None on a side means open on that side."""

    low: int | None
    high: int | None
    label: str

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int):
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


def _lo(value: int | None) -> float:
    return float("-inf") if value is None else value


def _hi(value: int | None) -> float:
    return float("inf") if value is None else value


def parse_key(text: str) -> KeyRange | None:
    """``7``, ``5-6`` (or ``10-9``, printed downwards), ``8+``, ``>=7``, ``≤ 3``."""
    text = text.strip()
    if _SINGLE.match(text):
        return KeyRange(int(text), int(text), text)
    if m := _RANGE.match(text):
        a, b = int(m.group(1)), int(m.group(2))
        return KeyRange(min(a, b), max(a, b), text)
    if m := _AT_LEAST.match(text):
        return KeyRange(int(m.group(1) or m.group(2)), None, text)
    if m := _AT_MOST.match(text):
        return KeyRange(None, int(m.group(1)), text)
    return None


def dice_range(dice: str) -> tuple[int, int] | None:
    """The smallest and largest total of ``NdM``, or None if it is not valid dice."""
    m = _DICE.match(dice)
    if not m:
        return None
    count, sides = int(m.group(1)), int(m.group(2))
    if count < 1 or sides < 2 or count > 100 or sides > 1000:
        return None
    return count, count * sides


@dataclass(frozen=True)
class Special:
    """A special cell and what it means; ``outcome`` decides a roll without dice."""

    text: str
    meaning: str
    outcome: str | None  # "pass", "fail" or None


@dataclass(frozen=True)
class Cell:
    """One cell, exactly as printed, with what the printed text can be read as."""

    text: str
    special: Special | None = None
    #: the interval of rolls the cell stands for ("4-12", "12", "8+"), if it is one
    rolls: KeyRange | None = None

    def __str__(self) -> str:
        return self.text

    @property
    def number(self) -> int | None:
        """The cell as a signed number ("+2" -> 2, "-1" -> -1, "0" -> 0), if it is one."""
        return int(self.text) if _SIGNED.match(self.text) else None

    def passes(self, roll: int) -> bool:
        """For tables whose cells are rolls to reach: does ``roll`` succeed here?

        A special cell with an outcome decides without the roll (AUTO passes,
        NIE fails); a range passes when it contains the roll; anything else fails.
        """
        if self.special is not None and self.special.outcome is not None:
            return self.special.outcome == "pass"
        return self.rolls is not None and roll in self.rolls


@dataclass(frozen=True)
class Roll:
    """How a table is rolled on: dice, and the clamp applied to modified rolls."""

    dice: str
    low: int
    high: int
    clamp_low: int | None
    clamp_high: int | None

    def clamp(self, roll: int) -> int:
        if self.clamp_low is not None and roll < self.clamp_low:
            return self.clamp_low
        if self.clamp_high is not None and roll > self.clamp_high:
            return self.clamp_high
        return roll


@dataclass(frozen=True)
class Table:
    """A compiled table. Look cells up with :meth:`lookup` (or :func:`lookup`)."""

    name: str
    rule: str | None
    doc: str | None
    row_axis: str
    row_keys: tuple[KeyRange | str, ...]
    column_axis: str | None
    column_keys: tuple[KeyRange | str, ...] | None
    columns: tuple[str, ...]
    cells: tuple[tuple[Cell, ...], ...]
    row_roll: Roll | None
    cell_roll: Roll | None
    specials: Mapping[str, Special]
    decl: ast.TableDecl

    def row_index(self, key: int | str) -> int:
        """The index of the row for ``key`` (a roll or number, clamped; or a name)."""
        value: int | str = key
        if isinstance(key, int) and self.row_roll is not None:
            value = self.row_roll.clamp(key)
        for index, row_key in enumerate(self.row_keys):
            if value == row_key or (isinstance(row_key, KeyRange) and value in row_key):
                return index
        raise self._error(f"table {self.name!r} has no row for {key!r}")

    def column_index(self, column: int | str | None) -> int:
        if column is None:
            if len(self.columns) == 1:
                return 0
            raise self._error(
                f"table {self.name!r} has columns {', '.join(self.columns)}: say which one"
            )
        if self.column_keys is not None:
            for index, key in enumerate(self.column_keys):
                if column == key or (isinstance(key, KeyRange) and column in key):
                    return index
        elif column in self.columns:
            return self.columns.index(str(column))
        raise self._error(f"table {self.name!r} has no column {column!r}")

    def lookup(self, row: int | str, column: int | str | None = None) -> Cell:
        """The printed cell at ``row`` (clamped if the rows are a roll) and ``column``."""
        return self.cells[self.row_index(row)][self.column_index(column)]

    def row(self, row: int | str) -> Mapping[str, Cell]:
        """Every cell of one row, by column name."""
        cells = self.cells[self.row_index(row)]
        return MappingProxyType(dict(zip(self.columns, cells, strict=True)))

    def passes(self, row: int | str, column: int | str | None, roll: int) -> bool:
        """For a table whose cells are rolls to reach: does the modified ``roll`` succeed?

        The roll is clamped first (GBoJC 8.29: above 12 counts as 12, below 2 as 2).
        """
        if self.cell_roll is None:
            raise self._error(f"the cells of table {self.name!r} are not rolls to reach")
        return self.lookup(row, column).passes(self.cell_roll.clamp(roll))

    def _error(self, message: str) -> RulesError:
        return RulesError(self.decl.span, message)


def lookup(table: Table, roll: int | str, column: int | str | None = None) -> Cell:
    """The printed cell of ``table`` for ``roll`` (or row key) and ``column``."""
    return table.lookup(roll, column)


# -- compiling ----------------------------------------------------------------------


def compile_table(decl: ast.TableDecl) -> tuple[Table, list[Problem]]:
    """The table, and everything wrong with it (the table is usable only if nothing is)."""
    problems: list[Problem] = []
    specials = _specials(decl, problems)
    columns, column_keys = _columns(decl, problems)
    row_roll = _roll(decl.rows_axis.roll if decl.rows_axis else None, problems)
    cell_roll = _roll(decl.cells_roll, problems)
    row_keys = _row_keys(decl, row_roll, problems)
    if not decl.rows:
        problems.append(Problem(decl.span, f"table {decl.name!r} has no rows"))
    if decl.modifiers and row_roll is None and cell_roll is None:
        problems.append(
            Problem(
                decl.modifiers[0].span,
                "a modifier needs a roll to modify",
                "declare 'rows NAME: roll 2d6' or 'cells roll 2d6'",
            )
        )
    if cell_roll is None:
        for special in decl.specials:
            if special.outcome is not None:
                problems.append(
                    Problem(
                        special.span,
                        f"'{special.outcome}' only has a meaning when the cells are rolls to reach",
                        "add a line 'cells roll 2d6' or drop the outcome",
                    )
                )
    cells = []
    for row in decl.rows:
        if len(row.cells) != len(columns):
            problems.append(
                Problem(
                    row.span,
                    f"row {row.key.text!r} has {len(row.cells)} cell(s) but the table has "
                    f"{len(columns)} column(s) ({', '.join(columns)})",
                )
            )
        cells.append(tuple(_cell(c, specials, cell_roll, problems) for c in row.cells))
    table = Table(
        name=decl.name,
        rule=decl.rule,
        doc=decl.doc,
        row_axis=decl.rows_axis.name if decl.rows_axis else "row",
        row_keys=row_keys,
        column_axis=decl.columns.name if decl.columns else None,
        column_keys=column_keys,
        columns=columns,
        cells=tuple(cells),
        row_roll=row_roll,
        cell_roll=cell_roll,
        specials=MappingProxyType(specials),
        decl=decl,
    )
    return table, problems


def _specials(decl: ast.TableDecl, problems: list[Problem]) -> dict[str, Special]:
    specials: dict[str, Special] = {}
    for special in decl.specials:
        if special.text in specials:
            problems.append(
                Problem(special.span, f"special cell {special.text!r} is declared twice")
            )
        specials[special.text] = Special(special.text, special.meaning, special.outcome)
    return specials


def _columns(
    decl: ast.TableDecl, problems: list[Problem]
) -> tuple[tuple[str, ...], tuple[KeyRange | str, ...] | None]:
    if decl.columns is not None and decl.results:
        problems.append(
            Problem(
                decl.columns.span,
                "a table has either keyed columns or named results, not both",
            )
        )
    if decl.columns is not None:
        keys = _keys(decl.columns.keys, "column", problems)
        _check_intervals(decl.columns.keys, keys, None, "column", decl.columns.span, problems)
        return tuple(k.text for k in decl.columns.keys), keys
    if decl.results:
        if len(set(decl.results)) != len(decl.results):
            problems.append(Problem(decl.span, "a result column is named twice"))
        return decl.results, None
    return ("result",), None


def _roll(spec: ast.RollSpec | None, problems: list[Problem]) -> Roll | None:
    if spec is None:
        return None
    bounds = dice_range(spec.dice)
    if bounds is None:
        problems.append(Problem(spec.span, f"{spec.dice!r} is not dice", "write e.g. 2d6 or 1d10"))
        return None
    if (
        spec.clamp_low is not None
        and spec.clamp_high is not None
        and spec.clamp_low > spec.clamp_high
    ):
        problems.append(Problem(spec.span, "the clamp's lower bound is above its upper bound"))
    return Roll(spec.dice, bounds[0], bounds[1], spec.clamp_low, spec.clamp_high)


def _keys(
    keys: Sequence[ast.KeyText], what: str, problems: list[Problem]
) -> tuple[KeyRange | str, ...]:
    out: list[KeyRange | str] = []
    named = [k for k in keys if k.quoted]
    if named and len(named) != len(keys):
        problems.append(
            Problem(named[0].span, f"a table's {what}s are either all numbers or all names")
        )
    seen: dict[str, ast.KeyText] = {}
    for key in keys:
        if key.quoted:
            if key.text in seen:
                problems.append(
                    Problem(
                        key.span,
                        f"{what} {key.text!r} appears twice (first at line {seen[key.text].span.line})",
                    )
                )
            seen[key.text] = key
            out.append(key.text)
            continue
        parsed = parse_key(key.text)
        if parsed is None:  # the grammar's KEY token makes this unreachable
            problems.append(Problem(key.span, f"{key.text!r} is not a {what} key"))
            parsed = KeyRange(None, None, key.text)
        out.append(parsed)
    return tuple(out)


def _row_keys(
    decl: ast.TableDecl, roll: Roll | None, problems: list[Problem]
) -> tuple[KeyRange | str, ...]:
    keys = _keys([r.key for r in decl.rows], "row", problems)
    axis = decl.rows_axis
    domain: tuple[int, int] | None = None
    if roll is not None:
        domain = (roll.low, roll.high)
    elif axis is not None and axis.low is not None and axis.high is not None:
        domain = (axis.low, axis.high)
        if axis.low > axis.high:
            problems.append(Problem(axis.span, "the rows' range is empty"))
    anchor = axis.span if axis is not None else decl.span
    if axis is not None and axis.type is not None and keys and isinstance(keys[0], KeyRange):
        problems.append(
            Problem(
                decl.rows[0].key.span, f"rows of type {axis.type.name} are keyed by quoted names"
            )
        )
    if axis is not None and axis.type is None and keys and isinstance(keys[0], str):
        problems.append(
            Problem(
                decl.rows[0].key.span,
                "named rows need a 'rows NAME: TYPE' line saying what the names are",
            )
        )
    if axis is not None and axis.roll is None and axis.type is None and domain is not None:
        for key_text, key in zip([r.key for r in decl.rows], keys, strict=True):
            if isinstance(key, KeyRange) and (
                _lo(key.low) < domain[0] or _hi(key.high) > domain[1]
            ):
                problems.append(
                    Problem(
                        key_text.span,
                        f"row {key.label!r} is outside the rows' range {domain[0]}..{domain[1]}",
                    )
                )
    _check_intervals([r.key for r in decl.rows], keys, domain, "row", anchor, problems)
    return keys


def _check_intervals(
    texts: Sequence[ast.KeyText],
    keys: Sequence[KeyRange | str],
    domain: tuple[int, int] | None,
    what: str,
    anchor: SourceSpan,
    problems: list[Problem],
) -> None:
    """Report overlapping keys, gaps between keys, and domain values no key covers."""
    ranges = [(t, k) for t, k in zip(texts, keys, strict=True) if isinstance(k, KeyRange)]
    if not ranges:
        return
    # sorted by lower end, a key overlaps an earlier one iff it starts at or before
    # the highest end seen so far: O(n log n) rather than comparing every pair
    ordered = sorted(ranges, key=lambda pair: (_lo(pair[1].low), pair[0].span.line))
    reach: tuple[ast.KeyText, KeyRange] | None = None
    for text, key in ordered:
        if reach is not None and _lo(key.low) <= _hi(reach[1].high):
            first, second = sorted(
                ((text, key), reach), key=lambda p: (p[0].span.line, p[0].span.column)
            )
            problems.append(
                Problem(
                    second[0].span,
                    f"{what} {second[1].label!r} overlaps {what} {first[1].label!r} "
                    f"(line {first[0].span.line})",
                )
            )
        if reach is None or _hi(key.high) > _hi(reach[1].high):
            reach = (text, key)
    low = min(_lo(k.low) for _, k in ranges)
    high = max(_hi(k.high) for _, k in ranges)
    if domain is not None:
        low, high = min(low, domain[0]), max(high, domain[1])
    gaps = _gaps([k for _, k in ordered], low, high)
    for gap_low, gap_high in gaps:
        after = next((t for t, k in ordered if _lo(k.low) > gap_high), None)
        where = after.span if after is not None else texts[-1].span if texts else anchor
        label = str(gap_low) if gap_low == gap_high else f"{gap_low}-{gap_high}"
        problems.append(Problem(where, f"no {what} covers {label}"))


def _gaps(ranges: Sequence[KeyRange], low: float, high: float) -> list[tuple[int, int]]:
    """Maximal integer intervals within low..high that no range covers."""
    gaps = []
    cursor = low
    for key in ranges:
        start, end = _lo(key.low), _hi(key.high)
        if start > cursor and cursor != float("-inf"):
            gaps.append((int(cursor), int(min(start - 1, high))))
        cursor = max(cursor, end + 1)
        if cursor > high:
            break
    if cursor <= high and cursor != float("-inf") and high != float("inf"):
        gaps.append((int(cursor), int(high)))
    return [g for g in gaps if g[0] <= g[1]]


def _shown(text: str) -> str:
    return text if re.fullmatch(r'[^\s"#@][^\s"#]*', text) else f'"{text}"'


def _cell(
    cell: ast.CellText,
    specials: Mapping[str, Special],
    roll: Roll | None,
    problems: list[Problem],
) -> Cell:
    special = specials.get(cell.text)
    rolls = None if special is not None or cell.quoted else parse_key(cell.text)
    if roll is not None and special is None:
        if rolls is None:
            problems.append(
                Problem(
                    cell.span,
                    f"cell {cell.text!r} is neither a range of rolls nor a declared special cell",
                    f'declare it: special {_shown(cell.text)} pass "..."',
                )
            )
        else:
            reach_low = roll.clamp_low if roll.clamp_low is not None else roll.low
            reach_high = roll.clamp_high if roll.clamp_high is not None else None
            if _hi(rolls.high) < reach_low or (
                reach_high is not None and _lo(rolls.low) > reach_high
            ):
                problems.append(
                    Problem(cell.span, f"cell {cell.text!r} can never be reached on {roll.dice}")
                )
    return Cell(cell.text, special, rolls)
