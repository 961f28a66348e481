"""Hex grids numbered column-row as on the GBoJC naval maps (fixtures/naval.yaml).

The rulebook's worked examples (GBoJC naval 6.32, 6.35) fix which columns sit
half a hex lower: the odd ones. The last test shows the other choice breaking
them.
"""

from __future__ import annotations

import doctest

import pytest

from legatus.framework.model import hexgrid
from legatus.framework.model.board import Board, Space
from legatus.framework.model.hexgrid import FACING_ANGLES, FACINGS, HexGrid, opposite, rotate


@pytest.fixture(scope="module")
def grid(naval: Board) -> HexGrid:
    assert naval.hex_grid is not None
    return naval.hex_grid


def test_one_space_per_hex_in_column_then_row_order(naval: Board) -> None:
    assert len(naval.spaces) == 23 * 11 - 2
    assert list(naval.spaces)[:3] == ["2015", "2016", "2017"]
    assert list(naval.spaces)[9:13] == ["2024", "2025", "2115", "2118"]
    assert list(naval.spaces)[-1] == "4225"
    assert naval.spaces["2319"] == Space("2319", "sea_hex", "hex")


def test_hexes_are_joined_once_per_shared_side(naval: Board) -> None:
    # 23 columns of 11 hexes: 10 sides inside each column, 2 * 11 - 1 between two
    # neighbouring columns; the excluded 2116 and 2117 take 6 + 5 sides with them.
    assert naval.graph.number_of_edges() == 23 * 10 + 22 * 21 - 11
    assert set(naval.graph["2319"]["2419"]) == {"hexside"}


def test_six_facings_in_clockwise_order_with_their_angles() -> None:
    assert FACINGS == ("N", "NE", "SE", "S", "SW", "NW")
    assert HexGrid.facings == FACINGS
    assert dict(FACING_ANGLES) == {"N": 0, "NE": 60, "SE": 120, "S": 180, "SW": 240, "NW": 300}
    assert HexGrid.angle("SW") == 240


def test_facings_of_2319_in_an_odd_column(grid: HexGrid) -> None:
    assert dict(grid.neighbours("2319")) == {
        "N": "2318", "NE": "2419", "SE": "2420", "S": "2320", "SW": "2220", "NW": "2219",
    }  # fmt: skip


def test_facings_of_2419_in_an_even_column(grid: HexGrid) -> None:
    assert dict(grid.neighbours("2419")) == {
        "N": "2418", "NE": "2518", "SE": "2519", "S": "2420", "SW": "2319", "NW": "2318",
    }  # fmt: skip


def test_board_neighbours_of_hexes(naval: Board) -> None:
    expected = {"2318", "2419", "2420", "2320", "2220", "2219"}
    assert naval.neighbours("2319") == expected
    assert naval.neighbours("2319", ["hexside"]) == expected
    assert naval.neighbours("4022") == {"4021", "4121", "4122", "4023", "3922", "3921"}


def test_edge_of_map_has_no_neighbour(grid: HexGrid) -> None:
    assert grid.neighbour("2015", "N") is None
    assert dict(grid.neighbours("2015")) == {"SE": "2115", "S": "2016"}
    assert dict(grid.neighbours("4225")) == {"N": "4224", "NW": "4124", "SW": "4125"}
    assert dict(grid.neighbours("3125")) == {"N": "3124", "NE": "3225", "NW": "3025"}
    assert grid.neighbour("3025", "S") is None
    assert dict(grid.neighbours("3025")) == {
        "N": "3024", "NE": "3124", "SE": "3125", "SW": "2925", "NW": "2924",
    }  # fmt: skip


def test_excluded_hexes_are_not_spaces(naval: Board, grid: HexGrid) -> None:
    assert "2116" not in naval.spaces
    assert "2116" not in grid
    assert grid.exclude == {"2116", "2117"}
    assert dict(grid.neighbours("2016")) == {"N": "2015", "NE": "2115", "S": "2017"}
    with pytest.raises(KeyError, match="'2116' is not a hex on this map"):
        grid.neighbour("2116", "N")
    with pytest.raises(KeyError, match="unknown space '2116'"):
        naval.neighbours("2116")


