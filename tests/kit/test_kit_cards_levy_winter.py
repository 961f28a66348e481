"""The kit's card, levy and winter primitives on their own (Julius Caesar 2.1, 6.4 and
8.2-8.5; Hammer of the Scots' card play, builds and wintering), on the demo game made
coastal (its lake a sea, its shore a sea border) and given card zones.

Northtown (town, 1 VP) - Midford (harbour) - Southtown (town, 1 VP) by road; Midford -
Still Lake (sea) by a sea border. Red Foot (infantry, levied at Northtown), Red Boat (boat,
levied in any harbour, strengths 1-2), Blue Foot and Blue Guard (infantry, levied at
Southtown).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from legatus.framework.engine.core import EngineError, Game
from legatus.framework.engine.state import sides_by_space
from legatus.framework.kit import cards, levy, winter
from legatus.framework.model.gamedef import GameDef
from legatus.framework.model.loader import load_game
from tests.kit.helpers import (
    CARD_ZONES,
    FakeCtx,
    asked,
    compile_rules,
    demo_copy,
    kit_registry,
    placed,
)


@pytest.fixture(scope="module")
def coast(tmp_path_factory: pytest.TempPathFactory) -> GameDef:
    sea = [
        ("lake: {category: water}", "lake: {category: sea}"),
        ("shore: {links: [[land, water]]}", "sea: {links: [[land, sea]]}"),
        ("{kind: shore,", "{kind: sea,"),
    ]
    return load_game(
        demo_copy(
            tmp_path_factory,
            "coast",
            replace={"map.yaml": sea, "pieces.yaml": [("water]", "sea]")]},
            prepend={"cards.yaml": CARD_ZONES},
        )
    )


#: Every demo block in its side's pool at strength 1.
POOLS = {
    "Red Foot": ("red", "pool", 1),
    "Red Boat": ("red", "pool", 1),
    "Blue Foot": ("blue", "pool", 1),
    "Blue Guard": ("blue", "pool", 1),
}


def _state(**where: tuple[str, str, int]) -> dict[str, Any]:
    """Pieces by id: (side, space, strength); every other demo piece in its side's pool."""
    return {"pieces": placed(POOLS, where)}


# -- cards -------------------------------------------------------------------------------


def test_the_deal_gathers_every_card_and_deals_in_the_sides_order(coast: GameDef) -> None:
    assert cards.full_deck(coast) == ["March", "March", "Halt"]
    state = {
        "zones": {
            "deck": [],
            "hand:red": ["Halt"],
            "hand:blue": [],
            "discarded:red": ["March"],
            "discarded:blue": [],
            "committed:red": [],
            "committed:blue": ["March"],
        }
    }
    ctx = FakeCtx(coast, state)
    cards.deal_hands(ctx, 1)
    # Reversed: Halt, March, March; each side takes the top card in turn, red first.
    assert state["zones"] == {
        "deck": ["Halt"],
        "hand:red": ["March"],
        "hand:blue": ["March"],
        "discarded:red": [],
        "discarded:blue": [],
        "committed:red": [],
        "committed:blue": [],
    }
    assert ctx.lines == [("The cards are shuffled; 1 dealt to each side", None)]
    assert cards.hand(ctx, "red") == ["March"]


def test_a_card_discarded_or_played_face_down_is_named_to_its_owner_only(
    coast: GameDef,
) -> None:
    zones = {"deck": [], "hand:red": ["Halt", "March"], "hand:blue": []}
    zones.update(
        {f"{zone}:{side}": [] for zone in ("discarded", "committed") for side in ("red", "blue")}
    )
    ctx = FakeCtx(coast, {"zones": zones})
    cards.discard_face_down(ctx, "red", "Halt")
    cards.play_face_down(ctx, "red", "March")
    cards.no_card(ctx, "blue")
    assert (zones["hand:red"], zones["discarded:red"], zones["committed:red"]) == (
        [],
        ["Halt"],
        ["March"],
    )
    red, blue = coast.side_name("red"), coast.side_name("blue")
    assert ctx.lines == [
        (f"{red} discards a card face down", None),
        (f"{red} discards Halt", ["red"]),
        (f"{red} plays a card face down", None),
        (f"{red} plays March face down", ["red"]),
        (f"{blue} has no card to play", None),
    ]


