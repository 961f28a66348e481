"""Along whole games of the block games between random players, the index of the blocks on
the map that the moves read unchecked (:meth:`Occupancy.of`) is always right.

The index is trusted while no change of a piece's place or side is noted
(:func:`~legatus.framework.engine.state.note_moved`), so every writer of a place or side
must note its change: the kit's ``place()``, a piece's typed view, and each writer of an
entry's ``"at"``/``"side"`` in the engine, the kit and the games (found in the source by
tests/engine/test_moves_noted.py). These games check it as they are played:

- every read of the index (the moves', the battles' list) finds it equal to one made
  afresh from the pieces;
- at every change noted, a trusted index differs from the pieces by one piece at most
  (the one just written): a write not noted before it would show as a second; after
  it, every index kept is checked afresh, so that the next write is held to the same;
- after every action, the index of the state's pieces equals one made afresh (the
  invariant ``legatus check-game`` checks, :func:`.invariants.occupancy_kept`).

Hannibal Barkas's moves do not read the index (its pieces are not blocks of the kit): its
writers are held to the same all the same, the index being made after every action.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from legatus.framework.engine import state as state_module
from legatus.framework.kit import invariants, movement
from legatus.framework.kit.movement import Occupancy
from legatus.framework.play.agents import RandomAgent
from legatus.framework.play.catalog import default_catalog
from legatus.framework.play.driver import Match

GAMES = [
    ("julius_caesar", 1),
    ("julius_caesar", 2),
    ("julius_caesar", 3),
    ("hammer_of_the_scots", 1),
    ("hammer_of_the_scots", 2),
    ("hannibal_barkas", 1),
]


def differing(index: Occupancy) -> list[str]:
    """The pieces whose place or side ``index`` does not say as they stand."""
    pieces = index.pieces
    said = dict(zip(index._ids, zip(index._ats, index._sides, strict=True), strict=True))
    found = [pid for pid in said if pid not in pieces]
    for pid, entry in pieces.items():
        if said.get(pid) != (entry["at"], entry["side"]):
            found.append(pid)
    return found


def check_every_note(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Replace ``note_moved`` wherever the code imported it by one that checks the indexes
    kept (see the module's docstring); the notes counted are returned."""
    original = state_module.note_moved
    notes: list[int] = []

    def noting(pieces: Mapping[str, Any] | None = None) -> int:
        for kept in list(movement._KEPT.values()):
            if Occupancy.trusted(kept.pieces) is kept:
                stale = differing(kept)
                assert len(stale) <= 1, f"changed with no note: {stale}"
        number = original(pieces)
        notes.append(number)
        for kept in list(movement._KEPT.values()):
            Occupancy.of(kept.pieces)
        return number

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("legatus") and (
            getattr(module, "note_moved", None) is original
        ):
            monkeypatch.setattr(module, "note_moved", noting)
    return notes


def check_every_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make :meth:`Occupancy.of` check what it returns against the pieces; the reads
    counted are returned."""
    original: Callable[[type[Occupancy], dict[str, dict[str, object]]], Occupancy]
    original = Occupancy.of.__func__  # type: ignore[attr-defined]
    reads: list[int] = []

    def checked(cls: type[Occupancy], pieces: dict[str, dict[str, object]]) -> Occupancy:
        found = original(cls, pieces)
        assert not differing(found), f"stale index read: {differing(found)}"
        reads.append(1)
        return found

    monkeypatch.setattr(Occupancy, "of", classmethod(checked))
    return reads


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_the_index_is_right_at_every_read_every_note_and_every_action(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = default_catalog().load(name)
    sides = game.definition.side_ids
    players = {side: RandomAgent(seed * 10 + i) for i, side in enumerate(sides)}
    match = Match.new(game, seed=seed, players=players)
    notes = check_every_note(monkeypatch)
    reads = check_every_read(monkeypatch)
    while match.step():
        Occupancy.of(match.state["pieces"])
        assert invariants.occupancy_kept(game.definition, match.state) == []
    assert notes and reads and match.over
