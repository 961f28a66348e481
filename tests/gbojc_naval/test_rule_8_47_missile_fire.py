"""GBoJC 8.4-8.5: missile fire (table 8.47) through the side hex edges, range, blocking,
reaction fire resolved together (8.42, 8.63) and incendiary fire (8.51-8.52). Fire with M0
(8.25, 8.43, the M0 column) is in test_rule_8_25_captured_ship_fires.py.

Ranges are the game's query (``queries.fire_range``) on positions; every shot is fired in
a ship's move as an individual squadron in phase F (its crew check a 6)."""

from __future__ import annotations

from legatus.framework.tools.testing import Kit, PlayFrom
from legatus.games.gbojc_naval import queries

from .conftest import NAVAL, activate, individual, sea


def ranges(play_from: PlayFrom, target_at: str) -> tuple[int | None, int | None]:
    """Aquila (bow 2010, stern 2011) firing at Belenos on ``target_at``: normal, incendiary."""
    kit = play_from(NAVAL, sea({"Aquila": ("2010", "N"), "Belenos": (target_at, "S")}))
    return (
        queries.fire_range(kit, "Aquila", "Belenos"),
        queries.fire_range(kit, "Aquila", "Belenos", incendiary=True),
    )


def test_rule_8_41_normal_fire_never_across_the_bow_or_stern_edge(play_from: PlayFrom) -> None:
    assert ranges(play_from, "2009") == (None, 1)  # ahead: only incendiary fire, any edge
    assert ranges(play_from, "2012") == (None, 1)  # astern
    assert ranges(play_from, "2110") == (1, 1)  # across the stern hex's starboard side
    assert ranges(play_from, "1910") == (1, 1)


def test_rule_8_41_a_sailing_ship_fires_neither_through_its_bow_nor_its_stern(
    play_from: PlayFrom,
) -> None:
    """A sailing ship covers one hex, so both forbidden edges are on it: Belenos on 2010
    facing N may fire at Aquila ahead (through the bow edge into 2009) or astern (through the
    stern edge into 2011) only incendiary fire; across a side edge (2110) both kinds."""

    def fired_on(at: str, facing: str) -> tuple[int | None, int | None]:
        kit = play_from(NAVAL, sea({"Belenos": ("2010", "N"), "Aquila": (at, facing)}))
        return (
            queries.fire_range(kit, "Belenos", "Aquila"),
            queries.fire_range(kit, "Belenos", "Aquila", incendiary=True),
        )

    assert fired_on("2008", "N") == (None, 1)  # ahead: Aquila's stern hex 2009
    assert fired_on("2011", "N") == (None, 1)  # astern: Aquila's bow hex 2011
    assert fired_on("2110", "N") == (1, 1)  # across the starboard edge


def test_rule_8_41_range_two_and_8_52_incendiary_only_at_one(play_from: PlayFrom) -> None:
    assert ranges(play_from, "2210") == (2, None)
    assert ranges(play_from, "2008") == (None, None)  # straight ahead, through the bow


def test_rule_8_46_a_ship_between_blocks_range_two(play_from: PlayFrom) -> None:
    """2212 lies two hexes off the stern hex 2011, straight through 2111: a ship there blocks.
    2211 lies off the straight lines, between 2110 and 2111: one of them free is enough."""

    def fire_range(ships: dict[str, tuple[str, str]]) -> int | None:
        kit = play_from(NAVAL, sea({"Aquila": ("2010", "N"), **ships}))
        return queries.fire_range(kit, "Aquila", "Belenos")

    assert fire_range({"Belenos": ("2212", "S")}) == 2
    assert fire_range({"Belenos": ("2212", "S"), "Epona": ("2111", "S")}) is None
    assert fire_range({"Belenos": ("2211", "S"), "Epona": ("2111", "S")}) == 2  # through 2110
    blocked = {"Belenos": ("2211", "S"), "Epona": ("2111", "S"), "Sucellus": ("2110", "S")}
    assert fire_range(blocked) is None