# -- levies ------------------------------------------------------------------------------


def test_a_step_up_is_the_next_printed_strength() -> None:
    assert levy.next_strength((1, 2, 3), 1) == 2
    assert levy.next_strength((2, 4), 2) == 4
    assert levy.next_strength((2, 4), 4) is None


def test_a_new_block_enters_at_its_lowest_strength_or_one(coast: GameDef) -> None:
    boat = coast.pieces["Red Boat"]
    assert levy.new_strength(boat, "minimum") == boat.min_strength == 1
    assert levy.new_strength(boat, "one") == 1
    with pytest.raises(EngineError, match="one of"):
        levy.new_strength(boat, "full")


def test_a_pool_block_is_levied_only_in_a_friendly_space_its_type_allows(coast: GameDef) -> None:
    # Red holds Northtown alone and Midford alone; Blue holds nothing.
    state = _state(Red_Foot=("red", "Northtown", 1), Red_Boat=("red", "Still Lake", 1))
    red = levy.Levy(coast, state, "red")
    assert red.friendly == {"Northtown"} and not red.contested
    assert red.leviable() == []  # both red blocks are on the map
    state = _state(Red_Foot=("red", "Midford", 1))
    red = levy.Levy(coast, state, "red")
    assert red.spaces_for("Red Boat") == ["Midford"]  # any friendly harbour
    assert red.spaces_for("Red Foot") == []  # on the map, not in the pool
    blue = levy.Levy(coast, state, "blue")
    # Named levy: only its own town, and only while friendly (Blue holds nothing).
    assert blue.spaces_for("Blue Guard") == [] and blue.leviable() == []
    state = _state(Blue_Foot=("blue", "Southtown", 1))
    blue = levy.Levy(coast, state, "blue")
    assert blue.leviable() == ["Blue Guard"] and blue.spaces_for("Blue Guard") == ["Southtown"]


def test_held_back_and_eliminated_blocks_wait_in_the_pool(coast: GameDef) -> None:
    state = _state(Blue_Foot=("blue", "Southtown", 1))
    assert levy.Levy(coast, state, "blue", held=["Blue Guard"]).leviable() == []
    for flag in levy.ELIMINATED:
        state["pieces"]["Blue Guard"]["flags"] = [flag]
        assert levy.Levy(coast, state, "blue").leviable() == []


def test_steps_go_to_friendly_spaces_and_to_contested_ones_only_if_allowed(
    coast: GameDef,
) -> None:
    state = _state(
        Red_Foot=("red", "Midford", 2),
        Blue_Foot=("blue", "Midford", 3),  # at its full strength
        Blue_Guard=("blue", "Southtown", 1),
    )
    assert levy.Levy(coast, state, "red").steppable() == []
    assert levy.Levy(coast, state, "red", steps_in_contested=True).steppable() == ["Red Foot"]
    assert levy.Levy(coast, state, "blue", steps_in_contested=True).steppable() == ["Blue Guard"]


def test_the_lists_ask_each_block_what_its_own_question_asks(coast: GameDef) -> None:
    # leviable() and steppable() pick the blocks in one pass over the pieces, and the
    # friendly and contested spaces come from the blocks' index: the same as asking
    # spaces_for() and may_step() block by block, and the sides found space by space.
    places = ("pool", "out", "Northtown", "Midford", "Southtown", "Still Lake")
    listed: list[str] = []
    for red_foot, blue_foot, blue_guard, strength in [
        (a, b, c, s) for a in places for b in places for c in places[:4] for s in (1, 3)
    ]:
        state = _state(
            Red_Foot=("red", red_foot, strength),
            Blue_Foot=("blue", blue_foot, 1),
            Blue_Guard=("blue", blue_guard, strength),
        )
        by_space = sides_by_space(state)
        for side in ("red", "blue"):
            for contested in (False, True):
                found = levy.Levy(coast, state, side, steps_in_contested=contested)
                land = coast.board.spaces_of(levy.LAND)
                assert found.friendly == {s for s, at in by_space.items() if at == {side}} & land
                assert (
                    found.contested
                    == {s for s, at in by_space.items() if side in at and len(at) > 1} & land
                )
                pieces = state["pieces"]
                assert found.leviable() == [b for b in pieces if found.spaces_for(b)]
                assert found.steppable() == [b for b in pieces if found.may_step(b)]
                listed += found.leviable() + found.steppable()
    assert set(listed) == set(POOLS)  # every block was found in some case


