"""A map drawn in text: places where the map data puts them, connections as lines, hex grids
as hexes, in colour where the terminal has it.

The drawing is a grid of characters (:class:`Canvas`) with a colour per cell. An area map
(:func:`draw_areas`) places one label per named space at its position (the data's, or an
automatic layout, :mod:`legatus.framework.model.layout`), scaled to the width given and to
half as many rows per unit as columns (a terminal's cell is about twice as tall as it is
wide), moving a label to the nearest free place when another stands there; then it draws the
connections between labels as lines of box-drawing characters, each kind in its own line
(``draw.line`` of the kind in the map data: solid, dashed, dotted, none) and colour. A hex
map (:func:`draw_hexes`) draws the hexes of a window of the grid in ASCII, flat-top, the
shifted columns half a hex lower, with a three-character mark inside each hex.

Nothing here reads a view: the caller (:class:`~legatus.framework.engine.textboard.
TextBoard`) says what each label and mark says, from the side's view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from legatus.framework.model.board import Board
from legatus.framework.model.hexgrid import HexGrid


@dataclass(frozen=True)
class Style:
    """How to draw: in colour (ANSI escape codes) or not, with box-drawing characters or in
    plain ASCII, in how many columns."""

    colour: bool = False
    unicode: bool = True
    width: int = 120


# -- colours ------------------------------------------------------------------------------------

#: The sixteen colours every colour terminal has (SGR 30-37, 90-97), as RGB.
_ANSI = (
    (30, (0, 0, 0)), (31, (170, 0, 0)), (32, (0, 150, 0)), (33, (170, 110, 0)),
    (34, (0, 60, 190)), (35, (150, 0, 150)), (36, (0, 150, 160)), (37, (190, 190, 190)),
    (90, (100, 100, 100)), (91, (240, 60, 60)), (92, (60, 220, 60)), (93, (240, 220, 60)),
    (94, (90, 120, 255)), (95, (230, 90, 230)), (96, (70, 220, 230)), (97, (255, 255, 255)),
)  # fmt: skip
#: CSS colour names a map or a manifest is likely to use.
_NAMES = {
    "black": (0, 0, 0), "white": (255, 255, 255), "red": (200, 0, 0), "darkred": (139, 0, 0),
    "maroon": (128, 0, 0), "crimson": (220, 20, 60), "brown": (165, 42, 42),
    "orange": (255, 165, 0), "gold": (255, 215, 0), "yellow": (230, 220, 0),
    "olive": (128, 128, 0), "green": (0, 140, 0), "darkgreen": (0, 100, 0),
    "lime": (0, 255, 0), "teal": (0, 128, 128), "cyan": (0, 200, 220), "blue": (0, 60, 220),
    "navy": (0, 0, 128), "purple": (128, 0, 128), "violet": (200, 110, 230),
    "magenta": (220, 0, 220), "pink": (255, 150, 200), "grey": (128, 128, 128),
    "gray": (128, 128, 128), "silver": (192, 192, 192), "tan": (210, 180, 140),
}  # fmt: skip
#: SGR codes of the drawing's own parts.
DIM, BOLD = "2", "1"


def sgr(colour: str | None) -> str | None:
    """The SGR code of the basic terminal colour nearest a CSS colour (``#rrggbb``, ``#rgb``
    or a common name); None for no colour or one not understood."""
    if not colour:
        return None
    rgb = _NAMES.get(colour.lower())
    if rgb is None and colour.startswith("#") and len(colour) in (4, 7):
        digits = colour[1:] if len(colour) == 7 else "".join(c * 2 for c in colour[1:])
        try:
            rgb = (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
        except ValueError:
            return None
    if rgb is None:
        return None
    found = min(
        _ANSI, key=lambda entry: sum((a - b) ** 2 for a, b in zip(entry[1], rgb, strict=True))
    )
    return str(found[0])


def paint(text: str, code: str | None, style: Style) -> str:
    """``text`` in the colour ``code`` (an SGR code) when the style has colour."""
    if not style.colour or not code or not text:
        return text
    return f"\x1b[{code}m{text}\x1b[0m"


# -- the canvas ----------------------------------------------------------------------------------


class Canvas:
    """A grid of characters, each with a colour, and which cells labels hold."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.codes: list[list[str | None]] = [[None] * width for _ in range(height)]
        self.held = [[False] * width for _ in range(height)]

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def free(self, x: int, y: int, length: int, pad: int = 1) -> bool:
        """Whether a label of ``length`` may stand at ``(x, y)``, ``pad`` cells from others."""
        if not (x >= 0 and x + length <= self.width and 0 <= y < self.height):
            return False
        row = self.held[y]
        return not any(row[max(0, x - pad) : min(self.width, x + length + pad)])

    def write(
        self, x: int, y: int, parts: Iterable[tuple[str, str | None]], *, hold: bool = True
    ) -> None:
        """Write text (in coloured parts) from ``(x, y)`` on; ``hold`` keeps lines off it."""
        for text, code in parts:
            for char in text:
                if self.inside(x, y):
                    self.chars[y][x] = char
                    self.codes[y][x] = code
                    self.held[y][x] = hold or self.held[y][x]
                x += 1

    def line_cell(self, x: int, y: int, char: str, code: str | None) -> None:
        """A cell of a line: never over a label, never over another line (the first drawn
        keeps its cell, so the kinds drawn first stay whole where lines cross)."""
        if self.inside(x, y) and not self.held[y][x] and self.chars[y][x] == " ":
            self.chars[y][x] = char
            self.codes[y][x] = code

    def render(self, style: Style) -> str:
        lines = []
        for chars, codes in zip(self.chars, self.codes, strict=True):
            end = len("".join(chars).rstrip())
            parts: list[str] = []
            run, current = "", None
            for char, code in zip(chars[:end], codes[:end], strict=True):
                code = code if char != " " else None
                if code != current and run:
                    parts.append(paint(run, current, style))
                    run = ""
                current = code
                run += char
            parts.append(paint(run, current, style))
            lines.append("".join(parts))
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)


