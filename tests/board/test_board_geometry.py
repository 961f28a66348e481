"""Board geometry in the map data (map.schema.json ``position`` and ``draw``): read by the
loader, all or nothing, and Julius Caesar's positions from the map geometry reference."""

from __future__ import annotations

import math

from legatus.framework.frontends.server.drawing import HEX_SIZE, board_drawing, hex_centre
from legatus.framework.model.hexgrid import HexGrid
from legatus.framework.play.catalog import default_catalog


def test_every_julius_caesar_space_has_its_position_on_the_published_map() -> None:
    board = default_catalog().definition("julius_caesar").board
    assert all(space.position is not None for space in board.spaces.values())
    # A few from the reference table (centres in map units, y downward).
    assert board.spaces["Roma"].position == (1160.0, 450.0)
    assert board.spaces["Alexandria"].position == (2045.0, 1083.0)
    assert board.spaces["Mare Internum"].position == (1485.0, 870.0)
    xs = [space.position[0] for space in board.spaces.values() if space.position]
    ys = [space.position[1] for space in board.spaces.values() if space.position]
    assert (min(xs), max(xs), min(ys), max(ys)) == (92.0, 2415.0, 68.0, 1167.0)


def test_julius_caesar_kinds_are_drawn_as_the_map_declares() -> None:
    board = default_catalog().definition("julius_caesar").board
    assert board.space_draw["sea"]["shape"] == "label"
    assert board.space_draw["major-port"]["shape"] == "square"
    assert {board.connection_draw[k]["line"] for k in ("major", "minor", "strait")} == {
        "solid",
        "dashed",
        "dotted",
    }


def test_drawing_of_a_map_with_positions_uses_them() -> None:
    drawing = board_drawing(default_catalog().definition("julius_caesar"))
    assert drawing["layout"] == "data"
    roma = next(s for s in drawing["spaces"] if s["id"] == "Roma")
    assert (roma["x"], roma["y"], roma["vp"], roma["ring"]) == (1160.0, 450.0, 2, "#4a7fb0")
    assert len(drawing["spaces"]) == 76
    kinds = {c["kind"] for c in drawing["connections"]}
    assert kinds == {"major", "minor", "strait", "sea"}
    assert [s["id"] for s in drawing["sides"]] == ["caesar", "pompey"]


def test_hex_centres_of_neighbours_are_one_hex_apart() -> None:
    grid = HexGrid((1, 8), (1, 6))
    for hex_id in grid.hexes:
        x, y = hex_centre(grid, hex_id)
        for other in grid.neighbours(hex_id).values():
            ox, oy = hex_centre(grid, other)
            assert math.isclose(math.hypot(ox - x, oy - y), math.sqrt(3) * HEX_SIZE, abs_tol=0.02)


def test_hex_centre_follows_the_facing_of_its_neighbour() -> None:
    """The neighbour across a facing lies at that compass bearing (y grows downward)."""
    grid = HexGrid((22, 25), (17, 21))
    x, y = hex_centre(grid, "2319")
    for facing, other in grid.neighbours("2319").items():
        ox, oy = hex_centre(grid, other)
        bearing = math.degrees(math.atan2(ox - x, -(oy - y))) % 360
        assert round(bearing) == grid.angle(facing)


def test_drawing_of_a_hex_map_lays_out_its_grid() -> None:
    drawing = board_drawing(default_catalog().definition("gbojc_naval"))
    assert drawing["layout"] == "grid"
    assert len(drawing["hexes"]) == 44 * 26
    assert drawing["spaces"] == [] and drawing["connections"] == []
    assert drawing["hex_kind"] == "sea"


def test_map_without_geometry_gets_a_repeatable_automatic_layout() -> None:
    definition = default_catalog().definition("demo_skirmish")
    assert all(space.position is None for space in definition.board.spaces.values())
    drawing = board_drawing(definition)
    assert drawing["layout"] == "automatic"
    points = {(s["x"], s["y"]) for s in drawing["spaces"]}
    assert len(points) == len(drawing["spaces"]) == len(definition.board.spaces)
    again = board_drawing(default_catalog().definition("demo_skirmish"))
    assert [(s["x"], s["y"]) for s in again["spaces"]] == [
        (s["x"], s["y"]) for s in drawing["spaces"]
    ]