def test_levying_and_adding_a_step_name_the_block_only_to_its_owner(coast: GameDef) -> None:
    state = _state(Blue_Foot=("blue", "Southtown", 1))
    ctx = FakeCtx(coast, state)
    assert levy.can_levy(ctx, "blue", [], False)
    assert levy.levy_spaces(ctx, "blue", "Blue Guard", []) == ["Southtown"]
    levy.levy_block(ctx, "blue", "Blue Guard", "Southtown", "minimum")
    levy.add_step(ctx, "blue", "Blue Guard")
    assert state["pieces"]["Blue Guard"] == {
        "side": "blue",
        "at": "Southtown",
        "strength": 2,
        "flags": [],
    }
    side = coast.side_name("blue")
    assert ctx.lines == [
        (f"{side} levies a new block in Southtown", None),
        (f"{side} levies Blue Guard in Southtown at 1", ["blue"]),
        (f"{side} adds a step to a block in Southtown", None),
        (f"{side} adds a step to Blue Guard in Southtown: 2", ["blue"]),
    ]
    with pytest.raises(EngineError, match="full strength"):
        levy.add_step(ctx, "blue", "Blue Guard")


# -- winter ------------------------------------------------------------------------------


def test_a_space_supplies_its_base_plus_its_printed_value(coast: GameDef) -> None:
    assert winter.supply_limit(coast, "Northtown", 1, "vp") == 2
    assert winter.supply_limit(coast, "Midford", 1, "vp") == 1
    assert winter.supply_limit(coast, "Midford", 1, "castle") == 1  # printed nowhere: 0


def test_spaces_over_their_supply_and_the_types_winter_keeps(coast: GameDef) -> None:
    state = _state(
        Blue_Foot=("blue", "Midford", 3),
        Blue_Guard=("blue", "Midford", 2),
        Red_Foot=("red", "Northtown", 1),
    )
    assert winter.over_supplied(coast, state, "blue", 1, "vp") == ["Midford"]
    assert winter.over_supplied(coast, state, "blue", 2, "vp") == []
    assert winter.over_supplied(coast, state, "blue", 1, "vp", kept=["infantry"]) == []
    assert winter.over_supplied(coast, state, "red", 0, "vp") == []  # Northtown supplies 1
    ctx = FakeCtx(coast, state)
    assert winter.removable(ctx, "blue", "Midford", []) == ["Blue Foot", "Blue Guard"]
    assert winter.removable(ctx, "blue", "Midford", ["infantry"]) == []
    assert winter.disbandable(ctx, "red", []) == ["Red Foot"]
    assert winter.disbandable(ctx, "red", ["infantry"]) == []


def test_a_block_removed_in_winter_goes_to_the_pool_hidden_again(coast: GameDef) -> None:
    state = _state(Blue_Foot=("blue", "Midford", 3), Blue_Guard=("blue", "Midford", 2))
    state["pieces"]["Blue Guard"]["flags"] = ["revealed"]
    ctx = FakeCtx(coast, state)
    winter.unsupplied(ctx, "Blue Guard")
    winter.disband_block(ctx, "blue", "Blue Foot")
    assert state["pieces"]["Blue Guard"]["at"] == state["pieces"]["Blue Foot"]["at"] == "pool"
    assert state["pieces"]["Blue Guard"]["flags"] == []
    side = coast.side_name("blue")
    assert ctx.lines == [
        (f"{side} removes a block from Midford: winter supply", None),
        (f"{side} removes Blue Guard from Midford", ["blue"]),
        (f"{side} disbands a block at Midford", None),
        (f"{side} disbands Blue Foot at Midford", ["blue"]),
    ]


