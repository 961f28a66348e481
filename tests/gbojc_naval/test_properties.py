"""Properties over random positions (hypothesis): a counter's footprint lies along its
facing, and every movement step offered keeps one counter per hex (6.5) on the map.

The positions are position files' data: a few ships where they fit, a wind of 4 towards
the south; each ship in turn moves as an individual squadron (phase F, its crew check a
6), and every step its move offers is played on a copy of the game, whose state must keep
the game's invariants."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from legatus.framework.engine.invariants import invariants_for
from legatus.framework.model.hexgrid import FACINGS
from legatus.framework.play.catalog import default_catalog
from legatus.framework.tools.testing import play_from
from legatus.games.gbojc_naval import fleet

from .conftest import activate, individual

GAME = default_catalog().load("gbojc_naval")
GRID = fleet.grid(GAME.definition)
HEXES = [h for h in GRID.hexes if "05" <= h[2:] <= "20" and "05" <= h[:2] <= "40"]
SHIPS = ["Aquila", "Concordia", "Taranis", "Belenos", "Lupa"]
CHECKS = invariants_for(GAME)


@given(st.sampled_from(GRID.hexes), st.sampled_from(FACINGS))
def test_a_two_hex_counter_trails_straight_behind_its_bow(bow: str, facing: str) -> None:
    cells = GRID.footprint(bow, facing, 2)
    if cells[1] is not None:
        assert GRID.facing_between(cells[1], cells[0]) == facing


def fitting(places: list[tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The ships (in order) whose counters fit on the map beside the ones placed before."""
    taken: set[str] = set()
    found: dict[str, tuple[str, str]] = {}
    for ship, (bow, facing) in zip(SHIPS, places, strict=True):
        length = GAME.definition.piece_types[GAME.definition.pieces[ship].type].length
        cells = GRID.footprint(bow, facing, length)
        if None in cells or taken & set(cells):
            continue
        taken.update(c for c in cells if c is not None)
        found[ship] = (bow, facing)
    return found


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(HEXES), st.sampled_from(FACINGS)), min_size=5, max_size=5)
)
def test_every_offered_step_keeps_one_counter_per_hex(places: list[tuple[str, str]]) -> None:
    ships = fitting(places)
    for ship in ships:
        side = GAME.definition.pieces[ship].side
        kit = individual(play_from, ships, [ship], first=side, wind=(4, "S"))
        activate(kit, ship)
        if kit.asked is None or kit.asked[1] != "speed":
            continue  # no point to announce (a sailing ship into the wind)
        points = [int(text[6:-1]) for text in kit.legal()]
        kit.act(f"speed({min(2, max(points))})")
        if kit.asked is None or kit.asked[1] != "move":
            continue
        for action in kit.legal():
            if not action.startswith(("row", "sail", "back", "pivot", "about")):
                continue
            after = kit.fork()
            after.act(action)
            for name, check in CHECKS.items():
                assert check(after.definition, after.state) == [], (ship, action, name)
