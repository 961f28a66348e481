"""Properties of every hex grid: sides pair up, and distance is geometry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from legatus.framework.model.board import Board
from legatus.framework.model.hexgrid import FACINGS, HexGrid, opposite, rotate


@st.composite
def boards(draw: st.DrawFn, excluded: bool = False) -> Board:
    first_column = draw(st.integers(0, 40))
    first_row = draw(st.integers(0, 40))
    grid = {
        "columns": [first_column, first_column + draw(st.integers(0, 9))],
        "rows": [first_row, first_row + draw(st.integers(0, 9))],
        "shifted_columns": draw(st.sampled_from(["even", "odd"])),
        "space_kind": "sea_hex",
        "connection_kind": "hexside",
    }
    if excluded:
        hexes = HexGrid.from_document(grid).hexes
        grid["exclude"] = draw(st.lists(st.sampled_from(hexes), max_size=len(hexes) - 1))
    return Board.from_document(
        {
            "space_kinds": {"sea_hex": {"category": "hex"}},
            "connection_kinds": {"hexside": {"links": [["hex", "hex"]]}},
            "grid": grid,
        }
    )


def hex_grid(board: Board) -> HexGrid:
    assert board.hex_grid is not None
    return board.hex_grid


@given(boards(), st.data())
def test_crossing_a_side_and_back_returns_home(board: Board, data: st.DataObject) -> None:
    grid = hex_grid(board)
    start = data.draw(st.sampled_from(grid.hexes))
    facing = data.draw(st.sampled_from(FACINGS))
    other = grid.neighbour(start, facing)
    if other is not None:
        assert grid.neighbour(other, opposite(facing)) == start
        assert grid.facing_between(start, other) == facing
        assert grid.hex_distance(start, other) == 1


@given(boards(), st.data())
def test_hex_distance_is_symmetric_and_equals_graph_distance(
    board: Board, data: st.DataObject
) -> None:
    grid = hex_grid(board)
    a = data.draw(st.sampled_from(grid.hexes))
    b = data.draw(st.sampled_from(grid.hexes))
    assert grid.hex_distance(a, b) == grid.hex_distance(b, a)
    assert grid.hex_distance(a, b) == board.distance(a, b)


@given(boards(), st.data())
def test_neighbours_are_the_hexes_at_distance_one(board: Board, data: st.DataObject) -> None:
    grid = hex_grid(board)
    start = data.draw(st.sampled_from(grid.hexes))
    near = {h for h in grid.hexes if grid.hex_distance(start, h) == 1}
    assert board.neighbours(start) == near
    assert set(grid.neighbours(start).values()) == near


@given(boards(excluded=True), st.data())
def test_going_round_excluded_hexes_is_never_shorter(board: Board, data: st.DataObject) -> None:
    grid = hex_grid(board)
    a = data.draw(st.sampled_from(grid.hexes))
    b = data.draw(st.sampled_from(grid.hexes))
    steps = board.distance(a, b)
    assert steps is None or steps >= grid.hex_distance(a, b)


@given(st.sampled_from(FACINGS), st.integers(-20, 20))
def test_rotation_undoes_itself(facing: str, steps: int) -> None:
    assert rotate(rotate(facing, steps), -steps) == facing
    assert rotate(facing, steps + 6) == rotate(facing, steps)
