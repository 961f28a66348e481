"""Where a map's spaces go when it is drawn: the positions its data give, or a layout made
from its connections.

The browser's board (``legatus serve``) and the terminal's map (``legatus play``) draw the
same places: a map whose named spaces all have a ``position`` is drawn there; one with none
is laid out from its graph by networkx's spring layout, seeded, so a map is drawn the same
way every time (a new game's plugin is playable before anyone draws its map). Hexes of a
grid are placed by the grid's own geometry, not here.
"""

from __future__ import annotations

from legatus.framework.model.board import Board

#: The size an automatic layout spreads the spaces over.
AUTO_EXTENT = 1000.0


def named_spaces(board: Board) -> list[str]:
    """The spaces a drawing places by position: every space but the hexes of a grid."""
    grid = board.hex_grid
    return [s for s in board.spaces if grid is None or s not in grid]


def positions(board: Board) -> tuple[str, dict[str, tuple[float, float]]]:
    """How the named spaces are placed (``data``, ``automatic``, or ``grid`` when a grid
    has them all) and where: their own positions when every one has one, else a layout."""
    named = named_spaces(board)
    if not named:
        return "grid", {}
    given = {s: board.spaces[s].position for s in named}
    if all(p is not None for p in given.values()):
        return "data", {s: p for s, p in given.items() if p is not None}
    return "automatic", automatic_positions(board)


def automatic_positions(board: Board) -> dict[str, tuple[float, float]]:
    """A spring layout of the named spaces and their connections, scaled to the extent."""
    import networkx as nx  # a fifth of a second to import: only for a map drawn without positions

    graph = nx.Graph()
    spaces = [s for s in board.spaces if s in board.graph]
    graph.add_nodes_from(spaces)
    graph.add_edges_from(board.graph.edges())
    if len(spaces) == 1:
        return {spaces[0]: (AUTO_EXTENT / 2, AUTO_EXTENT / 2)}
    found = nx.spring_layout(graph, seed=1)
    xs = [float(p[0]) for p in found.values()]
    ys = [float(p[1]) for p in found.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    return {
        space: (
            round((float(p[0]) - min(xs)) / span * AUTO_EXTENT, 1),
            round((float(p[1]) - min(ys)) / span * AUTO_EXTENT, 1),
        )
        for space, p in found.items()
    }
