"""Typed views of the state's plain data (legatus.framework.engine.typed): a frame's fields by
attribute with their visibility, a piece's entry, a game's records. The state stays the
plain dictionaries: a view writes into them, and copies, saves and hashes see only them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from legatus.framework.engine.frames import HIDDEN, PIECES, PUBLIC
from legatus.framework.engine.typed import (
    Field,
    FrameView,
    PieceView,
    RecordsView,
    Slot,
    fields_of,
    piece,
    undeclared_fields,
)


class FightFrame(FrameView):
    args = Slot[dict[str, Any]](PUBLIC)
    round = Slot[int](PUBLIC)
    reserves = Slot[list[str]](PIECES)
    winner = Slot["str | None"](PUBLIC, default=None)
    acted = Slot[list[str]](PIECES, default=[])
    secret = Slot[int](HIDDEN, key="s")


class Tracks(RecordsView):
    vp = Field[dict[str, int]]()
    wind = Field[str](default="calm")


def test_a_frame_view_reads_and_writes_the_frame_itself() -> None:
    frame: dict[str, Any] = {"p": "fight", "args": {"at": "Roma"}}
    fight = FightFrame(frame)
    fight.start(round=1, reserves=["b2"])
    fight.round += 1
    fight.reserves.append("b3")
    fight.secret = 7
    assert frame == {
        "p": "fight",
        "args": {"at": "Roma"},
        "round": 2,
        "reserves": ["b2", "b3"],
        "s": 7,
    }
    assert json.loads(json.dumps(frame)) == frame  # still plain JSON


def test_a_field_read_before_it_is_written_names_itself_unless_it_has_a_default() -> None:
    fight = FightFrame({})
    with pytest.raises(AttributeError, match=r"FightFrame\.round is read before it was written"):
        _ = fight.round
    assert fight.winner is None
    # A default list is a fresh copy each time and is not written into the frame.
    fight.acted.append("b1")
    assert fight.acted == [] and fight.data == {}
    del fight.winner  # deleting an absent field is no error
    fight.winner = "caesar"
    del fight.winner
    assert fight.data == {}


def test_the_declaration_is_made_from_the_fields_visibility() -> None:
    assert dict(FightFrame.declaration()) == {
        "args": PUBLIC,
        "round": PUBLIC,
        "reserves": PIECES,
        "winner": PUBLIC,
        "acted": PIECES,
        "s": HIDDEN,
    }
    assert dict(FightFrame.declaration(extra=PUBLIC))["extra"] == PUBLIC
    with pytest.raises(AttributeError, match="has no field 'rounds'"):
        FightFrame({}).start(rounds=2)


def test_an_unknown_visibility_is_refused_where_the_field_is_declared() -> None:
    with pytest.raises(ValueError, match="visibility 'secret' is not one of"):
        Slot[int]("secret")


def test_a_subclass_keeps_its_bases_fields() -> None:
    class Longer(FightFrame):
        extra = Slot[bool](PUBLIC)

    assert list(Longer.declaration()) == [
        "args",
        "round",
        "reserves",
        "winner",
        "acted",
        "s",
        "extra",
    ]


def test_a_piece_view_reads_the_pieces_entry() -> None:
    state: dict[str, Any] = {
        "pieces": {"b1": {"side": "caesar", "at": "Roma", "strength": 3, "flags": ["revealed"]}}
    }
    block = piece(state, "b1")
    assert (block.side, block.at, block.strength, block.facing) == ("caesar", "Roma", 3, None)
    assert block.has("revealed") and not block.has("face_up")
    block.strength -= 1
    block.at = "Neapolis"
    assert block.attr("fatigue", 0) == 0
    block.set_attr("fatigue", 2)
    assert state["pieces"]["b1"] == {
        "side": "caesar",
        "at": "Neapolis",
        "strength": 2,
        "flags": ["revealed"],
        "attrs": {"fatigue": 2},
    }
    assert block == PieceView(state["pieces"]["b1"])


def test_a_records_view_and_the_names_the_manifest_does_not_declare() -> None:
    state: dict[str, Any] = {"records": {"vp": {"a": 1}}}
    tracks = Tracks.of(state)
    tracks.vp["a"] += 2
    assert state["records"]["vp"] == {"a": 3}
    assert tracks.wind == "calm"
    assert sorted(fields_of(Tracks)) == ["vp", "wind"]
    assert undeclared_fields(Tracks, {"vp": object()}) == ["wind"]


def test_zone_cards_is_the_zones_own_list() -> None:
    from legatus import zone_cards

    state: dict[str, Any] = {"zones": {"hand:caesar": ["Mars"]}}
    zone_cards(state, "hand:caesar").append("Apollo")
    assert state["zones"]["hand:caesar"] == ["Mars", "Apollo"]
    with pytest.raises(KeyError):
        zone_cards(state, "hand:pompey")


def test_the_frames_of_a_procedure_on_the_stack() -> None:
    from legatus import frames_of, innermost

    outer, inner, other = {"p": "battle", "i": 1}, {"p": "battle", "i": 2}, {"p": "regroup"}
    state: dict[str, Any] = {"stack": [outer, other, inner]}
    assert innermost(state, "battle") is inner
    assert innermost(state, "assault") is None
    assert innermost(state, "assault", "regroup") is other
    assert frames_of(state, "battle") == [outer, inner]
    assert frames_of(state) == []


def test_where_pieces_stand() -> None:
    from legatus import OFF_MAP, occupancy, on_map, sides_by_space

    state: dict[str, Any] = {
        "pieces": {
            "a": {"side": "x", "at": "Roma", "strength": 1, "flags": []},
            "b": {"side": "y", "at": "Roma", "strength": 1, "flags": []},
            "c": {"side": "y", "at": "pool", "strength": 1, "flags": []},
            "d": {"side": "x", "at": "out", "strength": 1, "flags": []},
        }
    }
    assert {"pool", "out"} == OFF_MAP
    assert occupancy(state) == {"Roma": ["a", "b"]}
    assert sides_by_space(state) == {"Roma": {"x", "y"}}
    assert [pid for pid, entry in state["pieces"].items() if on_map(entry)] == ["a", "b"]