# -- area maps -------------------------------------------------------------------------------------

#: Line characters by pattern: horizontal, vertical, rising, falling (Unicode, ASCII).
_LINES = {
    "solid": ("─│╱╲", "-|/\\"),
    "dashed": ("╌╎╱╲", "-:/\\"),
    "dotted": ("····", "...."),
}
#: Dashed diagonals have no character of their own: every other cell is left out.
_GAPPED = "dashed"


@dataclass(frozen=True)
class Label:
    """What stands for a space on the map: its text in coloured parts."""

    parts: tuple[tuple[str, str | None], ...]

    @property
    def length(self) -> int:
        return sum(len(text) for text, _ in self.parts)


def line_pattern(board: Board, kind: str, index: int) -> str:
    """How connections of ``kind`` are drawn: its ``draw.line``, else solid, dashed, dotted
    in the order of the map's kinds."""
    style = board.connection_draw.get(kind, {})
    found = style.get("line")
    return str(found) if found else ("solid", "dashed", "dotted")[index % 3]


def line_sample(pattern: str, style: Style, length: int = 3) -> str:
    """A few characters of a horizontal line of ``pattern`` (for the legend)."""
    if pattern == "none":
        return " " * length
    chars = _LINES.get(pattern, _LINES["solid"])[0 if style.unicode else 1]
    return chars[0] * length


