"""The kit's sealed bids (:mod:`legatus.framework.kit.sealed`) and blocks held face up in
their pool (:mod:`legatus.framework.kit.held`), on the demo game: a copy whose manifest
declares a per-side record only its owner sees (``secret``) and a public one (``board``),
and whose blocks are hidden unless ``revealed``.

Demo pieces: Red Foot and Red Boat (red), Blue Foot and Blue Guard (blue).
"""

from __future__ import annotations

from typing import Any

import pytest

from legatus.framework.engine.core import EngineError
from legatus.framework.engine.state import initial_state
from legatus.framework.engine.view import observe
from legatus.framework.kit import held, sealed
from legatus.framework.kit.levy import draw_from_pool
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.kit.helpers import FakeCtx, demo_copy, hidden_blocks

RECORDS = """
records:
  secret: {per_side: true, visible_to: owner, schema: {type: object}, start: {}}
  board: {schema: {type: object}, start: {}}
"""


@pytest.fixture(scope="module")
def bidders(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    prepend = {"pieces.yaml": hidden_blocks("revealed")}
    append = {"game.yaml": RECORDS}
    return load_game(demo_copy(tmp_path_factory, "bidders", prepend=prepend, append=append))


def _state(definition: GameDef) -> dict[str, Any]:
    state = initial_state(definition, next(iter(definition.scenarios.values())), seed=1)
    for entry in state["pieces"].values():
        entry["at"], entry["flags"] = "pool", []
    return state


def test_a_sealed_bid_is_seen_only_by_its_bidder_until_opened(bidders: GameDef) -> None:
    """Red seals 2: Blue's view is the same as if Red had sealed -3, and reads only that Red
    has bid; opened, both bids are logged for all with the words of their directions and
    taken out of the record."""
    views = []
    for bid in (2, -3):
        ctx = FakeCtx(bidders, _state(bidders))
        sealed.seal(ctx, "red", "secret", "bid", bid)
        assert sealed.sealed(ctx, "red", "secret", "bid") == bid
        assert sealed.sealed(ctx, "blue", "secret", "bid") == 0  # none sealed
        ctx.state["log"] = [{"n": i, "text": t, "to": to} for i, (t, to) in enumerate(ctx.lines)]
        views.append(observe(bidders, ctx.state, "blue"))
        assert observe(bidders, ctx.state, "red")["records"]["secret"] == {"red": {"bid": bid}}
    assert views[0] == views[1]
    assert ctx.lines == [("Red has bid", None)]
    sealed.seal(ctx, "blue", "secret", "bid", 1)
    sealed.open_sealed(ctx, "secret", "bid", "E", "S")
    assert ctx.revealed
    assert ctx.lines[-1] == ("The bids: Red S3, Blue E1", None)
    assert ctx.state["records"]["secret"] == {"red": {}, "blue": {}}


def test_bids_are_sealed_only_in_a_record_its_owner_alone_sees(bidders: GameDef) -> None:
    ctx = FakeCtx(bidders, _state(bidders))
    with pytest.raises(EngineError, match="visible to its owner"):
        sealed.seal(ctx, "red", "board", "bid", 1)


def test_a_bid_in_words() -> None:
    assert [sealed.shown(b, "E", "S") for b in (3, -2, 0)] == ["E3", "S2", "no bid"]


def test_a_held_block_is_face_up_counted_and_never_drawn(bidders: GameDef) -> None:
    """Red Foot held for two periods: Blue sees it face up in the pool; a draw of two from
    the red pool, whose first die would take it, takes only Red Boat; after two periods
    it is face down again and drawn like any other."""
    ctx = FakeCtx(bidders, _state(bidders), dice=[1, 1])
    held.hold_in_pool(ctx, "Red Foot", 2, "revealed")
    pieces = ctx.state["pieces"]
    assert (pieces["Red Foot"]["attrs"], pieces["Red Foot"]["flags"]) == ({"held": 2}, ["revealed"])
    assert "Red Foot" in observe(bidders, ctx.state, "blue")["pieces"]["known"]
    assert held.held_in_pool(ctx, "red") == ["Red Foot"]
    assert held.held_in_pool(ctx, "blue") == []
    draw_from_pool(ctx, "red", 2, "Northtown", held.held_in_pool(ctx, "red"))
    assert (pieces["Red Foot"]["at"], pieces["Red Boat"]["at"]) == ("pool", "Northtown")
    held.hold_passes(ctx, "red", "revealed")
    assert held.held_in_pool(ctx, "red") == ["Red Foot"]
    held.hold_passes(ctx, "red", "revealed")
    assert held.held_in_pool(ctx, "red") == []
    assert "attrs" not in pieces["Red Foot"] and pieces["Red Foot"]["flags"] == []
    assert "Red Foot" not in observe(bidders, ctx.state, "blue")["pieces"]["known"]
    draw_from_pool(ctx, "red", 1, "Northtown", held.held_in_pool(ctx, "red"))
    assert pieces["Red Foot"]["at"] == "Northtown"


def test_only_a_block_in_its_pool_is_held(bidders: GameDef) -> None:
    state = _state(bidders)
    state["pieces"]["Blue Foot"]["at"] = "Southtown"
    with pytest.raises(EngineError, match="not in its pool"):
        held.hold_in_pool(FakeCtx(bidders, state), "Blue Foot", 1, "revealed")
