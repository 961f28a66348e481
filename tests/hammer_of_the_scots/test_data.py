"""The Hammer of the Scots data files against the reference's counts and the rulebook's facts.

The tests load the data folder directly (no plugin needed for the data). Every check cites the rulebook section (HotS x.y) or the
reference's appendix the fact comes from; distances are computed over the map, never looked
up.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game

DATA = Path(__file__).resolve().parents[2] / "legatus" / "games" / "hammer_of_the_scots" / "data"
BORDERS = ("green", "red", "national-green", "national-red")


@cache
def game() -> GameDef:
    return load_game(DATA)


def borders(*kinds: str) -> set[frozenset[str]]:
    board = game().board
    return {
        frozenset((a, b))
        for a in board.spaces
        for b in board.neighbours(a)
        if board.connection_kinds_between(a, b) & set(kinds or BORDERS)
    }


def test_components_match_the_reference_counts() -> None:
    """Reference section 2 (HotS 1.1, 3.0, Appendix C): 23 areas, 49 borders (21 green, 28
    red, 3 of them the Anglo-Scottish border), 56 blocks (28 a side), 25 cards."""
    definition = game()
    assert len(definition.board.spaces) == 23
    assert len(borders()) == 49
    assert len(borders("green", "national-green")) == 21
    assert len(borders("red", "national-red")) == 28
    assert borders("national-green", "national-red") == {
        frozenset(("England", area)) for area in ("Annan", "Dunbar", "Teviot")
    }
    assert len(definition.pieces) == 56
    assert Counter(p.side for p in definition.pieces.values()) == {"scots": 28, "english": 28}
    assert definition.deck_size == 25
    assert sum(card.copies for card in definition.cards.values()) == 25


def test_coast_cathedrals_and_castle_limits() -> None:
    """Reference Appendix A (HotS 1.2, 1.3): 17 coastal areas, the six inland ones; the
    three cathedrals; castle limits totalling 32; Angus 2 (HotS 7.6), Fife 2 (3 for the
    Scots, HotS 1.3), Buchan 2 (HotS 7.62)."""
    spaces = game().board.spaces
    coastal = {s for s, space in spaces.items() if "coastal" in space.tags}
    assert len(coastal) == 17
    assert set(spaces) - coastal == {"Atholl", "Badenoch", "Lanark", "Mar", "Selkirk", "Teviot"}
    cathedrals = {s for s, space in spaces.items() if "cathedral" in space.tags}
    assert cathedrals == {"Strathspey", "Lennox", "Fife"}
    castle = {s: space.values["castle"] for s, space in spaces.items()}
    assert sum(castle.values()) == 32
    assert (castle["Angus"], castle["Fife"], castle["Buchan"]) == (2, 2, 2)
    assert castle["Garmoran"] == castle["Selkirk"] == castle["England"] == 0


def test_touching_areas_without_a_border_are_not_connected() -> None:
    """HotS 1.1: Carrick-Argyll and Lothian-Fife touch but share no border."""
    board = game().board
    assert "Argyll" not in board.neighbours("Carrick")
    assert "Fife" not in board.neighbours("Lothian")


def test_buchan_reach_in_two_moves() -> None:
    """HotS 3.0 4.2 (reference 6.2): with no enemy anywhere, a Move-2 block in Buchan
    reaches exactly Angus, Mar, Strathspey, Badenoch, Fife, Moray and Atholl. A red border
    stops a move, so only areas reached without crossing red before the last step count."""
    board = game().board
    first = board.neighbours("Buchan")
    assert first == {"Angus", "Mar", "Strathspey", "Badenoch"}
    reach = set(first)
    for area in first:
        if "red" not in board.connection_kinds_between("Buchan", area):
            reach |= board.neighbours(area) - {"Buchan"}
    assert reach == {"Angus", "Mar", "Strathspey", "Badenoch", "Fife", "Moray", "Atholl"}


def test_border_colours_of_the_rulebook_examples() -> None:
    """HotS 4.3: Buchan-Angus green, Mar-Angus red; HotS 4.4: England-Teviot red."""
    board = game().board
    assert board.connection_kinds_between("Buchan", "Angus") == {"green"}
    assert board.connection_kinds_between("Mar", "Angus") == {"red"}
    assert board.connection_kinds_between("England", "Teviot") == {"national-red"}


@pytest.mark.parametrize(
    ("block", "rating", "steps", "move"),
    [
        ("Wallace", "A3", 4, 3),  # HotS 2.21
        ("Edward", "B4", 4, 3),  # HotS 2.21
        ("Hobelars", "A2", 3, 3),  # HotS 2.24
        ("Etterick", "B2", 2, 3),  # HotS 2.23
        ("Keith", "B1", 3, 3),  # HotS 2.24
        ("Douglas", "C3", 4, 2),  # HotS 2 table note: the C3 infantry
        ("Ulster Infantry", "C3", 3, 2),
        ("Norse", "A2", 3, 0),  # HotS 2.26, 4.7: by sea only
        ("Comyn/E", "B2", 4, 2),  # HotS 2.22
    ],
)
def test_block_ratings(block: str, rating: str, steps: int, move: int) -> None:
    piece = game().pieces[block]
    assert piece.attacking is not None
    assert f"{piece.attacking.initiative}{piece.attacking.firepower}" == rating
    assert (piece.steps, piece.stats["move"]) == (steps, move)


def test_nobles_homes_and_counterparts() -> None:
    """HotS 1.4, 2.22: fourteen nobles, every one but Moray printed in both colours; 16
    home links, Bruce (Annan, Carrick) and Comyn (Badenoch, Lochaber) with two; six Comyn
    nobles (HotS 8.2)."""
    nobles = [p for p in game().pieces.values() if p.type == "noble"]
    assert len(nobles) == 27
    assert len({p.title for p in nobles}) == 14
    assert [p.id for p in nobles if p.counterpart is None] == ["Moray"]
    for piece in nobles:
        if piece.counterpart is not None:
            other = game().pieces[piece.counterpart]
            assert (other.side != piece.side, other.homes, other.title) == (
                True,
                piece.homes,
                piece.title,
            )
    homes = {p.title: p.homes for p in nobles}
    assert sum(len(h) for h in homes.values()) == 16
    assert homes["Bruce"] == ("Annan", "Carrick")
    assert homes["Comyn"] == ("Badenoch", "Lochaber")
    comyn = {p.title for p in nobles if p.stats["faction"] == "comyn"}
    assert comyn == {"Comyn", "Angus", "Argyll", "Buchan", "Galloway", "Ross"}


def test_black_cross_and_celtic_blocks() -> None:
    """HotS sidebar "Black Cross Blocks", 5.8, and 5.2."""
    pieces = game().pieces.values()
    assert {p.id for p in pieces if "black-cross" in p.tags} == {
        "Wallace", "Moray", "Norse", "French Knights", "Edward", "Hobelars"
    }  # fmt: skip
    assert {p.id for p in pieces if "celtic" in p.tags} == {
        "Wales Archers", "Wales Infantry", "Ulster Infantry"
    }  # fmt: skip


def test_the_deck() -> None:
    """HotS 3.0: 20 Move cards (3 x 3, 10 x 2, 7 x 1) and five Event cards, one of each."""
    cards = game().cards
    moves = {c.id: (c.copies, c.values["moves"]) for c in cards.values() if c.kind == "move"}
    assert moves == {"3": (3, 3), "2": (10, 2), "1": (7, 1)}
    events = {c.id: c.copies for c in cards.values() if c.kind == "event"}
    assert events == dict.fromkeys(("Herald", "Pillage", "Sea Move", "Truce", "Victuals"), 1)


def _placed(scenario: str, side: str) -> dict[str, str]:
    setup = game().scenarios[scenario].setup[side]
    return {p.piece: space for space, items in setup.on_map.items() for p in items}


def test_braveheart_set_up() -> None:
    """HotS 8.1: 11 English nobles at home (Comyn in Badenoch) with Cumbria in Lothian and
    Northumber in Mentieth, 13 red blocks in the pool (4 drawn into England); the Scots'
    Bruce in Annan, Galloway at home, Wallace, Douglas and Barclay in Fife, Moray and Fraser
    in Moray, Grant in Strathspey, 7 in the pool. Nobles start 3 Scottish - 11 English."""
    english, scots = _placed("braveheart", "english"), _placed("braveheart", "scots")
    nobles = [b for b in english if game().pieces[b].type == "noble"]
    assert len(nobles) == 11
    assert all(english[b] == game().pieces[b].homes[0] for b in nobles)
    assert english["Cumbria Infantry"] == "Lothian"
    assert len(game().scenarios["braveheart"].setup["english"].pool) == 13
    assert scots == {
        "Bruce/S": "Annan", "Galloway/S": "Galloway", "Wallace": "Fife", "Douglas": "Fife",
        "Barclay": "Fife", "Moray": "Moray", "Fraser": "Moray", "Grant": "Strathspey",
    }  # fmt: skip
    assert game().scenarios["braveheart"].records["opening_draw"] == 4


def test_bruce_set_up() -> None:
    """HotS 8.2: Scots 5 nobles - English 8 (13 in play: Moray dead); 6 English pool blocks
    drawn into England; the King already in Fife."""
    english, scots = _placed("bruce", "english"), _placed("bruce", "scots")
    count = Counter(
        game().pieces[b].side for b in (*english, *scots) if game().pieces[b].type == "noble"
    )
    assert count == {"scots": 5, "english": 8}
    assert scots["King"] == "Fife" and scots["Bruce/S"] == "Carrick"
    records = game().scenarios["bruce"].records
    assert (records["opening_draw"], records["crowned"], records["last_year"]) == (6, True, 1314)
    assert set(records["dead"]) == {"Wallace", "Moray"}


def test_campaign_is_braveheart_played_on() -> None:
    """HotS 8.3: the Braveheart set-up, counted from 1314 on while tied."""
    for side in ("english", "scots"):
        assert _placed("campaign", side) == _placed("braveheart", side)
    records = game().scenarios["campaign"].records
    assert (records["last_year"], records["extended"]) == (1314, True)