def belenos_fires_at_aquila(play_from: PlayFrom, belenos_at: str, roll: int) -> Kit:
    """Belenos (a sailing ship, M2) fires at the galley Aquila (2010, N) in its move; Aquila
    holds its fire (8.42)."""
    kit = individual(
        play_from,
        {"Aquila": ("2010", "N"), "Belenos": (belenos_at, "S")},
        ["Belenos"],
        first="veneti",
    )
    activate(kit, "Belenos").act("speed(0)", "fire(Aquila)")
    return kit.dice(roll).act("hold_fire")


def test_rule_8_47_height_advantage_sailing_ship_hits_a_galley_on_5(play_from: PlayFrom) -> None:
    """M2 (column 1-2) with the height (+1): a rolled 5 is a 6, "W"."""
    kit = belenos_fires_at_aquila(play_from, "2110", 5)
    assert queries.ship(kit, "Aquila").marines == 1


def test_rule_8_47_range_two_minus_one(play_from: PlayFrom) -> None:
    kit = belenos_fires_at_aquila(play_from, "2210", 6)
    assert queries.ship(kit, "Aquila").depletion == 1  # 6 +1 height -1 range = 6: "W"
    kit = belenos_fires_at_aquila(play_from, "2210", 5)
    assert queries.ship(kit, "Aquila").depletion == 0  # 5: "-"


def concordia_sets_fire(play_from: PlayFrom, fire_roll: int) -> Kit:
    """Concordia (M3, column 3-4) fires incendiary missiles at Belenos, a sailing ship
    grappled to Aquila, which holds its fire: 6 -1 +1 = 6, "W/Poż"; then the fire table."""
    kit = individual(
        play_from,
        {"Concordia": ("2010", "N"), "Belenos": ("2110", "S"), "Aquila": ("2210", "N")},
        ["Concordia"],
        grappled=[("Aquila", "Belenos")],
    )
    activate(kit, "Concordia").act("speed(0)", "fire_incendiary(Belenos)")
    return kit.dice(6, fire_roll).act("hold_fire")


def test_rule_8_51_incendiary_w_poz_rolls_on_the_fire_table(play_from: PlayFrom) -> None:
    """The fire table's 4-6 sets it burning; a 3 does not (the depletion stands)."""
    kit = concordia_sets_fire(play_from, 4)
    assert queries.ship(kit, "Belenos").burning
    assert queries.ship(kit, "Belenos").depletion == 1
    kit = concordia_sets_fire(play_from, 3)
    assert queries.ship(kit, "Belenos").depletion == 1
    assert not queries.ship(kit, "Belenos").burning


def test_rule_8_42_reaction_fire_lands_together_with_the_fire_it_answers(
    play_from: PlayFrom,
) -> None:
    """Concordia (M3) fires at Belenos, which fires back. Belenos: 5 +1 = 6 on column 1-2,
    "W"; Concordia: 6 -1 = 5 on column 3-4, "W". Were Belenos's hit applied first,
    Concordia would fire with M2 (column 1-2, "-")."""
    kit = individual(
        play_from, {"Concordia": ("2010", "N"), "Belenos": ("2110", "S")}, ["Concordia"]
    )
    activate(kit, "Concordia").act("speed(0)", "fire(Belenos)")
    assert kit.asked == ("veneti", "reaction")
    kit.dice(5, 6).act("return_fire")
    assert queries.ship(kit, "Concordia").depletion == 1
    assert queries.ship(kit, "Belenos").depletion == 1
    assert ["Belenos", "F"] in queries.this_turn(kit, "reacted")


def test_rule_8_42_reaction_fire_once_per_phase(play_from: PlayFrom) -> None:
    """Belenos fired back once in this phase already: Concordia's shot is rolled at once."""
    kit = individual(
        play_from,
        {"Concordia": ("2010", "N"), "Belenos": ("2110", "S")},
        ["Concordia"],
        records={"turn": {"reacted": [["Belenos", "F"]]}},
    )
    activate(kit, "Concordia").act("speed(0)")
    kit.dice(1).act("fire(Belenos)")  # no question: Belenos already answered this phase
    assert kit.asked != ("veneti", "reaction")
    assert any(text.startswith("Concordia fire at Belenos: roll 1") for text in kit.log())
