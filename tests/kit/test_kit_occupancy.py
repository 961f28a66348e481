"""The index of the blocks on the map kept with the pieces (:meth:`Occupancy.of`), and the
text order of the group moves' paths (Julius Caesar 6.1; Hammer of the Scots 4.0).

The index is read at nearly every decision of a game and made again only when the pieces
changed: the kit's :func:`place` keeps it in step; any other writer of a piece's place or
side notes the change (:func:`~legatus.framework.engine.state.note_moved`), and the next
read checks the index against the pieces. These tests hold it against an index made
afresh, on a few blocks moved here at random, and the paths of a search against their text
order, on small boards built here. (That every writer in the games notes its changes:
tests/engine/test_moves_noted.py and tests/kit/test_occupancy_along_games.py.)
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from legatus.framework.engine.state import PieceMoves, note_moved, sides_by_space
from legatus.framework.engine.typed import piece
from legatus.framework.kit import movement
from legatus.framework.kit.movement import (
    BlockClass,
    BoardLinks,
    GroupMoves,
    MoveSettings,
    Occupancy,
    path_text,
    place,
)
from legatus.framework.model.board import Board

BLOCKS = ("r1", "r2", "r3", "b1", "b2", "b3")
PLACES = ("A", "B", "C", "D", "pool", "out")


def _pieces(**at: str) -> dict[str, dict[str, Any]]:
    return {
        b: {"side": "red" if b.startswith("r") else "blue", "at": at.get(b, "pool")} for b in BLOCKS
    }


def in_step(index: Occupancy) -> bool:
    """The index says what the places and sides it was made from (or kept in step with)
    say, block lists in the pieces' order."""
    again = Occupancy.__new__(Occupancy)
    again._index(list(index._ids), list(index._ats), list(index._sides))
    return again.index() == index.index()


def test_the_kept_index_is_read_again_while_the_pieces_stand_still() -> None:
    pieces = _pieces(r1="A", r2="A", b1="B")
    kept = Occupancy.of(pieces)
    assert Occupancy.of(pieces) is kept
    assert (
        kept.index()
        == Occupancy(pieces).index()
        == {"A": {"red": ["r1", "r2"]}, "B": {"blue": ["b1"]}}
    )
    pieces["b1"]["strength"] = 3  # not what the index reads
    assert Occupancy.of(pieces) is kept


def test_any_noted_change_to_the_places_or_sides_is_found_at_the_next_read() -> None:
    pieces = _pieces(r1="A", b1="B")
    kept = Occupancy.of(pieces)
    pieces["r1"]["at"] = "B"  # written without the kit's place()
    note_moved()
    moved = Occupancy.of(pieces)
    assert moved is not kept and moved.status("B", "red") == movement.CONTESTED
    assert kept.status("B", "red") == movement.ENEMY  # a reader's index stays as it read it
    pieces["b1"]["side"] = "red"  # a defection
    note_moved()
    assert Occupancy.of(pieces).status("B", "red") == movement.FRIENDLY
    entry = pieces.pop("r1")  # a piece replaced by another of the same place and side
    pieces["r0"] = entry
    note_moved()
    assert Occupancy.of(pieces).blocks("B", "red") == ["b1", "r0"]


def test_a_piece_s_typed_view_notes_its_place_and_side() -> None:
    pieces = _pieces(r1="A", b1="B")
    Occupancy.of(pieces)
    piece({"pieces": pieces}, "r1").at = "B"
    assert Occupancy.of(pieces).status("B", "red") == movement.CONTESTED
    piece({"pieces": pieces}, "b1").side = "red"
    assert Occupancy.of(pieces).status("B", "red") == movement.FRIENDLY


def test_the_kept_index_is_trusted_while_no_change_is_noted() -> None:
    """What a writer owes: an index checked once is read unchecked until a change of place
    or side is noted, so a change not noted goes unseen until then (a rules bug)."""
    pieces = _pieces(r1="A", b1="B")
    kept = Occupancy.of(pieces)
    assert movement.Occupancy.trusted(pieces) is kept
    pieces["r1"]["at"] = "B"  # not noted
    assert Occupancy.of(pieces) is kept and not kept.current()
    note_moved()
    assert movement.Occupancy.trusted(pieces) is None
    assert Occupancy.of(pieces).status("B", "red") == movement.CONTESTED