def draw_areas(
    board: Board,
    positions: Mapping[str, tuple[float, float]],
    labels: Mapping[str, Label],
    drawn_kinds: Iterable[str],
    style: Style,
    *,
    line_code: Callable[[str], str | None] = lambda kind: None,
) -> str:
    """Labels at their positions and the connections of ``drawn_kinds`` between them.

    ``labels`` says which spaces are drawn and what each label says; a connection is drawn
    only between two labelled spaces. Labels are placed in order of their position (top to
    bottom, left to right), each at its point if nothing is near, else at the nearest free
    place within a few cells; one that finds none is left out of the drawing (the legend and
    ``where`` still name it).
    """
    shown = [s for s in labels if s in positions]
    if not shown:
        return ""
    xs = [positions[s][0] for s in shown]
    ys = [positions[s][1] for s in shown]
    widest = max(labels[s].length for s in shown)
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    # A small map is drawn small: about 20 columns of room for each label across.
    width = min(style.width, max(40, round(20 * math.sqrt(len(shown))) + widest))
    usable = max(20, width - widest - 1)
    height = max(8, min(80, round(usable * span_y / span_x / 2) + 1))
    canvas = Canvas(width, height)

    def point(space: str) -> tuple[float, float]:
        x, y = positions[space]
        return (x - min(xs)) / span_x * usable + widest / 2, (y - min(ys)) / span_y * (height - 1)

    anchors: dict[str, tuple[int, int]] = {}
    for space in sorted(shown, key=lambda s: (positions[s][1], positions[s][0])):
        label = labels[space]
        cx, cy = point(space)
        spot = _free_spot(canvas, round(cx - label.length / 2), round(cy), label.length)
        if spot is None:
            continue
        x, y = spot
        canvas.write(x, y, label.parts)
        anchors[space] = (x, y)
    kinds = [k for k in drawn_kinds if k in board.connection_kinds]
    # Wider kinds first: where two lines cross, the major road keeps its cells.
    kinds.sort(key=lambda k: -float(board.connection_draw.get(k, {}).get("width", 1)))
    for kind in kinds:
        pattern = line_pattern(board, kind, list(board.connection_kinds).index(kind))
        if pattern == "none":
            continue
        chars = _LINES.get(pattern, _LINES["solid"])[0 if style.unicode else 1]
        code = line_code(kind)
        for a, b, found in board.graph.edges(keys=True):
            if found == kind and a in anchors and b in anchors:
                _line(canvas, anchors[a], labels[a].length, anchors[b], labels[b].length,
                      chars, code, gapped=pattern == _GAPPED)  # fmt: skip
    return canvas.render(style)


def _free_spot(canvas: Canvas, x: int, y: int, length: int) -> tuple[int, int] | None:
    """The free place nearest ``(x, y)`` for a label of ``length``, within a few cells."""
    x = min(max(0, x), canvas.width - length)
    y = min(max(0, y), canvas.height - 1)
    tries = sorted(
        ((dx, dy) for dy in range(-2, 3) for dx in range(-6, 7)),
        key=lambda d: (abs(d[0]) + 2 * abs(d[1]), abs(d[1]), d[0], d[1]),
    )
    for dx, dy in tries:
        if canvas.free(x + dx, y + dy, length):
            return x + dx, y + dy
    for dx, dy in tries:  # crowded: touching a neighbour is better than missing
        if canvas.free(x + dx, y + dy, length, pad=0):
            return x + dx, y + dy
    return None


def _line(
    canvas: Canvas,
    a: tuple[int, int],
    a_length: int,
    b: tuple[int, int],
    b_length: int,
    chars: str,
    code: str | None,
    *,
    gapped: bool,
) -> None:
    """A line between two labels' middles, cell by cell (Bresenham's line), each cell drawn
    by the way the line goes through it: along a row, along a column, or across (rising or
    falling); cells under a label are left as they are."""
    x0, y0 = a[0] + (a_length - 1) // 2, a[1]
    x1, y1 = b[0] + (b_length - 1) // 2, b[1]
    cells = _bresenham(x0, y0, x1, y1)
    for index in range(1, len(cells) - 1):
        (px, py), (x, y), (nx, ny) = cells[index - 1], cells[index], cells[index + 1]
        dx, dy = nx - px, ny - py
        if dy == 0:
            char = chars[0]
        elif abs(dx) < 2 and (dx == 0 or abs(dy) == 2):
            char = chars[1]
        else:
            char = chars[2] if (dx > 0) != (dy > 0) else chars[3]
        if gapped and char in chars[2:] and index % 2 == 0:
            continue
        canvas.line_cell(x, y, char, code)


