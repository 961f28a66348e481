"""Counters longer than one hex, facing and attributes as piece state (added for the naval
module, GBoJC 2.1/4.2, but generic): placement, the state, the observer, the invariant and
rolling on a rules-file table through the engine."""

from __future__ import annotations

from legatus.framework.engine.core import Context, Run
from legatus.framework.engine.dice import ForcedDice
from legatus.framework.engine.invariants import long_counters_fit
from legatus.framework.engine.state import footprint
from legatus.framework.engine.view import observe
from legatus.framework.model.hexgrid import HexGrid
from legatus.framework.play.catalog import default_catalog


def load_game(name: str):  # type: ignore[no-untyped-def]
    return default_catalog().definition(name)


def load_playable(name: str):  # type: ignore[no-untyped-def]
    return default_catalog().load(name)


def test_hexgrid_footprint_trails_behind_the_bow() -> None:
    grid = HexGrid((22, 25), (17, 21))
    assert grid.footprint("2319", "N", 2) == ("2319", "2320")
    assert grid.footprint("2319", "S", 3) == ("2319", "2318", "2317")
    assert grid.footprint("2321", "N", 2) == ("2321", None)  # off the bottom edge
    assert grid.footprint("2319", "NE", 1) == ("2319",)


def test_hexgrid_adjacent_and_neighbour_row_agree_with_neighbours() -> None:
    grid = HexGrid((22, 25), (17, 21))
    for hex_id in grid.hexes:
        assert grid.adjacent(hex_id) == tuple(grid.neighbours(hex_id).values())
        row = grid.neighbour_row(hex_id)
        assert [f for f, n in zip(grid.facings, row, strict=True) if n] == list(
            grid.neighbours(hex_id)
        )


def test_placement_facing_and_attrs_become_piece_state() -> None:
    game = load_game("gbojc_naval")
    scenario = game.default_scenario()
    placed = {p.piece: p for ps in scenario.setup["romans"].on_map.values() for p in ps}
    assert placed["Delphinus"].facing == "N"
    assert dict(placed["Delphinus"].attrs) == {"speed": "cruise"}
    state = load_playable("gbojc_naval").setup(seed=0)
    assert state["pieces"]["Delphinus"]["facing"] == "N"
    assert state["pieces"]["Delphinus"]["attrs"] == {"speed": "cruise"}
    assert footprint(game, state, "Delphinus") == ("2117", "2118")
    assert footprint(game, state, "Taranis") == ("1207",)
    assert "facing" not in state["pieces"]["Decimus Brutus"]  # none given: none stored


def test_the_view_shows_facing_with_location_and_attrs_with_identity() -> None:
    naval = load_game("gbojc_naval")
    state = load_playable("gbojc_naval").setup(seed=0)
    seen = observe(naval, state, "veneti")["pieces"]["known"]["Delphinus"]
    assert seen["facing"] == "N" and seen["attrs"] == {"speed": "cruise"}
    # Julius Caesar hides a block's identity from the enemy: its attributes stay hidden too
    jc = load_game("julius_caesar")
    jc_state = load_playable("julius_caesar").setup(seed=0)
    block = next(
        p
        for p, v in jc_state["pieces"].items()
        if v["side"] == "caesar" and v["at"] not in ("pool", "out")
    )
    jc_state["pieces"][block]["attrs"] = {"secret_plan": 3}
    mine = observe(jc, jc_state, "caesar")["pieces"]
    theirs = observe(jc, jc_state, "pompey")["pieces"]
    assert mine["known"][block]["attrs"] == {"secret_plan": 3}
    assert block not in theirs["known"]
    assert all("attrs" not in entry for entry in theirs["hidden"])


def test_the_invariant_catches_a_long_counter_off_the_map_or_without_facing() -> None:
    naval = load_game("gbojc_naval")
    state = load_playable("gbojc_naval").setup(seed=0)
    assert long_counters_fit(naval, state) == []
    state["pieces"]["Delphinus"]["at"] = "2126"  # last row: the stern falls off the map
    assert long_counters_fit(naval, state) == ["piece 'Delphinus' at '2126' trails off the map"]
    del state["pieces"]["Delphinus"]["facing"]
    assert long_counters_fit(naval, state) == [
        "piece 'Delphinus' is 2 hexes long but faces no hex side"
    ]


def test_context_roll_on_rolls_the_tables_dice_through_the_engine() -> None:
    game = load_playable("gbojc_naval")
    state = game.setup(seed=0)
    run = Run(dice=ForcedDice([[4, 1]]))
    result = Context(game, state, run).roll_on(
        "boarding", row=1, column=4, height_advantage=False, height_disadvantage=False
    )
    assert (result.roll, result.modified, result.cell.text, result.passed) == (5, 5, "4-12", True)
    assert run.dice is not None and run.dice.waiting == []
    state_a, state_b = game.setup(seed=7), game.setup(seed=7)
    first = Context(game, state_a, Run()).roll_on("wind", column="strength")
    second = Context(game, state_b, Run()).roll_on("wind", column="strength")
    assert first == second and state_a["rng"] == state_b["rng"] != game.setup(seed=7)["rng"]