def test_movement_goes_round_excluded_hexes(naval: Board, grid: HexGrid) -> None:
    assert grid.hex_distance("2115", "2118") == 3
    assert naval.distance("2115", "2118") == 4
    assert grid.hex_distance("2016", "2116") == 1  # geometry still knows the land hex


def test_rotate_and_opposite() -> None:
    assert rotate("N", 1) == "NE"
    assert rotate("N", -1) == "NW"
    assert rotate("SW", 2) == "N"
    assert rotate("S", 6) == "S"
    assert rotate("SE", -8) == "N"
    assert {f: opposite(f) for f in FACINGS} == {
        "N": "S", "NE": "SW", "SE": "NW", "S": "N", "SW": "NE", "NW": "SE",
    }  # fmt: skip
    with pytest.raises(ValueError, match="unknown facing 'E'; expected one of N, NE, SE, S, SW"):
        rotate("E", 1)


def test_facing_between(grid: HexGrid) -> None:
    assert grid.facing_between("2319", "2318") == "N"
    assert grid.facing_between("2319", "2419") == "NE"
    assert grid.facing_between("2419", "2319") == "SW"
    assert grid.facing_between("2319", "2220") == "SW"
    assert grid.facing_between("2319", "2518") is None  # two hexes away
    assert grid.facing_between("2319", "2319") is None


def test_hex_distance(grid: HexGrid) -> None:
    assert grid.hex_distance("2319", "2319") == 0
    assert grid.hex_distance("2319", "2518") == 2
    assert grid.hex_distance("2319", "2315") == 4
    assert grid.hex_distance("2015", "4225") == 22
    assert grid.hex_distance("4225", "2015") == 22
    assert grid.hex_distance("2015", "2025") == 10


def test_coords_and_ids(grid: HexGrid) -> None:
    assert grid.coords("2319") == (23, 19)
    assert grid.coords("2116") == (21, 16)
    assert grid.hex_id(40, 23) == "4023"
    with pytest.raises(KeyError, match="'4326' is not a hex of this grid"):
        grid.coords("4326")
    with pytest.raises(KeyError, match="column 43, row 20 is outside this grid"):
        grid.hex_id(43, 20)


def test_rule_6_32_example_galley_on_2319_2320_swings_its_stern_and_moves_to_2419_2319(
    grid: HexGrid,
) -> None:
    """GBoJC 6.32: "Galera na 2319-2320 ... przesuwa na 2419-2319".

    The galley faces N (bow 2319, stern 2320). Swinging the stern one hex to
    2220 turns it to NE, and its bow hex is then 2419; moving forward puts
    the bow on 2419 and the stern on 2319.
    """
    assert grid.facing_between("2320", "2319") == "N"
    stern = grid.neighbour("2319", opposite(rotate("N", 1)))
    assert stern == "2220"
    assert grid.hex_distance("2320", stern) == 1  # the stern enters one new hex
    assert grid.neighbour("2319", rotate("N", 1)) == "2419"
    assert grid.facing_between("2319", "2419") == "NE"


def test_rule_6_35_example_sailing_ship_on_2319_moves_to_2419_pointing_at_2518(
    grid: HexGrid,
) -> None:
    """GBoJC 6.35: "Na heksie 2319 ... przesuwa okręt na 2419 ... wskazywał na heks 2518".

    Facing SE and wishing to turn north towards 2318, the ship enters its
    forward side hex 2419 (NE) and turns to face it (6.32), so its bow
    points across the NE side of 2419 at 2518.
    """
    assert grid.facing_between("2319", "2318") == "N"
    assert grid.neighbour("2319", rotate("SE", -1)) == "2419"
    assert grid.facing_between("2319", "2419") == "NE"
    assert grid.neighbour("2419", "NE") == "2518"