def _bresenham(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    cells = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    error = dx + dy
    x, y = x0, y0
    while True:
        cells.append((x, y))
        if x == x1 and y == y1:
            return cells
        twice = 2 * error
        if twice >= dy:
            error += dy
            x += sx
        if twice <= dx:
            error += dx
            y += sy


# -- hex maps --------------------------------------------------------------------------------------

#: A hex's interior, in characters: the mark of what stands in it.
HEX_MARK = 3
#: Columns apart, in characters.
_PITCH = 4


def hex_window(
    grid: HexGrid, marked: Iterable[str], columns_fit: int, margin: int = 2
) -> tuple[range, range]:
    """The columns and rows to draw: around the hexes ``marked`` (the whole grid when none
    is), at most ``columns_fit`` columns wide."""
    hexes = [h for h in marked if h in grid] or list(grid.hexes)
    cols = [grid.coords(h)[0] for h in hexes]
    rows = [grid.coords(h)[1] for h in hexes]
    first_col, last_col = grid.columns
    first_row, last_row = grid.rows
    c0, c1 = max(first_col, min(cols) - margin), min(last_col, max(cols) + margin)
    r0, r1 = max(first_row, min(rows) - margin), min(last_row, max(rows) + margin)
    if c1 - c0 + 1 > columns_fit:
        middle = (min(cols) + max(cols)) // 2
        c0 = max(first_col, middle - columns_fit // 2)
        c1 = min(last_col, c0 + columns_fit - 1)
    return range(c0, c1 + 1), range(r0, r1 + 1)


def draw_hexes(
    grid: HexGrid,
    marks: Mapping[str, tuple[str, str | None]],
    style: Style,
    *,
    edge_code: str | None = DIM,
) -> str:
    """The hexes of a window of the grid, each with its mark (three characters and their
    colour), the column numbers above and the row numbers at the left.

    Flat-top hexes in columns, every other column half a hex lower (the grid's
    ``shifted_columns``)::

          12  13  14
         ___     ___
     07 /   \\___/   \\
        \\___/   \\___/
    """
    columns_fit = max(3, (style.width - 6) // _PITCH)
    columns, rows = hex_window(grid, marks, columns_fit)
    left = 4  # the row numbers
    width = left + _PITCH * len(columns) + 2
    height = 2 * len(rows) + 3
    canvas = Canvas(width, height + 1)
    shifted = {c for c in columns if (c % 2 == 1) == (grid.shifted_columns == "odd")}
    for i, column in enumerate(columns):
        x0 = left + _PITCH * i
        canvas.write(x0 + 1, 0, [(f"{column:02d}"[-2:], edge_code)], hold=False)
        for j, row in enumerate(rows):
            hex_id = grid.hex_id(column, row)
            top = 1 + 2 * j + (1 if column in shifted else 0)
            excluded = hex_id not in grid
            edge = "   " if excluded else "___"
            if j == 0 or excluded:
                canvas.write(x0 + 1, top, [(edge, edge_code)], hold=False)
            if not excluded:
                canvas.write(x0, top + 1, [("/", edge_code)], hold=False)
                canvas.write(x0 + _PITCH, top + 1, [("\\", edge_code)], hold=False)
                canvas.write(x0, top + 2, [("\\", edge_code), ("___", edge_code), ("/", edge_code)],
                             hold=False)  # fmt: skip
                text, code = marks.get(hex_id, ("   ", None))
                canvas.write(x0 + 1, top + 1, [(text[:HEX_MARK].ljust(HEX_MARK), code)],
                             hold=False)  # fmt: skip
    unshifted = next((c for c in columns if c not in shifted), None)
    for j, row in enumerate(rows):
        if unshifted is not None:
            canvas.write(0, 2 + 2 * j, [(f"{row:02d}"[-2:], edge_code)], hold=False)
    return canvas.render(style)


__all__ = [
    "HEX_MARK",
    "Canvas",
    "Label",
    "Style",
    "draw_areas",
    "draw_hexes",
    "hex_window",
    "line_pattern",
    "line_sample",
    "paint",
    "sgr",
]