def test_a_ship_at_sea_makes_a_friendly_port_on_its_sea_or_is_lost(coast: GameDef) -> None:
    state = _state(Red_Boat=("red", "Still Lake", 2), Red_Foot=("red", "Midford", 1))
    ctx = FakeCtx(coast, state)
    assert winter.at_sea(ctx, "red") == ["Red Boat"] and winter.at_sea(ctx, "blue") == []
    assert winter.friendly_ports(ctx, "red", "Red Boat") == ["Midford"]
    assert winter.friendly_ports(ctx, "blue", "Red Boat") == []
    winter.make_port(ctx, "Red Boat", "Midford")
    assert state["pieces"]["Red Boat"]["at"] == "Midford"
    state["pieces"]["Red Boat"]["at"] = "Still Lake"
    state["pieces"]["Blue Foot"]["at"] = "Midford"  # contested: no longer friendly
    assert winter.friendly_ports(ctx, "red", "Red Boat") == []
    winter.lost_at_sea(ctx, "Red Boat")
    assert state["pieces"]["Red Boat"]["at"] == "pool"
    side = coast.side_name("red")
    assert ctx.lines == [
        (f"{side} moves a boat Still Lake -> Midford", None),
        (f"{side} moves Red Boat Still Lake -> Midford", ["red"]),
        (f"{side} disbands a boat at Still Lake: no friendly port", None),
        (f"{side} disbands Red Boat at Still Lake", ["red"]),
    ]


LEVY_RULES = """\
game demo_skirmish

param guard_waits: bool = GUARD "Blue Guard is held back" @rule "KIT 6"

sequence: @rule "KIT 0"
  step levy(side: "blue", points: 2) @rule "KIT 6"

procedure levy(side: side, points: int): @rule "KIT 6"
  "Each point buys a block from the pool or a step."
  let held = list(b for b in reserve_blocks() if guard_waits or b != "Blue Guard")
  let left = points
  while left > 0 and can_levy(side, held, false):
    decide levy by side:
      "{side}: {left} levy point(s) left"
      option levy(block: piece from leviable(side, held), space: space from levy_spaces(side, block, held)):
        set left = left - 1
        levy_block(side, block, space, "minimum")
      option step(block: piece from steppable(side, false)):
        set left = left - 1
        add_step(side, block)
      option end_levy:
        set left = 0
"""


def _levy_game(coast: GameDef, tmp_path: Path, guard_waits: bool) -> Game:
    registry = kit_registry()
    registry.add_query(
        "reserve_blocks", lambda ctx: ["Blue Guard", "Red Boat"], returns="list[piece]"
    )
    rules = LEVY_RULES.replace("GUARD", str(guard_waits).lower())
    return compile_rules(coast, tmp_path, "levy.rules", rules, registry)


def test_a_levy_procedure_on_the_kit_in_a_rules_file(coast: GameDef, tmp_path: Path) -> None:
    """The rules file passes the blocks held back, worked out with ``list(... for ...
    if ...)``: Blue Guard waits, so Blue (Blue Foot at full strength) has nothing to buy
    and is not asked; otherwise it levies Blue Guard, then adds it a step."""
    game = _levy_game(coast, tmp_path, guard_waits=True)
    state = game.new_state(seed=1)
    assert game.prompt(state) is None
    assert state["pieces"]["Blue Guard"]["at"] == "pool"
    game = _levy_game(coast, tmp_path, guard_waits=False)
    state = game.new_state(seed=1)
    assert asked(game, state)[2:] == (
        "Blue: 2 levy point(s) left",
        ["end_levy", "levy(Blue Guard, Southtown)"],
    )
    game.apply(state, "levy(Blue Guard, Southtown)")
    assert asked(game, state)[3] == ["end_levy", "step(Blue Guard)"]
    game.apply(state, "step(Blue Guard)")
    assert game.prompt(state) is None
    guard = state["pieces"]["Blue Guard"]
    assert (guard["at"], guard["strength"]) == ("Southtown", 2)
