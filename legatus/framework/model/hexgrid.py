"""Flat-top hex grids numbered by column and row, with the six facings of a hex.

Hex-and-counter maps print hexes in vertical columns and name each hex by
its column and row (``2319`` is column 23, row 19; rows count downwards, so
2318 lies north of 2319). Every other column sits half a hex lower than its
neighbours; a map says which with ``shifted_columns``. The default, ``odd``,
is the one the worked movement examples of the naval rulebook need (a ship
on 2319 moves to 2419 and then points at 2518; a galley on 4023-4022 swings
its stern to 4122): with the even columns lower those hexes would not touch.
``tests/board/test_hexgrid.py`` replays the examples.

Ships and units face a hex *side*, so the facings are the six side
directions of a flat-top hex, clockwise from north. Internally hexes carry
axial coordinates ``(q, r)`` (q = column, r = row minus half the column),
which make steps, rotations and distances plain integer arithmetic. All
tables are built once when the grid is made, because movement and fire
searches call :meth:`HexGrid.neighbour` very often.

>>> grid = HexGrid((22, 25), (17, 21))
>>> grid.neighbour("2319", "NE"), grid.neighbour("2419", "NE")
('2419', '2518')
>>> grid.facing_between("2320", "2319"), grid.hex_distance("2220", "2518")
('N', 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

FACINGS: Final[tuple[str, ...]] = ("N", "NE", "SE", "S", "SW", "NW")
"""The six hex-side directions of a flat-top hex, clockwise from north."""

FACING_ANGLES: Final[Mapping[str, int]] = MappingProxyType(
    {facing: 60 * index for index, facing in enumerate(FACINGS)}
)
"""Compass bearing of each facing in degrees, clockwise from north."""

DEFAULT_ID_FORMAT: Final = "{column:02d}{row:02d}"
DEFAULT_SHIFTED_COLUMNS: Final = "odd"

_FACING_INDEX: Final[Mapping[str, int]] = {facing: i for i, facing in enumerate(FACINGS)}

# Axial steps (dq, dr) for each facing, in FACINGS order; r grows southwards.
_STEPS: Final[tuple[tuple[int, int], ...]] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_FACING_OF_STEP: Final[Mapping[tuple[int, int], str]] = dict(zip(_STEPS, FACINGS, strict=True))

Axial = tuple[int, int]


def _facing_index(facing: str) -> int:
    try:
        return _FACING_INDEX[facing]
    except KeyError:
        expected = ", ".join(FACINGS)
        raise ValueError(f"unknown facing {facing!r}; expected one of {expected}") from None


def rotate(facing: str, steps: int) -> str:
    """The facing ``steps`` hex sides clockwise from ``facing`` (negative: anticlockwise).

    One step is one vertex of the hex, the unit in which turning is charged
    movement points (naval rules 6.32, 6.34).

    >>> rotate("N", 1), rotate("N", -1), rotate("SW", 3)
    ('NE', 'NW', 'NE')
    """
    return FACINGS[(_facing_index(facing) + steps) % len(FACINGS)]


def opposite(facing: str) -> str:
    """The facing turned about, as when a ship swaps bow and stern (naval rules 6.35).

    >>> opposite("N"), opposite("SE")
    ('S', 'NW')
    """
    return rotate(facing, 3)


def facing_angle(facing: str) -> int:
    """Compass bearing of ``facing`` in degrees, clockwise from north."""
    return 60 * _facing_index(facing)


def _axial(column: int, row: int, shifted_columns: str) -> Axial:
    """Axial coordinates of an offset hex; shifted columns sit half a hex lower."""
    if shifted_columns == "odd":
        return column, row - (column - (column & 1)) // 2
    return column, row - (column + (column & 1)) // 2


def _range(bounds: Iterable[int], what: str) -> tuple[int, int]:
    first, last = bounds
    if first > last:
        raise ValueError(f"grid {what} run from {first} to {last}: first exceeds last")
    return first, last


class HexGrid:
    """The geometry of one rectangular flat-top hex grid, minus excluded hexes.

    ``coords``, ``hex_id`` and ``hex_distance`` work for every hex of the
    rectangle, excluded or not, because range is counted across land hexes
    too; ``neighbour`` and ``in`` know only the hexes on the map.
    """

    facings: ClassVar[tuple[str, ...]] = FACINGS
    angles: ClassVar[Mapping[str, int]] = FACING_ANGLES
    rotate = staticmethod(rotate)
    opposite = staticmethod(opposite)
    angle = staticmethod(facing_angle)

    def __init__(
        self,
        columns: Iterable[int],
        rows: Iterable[int],
        *,
        id_format: str = DEFAULT_ID_FORMAT,
        shifted_columns: str = DEFAULT_SHIFTED_COLUMNS,
        exclude: Iterable[str] = (),
        space_kind: str | None = None,
        connection_kind: str | None = None,
    ) -> None:
        if shifted_columns not in ("even", "odd"):
            raise ValueError(f"shifted_columns must be 'even' or 'odd', not {shifted_columns!r}")
        self.columns: Final = _range(columns, "columns")
        self.rows: Final = _range(rows, "rows")
        self.id_format: Final = id_format
        self.shifted_columns: Final = shifted_columns
        self.space_kind: Final = space_kind
        self.connection_kind: Final = connection_kind
        self._coords: Final = self._name_hexes()
        self._axial: Final = {
            hex_id: _axial(column, row, shifted_columns)
            for hex_id, (column, row) in self._coords.items()
        }
        self.exclude: Final = self._check_excluded(exclude)
        self.hexes: Final = tuple(h for h in self._coords if h not in self.exclude)
        self._neighbours: Final = self._neighbour_table()
        self._adjacent: Final = {
            h: tuple(n for n in sides if n is not None) for h, sides in self._neighbours.items()
        }

    @classmethod
    def from_document(cls, grid: Mapping[str, Any]) -> HexGrid:
        """Build a grid from the ``grid`` object of a map document (map.schema.json)."""
        return cls(
            grid["columns"],
            grid["rows"],
            id_format=grid.get("id_format", DEFAULT_ID_FORMAT),
            shifted_columns=grid.get("shifted_columns", DEFAULT_SHIFTED_COLUMNS),
            exclude=grid.get("exclude", ()),
            space_kind=grid.get("space_kind"),
            connection_kind=grid.get("connection_kind"),
        )

    def _name_hexes(self) -> dict[str, tuple[int, int]]:
        """Every hex id of the rectangle, column by column, each row in order."""
        coords: dict[str, tuple[int, int]] = {}
        for column in range(self.columns[0], self.columns[1] + 1):
            for row in range(self.rows[0], self.rows[1] + 1):
                hex_id = self._format(column, row)
                if hex_id in coords:
                    raise ValueError(
                        f"grid id_format {self.id_format!r} names both {coords[hex_id]} and "
                        f"{(column, row)} {hex_id!r}; use wider fields"
                    )
                coords[hex_id] = (column, row)
        return coords

    def _format(self, column: int, row: int) -> str:
        try:
            return self.id_format.format(column=column, row=row)
        except (KeyError, IndexError, ValueError) as error:
            raise ValueError(f"bad grid id_format {self.id_format!r}: {error}") from None

    def _check_excluded(self, exclude: Iterable[str]) -> frozenset[str]:
        excluded = frozenset(exclude)
        unknown = sorted(excluded - self._coords.keys())
        if unknown:
            raise ValueError(f"grid excludes hexes outside the grid: {', '.join(unknown)}")
        return excluded

    def _neighbour_table(self) -> dict[str, tuple[str | None, ...]]:
        """For each hex on the map, its neighbour across each side (None off the map)."""
        on_map = {self._axial[h]: h for h in self.hexes}
        table: dict[str, tuple[str | None, ...]] = {}
        for hex_id in self.hexes:
            q, r = self._axial[hex_id]
            table[hex_id] = tuple(on_map.get((q + dq, r + dr)) for dq, dr in _STEPS)
        return table

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self._neighbours

    def __len__(self) -> int:
        return len(self.hexes)

    def __repr__(self) -> str:
        return (
            f"HexGrid(columns={self.columns}, rows={self.rows}, "
            f"shifted_columns={self.shifted_columns!r}, {len(self.hexes)} hexes)"
        )

    def _known(self, hex_id: str) -> Axial:
        try:
            return self._axial[hex_id]
        except KeyError:
            raise KeyError(f"{hex_id!r} is not a hex of this grid") from None

    def coords(self, hex_id: str) -> tuple[int, int]:
        """``(column, row)`` of a hex of the rectangle, e.g. ``(23, 19)`` for 2319."""
        self._known(hex_id)
        return self._coords[hex_id]

    def hex_id(self, column: int, row: int) -> str:
        """The id of the hex at ``column``, ``row``; KeyError outside the rectangle."""
        hex_id = self._format(column, row)
        if self._coords.get(hex_id) != (column, row):
            raise KeyError(f"column {column}, row {row} is outside this grid")
        return hex_id

    def neighbour(self, hex_id: str, facing: str) -> str | None:
        """The hex across the ``facing`` side of ``hex_id``, or None off the map."""
        try:
            sides = self._neighbours[hex_id]
        except KeyError:
            raise KeyError(f"{hex_id!r} is not a hex on this map") from None
        return sides[_facing_index(facing)]

    def neighbours(self, hex_id: str) -> Mapping[str, str]:
        """Facing -> neighbour for every side of ``hex_id`` that leads to a hex on the map."""
        return {
            facing: other
            for facing in FACINGS
            if (other := self.neighbour(hex_id, facing)) is not None
        }

    def neighbour_row(self, hex_id: str) -> tuple[str | None, ...]:
        """The neighbour across each side of ``hex_id``, in FACINGS order (None off the map)."""
        try:
            return self._neighbours[hex_id]
        except KeyError:
            raise KeyError(f"{hex_id!r} is not a hex on this map") from None

    def adjacent(self, hex_id: str) -> tuple[str, ...]:
        """The map hexes sharing a side with ``hex_id``, in facing order (precomputed: the
        hot path of range and line-of-fire searches)."""
        try:
            return self._adjacent[hex_id]
        except KeyError:
            raise KeyError(f"{hex_id!r} is not a hex on this map") from None

    def facing_between(self, a: str, b: str) -> str | None:
        """The side of ``a`` that ``b`` lies across, or None if they share no side.

        A two-hex galley faces ``facing_between(stern, bow)``.
        """
        (qa, ra), (qb, rb) = self._known(a), self._known(b)
        return _FACING_OF_STEP.get((qb - qa, rb - ra))

    def hex_distance(self, a: str, b: str) -> int:
        """Hexes counted from ``a`` to ``b`` across the plain grid (cube distance).

        Exclusions are ignored: this is geometry, as for fire ranges counted
        in hexes (naval rules 8.41); the way round land is ``Board.distance``.
        """
        (qa, ra), (qb, rb) = self._known(a), self._known(b)
        dq, dr = qb - qa, rb - ra
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def footprint(self, hex_id: str, facing: str, length: int = 1) -> tuple[str | None, ...]:
        """The hexes a counter ``length`` hexes long covers, bow first.

        A counter longer than one hex lies along its facing: its bow is on
        ``hex_id`` and the rest trails behind it, hex by hex, opposite the
        facing (a galley on 2319 facing N also covers 2320; naval rules 2.1,
        4.2). A hex that falls off the map is None.

        >>> HexGrid((22, 25), (17, 21)).footprint("2319", "N", 2)
        ('2319', '2320')
        """
        cells: list[str | None] = [hex_id]
        astern = opposite(facing)
        for _ in range(length - 1):
            last = cells[-1]
            cells.append(None if last is None else self.neighbour(last, astern))
        return tuple(cells)

    def shared_sides(self) -> Iterator[tuple[str, str]]:
        """Each pair of map hexes that share a side, once, in column-then-row order."""
        for hex_id in self.hexes:
            # N, NE and SE: the other three sides are seen from the other hex.
            for other in self._neighbours[hex_id][:3]:
                if other is not None:
                    yield hex_id, other