def test_rule_6_35_example_galley_on_4023_4022_swings_to_4122_or_backs_to_4022_4121(
    grid: HexGrid,
) -> None:
    """GBoJC 6.34/6.35: "4023(przód) – 4022(tył) ... 4023-4122 ... 4022-4121".

    The galley faces S. Swinging its stern (6.34) moves it from 4022 to
    4122, a hex touching both the bow hex and the old stern hex; the galley
    then faces SW, one vertex round. Backing (6.33) into the rear side hex
    4121 instead puts the bow on 4022, again facing SW.
    """
    assert grid.facing_between("4022", "4023") == "S"
    assert grid.facing_between("4023", "4122") == "NE"
    assert grid.facing_between("4022", "4122") == "SE"
    assert grid.facing_between("4122", "4023") == rotate("S", 1) == "SW"
    assert grid.facing_between("4022", "4121") == "NE"  # a rear side hex of the stern
    assert grid.facing_between("4121", "4022") == "SW"


def test_even_shifted_columns_would_contradict_the_rulebook() -> None:
    """With even columns lower, 2518 and 4122 leave the hexes the examples need."""
    even = HexGrid((20, 42), (15, 25), shifted_columns="even")
    assert even.facing_between("2419", "2518") is None
    assert even.facing_between("4023", "4122") is None
    assert even.facing_between("4022", "4121") is None


def test_odd_columns_are_shifted_by_default() -> None:
    grid = HexGrid.from_document(
        {"columns": [20, 42], "rows": [15, 25], "space_kind": "h", "connection_kind": "s"}
    )
    assert grid.shifted_columns == "odd"
    assert grid.neighbour("2419", "NE") == "2518"


def test_grid_definition_errors() -> None:
    with pytest.raises(ValueError, match=r"names both \(1, 11\) and \(11, 1\) '111'"):
        HexGrid((1, 11), (1, 11), id_format="{column}{row}")
    with pytest.raises(ValueError, match="grid excludes hexes outside the grid: 0909"):
        HexGrid((1, 2), (1, 2), exclude=["0101", "0909"])
    with pytest.raises(ValueError, match="grid rows run from 5 to 4"):
        HexGrid((1, 2), (5, 4))
    with pytest.raises(ValueError, match="shifted_columns must be 'even' or 'odd'"):
        HexGrid((1, 2), (1, 2), shifted_columns="both")
    with pytest.raises(ValueError, match="bad grid id_format"):
        HexGrid((1, 2), (1, 2), id_format="{col}")


def test_named_spaces_and_a_grid_on_one_map() -> None:
    """A harbour off the grid, joined to the hex at its mouth."""
    board = Board.from_document(
        {
            "space_kinds": {"sea_hex": {"category": "hex"}, "harbour": {"category": "port"}},
            "connection_kinds": {
                "hexside": {"links": [["hex", "hex"]]},
                "harbour_mouth": {"links": [["port", "hex"]]},
            },
            "spaces": [{"id": "Harbour", "kind": "harbour", "vp": 3}],
            "connections": [{"kind": "harbour_mouth", "between": ["Harbour", "0102"]}],
            "grid": {
                "columns": [1, 3],
                "rows": [1, 3],
                "space_kind": "sea_hex",
                "connection_kind": "hexside",
            },
        }
    )
    assert list(board.spaces)[:2] == ["Harbour", "0101"]
    assert board.neighbours("Harbour") == {"0102"}
    assert board.neighbours("0102") == {"Harbour", "0101", "0103", "0202", "0203"}
    assert board.neighbours("0102", ["hexside"]) == {"0101", "0103", "0202", "0203"}
    assert board.distance("Harbour", "0303") == 3
    assert board.total_vp == 3


def test_docstring_examples() -> None:
    assert doctest.testmod(hexgrid).failed == 0
