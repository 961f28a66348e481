"""Properties over random positions (hypothesis): a counter's footprint lies along its
facing, and every movement step offered keeps one counter per hex (6.5) on the map."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from framework.hexgrid import FACINGS
from framework.invariants import long_counters_fit
from framework.testing import rules_game
from games.gbojc_naval import fleet, movement
from games.gbojc_naval.plugin import one_counter_per_hex

GAME = rules_game("gbojc_naval")
GRID = fleet.grid(GAME.definition)
HEXES = [h for h in GRID.hexes if "05" <= h[2:] <= "20" and "05" <= h[:2] <= "40"]
SHIPS = ["Aquila", "Concordia", "Taranis", "Belenos", "Lupa"]


@given(st.sampled_from(GRID.hexes), st.sampled_from(FACINGS))
def test_a_two_hex_counter_trails_straight_behind_its_bow(bow: str, facing: str) -> None:
    cells = GRID.footprint(bow, facing, 2)
    if cells[1] is not None:
        assert GRID.facing_between(cells[1], cells[0]) == facing


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(HEXES), st.sampled_from(FACINGS)), min_size=5, max_size=5)
)
def test_every_offered_step_keeps_one_counter_per_hex(places: list[tuple[str, str]]) -> None:
    state = GAME.setup(seed=0)
    for piece in state["pieces"].values():
        piece["at"] = "out"
    state["records"]["wind"] = {"strength": 4, "direction": "S", "calm": False}
    state["records"]["turn"] = {}
    ctx = GAME.context(state)
    for ship, (bow, facing) in zip(SHIPS, places, strict=True):
        if movement.fits(ctx, ship, bow, facing):
            state["pieces"][ship].update(at=bow, facing=facing, attrs={"speed": "cruise"})
    definition = GAME.definition
    assert one_counter_per_hex(definition, state) == []
    for ship in fleet.afloat(definition, state):
        found, _ = movement.steps(ctx, ship, 2, {})
        for step in found:
            before = dict(state["pieces"][ship])
            movement.place(ctx, ship, step.bow, step.facing)
            assert one_counter_per_hex(definition, state) == []
            assert long_counters_fit(definition, state) == []
            state["pieces"][ship].update(before)
