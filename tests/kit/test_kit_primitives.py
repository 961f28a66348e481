"""The kit's primitives on their own, by the rules they share (Julius Caesar 7.2-7.6,
Hammer of the Scots 6.2-6.3): ratings, firing order, fire rolls, hits, step losses,
reserves and border limits, on the demo game's pieces (the fire roll, with forced dice, in
``test_kit_rules.py``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from legatus.framework.kit import borders, combat
from legatus.framework.model.gamedef import GameDef, Rating


def test_a_rating_is_an_initiative_letter_and_a_fire_value() -> None:
    assert combat.parse_rating("B2") == Rating("B", 2)
    assert combat.parse_rating(" c3 ") == Rating("C", 3)
    for wrong in ("2B", "B", "", "BB2"):
        with pytest.raises(ValueError, match="not a combat rating"):
            combat.parse_rating(wrong)


def test_a_piece_s_rating_is_read_from_its_data(demo: GameDef) -> None:
    assert combat.combat_rating(demo, "Blue Guard", combat.DEFENDING) == Rating("B", 2)
    assert combat.combat_rating(demo, "Red Foot", combat.ATTACKING) == Rating("C", 2)


def test_blocks_fire_by_letter_and_the_defender_first_on_a_tie() -> None:
    blocks = {
        "attacker A": ("A", True),
        "defender B": ("B", False),
        "attacker B1": ("B", True),
        "attacker B2": ("B", True),
        "defender D": ("D", False),
        "attacker C": ("C", True),
    }

    def key(block: str) -> tuple[int, str, int]:
        letter, attacking = blocks[block]
        return combat.turn_key(letter, attacking)

    assert combat.firing_order(blocks, key) == [
        ["attacker A"],
        ["defender B"],
        ["attacker B1", "attacker B2"],  # one side, one letter: one turn slot
        ["attacker C"],
        ["defender D"],
    ]


def test_an_early_block_fires_before_every_letter() -> None:
    assert combat.turn_key("D", True, early=True) < combat.turn_key("A", False)


def _ctx(definition: GameDef) -> Any:
    """What a step loss reads and writes: the pieces' data and their state."""
    pieces = {
        "Red Foot": {"side": "red", "at": "Midford", "strength": 3, "flags": []},
        "Blue Guard": {"side": "blue", "at": "Midford", "strength": 2, "flags": []},
    }
    return SimpleNamespace(definition=definition, state={"pieces": pieces})


def test_a_hit_takes_the_strongest_and_the_owner_picks_among_equals() -> None:
    assert combat.strongest({"a": 2, "b": 3}) == ["b"]
    assert combat.strongest({"a": 3, "c": 3, "b": 1}) == ["a", "c"]
    assert combat.strongest({}) == []


def test_a_step_loss_takes_the_next_lower_strength_then_the_pool(demo: GameDef) -> None:
    ctx = _ctx(demo)
    assert combat.step_loss(ctx, "Blue Guard") == 1
    assert ctx.state["pieces"]["Blue Guard"]["at"] == "Midford"
    assert combat.step_loss(ctx, "Blue Guard") is None
    assert ctx.state["pieces"]["Blue Guard"] == {
        "side": "blue",
        "at": "pool",
        "strength": 1,
        "flags": [],
    }
    # A block printed IV and II drops a whole level at once.
    assert combat.step_below((2, 4), 4) == 2


def test_reserves_sit_out_until_the_round_they_arrive() -> None:
    blocks = ["Red Foot", "Blue Foot", "Blue Guard"]
    assert combat.fighting(blocks, ["Blue Guard"], 1, 2) == ["Red Foot", "Blue Foot"]
    assert combat.fighting(blocks, ["Blue Guard"], 2, 2) == blocks
    assert combat.in_reserve("Blue Guard", ["Blue Guard"], 1, 3)
    assert not combat.in_reserve("Blue Guard", ["Blue Guard"], 3, 3)


def test_a_border_s_limit_is_the_largest_of_its_kinds(demo: GameDef) -> None:
    limits = {"road": 2, "shore": 1}
    assert borders.border_limit(demo.board, "Northtown", "Midford", limits) == 2
    assert borders.border_limit(demo.board, "Still Lake", "Midford", limits) == 1
    assert borders.border_limit(demo.board, "Northtown", "Midford", {"shore": 1}) == 0
    # Not joined at all: no limit to use.
    assert borders.border_limit(demo.board, "Northtown", "Southtown", limits) == 0


def test_crossings_are_counted_per_border_either_way() -> None:
    used: dict[str, int] = {}
    assert borders.crossings(used, "Northtown", "Midford") == 1
    assert borders.crossings(used, "Midford", "Northtown") == 2
    assert borders.crossings(used, "Midford", "Southtown") == 1
    assert used == {"Midford|Northtown": 2, "Midford|Southtown": 1}