def test_a_change_to_other_pieces_has_the_index_checked_not_made_again() -> None:
    pieces, others = _pieces(r1="A", b1="B"), _pieces(r1="C")
    kept = Occupancy.of(pieces)
    place(others, "r1", "D")  # another state's pieces (a copy a search plays on)
    assert movement.Occupancy.trusted(pieces) is None  # checked at the next read...
    assert Occupancy.of(pieces) is kept  # ...and found current
    assert movement.Occupancy.trusted(pieces) is kept and kept._seen == PieceMoves.last


def test_place_keeps_the_index_in_step_in_the_pieces_order() -> None:
    pieces = _pieces(r1="A", r2="B", r3="A", b1="C")
    kept = Occupancy.of(pieces)
    place(pieces, "r2", "A")
    assert pieces["r2"]["at"] == "A"
    assert Occupancy.of(pieces) is kept  # in step: not made again
    assert kept.blocks("A", "red") == ["r1", "r2", "r3"]
    assert kept.status("B", "red") == movement.VACANT
    place(pieces, "b1", "pool")
    place(pieces, "r1", "C")
    assert Occupancy.of(pieces) is kept and in_step(kept)
    assert kept.index() == Occupancy(pieces).index()
    assert kept.locations("red") == ["A", "C"]
    place({"r1": {"side": "red", "at": "A"}}, "r1", "B")  # pieces with no index kept: fine


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(("place", "write", "defect", "read")),
            st.sampled_from(BLOCKS),
            st.sampled_from(PLACES),
        ),
        max_size=30,
    )
)
def test_the_kept_index_always_equals_one_made_afresh(steps: list[tuple[str, str, str]]) -> None:
    pieces = _pieces(r1="A", r2="B", b1="B", b2="D")
    Occupancy.of(pieces)
    for what, block, to in steps:
        if what == "place":
            place(pieces, block, to)
        elif what == "write":
            pieces[block]["at"] = to
            note_moved()
        elif what == "defect":
            pieces[block]["side"] = "red" if pieces[block]["side"] == "blue" else "blue"
            note_moved()
        else:
            Occupancy.of(pieces)
        kept = movement._KEPT[id(pieces)]
        assert in_step(kept)
        found = Occupancy.of(pieces)
        assert found.index() == Occupancy(pieces).index()
        assert all(
            found.status(space, side) == Occupancy(pieces).status(space, side)
            for space in PLACES[:4]
            for side in ("red", "blue")
        )
        by_space = {space: set(sides) for space, sides in found.sides_by_space().items()}
        assert by_space == sides_by_space({"pieces": pieces})
        assert found.contested() == {s for s, sides in by_space.items() if len(sides) > 1}


# -- the paths' text order -------------------------------------------------------------------


def _board(names: list[str]) -> Board:
    """A ring of land spaces with a chord: each to the next, the first to the third."""
    ring = [[names[i], names[(i + 1) % len(names)]] for i in range(len(names))]
    return Board.from_document(
        {
            "space_kinds": {"town": {"category": "land"}},
            "connection_kinds": {"road": {"links": [["land", "land"]]}},
            "spaces": [{"id": name, "kind": "town"} for name in names],
            "connections": [
                {"kind": "road", "between": pair} for pair in [*ring, [names[0], names[2]]]
            ],
        }
    )


def _all_paths(board: Board, origin: str) -> list[tuple[str, ...]]:
    settings = MoveSettings(
        distance=4,
        attack_distance=1,
        reinforce_distance=1,
        moving_limits={},
        engaging_limits={},
        classes={"foot": BlockClass(("road",))},
        class_of={"r1": "foot"},
    )
    pieces = {"r1": {"side": "red", "at": origin}}
    return GroupMoves(board, Occupancy(pieces), "red", settings, {"attacks": {}}, ()).paths(
        origin, "foot"
    )


def test_the_search_finds_its_paths_in_text_order() -> None:
    # Names one the start of another: ``Roma Nova`` lists before ``Roma`` (a space is
    # before the quote after ``Roma``), and ``Roma, Capua`` after ``Roma, Capua, ...``.
    names = ["Roma", "Roma Nova", "Capua", "Romanum", "Ca"]
    board = _board(names)
    assert BoardLinks.of(board).plain
    for origin in names:
        found = _all_paths(board, origin)
        assert found == sorted(found, key=path_text) and len(found) == len(set(found)) > 4


def test_names_written_otherwise_are_sorted_by_their_text() -> None:
    names = ["Saint Ann's", "Saint Ann", "O'Hara", "Back\\slash", "Plain"]
    board = _board(names)
    assert not BoardLinks.of(board).plain
    for origin in names:
        found = _all_paths(board, origin)
        assert found == sorted(found, key=path_text)
