"""The board as a picture: where each space goes and how each kind is drawn, from the map data.

The page draws the board from :func:`board_drawing`, plain data made once per
game from its map document, and the same for every seat (it holds no piece
and no secret). A map says where things go in one of three ways:

* **positions**: each named space has a ``position`` (``map.schema.json``);
  the page draws spaces there and connections as lines between them;
* **a hex grid**: hexes are laid out from the grid's own geometry (flat-top
  columns, the shifted columns half a hex lower), each at the centre
  :func:`hex_centre` gives;
* **neither**: an automatic layout of the map's graph (networkx's spring
  layout, seeded, so the same map is always drawn the same way), so a new
  game's plugin is playable before anyone draws its map.

How each space kind and connection kind is drawn comes from their ``draw``
entries; a kind without one gets a default by its category (land: a circle,
anything else: a label) and connection kinds get distinct dash patterns.
"""

from __future__ import annotations

import math
from typing import Any

from legatus.framework.engine.language import DEFAULT_LANGUAGE
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.hexgrid import FACING_ANGLES, HexGrid
from legatus.framework.model.layout import positions as laid_out

#: A hex's circumradius in drawing units (the page scales the whole board to fit).
HEX_SIZE = 30.0
_DASHES = ("solid", "dashed", "dotted")


def hex_centre(grid: HexGrid, hex_id: str, size: float = HEX_SIZE) -> tuple[float, float]:
    """Where a flat-top hex's centre lies: columns 1.5 sizes apart, rows sqrt(3) sizes
    apart, the shifted columns half a row lower (``shifted_columns``).

    >>> grid = HexGrid((1, 3), (1, 2))
    >>> hex_centre(grid, "0101"), hex_centre(grid, "0201")
    ((45.0, 77.94), (90.0, 51.96))
    """
    column, row = grid.coords(hex_id)
    shifted = (column % 2 == 1) == (grid.shifted_columns == "odd")
    height = math.sqrt(3) * size
    x = 1.5 * size * column
    y = height * row + (height / 2 if shifted else 0.0)
    return round(x, 2), round(y, 2)


def _space_style(definition: GameDef, kind: str) -> dict[str, Any]:
    board = definition.board
    style = dict(board.space_draw.get(kind, {}))
    land = board.space_kinds[kind] == "land"
    style.setdefault("shape", "circle" if land else "label")
    style.setdefault("colour", "#e6dcc3" if land else "#2f5f8f")
    return style


def _connection_styles(definition: GameDef) -> dict[str, dict[str, Any]]:
    board = definition.board
    styles: dict[str, dict[str, Any]] = {}
    for index, kind in enumerate(board.connection_kinds):
        style = dict(board.connection_draw.get(kind, {}))
        style.setdefault("line", _DASHES[index % len(_DASHES)])
        style.setdefault("colour", "#6b5a45")
        style.setdefault("width", 2)
        styles[kind] = style
    return styles


def board_drawing(definition: GameDef) -> dict[str, Any]:
    """What the page needs to draw ``definition``'s board (the same for every seat; made once
    per loaded game: a definition is frozen)."""
    return definition.derived("server.drawing", _drawing)


def _drawing(definition: GameDef) -> dict[str, Any]:
    board = definition.board
    grid = board.hex_grid
    named = [s for s in board.spaces.values() if grid is None or s.id not in grid]
    layout, positions = laid_out(board)
    hexes: list[dict[str, Any]] = []
    if grid is not None:
        for hex_id in grid.hexes:
            x, y = hex_centre(grid, hex_id)
            hexes.append({"id": hex_id, "x": x, "y": y})
            positions.setdefault(hex_id, (x, y))
    spaces = []
    for space in named:
        style = _space_style(definition, space.kind)
        number = style.pop("number", None)  # the value printed in the marker, by its name
        spaces.append(
            {
                "id": space.id,
                "kind": space.kind,
                "category": space.category,
                "vp": space.vp,
                "x": positions[space.id][0],
                "y": positions[space.id][1],
                **style,
                **({"number": space.values.get(number), "number_name": number} if number else {}),
            }
        )
    styles = _connection_styles(definition)
    connections = []
    if named:
        for a, b, kind in board.graph.edges(keys=True):
            if a in positions and b in positions and (grid is None or a not in grid):
                connections.append({"a": a, "b": b, "kind": kind})
    xs = [p[0] for p in positions.values()] or [0.0]
    ys = [p[1] for p in positions.values()] or [0.0]
    margin = HEX_SIZE * 2 if grid is not None else 0.06 * max(max(xs) - min(xs), 1.0)
    return {
        "game": definition.name,
        "title": definition.title,
        "layout": layout,
        "extent": [min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin],
        "spaces": spaces,
        "connections": connections,
        "hexes": hexes,
        "hex_size": HEX_SIZE if grid is not None else None,
        "hex_kind": grid.space_kind if grid is not None else None,
        "facings": dict(FACING_ANGLES),
        "space_kinds": {
            kind: {"category": category, **_space_style(definition, kind)}
            for kind, category in board.space_kinds.items()
        },
        "connection_kinds": styles,
        "sides": [
            {
                "id": side.id,
                "name": side.name,
                "colour": side.colour or _side_colour(index),
                "wins": definition.side_wins(side.id),
            }
            for index, side in enumerate(definition.sides)
        ],
        **names(definition),
    }


def names(definition: GameDef) -> dict[str, Any]:
    """The names of the game's spaces, pieces and cards in each language its data give
    (:meth:`GameDef.names_in`): the page shows ids by their names in the language the
    player chose, English unless he chose another. Game data, the same for every seat."""
    languages = sorted({DEFAULT_LANGUAGE, *definition.languages})
    return {
        "languages": languages,
        "names": {language: dict(definition.names_in(language)) for language in languages},
    }


def _side_colour(index: int) -> str:
    return ("#8c2d19", "#2d5f8c", "#3c7a2b", "#7a5c1e", "#6a3d8c", "#444444")[index % 6]
