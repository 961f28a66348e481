"""The kit's blind draw from a pool (Hammer of the Scots 7.7 and 8.1-8.2: English blocks
drawn at random from the face-down pool into England), on the demo game.

Demo pieces: Red Foot and Red Boat (red), Blue Foot and Blue Guard (blue); Red Foot has
strengths 1-3, Red Boat 1-2.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from legatus.framework.kit import levy
from legatus.framework.model.gamedef import GameDef


class _Ctx(SimpleNamespace):
    """The game, the state, the log, and dice the test foresees (each roll the next face)."""

    def __init__(self, definition: GameDef, state: dict[str, Any], faces: list[int]) -> None:
        super().__init__(definition=definition, state=state, lines=[], faces=faces, asked=[])

    def log(self, text: str, **fields: Any) -> None:
        self.lines.append((text, fields.get("to")))

    def roll(self, count: int, sides: int = 6, *, what: str = "") -> list[int]:
        self.asked.append(sides)
        return [self.faces.pop(0) for _ in range(count)]


def _state(at: dict[str, str]) -> dict[str, Any]:
    sides = {"Red Foot": "red", "Red Boat": "red", "Blue Foot": "blue", "Blue Guard": "blue"}
    return {
        "pieces": {
            block: {"side": side, "at": at.get(block, "pool"), "strength": 1, "flags": []}
            for block, side in sides.items()
        }
    }


def test_pool_blocks_are_the_sides_pool_in_file_order_held_apart(demo: GameDef) -> None:
    ctx = _Ctx(demo, _state({"Blue Foot": "Southtown"}), [])
    assert levy.pool_blocks(ctx, "red", []) == ["Red Foot", "Red Boat"]
    assert levy.pool_blocks(ctx, "red", ["Red Foot"]) == ["Red Boat"]
    assert levy.pool_blocks(ctx, "blue", []) == ["Blue Guard"]


def test_a_draw_takes_blocks_blind_one_die_face_per_block_left(demo: GameDef) -> None:
    """Two red blocks in the pool: the first die has two faces (2: Red Boat), the second one
    face; both enter at full strength, the enemy told only how many."""
    state = _state({})
    ctx = _Ctx(demo, state, [2, 1])
    levy.draw_from_pool(ctx, "red", 2, "Northtown", [])
    assert ctx.asked == [2, 1]
    assert state["pieces"]["Red Boat"] == {
        "side": "red",
        "at": "Northtown",
        "strength": 2,
        "flags": [],
    }
    assert state["pieces"]["Red Foot"]["at"] == "Northtown"
    assert state["pieces"]["Red Foot"]["strength"] == demo.pieces["Red Foot"].steps
    name = demo.side_name("red")
    assert ctx.lines == [
        (f"{name} draws 2 block(s) from the pool into Northtown", None),
        (f"{name} draws Red Boat, Red Foot into Northtown", ["red"]),
    ]


def test_a_draw_from_a_small_pool_takes_what_there_is(demo: GameDef) -> None:
    """Asked for three with one blue block in the pool (Blue Foot held back): one drawn."""
    state = _state({})
    ctx = _Ctx(demo, state, [1])
    levy.draw_from_pool(ctx, "blue", 3, "Southtown", ["Blue Foot"])
    assert state["pieces"]["Blue Guard"]["at"] == "Southtown"
    assert state["pieces"]["Blue Foot"]["at"] == "pool"
    assert ctx.asked == [1]


def test_a_draw_at_a_given_strength(demo: GameDef) -> None:
    """A winter build (HotS 7.62) draws one block at strength 1."""
    state = _state({})
    ctx = _Ctx(demo, state, [1])
    levy.draw_from_pool(ctx, "red", 1, "Northtown", [], 1)
    assert state["pieces"]["Red Foot"]["strength"] == 1
